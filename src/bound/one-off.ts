// The end of an output is code that runs once per output (reading the tail back, the byte path over the ring's
// older lines, the near-fold, the salient cut): loops hot for a few milliseconds, over a few thousand lines. V8's
// optimizing compiler, which they would start, costs more CPU on its helper threads than the optimized code saves
// before the output is written (issue 16; the figures are in bench/README.md). The interpreter and the baseline
// compiler still run them; the output is the same.
import { nodeV8 } from "../lazy-builtin.js";

/** Outputs smaller than this end too quickly to start compiles (and `echo hi` loads no node:v8, nor node:stream with it). */
export const ONE_OFF_MIN_BYTES = 64 * 1024;

/** How deep calls of withoutOptimizing are nested (the compiler is on again when the outermost ends). */
let depth = 0;

/**
 * Runs `work`, the end of an output of `outputBytes`, with V8's optimizing compiler (TurboFan) off when the output
 * is large enough for that to matter; on again after.
 */
export function withoutOptimizing<T>(outputBytes: number, work: () => T): T {
  if (outputBytes < ONE_OFF_MIN_BYTES && depth === 0) return work();
  const v8 = nodeV8();
  if (depth === 0) v8.setFlagsFromString("--no-turbofan");
  depth += 1;
  try {
    return work();
  } finally {
    depth -= 1;
    // Back to V8's default, and with it the flag hash that Node's code cache of its built-in modules is checked against.
    if (depth === 0) v8.setFlagsFromString("--turbofan");
  }
}
