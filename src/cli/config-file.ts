// The config file's defaults for the flags a user may want to set once per machine (budgets per reader, head
// ratio, salience, hygiene, preset, the store, run's timeouts): validated key by key, a bad key or value is a
// warning that names the file, never a lost output.
import { parseBudgetBytes, parseDuration, parseSize } from "../units.js";
import { isRecord } from "../payload.js";
import { parseChoice, parseInteger, parseRatio, type RawOptions } from "./options.js";
import { PRESET_NAMES } from "./presets.js";

/** How a key's value is checked. */
type Kind =
  | { type: "size" }
  | { type: "budget-size" }
  | { type: "duration" }
  | { type: "count" }
  | { type: "ratio" }
  | { type: "switch" }
  | { type: "text" }
  | { type: "choice"; choices: readonly string[] };

/** One setting of the config file: its key (the flag's commander name) and how it is checked. */
export interface ConfigKey {
  key: string;
  kind: Kind;
  /** Read by the store's own settings (flag > environment > file), not set as a flag default here. */
  store?: boolean;
  /** A budget key, which may also sit in a "model" or "terminal" section. */
  perReader?: boolean;
}

/** Every key the config file takes, in the order `correx config` lists them. */
export const CONFIG_KEYS: readonly ConfigKey[] = [
  { key: "preset", kind: { type: "choice", choices: PRESET_NAMES } },
  { key: "maxLines", kind: { type: "count" }, perReader: true },
  { key: "maxBytes", kind: { type: "budget-size" }, perReader: true },
  { key: "maxTokens", kind: { type: "count" }, perReader: true },
  { key: "tokenizer", kind: { type: "choice", choices: ["estimate", "o200k"] } },
  { key: "keep", kind: { type: "choice", choices: ["head", "tail", "both"] }, perReader: true },
  { key: "headRatio", kind: { type: "ratio" }, perReader: true },
  { key: "salience", kind: { type: "choice", choices: ["on", "off"] } },
  { key: "style", kind: { type: "choice", choices: ["correx", "opencode"] } },
  { key: "keepAnsi", kind: { type: "switch" } },
  { key: "collapse", kind: { type: "switch" } },
  { key: "fold", kind: { type: "switch" } },
  { key: "binary", kind: { type: "switch" } },
  { key: "raw", kind: { type: "switch" } },
  { key: "jsonCap", kind: { type: "size" } },
  // resolved with $CORREX_SPILL_DIR, which it yields to, by spill/spill-dir.ts (read, grep and ls read it too)
  { key: "spillDir", kind: { type: "text" }, store: true },
  { key: "spill", kind: { type: "switch" } },
  { key: "maxOutput", kind: { type: "size" }, store: true },
  { key: "maxAge", kind: { type: "duration" }, store: true },
  { key: "quota", kind: { type: "size" }, store: true },
  { key: "timeout", kind: { type: "duration" } },
  { key: "killAfter", kind: { type: "duration" } },
];

const READERS = ["model", "terminal"] as const;

/** Checks one value; returns it as commander would have handed it over (a string, or a boolean for a switch). */
function checkValue(spec: ConfigKey, name: string, value: unknown): string | boolean {
  const { kind } = spec;
  if (kind.type === "switch") {
    if (typeof value !== "boolean") throw new Error(`${name}: expected true or false, found ${JSON.stringify(value)}`);
    return value;
  }
  if (typeof value !== "string" && typeof value !== "number") throw new Error(`${name}: expected a string or a number, found ${JSON.stringify(value)}`);
  const text = String(value);
  switch (kind.type) {
    case "size": parseSize(name, text); break;
    case "budget-size": parseBudgetBytes(name, text); break;
    case "duration": parseDuration(name, text); break;
    case "count": parseInteger(name, text, 1); break;
    case "ratio": parseRatio(name, text); break;
    case "choice": parseChoice(name, text, kind.choices); break;
    case "text": break;
    default: { const never: never = kind; throw new Error(`unknown kind ${String(never)}`); }
  }
  return text;
}

/** The config file's flag defaults for one reader, each checked; what is wrong becomes a warning. */
export interface FileDefaults {
  /** Flag values by commander name (store keys excluded: the store resolves them itself). */
  values: RawOptions;
  /** Where each value came from: `file` or `file (terminal)`. */
  origins: Record<string, string>;
  warnings: string[];
}

/** Reads the flag defaults out of a parsed config file for `reader` (its section's budget keys win). */
export function readFileDefaults(file: Record<string, unknown>, configPath: string, reader: "model" | "terminal"): FileDefaults {
  const result: FileDefaults = { values: {}, origins: {}, warnings: [] };
  const take = (spec: ConfigKey, name: string, value: unknown, origin: string): void => {
    try {
      const checked = checkValue(spec, `${name} in ${configPath}`, value);
      if (!spec.store) result.values[spec.key] = checked;
      result.origins[spec.key] = origin;
    } catch (error) {
      // The store's settings warn about their own bad values (resolveStoreSettings), once.
      if (!spec.store) result.warnings.push(`ignoring ${(error as Error).message}`);
    }
  };
  // The other reader's section is checked too, not applied: `correx config` (the model's) said nothing of a
  // terminal.maxLines of -3 that every `--for terminal` run then ignored with a warning.
  const warnIfInvalid = (spec: ConfigKey, name: string, value: unknown): void => {
    try {
      checkValue(spec, `${name} in ${configPath}`, value);
    } catch (error) {
      result.warnings.push(`ignoring ${(error as Error).message}`);
    }
  };
  for (const [name, value] of Object.entries(file)) {
    if ((READERS as readonly string[]).includes(name)) continue;
    const spec = CONFIG_KEYS.find((candidate) => candidate.key === name);
    if (spec) take(spec, name, value, "file");
    else result.warnings.push(`ignoring unknown key '${name}' in ${configPath} (accepts: ${[...CONFIG_KEYS.map((k) => k.key), ...READERS].join(", ")})`);
  }
  for (const section of READERS) {
    const entries = file[section];
    if (entries === undefined) continue;
    if (!isRecord(entries)) {
      result.warnings.push(`ignoring ${section} in ${configPath}: expected an object of budget keys`);
      continue;
    }
    for (const [name, value] of Object.entries(entries)) {
      const spec = CONFIG_KEYS.find((candidate) => candidate.key === name && candidate.perReader);
      if (!spec) result.warnings.push(`ignoring unknown key '${section}.${name}' in ${configPath} (accepts: ${CONFIG_KEYS.filter((k) => k.perReader).map((k) => k.key).join(", ")})`);
      else if (section === reader) take(spec, `${section}.${name}`, value, `file (${section})`);
      else warnIfInvalid(spec, `${section}.${name}`, value);
    }
  }
  return result;
}

/** The raw options with the file's values in place of every flag not given on the command line. */
export function applyFileDefaults(raw: RawOptions, defaults: FileDefaults): RawOptions {
  const given = new Set(Array.isArray(raw.givenOptions) ? (raw.givenOptions as string[]) : []);
  const applied: RawOptions = { ...raw };
  for (const [key, value] of Object.entries(defaults.values)) if (!given.has(key)) applied[key] = value;
  return applied;
}

/** The layers a value may come from, as parseProjectionConfig built them. */
export interface OptionLayers {
  given: RawOptions;
  fromFile: FileDefaults;
  beforePreset: RawOptions;
  raw: RawOptions;
  env: NodeJS.ProcessEnv;
  file: Record<string, unknown>;
  configPath: string;
}

const STORE_VARIABLES: Record<string, string> = { maxAge: "CORREX_MAX_AGE", quota: "CORREX_QUOTA", maxOutput: "CORREX_MAX_OUTPUT", spillDir: "CORREX_SPILL_DIR" };

/** Where each key's value came from, like `git config --show-origin`: flag, preset NAME, env VAR, file PATH, default. */
export function describeOrigins(layers: OptionLayers): Record<string, string> {
  const given = new Set(Array.isArray(layers.given.givenOptions) ? (layers.given.givenOptions as string[]) : []);
  const origins: Record<string, string> = {};
  for (const { key } of CONFIG_KEYS) {
    const variable = STORE_VARIABLES[key];
    if (given.has(key)) origins[key] = "flag";
    else if (layers.raw[key] !== layers.beforePreset[key]) origins[key] = `preset ${String(layers.raw.preset)}`;
    else if (variable && layers.env[variable]) origins[key] = `env ${variable}`;
    else if (layers.fromFile.origins[key]) origins[key] = layers.fromFile.origins[key].replace("file", `file ${layers.configPath}`);
    else origins[key] = "default";
  }
  return origins;
}
