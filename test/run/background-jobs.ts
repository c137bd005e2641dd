// Test helpers for a command that leaves a background job holding its output (`server &`): the job's `sleep` and
// pid remembered, and killed after each test even when the run never returned.
import { afterEach, expect } from "vitest";
import { killLeft, processesRunning, uniqueSleep } from "./orphans.js";

/** Registers the clean-up after each test of the file that calls it; gives the two ways a test names its job. */
export function backgroundJobs(): { backgroundSleep: () => string; jobOf: (text: string) => number } {
  const left: number[] = [];
  const sleeps: string[] = [];
  afterEach(() => killLeft([...left.splice(0), ...sleeps.splice(0).flatMap((sleep) => processesRunning(sleep))]));
  return {
    /** A `sleep` of its own (orphans.ts), killed after the test. */
    backgroundSleep(): string {
      const sleep = uniqueSleep();
      sleeps.push(sleep);
      return sleep;
    },
    /** The pid the command printed as `job PID`, remembered to be killed after the test. */
    jobOf(text: string): number {
      const job = Number(/job (\d+)/.exec(text)?.[1]);
      expect(job).toBeGreaterThan(0);
      left.push(job);
      return job;
    },
  };
}
