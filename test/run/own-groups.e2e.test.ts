// End-to-end: `correx run --timeout` and an interrupt stop what the command started in process groups of its own
// inside its session (bash's `set -m` jobs; a `setpgid` child, as GNU timeout makes itself), which a kill of the
// command's group alone left running, read by no one (SPEC §7: no orphaned grandchildren). A daemon that left the
// session (`setsid`) is still left alone, as the user started it to outlive the command.
import { describe, expect, test } from "vitest";
import { assertBuilt, runCorrex, spillDirectory, startCorrex } from "./cli-process.js";
import { killLeft, pollUntil, processGroupOf, processesRunning, uniqueSleep } from "./orphans.js";

/** Runs `body(sleep)` and kills whatever is left of its sleeps after it, however it ended. */
async function withSleeps(count: number, body: (sleeps: string[]) => Promise<void>): Promise<void> {
  const sleeps = Array.from({ length: count }, uniqueSleep);
  try {
    await body(sleeps);
  } finally {
    killLeft(sleeps.flatMap((sleep) => processesRunning(sleep)));
  }
}

describe.skipIf(process.platform !== "linux")("correx run stops the groups its command made in its session", () => {
  assertBuilt();

  test("--timeout: a `set -m` job, in a group of its own, is stopped with the command (exit 124)", async () => {
    await withSleeps(1, async ([sleep]) => {
      const run = await runCorrex(["run", "--timeout", "1s", "--kill-after", "1s", "--spill-dir", spillDirectory(), "--", "bash", "-c", `set -m; ${sleep} & echo "job $!"; wait`]);
      expect(run.code).toBe(124);
      const job = Number(/job (\d+)/.exec(run.stdout.toString())?.[1]);
      expect(job).toBeGreaterThan(0);
      expect(await pollUntil(() => processesRunning(sleep!).length === 0, 5_000)).toBe(true);
    });
  });

  test("an interrupt (SIGTERM to correx): the job in its own group ends too (exit 143)", async () => {
    await withSleeps(1, async ([sleep]) => {
      const started = startCorrex(["run", "--kill-after", "1s", "--spill-dir", spillDirectory(), "--", "bash", "-c", `set -m; ${sleep} & wait`]);
      expect(await pollUntil(() => processesRunning(sleep!).length === 1, 10_000)).toBe(true);
      const [job] = processesRunning(sleep!);
      expect(processGroupOf(job!)).toBe(job); // a group of its own: kill(-group) of the command's never reached it
      started.child.kill("SIGTERM");
      expect((await started.finished).code).toBe(143);
      expect(await pollUntil(() => processesRunning(sleep!).length === 0, 5_000)).toBe(true);
    });
  });

  test("a daemon that left the session (setsid) is not killed by the timeout, as before", async () => {
    await withSleeps(1, async ([sleep]) => {
      const run = await runCorrex(["run", "--timeout", "1s", "--kill-after", "1s", "--spill-dir", spillDirectory(), "--", "sh", "-c", `setsid ${sleep} >/dev/null 2>&1 & sleep 30`]);
      expect(run.code).toBe(124);
      expect(processesRunning(sleep!)).toHaveLength(1);
    });
  });
});
