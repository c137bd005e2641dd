// End-to-end: `correx run` of a command that leaves a background job holding its output (`server &`) ends with the
// command's status, saves what it read byte for byte, tells the model, and leaves the job running.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { DRAIN_MS } from "../../src/run/start-command.js";
import { assertBuilt, runCorrex, spillDirectory } from "./cli-process.js";
import { backgroundJobs } from "./background-jobs.js";
import { pollUntil } from "./orphans.js";
import { isProcessGone } from "./run-fixture.js";

beforeAll(assertBuilt);

const HELD = `A background process it started still runs and holds the output: correx stopped reading ${DRAIN_MS} ms after the command exited; what that process writes later is not captured.`;

const { backgroundSleep, jobOf } = backgroundJobs();

describe("correx run of a command that leaves a job holding its output", () => {
  test("exits with the command's status; the spill holds every byte the command wrote, its record their size, lines and sha256", async () => {
    const spillDir = spillDirectory();
    const script = `${backgroundSleep()} & echo "job $!"; seq 1 5000; exit 3`;
    const result = await runCorrex(["run", "--spill-dir", spillDir, "--format", "json", "--max-lines", "20", "--", "sh", "-c", script]);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 3, stderr: "" });
    const payload = JSON.parse(result.stdout.toString()) as ToolResult;
    const job = jobOf(String(payload.data));
    const expected = Buffer.from(`job ${job}\n${Array.from({ length: 5000 }, (_, index) => index + 1).join("\n")}\n`);
    expect(payload).toMatchObject({
      ok: false, error: "Command exited with code 3.", error_type: "exit_code",
      meta: { exit_code: 3, timed_out: false, interrupted: false, output_held_ms: DRAIN_MS, truncated: true, total_lines: 5001, total_bytes: expected.length },
    });
    const path = String(payload.meta?.output_path);
    expect(readFileSync(path).equals(expected)).toBe(true);
    const record = JSON.parse(readFileSync(`${path}.json`, "utf8")) as Record<string, unknown>;
    expect(record).toMatchObject({ size: expected.length, lines: 5001, sha256: createHash("sha256").update(expected).digest("hex"), exit_code: 3, output_held_ms: DRAIN_MS });
    expect(isProcessGone(job)).toBe(false);
  });

  test("the model reads that a job held the output past the exit; one that goes on writing lives on after correx has exited", async () => {
    const progress = join(mkdtempSync(join(tmpdir(), "correx-held-")), "progress");
    const writer = `let n = 0; setInterval(() => { console.log("tick " + ++n); require("fs").appendFileSync(${JSON.stringify(progress)}, "x\\n"); }, 5)`;
    const result = await runCorrex(["run", "--spill-dir", spillDirectory(), "--", "sh", "-c", `node -e '${writer}' & echo "job $!"; echo done`]);
    const text = result.stdout.toString();
    const job = jobOf(text);
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    expect(text.endsWith(`\n\nCommand exited with code 0.\n${HELD}\n`)).toBe(true);
    expect(text).toMatch(/^(tick \d+\n)*job \d+\n(tick \d+\n)*done\n/);
    const after = readFileSync(progress, "utf8").length;
    expect(await pollUntil(() => readFileSync(progress, "utf8").length >= after + 100, 20_000)).toBe(true);
    expect(isProcessGone(job)).toBe(false);
  });

  test("read's last page and ls say the saved output ends where correx stopped reading (the record's output_held_ms); an earlier page does not", async () => {
    const spillDir = spillDirectory();
    const run = await runCorrex(["run", "--spill-dir", spillDir, "--drain", "100ms", "--max-lines", "12", "--format", "json", "--", "sh", "-c", `${backgroundSleep()} & seq 1 30`]);
    const id = String((JSON.parse(run.stdout.toString()) as ToolResult).meta?.output_id);
    const note = "(The output ends where correx stopped reading it, 100 ms after the command exited: a background process the command started held it open; what that process wrote later was not saved.)";
    const last = await runCorrex(["read", id, "--spill-dir", spillDir, "--offset", "29"]);
    expect(last.stdout.toString()).toMatch(/29: 29\n30: 30\n<\/content>\n\(End of file - total 30 lines\)\n(.*)\n$/);
    expect(last.stdout.toString().trimEnd().split("\n").at(-1)).toBe(note);
    const first = await runCorrex(["read", id, "--spill-dir", spillDir, "--limit", "5"]);
    expect(first.stdout.toString()).not.toContain("stopped reading");
    const json = await runCorrex(["read", id, "--spill-dir", spillDir, "--offset", "29", "--format", "json"]);
    expect(JSON.parse(json.stdout.toString())).toMatchObject({ output_held_ms: 100, text: expect.stringContaining(note) });
    const terminal = await runCorrex(["read", id, "--spill-dir", spillDir, "--offset", "29", "--for", "terminal"]);
    expect(terminal.stdout.toString()).toBe(`    29\t29\n    30\t30\n(lines 29-30 of 30: end of output)\n${note}\n`);
    const listed = await runCorrex(["ls", "--spill-dir", spillDir, "--format", "json"]);
    expect((JSON.parse(listed.stdout.toString()) as { outputs: unknown[] }).outputs).toEqual([expect.objectContaining({ id, exit_code: 0, output_held_ms: 100 })]);
  });

  test("--drain sets the wait: a job that writes 2 s after the exit is read with --drain 0 (until it closes the output), not with --drain 100ms", async () => {
    const script = `(sleep 2; echo late) & echo early`;
    const until = await runCorrex(["run", "--spill-dir", spillDirectory(), "--drain", "0", "--", "sh", "-c", script]);
    expect({ code: until.code, stdout: until.stdout.toString() }).toEqual({ code: 0, stdout: "early\nlate\n\nCommand exited with code 0.\n" });
    const short = await runCorrex(["run", "--spill-dir", spillDirectory(), "--drain", "100ms", "--", "sh", "-c", script]);
    expect({ code: short.code, stdout: short.stdout.toString() }).toEqual({ code: 0, stdout: `early\n\nCommand exited with code 0.\n${HELD.replace(String(DRAIN_MS), "100")}\n` });
  });
});
