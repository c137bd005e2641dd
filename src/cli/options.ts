// Stage two of flag parsing: commander's raw strings become one validated config (house rule 2).
import { UsageError } from "../errors.js";
import { PROVIDERS, SOURCE_SHAPES, type Provider, type SourceShape } from "../payload.js";

import { MAX_TIMER_MS, parseDuration, parseSize } from "../units.js";

export { parseDuration, parseSize } from "../units.js";

/** Raw option values as commander hands them over. */
export type RawOptions = Record<string, unknown>;

/**
 * The store `--spill-dir` names, or undefined when the flag is not given. An empty path is a usage error (an unset
 * variable, `--spill-dir "$DIR"`): it would make the current directory the store, and collection in passing would
 * then remove what it takes for old outputs there.
 */
export function spillDirFlag(raw: RawOptions): string | undefined {
  if (typeof raw.spillDir !== "string") return undefined;
  if (raw.spillDir === "") throw new UsageError("invalid value for --spill-dir: the path is empty (an unset variable?); give the store's directory, or leave the flag out for the default");
  return raw.spillDir;
}

/** Accepts one of `allowed` or throws a usage error naming the flag, the value, the choices and the likely ones. */
export function parseChoice<T extends string>(flag: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  const text = String(value).toLowerCase();
  const likely = text === "" ? [] : allowed.filter((choice) => choice.startsWith(text) || (text.length >= 3 && choice.includes(text)));
  const hint = likely.length > 0 ? `; did you mean ${likely.map((choice) => `'${choice}'`).join(" or ")}?` : "";
  throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts: ${allowed.join(", ")}${hint})`);
}

export { MAX_TIMER_MS } from "../units.js";

/** A duration (`90s`, `500ms`, `10m`; a bare number is seconds, as in timeout(1)) that a timer can wait. */
export function parseTimerDuration(flag: string, value: unknown): number {
  const ms = parseDuration(flag, value);
  if (ms > MAX_TIMER_MS) throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts a duration up to 24d, e.g. 500ms, 90s, 10m, 2h)`);
  return ms;
}

/** Accepts a whole number in [min, max] written in decimal. */
export function parseInteger(flag: string, value: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const text = String(value).trim();
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    // A number too large for the check (99999999999999999 lines) is told the upper end too: ">= 1" it was.
    const unbounded = max === Number.MAX_SAFE_INTEGER && !(/^\d+$/.test(text) && number > max);
    const range = unbounded ? `a whole number >= ${min}` : `a whole number from ${min} to ${max}`;
    throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts ${range})`);
  }
  return number;
}

/** A size with an optional unit (`51200`, `50KiB`, `1MB`) of at least `min` bytes. */
export function parseSizeAtLeast(flag: string, value: unknown, min: number): number {
  const bytes = parseSize(flag, value);
  if (bytes < min) throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts a size of at least ${min} byte${min === 1 ? "" : "s"}, e.g. 51200, 50KiB, 1MB)`);
  return bytes;
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
