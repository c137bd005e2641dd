// The end of an output is code that runs once per output (reading the tail back, the byte path over the ring's
// older lines, the near-fold, the salient cut): loops hot for a few milliseconds, over a few thousand lines. V8's
// optimizing compiler, which they would start, costs more CPU on its helper threads than the optimized code saves
// before the output is written (issue 16; the figures are in bench/README.md). The interpreter and the baseline
// compiler still run them; the output is the same.
import { setV8Flags } from "../lazy-builtin.js";

/** Outputs smaller than this end too quickly to start compiles (and `echo hi` sets no V8 flag). */
export const ONE_OFF_MIN_BYTES = 64 * 1024;

/**
 * The same for an output that is cut: its end reads every line of the window for the fold and the salient cut, and
 * from about 32 KiB TurboFan compiled those loops on the side (a recorded 58 KB test run: 119 M instructions of its
 * 511; issue 16), while the spill has loaded node:stream anyway. An output that fits keeps ONE_OFF_MIN_BYTES: it
 * would only pay the flag's setting.
 */
export const CUT_MIN_BYTES = 32 * 1024;

/** How deep calls of withoutOptimizing are nested (the compiler is on again when the outermost ends). */
let depth = 0;
/** The process bounds its outputs and exits (offWhileStreamingUntilTheEnd): a region leaves TurboFan off to the end. */
let offUntilTheEnd = false;
/** TurboFan was turned off by a region's scoring and left off: the end of the output (withoutOptimizing) turns it on. */
let offWhileStreaming = false;

/**
 * False while withoutOptimizing runs its work, or while TurboFan is left off as an output streams: code that is fast
 * only once TurboFan has compiled it (a loop over a line's characters) can then take a path that is fast in the
 * interpreter (native regular expressions).
 */
export function optimizing(): boolean {
  return depth === 0 && !offWhileStreaming;
}

/**
 * For a process that bounds its outputs and then exits (`correx run` where no spill worker can start): the first
 * region scored while an output streams turns TurboFan off until the output's end (its withoutOptimizing turns it
 * on again), instead of off and on around each region. Between regions TurboFan compiled the stream's code and
 * the scoring's callees (`leafKey`, `similarity`, `plainTokens`, `add`, `countNewlineBytes`, …: 10 compiles at
 * 100 MiB of log lines, ~75-85 M instructions of V8's helper threads, on the core `cat` writes from) for 5-30 M
 * instructions saved on run's thread (bench/README.md, the twenty-ninth session).
 * Not where a spill worker may start (its start-up with the flag off compiles Node's built-ins from source), nor in
 * a long-lived process (the MCP server: an output given up before its end would leave TurboFan off).
 */
export function offWhileStreamingUntilTheEnd(): void {
  offUntilTheEnd = true;
}

/**
 * Runs `work`, the end of an output of `outputBytes`, with V8's optimizing compiler (TurboFan) off when the output
 * is large enough for that to matter (`minBytes`: CUT_MIN_BYTES for an output that is cut); on again after.
 */
export function withoutOptimizing<T>(outputBytes: number, work: () => T, minBytes = ONE_OFF_MIN_BYTES): T {
  if (outputBytes < minBytes && depth === 0) return work();
  if (depth === 0 && !offWhileStreaming) setV8Flags("--no-turbofan");
  depth += 1;
  try {
    return work();
  } finally {
    depth -= 1;
    // Back to V8's default, and with it the flag hash that Node's code cache of its built-in modules is checked against.
    if (depth === 0) {
      offWhileStreaming = false;
      setV8Flags("--turbofan");
    }
  }
}

/**
 * Runs `work`, a region's hits scored while a long output streams (salience/scanner.ts: ~4,000 lines at 100 MiB of
 * log lines), with TurboFan off, as the end of an output runs: its compiles of the scoring code (the group builder's
 * offer, the miner's add, the scanner's follow: ~100 ms of a helper thread's CPU at 100 MiB, on the core the spill
 * worker hashes on) cost more than the compiled code saves; the interpreter takes the native regular expressions'
 * path (`optimizing`). A spill worker that starts meanwhile compiles from source those of Node's built-ins it loads
 * while the flag is off (a worker started with it off: +32 ms of CPU); TurboFan left on while a worker starts was
 * tried: the scoring was compiled then, and the gain lost (bench/README.md).
 */
export function scoringWithoutOptimizing<T>(work: () => T): T {
  if (depth > 0 || offWhileStreaming) return work();
  if (!offUntilTheEnd) return withoutOptimizing(Number.POSITIVE_INFINITY, work);
  offWhileStreaming = true;
  setV8Flags("--no-turbofan");
  return work();
}
