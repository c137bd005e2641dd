// A command that exits while a process it started in the background still holds its output (`server &`): the run
// ends with the command's status, the output is read no longer than the drain window, and that process lives on.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startCommand } from "../../src/run/start-command.js";
import { backgroundJobs } from "./background-jobs.js";
import { pollUntil } from "./orphans.js";
import { collect, isProcessGone, runToEnd, spec } from "./run-fixture.js";

const { backgroundSleep, jobOf } = backgroundJobs();

/** Lines in a file (0 before it exists). */
function linesIn(file: string): number {
  try {
    return readFileSync(file, "utf8").split("\n").length - 1;
  } catch {
    return 0;
  }
}

describe("a background job that holds the output", () => {
  test("the run ends with the command's status while the job still runs, with everything the command wrote", async () => {
    const before = Array.from({ length: 2000 }, (_, index) => `line ${index + 1}`).join("\n");
    const { outcome, output } = await runToEnd(spec(`${backgroundSleep()} & echo "job $!"; printf '%s\\n' ${before.split("\n").map((line) => `'${line}'`).join(" ")}; exit 3`, [], { shell: true, drainMs: 300 }));
    const job = jobOf(output.text());
    expect(outcome).toMatchObject({ exitCode: 3, signal: null, timedOut: false, outputHeldMs: 300 });
    expect(outcome.interrupted).toBeUndefined();
    expect(output.text()).toBe(`job ${job}\n${before}\n`);
    expect(isProcessGone(job)).toBe(false);
  });

  test("a daemon that left the group (setsid) is not waited for either", async () => {
    const { outcome, output } = await runToEnd(spec(`setsid ${backgroundSleep()} & echo "job $!"`, [], { shell: true, drainMs: 300 }));
    const job = jobOf(output.text());
    expect(outcome).toMatchObject({ exitCode: 0, outputHeldMs: 300 });
    expect(isProcessGone(job)).toBe(false);
  });

  test("a job that goes on writing is not broken by correx's end of the output: its writes after the window go nowhere", async () => {
    // Node dies of an unhandled EPIPE on stdout: with correx's end simply closed, the writer stopped at its next line.
    const progress = join(mkdtempSync(join(tmpdir(), "correx-held-")), "progress");
    const writer = `let n = 0; setInterval(() => { console.log("tick " + ++n); require("fs").appendFileSync(${JSON.stringify(progress)}, "x\\n"); }, 5)`;
    const { outcome, output } = await runToEnd(spec(`node -e '${writer}' & echo "job $!"; echo done`, [], { shell: true, drainMs: 300 }));
    const job = jobOf(output.text());
    expect(outcome).toMatchObject({ exitCode: 0, outputHeldMs: 300 });
    expect(output.text()).toMatch(new RegExp(`^(tick \\d+\\n)*job ${job}\\n(tick \\d+\\n)*done\\n(tick \\d+\\n)*$`));
    const after = linesIn(progress);
    expect(await pollUntil(() => linesIn(progress) >= after + 50, 20_000)).toBe(true);
    expect(isProcessGone(job)).toBe(false);
  });

  test("a command that exits within its time limit is not timed out by the job that holds its output", async () => {
    const { outcome, output } = await runToEnd(spec(`${backgroundSleep()} & echo "job $!"`, [], { shell: true, timeoutMs: 1500, drainMs: 3000 }));
    const job = jobOf(output.text());
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, outputHeldMs: 3000 });
    expect(isProcessGone(job)).toBe(false);
  });

  test("an interrupt during the wait is forwarded to the group as before: the job in it stops, the run is interrupted", async () => {
    let printed!: () => void;
    const ready = new Promise<void>((resolve) => (printed = resolve));
    const output = collect(() => printed());
    const handle = await startCommand(spec(`${backgroundSleep()} & echo "job $!"`, [], { shell: true, drainMs: 600_000 }), output.sink);
    await ready;
    expect(await pollUntil(() => isProcessGone(handle.pid!), 10_000)).toBe(true);
    handle.interrupt("SIGTERM");
    const outcome = await handle.done;
    const job = jobOf(output.text());
    expect(outcome).toMatchObject({ exitCode: 0, interrupted: "SIGTERM" });
    expect(outcome.outputHeldMs).toBeUndefined();
    expect(await pollUntil(() => isProcessGone(job), 10_000)).toBe(true);
  });

  test("an output that reaches its end is not waited for past it, and says nothing held it", async () => {
    const { outcome, output } = await runToEnd(spec(`${backgroundSleep()} > /dev/null 2>&1 & echo "job $!"`, [], { shell: true, drainMs: 600_000 }));
    jobOf(output.text());
    expect(outcome.exitCode).toBe(0);
    expect(outcome.outputHeldMs).toBeUndefined();
  });
});
