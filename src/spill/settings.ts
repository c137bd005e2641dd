// The store's lifecycle settings: retention, quota and per-output cap, from flag, environment or config file.
import * as fs from "node:fs";
import { parseDuration, parseSize } from "../units.js";
import { isRecord } from "../payload.js";
import { UsageError } from "../errors.js";

/** How long outputs are kept, how much the store may hold, and how much of one output is saved. */
export interface StoreSettings {
  /** Outputs older than this (by creation time) are removed as "expired". */
  maxAgeMs: number;
  /** The store's total size; past it the oldest outputs are removed as "quota". */
  quotaBytes: number;
  /** Bytes of one output that are saved; the rest is counted as not saved. */
  maxOutputBytes: number;
}

/** SPEC §4: 7 days, 1 GiB, 256 MiB. */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  maxAgeMs: 7 * 24 * 3_600_000,
  quotaBytes: 1024 ** 3,
  maxOutputBytes: 256 * 1024 ** 2,
};

/** Raw values from the command line (undefined when the flag was not given). */
export interface StoreSettingFlags {
  maxAge?: unknown;
  quota?: unknown;
  maxOutput?: unknown;
}

/** Where the settings come from: flags beat the environment, which beats the config file. */
export interface StoreSettingSources {
  flags: StoreSettingFlags;
  env: NodeJS.ProcessEnv;
  /** The config file (see defaultConfigPath); a missing file means no settings from it. */
  configPath: string;
  /** The config file already read (so it is not read twice); read from configPath when absent. */
  file?: Record<string, unknown>;
  /**
   * When given, a bad value from the environment or the config file becomes a warning here and the default
   * holds (a retention setting must never cost the user their output); without it, it is a usage error.
   * A bad flag is a usage error either way.
   */
  warnings?: string[];
}

type Key = keyof StoreSettingFlags;
const SETTINGS: readonly { key: Key; flag: string; variable: string; field: keyof StoreSettings; parse: (name: string, value: unknown) => number }[] = [
  { key: "maxAge", flag: "--max-age", variable: "CORREX_MAX_AGE", field: "maxAgeMs", parse: parseDuration },
  { key: "quota", flag: "--quota", variable: "CORREX_QUOTA", field: "quotaBytes", parse: parseSize },
  { key: "maxOutput", flag: "--max-output", variable: "CORREX_MAX_OUTPUT", field: "maxOutputBytes", parse: parseSize },
];

/** The config file's path (in config-path.ts, which the pass-through loads alone). */
export { defaultConfigPath } from "./config-path.js";

/** Resolves each setting from its flag, else its variable, else the config file, else the default. */
export function resolveStoreSettings(sources: StoreSettingSources): StoreSettings {
  const settings = { ...DEFAULT_STORE_SETTINGS };
  const { warnings } = sources;
  const tolerate = (read: () => number | undefined): number | undefined => {
    if (!warnings) return read();
    try {
      return read();
    } catch (error) {
      warnings.push(`${(error as Error).message}; using the default`);
      return undefined;
    }
  };
  const loadFile = (): Record<string, unknown> => {
    try {
      return readConfigFile(sources.configPath);
    } catch (error) {
      if (!warnings) throw error;
      warnings.push(`${(error as Error).message}; using the defaults`);
      return {};
    }
  };
  let file = sources.file;
  for (const { key, flag, variable, field, parse } of SETTINGS) {
    const fromFlag = sources.flags[key];
    const fromEnv = sources.env[variable];
    let value: number | undefined;
    if (fromFlag !== undefined) value = parse(flag, fromFlag);
    else if (fromEnv !== undefined && fromEnv !== "") value = tolerate(() => parse(variable, fromEnv));
    else {
      const settingsFile = (file ??= loadFile());
      if (settingsFile[key] !== undefined) value = tolerate(() => parseFileValue(sources.configPath, key, settingsFile[key], parse));
    }
    if (value !== undefined) settings[field] = value;
  }
  return settings;
}

/** The config file's settings; {} when there is none. Bad JSON is a usage error naming the file; keys are checked by their readers. */
export function readConfigFile(configPath: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(configPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new UsageError(`cannot read the config file ${configPath}: ${(error as Error).message}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`invalid config file ${configPath}: ${(error as Error).message} (accepts a JSON object such as {"maxAge": "7d", "quota": "1GiB", "maxOutput": "256MiB"})`, { cause: error });
  }
  if (!isRecord(value)) throw new UsageError(`invalid config file ${configPath}: not a JSON object (accepts {"maxAge": "7d", "quota": "1GiB", "maxOutput": "256MiB"})`);
  return value;
}

function parseFileValue(configPath: string, key: Key, value: unknown, parse: (name: string, value: unknown) => number): number {
  if (typeof value !== "string" && typeof value !== "number") {
    throw new UsageError(`invalid value for ${key} in ${configPath}: ${JSON.stringify(value)} (accepts a string such as "7d" or "1GiB", or a number)`);
  }
  return parse(`${key} in ${configPath}`, value);
}

const DURATION_WORDS: readonly [number, string][] = [[86_400_000, "day"], [3_600_000, "hour"], [60_000, "minute"], [1000, "second"]];

/** A duration in words for messages, in the largest unit that divides it: "7 days", "36 hours", "0 seconds". */
export function describeDuration(ms: number): string {
  const [size, word] = DURATION_WORDS.find(([unit]) => ms >= unit && ms % unit === 0) ?? [1000, "second"];
  const count = Math.round(ms / size);
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
