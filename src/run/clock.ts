// A monotonic clock in milliseconds for `run`'s timers and durations and the spill store's collection in passing,
// without node:perf_hooks (`performance`, imported or global, loads that module and what it needs: ~0.5 ms of every
// `run`'s start-up, ~2.5 ms at the end of a long output, where V8's flags are off their defaults and it compiles from source).

/** Milliseconds since an arbitrary point, never going back (process.hrtime). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
