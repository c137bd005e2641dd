// How a run ended, as a tool result and as an exit status (SPEC §1, §7): the facts, not the output.
import { constants } from "node:os";
import { shellQuote } from "../bound/marker.js";
import { assertNever } from "../errors.js";
import type { ToolResult, ToolResultMeta } from "../payload.js";
import { describeProcessEnd } from "../tools/process-end.js";
import { prefixEnd, suffixStart } from "../text/utf8.js";
import type { RunOutcome } from "./types.js";

/** What was run, besides how it ended. */
export interface RunFacts {
  /** The command line as a person would type it (quoted for a POSIX shell). */
  command: string;
  timeoutMs?: number;
  tool: string;
}

/** Why a run counts as failed; undefined for a clean exit 0. */
export type RunErrorType = "spawn_error" | "timeout" | "interrupted" | "signal" | "exit_code";

const EXIT_TIMEOUT = 124;
const EXIT_CANNOT_EXECUTE = 126;
const EXIT_NOT_FOUND = 127;
const SIGNAL_BASE = 128;

/** The command line of argv, each word quoted only when a shell would need it. */
export function formatCommandLine(command: string, args: readonly string[], shell: boolean): string {
  return shell ? [command, ...args].join(" ") : [command, ...args].map(shellQuote).join(" ");
}

/** The bytes of a command line a result repeats whole (`meta.command`, the MCP run tool's `command`); past them, its ends. */
export const SHOWN_COMMAND_BYTES = 240;
const SHOWN_HEAD_BYTES = 160;
const SHOWN_TAIL_BYTES = 60;

/**
 * A command line as a result repeats it: whole up to SHOWN_COMMAND_BYTES, else its start and its end around a note
 * (whole code points). The one who ran it wrote it: a long one (a heredoc writing a file) would take the budget of its
 * own output, or leave none (the result was refused); the spill record keeps it whole.
 */
export function shownCommand(command: string): string {
  const bytes = Buffer.byteLength(command);
  if (bytes <= SHOWN_COMMAND_BYTES) return command;
  const head = command.slice(0, prefixEnd(command, SHOWN_HEAD_BYTES));
  const tail = command.slice(suffixStart(command, SHOWN_TAIL_BYTES));
  return `${head} … [${bytes - Buffer.byteLength(head) - Buffer.byteLength(tail)} bytes of the command not shown] … ${tail}`;
}

/** The number of a signal (SIGINT → 2); 0 when the platform does not know it. */
export function signalNumber(signal: NodeJS.Signals): number {
  return constants.signals[signal] ?? 0;
}

/** The exit status correx ends with: like a shell's, and 124 for a timeout as GNU `timeout` does. */
export function exitCodeForRun(outcome: RunOutcome): number {
  const type = classifyRun(outcome);
  switch (type) {
    case undefined:
    case "exit_code":
      return outcome.exitCode ?? 1;
    case "spawn_error":
      // as a shell: 127 when there is no such command or file, 126 when it is there and cannot be run
      return outcome.spawnError?.code === "ENOENT" ? EXIT_NOT_FOUND : EXIT_CANNOT_EXECUTE;
    case "timeout":
      return EXIT_TIMEOUT;
    case "interrupted":
      return SIGNAL_BASE + signalNumber(outcome.interrupted!);
    case "signal":
      return SIGNAL_BASE + signalNumber(outcome.signal!);
    default:
      return assertNever(type, "run error type");
  }
}

/** What went wrong, the first that applies: could not start, timed out, interrupted, killed, non-zero exit. */
export function classifyRun(outcome: RunOutcome): RunErrorType | undefined {
  if (outcome.spawnError !== undefined) return "spawn_error";
  if (outcome.timedOut) return "timeout";
  if (outcome.interrupted !== undefined) return "interrupted";
  if (outcome.signal !== null) return "signal";
  return outcome.exitCode === 0 ? undefined : "exit_code";
}

/**
 * The result of a run without its output (the bounder adds that): ok only for a clean exit 0. The sentence
 * that says how it ended is the error; `withData` keeps the output in `data` beside it (the JSON payload),
 * otherwise the output becomes the error text itself (a provider payload, which states the ending once).
 */
export function describeRunResult(outcome: RunOutcome, facts: RunFacts, withData: boolean): ToolResult {
  const meta = describeRunMeta(outcome, facts);
  const type = classifyRun(outcome);
  if (type === undefined) return { ok: true, tool: facts.tool, data: "", meta };
  const end = describeProcessEnd(meta) ?? "Command failed.";
  return withData ? { ok: false, tool: facts.tool, data: "", error: end, error_type: type, meta } : { ok: false, tool: facts.tool, error_type: type, meta };
}

/** The process facts of a run as payload meta; a spawn failure reports the shell's status (127 or 126). */
export function describeRunMeta(outcome: RunOutcome, facts: RunFacts): ToolResultMeta {
  const meta: ToolResultMeta = {
    exit_code: outcome.spawnError !== undefined ? exitCodeForRun(outcome) : outcome.exitCode,
    signal: outcome.signal,
    timed_out: outcome.timedOut,
  };
  if (facts.timeoutMs) meta.timeout_ms = facts.timeoutMs;
  meta.interrupted = outcome.interrupted !== undefined;
  if (outcome.interrupted !== undefined) meta.interrupt_signal = outcome.interrupted;
  if (outcome.spawnError !== undefined) meta.spawn_error = outcome.spawnError.code;
  meta.duration_ms = outcome.durationMs;
  if (outcome.outputHeldMs !== undefined) meta.output_held_ms = outcome.outputHeldMs;
  meta.command = shownCommand(facts.command);
  meta.source_shape = "text";
  return meta;
}

/**
 * Outcomes whose results are as long as any real one can be (every ending sentence, the longest signal
 * name): what the bounder reserves room for before it knows how the command will end.
 */
export function worstCaseOutcomes(): RunOutcome[] {
  const longestSignal = (Object.keys(constants.signals) as NodeJS.Signals[]).reduce((a, b) => (b.length > a.length ? b : a));
  const base = { exitCode: null, signal: longestSignal, timedOut: false, durationMs: Number.MAX_SAFE_INTEGER };
  // a background job's output held past the exit combines with an exit of the command's own
  const held = { outputHeldMs: Number.MAX_SAFE_INTEGER };
  return [
    { ...base, timedOut: true },
    { ...base, interrupted: longestSignal },
    { ...base, ...held },
    { ...base, signal: null, exitCode: 255, ...held },
    { ...base, signal: null, spawnError: { code: "ENOENT", message: "" } },
  ];
}
