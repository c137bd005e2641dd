// Sizes and durations as people write them (`64KiB`, `7d`), shared by the flags, the environment and the config file.
import { UsageError } from "./errors.js";

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

/**
 * The largest byte budget (`--max-bytes`, `maxBytes`): the tail a cut keeps is read into a ring of four times the
 * budget, one buffer, which Node cannot allocate past 4 GiB (a budget over 1 GiB was an internal error).
 */
export const MAX_BUDGET_BYTES = 1024 ** 3;

/** Accepts a byte budget: a size from 1 byte to MAX_BUDGET_BYTES. */
export function parseBudgetBytes(flag: string, value: unknown): number {
  const bytes = parseSize(flag, value);
  if (bytes < 1 || bytes > MAX_BUDGET_BYTES) throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts a size from 1 byte to 1GiB, e.g. 51200, 50KiB, 1MB)`);
  return bytes;
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/**
 * Accepts a duration: `500ms`, `30s`, `12h`, `7d`, `2w` (a bare number is seconds), in whole milliseconds. A positive
 * duration under 1 ms is 1 ms: rounded down to 0 it meant none at all, and `--timeout 0.0004` (a harness's time left,
 * in seconds) never timed out.
 */
export function parseDuration(flag: string, value: unknown): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)?$/i.exec(String(value).trim());
  if (!match) throw new UsageError(`invalid value for ${flag}: '${String(value)}' (accepts a duration such as 0s, 90s, 12h, 7d)`);
  const ms = Number(match[1]) * DURATION_UNITS[(match[2] ?? "s").toLowerCase()]!;
  return ms > 0 && ms < 1 ? 1 : Math.floor(ms);
}

/** The longest delay a Node timer can wait: a signed 32-bit count of milliseconds (about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

