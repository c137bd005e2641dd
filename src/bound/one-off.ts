// The end of an output is code that runs once per output (reading the tail back, the byte path over the ring's
// older lines, the near-fold, the salient cut): loops hot for a few milliseconds, over a few thousand lines. V8's
// optimizing compiler, which they would start, costs more CPU on its helper threads than the optimized code saves
// before the output is written (issue 16; the figures are in bench/README.md). The interpreter and the baseline
// compiler still run them; the output is the same.
import * as v8 from "node:v8";

/** How deep calls of withoutOptimizing are nested (the compiler is on again when the outermost ends). */
let depth = 0;

/** Runs `work`, code that runs once per output, with V8's optimizing compiler (TurboFan) off; on again after. */
export function withoutOptimizing<T>(work: () => T): T {
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
