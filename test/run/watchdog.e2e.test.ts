// `correx run --watchdog`: when correx is SIGKILLed with the group of the shell that started it (Codex CLI at a
// shell_command's timeout, Gemini CLI 200 ms after its SIGTERM), the command, in a group of its own, dies too; when
// correx ends as it should (the command's end, `--timeout`), the watchdog goes without killing anything.
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { assertBuilt, ROOT, spillDirectory, startCorrex } from "./cli-process.js";
import { isWatched, killGroup, killLeft, leftAfterGroupKill, pollUntil, processesRunning, termThenKillGroup, uniqueSleep } from "./orphans.js";

const CORREX = `'${process.execPath}' '${join(ROOT, "bin", "correx")}'`;

/** What a `correx run FLAGS -- sh -c COMMAND` (COMMAND running a unique sleep) leaves once its shell's group is ended by `kill`. */
async function leftAfter(flags: string, kill: (group: number) => Promise<void>, command = (sleep: string) => sleep): Promise<number[]> {
  const sleep = uniqueSleep();
  return leftAfterGroupKill(`${CORREX} run ${flags} -- sh -c '${command(sleep)}'`, sleep, { ...process.env, CORREX_SPILL_DIR: spillDirectory() }, kill);
}

describe.skipIf(process.platform !== "linux")("correx run --watchdog", () => {
  assertBuilt();

  test("without it, a SIGKILL of correx's group leaves the command running, read by no one (the hole it closes)", async () => {
    expect(await leftAfter("", killGroup)).toHaveLength(1);
  });

  test("SIGKILLed with its shell's group as Codex CLI kills it at its timeout, correx takes the command's group with it", async () => {
    expect(await leftAfter("--watchdog", killGroup, (sleep) => `${sleep} & ${sleep}; wait`)).toEqual([]);
  });

  test("SIGTERM, then SIGKILL 200 ms later, as Gemini CLI ends its shell: a command that ignores SIGTERM dies too", async () => {
    expect(await leftAfter("--watchdog", termThenKillGroup, (sleep) => `trap "" TERM; ${sleep}`)).toEqual([]);
  });

  test("--timeout still stops the command's group and writes what it printed; as without the watchdog", async () => {
    const started = Date.now();
    const run = await startCorrex(["run", "--watchdog", "--timeout", "1s", "--spill-dir", spillDirectory(), "--", "sh", "-c", "echo started; sleep 30"]).finished;
    expect(run.code).toBe(124);
    expect(run.stdout.toString()).toContain("started\n");
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  test("Ctrl-C (SIGINT to correx) is still forwarded to the command's group, and correx still writes what it printed", async () => {
    const sleep = uniqueSleep();
    const started = startCorrex(["run", "--watchdog", "--spill-dir", spillDirectory(), "--", "sh", "-c", `echo started; ${sleep}`]);
    try {
      expect(await pollUntil(() => isWatched(sleep), 10_000)).toBe(true);
      started.child.kill("SIGINT");
      const run = await started.finished;
      expect({ code: run.code, started: run.stdout.toString().startsWith("started\n") }).toEqual({ code: 130, started: true });
      expect(await pollUntil(() => processesRunning(sleep).length === 0, 2_000)).toBe(true);
    } finally {
      killLeft(processesRunning(sleep));
    }
  });

  test("a command that ends as it should is not killed with correx's end: its background job lives on, as without the watchdog", async () => {
    const sleep = uniqueSleep();
    const run = await startCorrex(["run", "--watchdog", "--spill-dir", spillDirectory(), "--", "sh", "-c", `${sleep} >/dev/null 2>&1 & sleep 0.3; echo done`]).finished;
    expect(run.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const left = processesRunning(sleep);
    killLeft(left);
    expect(left).toHaveLength(1);
  });

  test("nor when a background job still holds the output and correx stops reading it: the job (a server) lives on", async () => {
    const sleep = uniqueSleep();
    const run = await startCorrex(["run", "--watchdog", "--spill-dir", spillDirectory(), "--", "sh", "-c", `${sleep} & sleep 0.3; echo done`]).finished;
    expect(run.code).toBe(0);
    expect(run.stdout.toString()).toContain("still runs and holds the output");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const left = processesRunning(sleep);
    killLeft(left);
    expect(left).toHaveLength(1);
  });
});
