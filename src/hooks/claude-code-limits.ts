// Claude Code's time limit on a Bash command, and the `correx run --timeout` that stops the command before it. On
// its limit Claude Code ends only the shell it started; `correx run` keeps the command in a process group of its own
// (so that it can stop all of it), which would run on, orphaned, and the model would get no output at all. Stopped by
// correx a little earlier, the group is gone and the model reads the output so far, cut and marked as timed out.
import { LosslessNumber } from "../normalize/lossless-json.js";

/** Claude Code's Bash limits: the default when the tool input names none, and the most it allows. */
export interface BashTimeLimits {
  defaultMs: number;
  maxMs: number;
}

/** Claude Code's own: 2 minutes unless BASH_DEFAULT_TIMEOUT_MS says otherwise, at most 10 unless BASH_MAX_TIMEOUT_MS does. */
const DEFAULT_MS = 120_000;
const MAX_MS = 600_000;
/** The group's grace between SIGTERM and SIGKILL that the rewritten command asks for (`--kill-after`). */
export const STOP_GRACE = "5s";
/** What correx keeps before Claude Code's limit: the grace above, and 2 s to cut and write the output. */
const STOP_BEFORE_LIMIT_MS = 7_000;
/** A limit that leaves less than this before the margin is left to Claude Code (a command asked to end that soon). */
const SHORTEST_STOP_MS = 5_000;

/** A positive whole number of milliseconds, as Claude Code reads these variables (parseInt), or undefined. */
function milliseconds(value: string | undefined): number | undefined {
  const parsed = value === undefined ? Number.NaN : Number.parseInt(value, 10);
  return Number.isNaN(parsed) || parsed <= 0 ? undefined : parsed;
}

/** The limits Claude Code works with, from the variables it reads (hooks run with its environment, its settings' `env` included). */
export function bashTimeLimits(env: Readonly<Record<string, string | undefined>>): BashTimeLimits {
  const defaultMs = milliseconds(env.BASH_DEFAULT_TIMEOUT_MS) ?? DEFAULT_MS;
  return { defaultMs, maxMs: Math.max(milliseconds(env.BASH_MAX_TIMEOUT_MS) ?? MAX_MS, defaultMs) };
}

/**
 * The `--timeout` value that stops a Bash command 7 s before Claude Code's limit for it (the tool input's `timeout`,
 * else the default, at most the maximum), or undefined when that limit is under 12 s.
 */
export function stopBeforeLimit(requestedMs: unknown, limits: BashTimeLimits): string | undefined {
  // a number kept as written (`150000.0`, as serde_json writes a float) is the number it says
  const requested = requestedMs instanceof LosslessNumber ? Number(requestedMs) : requestedMs;
  const asked = typeof requested === "number" && Number.isFinite(requested) && requested > 0 ? requested : limits.defaultMs;
  const stopMs = Math.min(asked, limits.maxMs) - STOP_BEFORE_LIMIT_MS;
  return stopMs >= SHORTEST_STOP_MS ? `${Math.floor(stopMs / 1000)}s` : undefined;
}

/**
 * Claude Code's cut of a failed Bash command's error text (`Exit code N`, the output, its own notes): whole up to
 * 11,024 characters (its cap of 10,000 and 1,024 of slack), else the first and the last 5,000, the middle, where
 * correx's marker and the errors it kept would be, gone (read in Claude Code 2.1.335: src/hooks/README.md). A wrapped
 * command that fails is bounded to this many bytes (`correx run --failure-max-bytes`), which are never more
 * characters; the slack is left for the exit code line and the notes.
 */
export const FAILED_OUTPUT_MAX_BYTES = 10_000;

/** The `correx run` flag that bounds a failed command's output to what Claude Code shows whole, when the budget is larger. */
export function failureBudgetFlag(maxBytes: number): string {
  return maxBytes > FAILED_OUTPUT_MAX_BYTES ? ` --failure-max-bytes ${FAILED_OUTPUT_MAX_BYTES}` : "";
}
