// Keeps V8's heap small for `run`, whose peak RSS goal (80 MiB) must leave room for the spill worker (~8 MiB
// however small): the young generation stays at its first size (two 1 MiB semi-spaces, instead of growing to
// 2 × 4 MiB as objects survive) and the heap grows as V8 grows it when told to favour size. Measured: 4 MiB less
// at 1 GiB, the same CPU (bench/README.md). V8's flags are set through Node's binding (lazy-builtin.ts setV8Flags);
// a short output sets none.
import { setV8Flags } from "../lazy-builtin.js";

/** Keeps the heap small from here on (process-wide). */
export function keepHeapSmall(): void {
  keepYoungGenerationSmall();
  setV8Flags("--optimize-for-size");
}

/**
 * Stops the young generation from growing from here on (process-wide). V8 sets this back to its default whenever an
 * isolate is set up (a worker starting), so call it again once the worker has started (not while: run-heap.ts).
 */
export function keepYoungGenerationSmall(): void {
  setV8Flags("--semi-space-growth-factor=1");
}

/**
 * V8's default growth factor again (2), and with it V8's default flag hash while no other flag is set: built-ins
 * loaded meanwhile use their code cache (run-heap.ts). keepYoungGenerationSmall caps it again.
 */
export function letYoungGenerationGrow(): void {
  setV8Flags("--semi-space-growth-factor=2");
}
