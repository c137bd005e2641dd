// Stage two of flag parsing: commander's raw strings become one validated config (house rule 2).
import { UsageError } from "../errors.js";
import { PROVIDERS, SOURCE_SHAPES, type Provider, type SourceShape } from "../payload.js";

/** Raw option values as commander hands them over. */
export type RawOptions = Record<string, unknown>;

/** Accepts one of `allowed` or throws a usage error naming the flag, the value and the choices. */
export function parseChoice<T extends string>(flag: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts: ${allowed.join(", ")})`);
}

/** Accepts a whole number in [min, max] written in decimal. */
export function parseInteger(flag: string, value: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const text = String(value).trim();
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `a whole number >= ${min}` : `a whole number from ${min} to ${max}`;
    throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts ${range})`);
  }
  return number;
}

/** Accepts a decimal ratio in [0, 1]. */
export function parseRatio(flag: string, value: unknown): number {
  const text = String(value).trim();
  const number = /^(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
  if (!(number >= 0 && number <= 1)) {
    throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts a number from 0 to 1, e.g. 0.2)`);
  }
  return number;
}

const SIZE_UNITS: Record<string, number> = {
  "": 1, b: 1, k: 1024, kb: 1000, kib: 1024, m: 1024 ** 2, mb: 1000 ** 2, mib: 1024 ** 2,
  g: 1024 ** 3, gb: 1000 ** 3, gib: 1024 ** 3, t: 1024 ** 4, tb: 1000 ** 4, tib: 1024 ** 4,
};

/** Accepts a size in bytes with an optional unit: `512`, `64KiB`, `1.5MB`, `1GiB`. */
export function parseSize(flag: string, value: unknown): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(String(value).trim());
  const unit = match ? SIZE_UNITS[(match[2] ?? "").toLowerCase()] : undefined;
  if (!match || unit === undefined) {
    throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts a size such as 51200, 64KiB, 1MB, 1GiB)`);
  }
  return Math.floor(Number(match[1]) * unit);
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** Accepts a duration: `500ms`, `30s`, `12h`, `7d`, `2w` (a bare number is seconds). */
export function parseDuration(flag: string, value: unknown): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)?$/i.exec(String(value).trim());
  if (!match) throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts a duration such as 0s, 90s, 12h, 7d)`);
  return Math.floor(Number(match[1]) * DURATION_UNITS[(match[2] ?? "s").toLowerCase()]!);
}

/** `--from`: a source shape or auto. */
export function parseFrom(value: unknown): SourceShape | "auto" {
  return parseChoice("--from", value ?? "auto", ["auto", ...SOURCE_SHAPES]);
}

/** `--to`: a provider, or undefined when absent. */
export function parseTo(value: unknown): Provider | undefined {
  return value === undefined ? undefined : parseChoice("--to", value, PROVIDERS);
}

/** `--for`: the projection; defaults like `ls` chooses its layout (terminal on a TTY). */
export function parseFor(value: unknown, stdoutIsTTY: boolean): "model" | "terminal" {
  if (value === undefined) return stdoutIsTTY ? "terminal" : "model";
  return parseChoice("--for", value, ["model", "terminal"] as const);
}

/** `--format`: text, or the unified payload as JSON. */
export function parseFormat(value: unknown): "text" | "json" {
  return parseChoice("--format", value ?? "text", ["text", "json"] as const);
}
