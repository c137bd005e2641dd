// How a command ended, in the stable sentences the model reads after its output (src/tools/README.md).
import type { ToolResultMeta } from "../payload.js";
import { pickBoolean, pickNumber, pickString } from "./meta.js";

/**
 * One sentence saying how the command ended, or undefined when the meta does not say.
 * A timeout or an interrupt wins over the signal that carried it out.
 */
export function describeProcessEnd(meta: ToolResultMeta | undefined): string | undefined {
  const signal = pickString(meta, "signal");
  if (pickBoolean(meta, "timed_out") === true) {
    const timeout = pickNumber(meta, "timeout_ms");
    return timeout === undefined
      ? "Command timed out before completion."
      : `Command exceeded timeout of ${timeout} ms. Retry with a larger timeout.`;
  }
  if (pickBoolean(meta, "interrupted") === true) return `Command was interrupted (${pickString(meta, "interrupt_signal") ?? signal ?? "SIGINT"}).`;
  if (signal !== undefined) return `Command was killed by signal ${signal}.`;
  const exitCode = pickNumber(meta, "exit_code");
  return exitCode === undefined ? undefined : `Command exited with code ${exitCode}.`;
}

/**
 * The sentence after how the command ended when a process it started (a server left running with `&`) still held its
 * output: correx stopped reading `output_held_ms` after the exit. Undefined when the meta does not say so.
 */
export function describeHeldOutput(meta: ToolResultMeta | undefined): string | undefined {
  const held = pickNumber(meta, "output_held_ms");
  if (held === undefined) return undefined;
  return `A background process it started still runs and holds the output: correx stopped reading ${held} ms after the command exited; what that process writes later is not captured.`;
}
