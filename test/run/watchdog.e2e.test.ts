// `correx run --watchdog`: when correx is SIGKILLed with the group of the shell that started it (Codex CLI at a
// shell_command's timeout, Gemini CLI 200 ms after its SIGTERM), the command, in a group of its own, dies too; when
// correx ends as it should (the command's end, `--timeout`), the watchdog goes without killing anything.
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { assertBuilt, ROOT, spillDirectory, startCorrex } from "./cli-process.js";
import { isWatched, killLeft, pollUntil, processesRunning, startShellGroup, uniqueSleep } from "./orphans.js";

const CORREX = `'${process.execPath}' '${join(ROOT, "bin", "correx")}'`;
const left: string[] = [];

afterEach(() => {
  for (const commandLine of left.splice(0)) killLeft(processesRunning(commandLine));
});

/** Runs `correx run FLAGS -- sh -c SLEEP` in a new group's bash, waits for the sleep (and the watchdog), then kills the group as `kill` says. */
async function killedWithItsShell(flags: string, kill: (group: number) => Promise<void>, command = (sleep: string) => sleep): Promise<{ sleep: string; left: number[] }> {
  const sleep = uniqueSleep();
  left.push(sleep);
  const group = startShellGroup(`${CORREX} run ${flags} -- sh -c '${command(sleep)}'`, { ...process.env, CORREX_SPILL_DIR: spillDirectory() });
  expect(await pollUntil(() => processesRunning(sleep).length > 0, 10_000)).toBe(true);
  // the watchdog starts once the command has run 50 ms: waited for (when there is one), so that a loaded machine does not kill correx before
  if (flags.includes("--watchdog")) await pollUntil(() => isWatched(sleep), 5_000);
  await kill(group);
  await pollUntil(() => processesRunning(sleep).length === 0, 2_000);
  return { sleep, left: processesRunning(sleep) };
}

const sigkill = async (group: number): Promise<void> => void process.kill(-group, "SIGKILL");

describe.skipIf(process.platform !== "linux")("correx run --watchdog", () => {
  assertBuilt();

  test("without it, a SIGKILL of correx's group leaves the command running, read by no one (the hole it closes)", async () => {
    const run = await killedWithItsShell("", sigkill);
    expect(run.left).toHaveLength(1);
  });

  test("SIGKILLed with its shell's group as Codex CLI kills it at its timeout, correx takes the command's group with it", async () => {
    const run = await killedWithItsShell("--watchdog", sigkill, (sleep) => `${sleep} & ${sleep}; wait`);
    expect(run.left).toEqual([]);
  });

  test("SIGTERM, then SIGKILL 200 ms later, as Gemini CLI ends its shell: a command that ignores SIGTERM dies too", async () => {
    const run = await killedWithItsShell("--watchdog", async (group) => {
      process.kill(-group, "SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.kill(-group, "SIGKILL");
    }, (sleep) => `trap "" TERM; ${sleep}`);
    expect(run.left).toEqual([]);
  });

  test("--timeout still stops the command's group and writes what it printed; as without the watchdog", async () => {
    const started = Date.now();
    const run = await startCorrex(["run", "--watchdog", "--timeout", "1s", "--spill-dir", spillDirectory(), "--", "sh", "-c", "echo started; sleep 30"]).finished;
    expect(run.code).toBe(124);
    expect(run.stdout.toString()).toContain("started\n");
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  test("a command that ends as it should is not killed with correx's end: its background job lives on, as without the watchdog", async () => {
    const sleep = uniqueSleep();
    left.push(sleep);
    const run = await startCorrex(["run", "--watchdog", "--spill-dir", spillDirectory(), "--", "sh", "-c", `${sleep} >/dev/null 2>&1 & sleep 0.3; echo done`]).finished;
    expect(run.code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processesRunning(sleep)).toHaveLength(1);
  });
});
