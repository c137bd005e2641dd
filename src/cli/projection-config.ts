// Turns the shared bounding flags into one validated config before any input is read.
import { MODEL_BUDGET, TERMINAL_BUDGET } from "../bound/budget.js";
import { DEFAULT_HYGIENE, RAW_HYGIENE } from "../bound/defaults.js";
import type { BoundOptions } from "../bound/types.js";
import type { Provider, SourceShape } from "../payload.js";
import { defaultConfigPath, readConfigFile, resolveStoreSettings, type StoreSettings } from "../spill/settings.js";
import { applyFileDefaults, describeOrigins, readFileDefaults } from "./config-file.js";
import { configuredSpillDir, storeNeedsNaming } from "../spill/spill-dir.js";
import { applyPreset } from "./presets.js";
import { UsageError } from "../errors.js";
import { nodeOs } from "../lazy-builtin.js";
import { parseBudgetBytes } from "../units.js";
import { parseChoice, parseFor, parseFormat, parseFrom, parseInteger, parseRatio, parseSize, parseSizeAtLeast, parseTo, spillDirFlag, type RawOptions } from "./options.js";

// The home directory as os.homedir() gives it (HOME when it is set, else the user's entry), without loading node:os
// (~1 M instructions of every start) when HOME is set.
function homeDirectory(): string {
  return process.env.HOME ?? nodeOs().homedir();
}

/** Everything a bounding command needs to know, validated. */
export interface ProjectionConfig {
  reader: "model" | "terminal";
  format: "text" | "json";
  to: Provider | undefined;
  tool: string | undefined;
  bound: BoundOptions;
  tokenizer: "estimate" | "o200k";
  width: number;
  color: boolean;
  spillDir: string | undefined;
  /** The spill directory was chosen by --spill-dir (so `correx read` needs it too). */
  spillDirGiven: boolean;
  maxOutputBytes: number;
  /** Retention, quota and per-output cap: flag beats environment beats the config file. */
  store: StoreSettings;
  from: SourceShape | "auto";
  jsonCap: number;
  /** The config file ($XDG_CONFIG_HOME/correx/config.json); the tool-result registry lives beside it. */
  configPath: string;
  raw: RawOptions;
  /** Said on stderr before the input is read: flags that do nothing here, settings that fell back to defaults. */
  warnings: string[];
  /** Where each config key's value came from: flag, preset NAME, env VAR, file PATH, or default (`correx config`). */
  origins: Record<string, string>;
}

/** Flags that only shape a provider payload, so they do nothing without --to. */
const LOWERING_FLAGS: readonly [keyof RawOptions & string, string][] = [
  ["callId", "--call-id"], ["name", "--name"], ["envelope", "--envelope"], ["model", "--model"], ["geminiInline", "--gemini-inline"],
];

/** The flags given on the command line (program.ts and command-args.ts record them as `raw.givenOptions`); empty when unknown. */
function givenFlags(raw: RawOptions): ReadonlySet<string> {
  return new Set(Array.isArray(raw.givenOptions) ? (raw.givenOptions as string[]) : []);
}

/**
 * True when the line budget was chosen by the user: `--max-lines` given, or a value other than the model's default
 * (a config file, a preset). `--max-lines` has a default, so its being set says nothing (client-limits.ts).
 */
export function maxLinesChosen(config: Pick<ProjectionConfig, "raw" | "bound">): boolean {
  return givenFlags(config.raw).has("maxLines") || config.bound.budget.maxLines !== MODEL_BUDGET.maxLines;
}

/** Warnings for flags that have no effect; a usage error for flags that contradict each other. */
function checkFlagCombinations(raw: RawOptions): string[] {
  const given = givenFlags(raw);
  if (raw.to !== undefined && given.has("format")) {
    throw new UsageError(`--format and --to cannot be combined: --to ${String(raw.to)} writes the provider's wire JSON (drop --format, or drop --to for the unified payload)`);
  }
  if (raw.to !== undefined) return [];
  return LOWERING_FLAGS.filter(([key]) => given.has(key)).map(([, flag]) => `${flag} does nothing without --to PROVIDER`);
}

/** What the CLI knows about its surroundings, passed in so that parsing stays testable. */
export interface Surroundings {
  stdoutIsTTY: boolean;
  columns: number | undefined;
  env: NodeJS.ProcessEnv;
}

/** True when colours are wanted, by chalk's rules: NO_COLOR, FORCE_COLOR, then the TTY. */
export function wantsColor(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return isTTY && env.TERM !== "dumb";
}

/** The config file as a JSON object; {} (and a warning) when it cannot be read or is not an object. */
export function loadConfigFile(configPath: string, warnings: string[]): Record<string, unknown> {
  try {
    return readConfigFile(configPath);
  } catch (error) {
    warnings.push(`${(error as Error).message}; using the defaults`);
    return {};
  }
}

function parseWidth(raw: RawOptions, around: Surroundings): number {
  if (raw.width !== undefined) return parseInteger("--width", raw.width, 10, 10000);
  if (around.columns && around.columns > 0) return around.columns;
  const fromEnv = Number(around.env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 80;
}

/** Validates the shared flags (names the flag, the value and what it accepts on error). */
export function parseProjectionConfig(given: RawOptions, around: Surroundings): ProjectionConfig {
  const warnings = checkFlagCombinations(given);
  const reader = parseFor(given.for, around.stdoutIsTTY);
  const configPath = defaultConfigPath(around.env, homeDirectory());
  const file = loadConfigFile(configPath, warnings);
  const fromFile = readFileDefaults(file, configPath, reader);
  warnings.push(...fromFile.warnings);
  const beforePreset = applyFileDefaults(given, fromFile);
  const raw = applyPreset(beforePreset, reader);
  const origins = describeOrigins({ given, fromFile, beforePreset, raw, env: around.env, file, configPath });
  const defaults = reader === "terminal" ? TERMINAL_BUDGET : MODEL_BUDGET;
  const everyHygieneOff = raw.raw === true;
  const hygiene = everyHygieneOff
    ? RAW_HYGIENE
    : { stripAnsi: raw.keepAnsi !== true, collapse: raw.collapse !== false, foldRepeats: raw.fold !== false, detectBinary: raw.binary !== false };
  const budget = {
    maxLines: parseInteger("--max-lines", raw.maxLines ?? defaults.maxLines, 1),
    maxBytes: raw.maxBytes === undefined ? defaults.maxBytes : parseBudgetBytes("--max-bytes", raw.maxBytes),
    ...(raw.maxTokens === undefined ? {} : { maxTokens: parseInteger("--max-tokens", raw.maxTokens, 1) }),
  };
  const store = resolveStoreSettings({ flags: { maxAge: raw.maxAge, quota: raw.quota, maxOutput: raw.maxOutput }, env: around.env, configPath, file, warnings });
  const givenSpillDir = spillDirFlag(raw);
  return {
    reader,
    format: parseFormat(raw.format),
    to: parseTo(raw.to),
    tool: typeof raw.tool === "string" ? raw.tool : undefined,
    bound: {
      budget,
      keep: parseChoice("--keep", raw.keep ?? "both", ["head", "tail", "both"] as const),
      headRatio: parseRatio("--head-ratio", raw.headRatio ?? "0.2"),
      style: parseChoice("--style", raw.style ?? "correx", ["correx", "opencode"] as const),
      hygiene: everyHygieneOff ? RAW_HYGIENE : { ...DEFAULT_HYGIENE, ...hygiene },
      salience: parseChoice("--salience", raw.salience ?? (reader === "model" ? "on" : "off"), ["on", "off"] as const) === "on",
    },
    tokenizer: parseChoice("--tokenizer", raw.tokenizer ?? "estimate", ["estimate", "o200k"] as const),
    width: parseWidth(raw, around),
    color: reader === "terminal" && wantsColor(around.env, around.stdoutIsTTY),
    spillDir: raw.spill === false ? undefined : (givenSpillDir ?? configuredSpillDir(around.env, homeDirectory(), configPath, file)),
    // the marker names a store not found by default (a flag, the config file's, a relative $CORREX_SPILL_DIR) by its absolute path
    spillDirGiven: storeNeedsNaming(givenSpillDir, around.env, file.spillDir),
    maxOutputBytes: store.maxOutputBytes,
    store,
    from: parseFrom(raw.from),
    jsonCap: parseSize("--json-cap", raw.jsonCap ?? "64MiB"),
    configPath,
    raw,
    warnings,
    origins,
  };
}
