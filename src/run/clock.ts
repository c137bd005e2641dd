// A monotonic clock in milliseconds for `run`'s timers and durations, without node:perf_hooks (`performance`,
// imported or global, loads that module and what it needs: ~0.5 ms of every `run`'s start-up).

/** Milliseconds since an arbitrary point, never going back (process.hrtime). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
