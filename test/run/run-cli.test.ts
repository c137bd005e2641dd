// End-to-end: `node bin/correx run …` (the built bundle), asserting stdout, stderr and the exit status.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { ROOT, assertBuilt, runCorrex, spillDirectory, startCorrex, waitForFile } from "./cli-process.js";
import { fixture, isProcessGone } from "./run-fixture.js";

beforeAll(assertBuilt);

/** `correx run` with a private spill directory, then OPTIONS, then `--` and the command. */
const run = (options: string[], command: string[], extra: Parameters<typeof runCorrex>[1] = {}) =>
  runCorrex(["run", "--spill-dir", spillDirectory(), ...options, "--", ...command], extra);
const payloadOf = (stdout: Buffer): ToolResult => JSON.parse(stdout.toString("utf8")) as ToolResult;

describe("the model text and the exit status", () => {
  test.each([0, 3, 255])("exit %i: the output, then how it ended; correx exits with the same code", async (code) => {
    const result = await run([], [fixture("exit-with"), String(code)]);
    expect({ stdout: result.stdout.toString(), stderr: result.stderr, code: result.code }).toEqual({
      stdout: `about to exit with ${code}\non stderr\n\nCommand exited with code ${code}.\n`,
      stderr: "",
      code,
    });
  });

  test.each([
    ["TERM", 143],
    ["KILL", 137],
    ["HUP", 129],
  ])("death by SIG%s exits %i and says which signal", async (name, code) => {
    const result = await run([], [fixture("die-by-signal"), name]);
    expect({ stdout: result.stdout.toString(), stderr: result.stderr, code: result.code }).toEqual({
      stdout: `dying by ${name}\n\nCommand was killed by signal SIG${name}.\n`,
      stderr: "",
      code,
    });
  });

  test("a command that dies by a signal of its own: the record keeps the signal beside its null exit code, `ls` shows it", async () => {
    const directory = spillDirectory();
    const result = await runCorrex(["run", "--spill-dir", directory, "--format", "json", "--max-lines", "3", "--", "sh", "-c", "seq 1 50; kill -SEGV $$"]);
    expect(result.code).toBe(139);
    const payload = payloadOf(result.stdout);
    const record = JSON.parse(readFileSync(`${String(payload.meta?.output_path)}.json`, "utf8")) as { exit_code: unknown; signal?: string; interrupted?: string };
    expect(record).toMatchObject({ exit_code: null, signal: "SIGSEGV" });
    expect(record.interrupted).toBeUndefined();
    const listed = await runCorrex(["ls", "--spill-dir", directory]);
    expect(listed.stdout.toString()).toMatch(new RegExp(`^${String(payload.meta?.output_id)} .* SIGSEGV  sh -c 'seq 1 50; kill -SEGV \\$\\$'$`, "m"));
    const json = JSON.parse((await runCorrex(["ls", "--spill-dir", directory, "--format", "json"])).stdout.toString()) as { outputs: Array<{ signal?: string }> };
    expect(json.outputs[0]).toMatchObject({ exit_code: null, signal: "SIGSEGV" });
  });

  test("stdout and stderr are merged in arrival order", async () => {
    const result = await run([], [fixture("emit-alternating.mjs"), "6", "8", "10"]);
    expect(result.stdout.toString()).toBe("o0:....\ne1:....\no2:....\ne3:....\no4:....\ne5:....\n\nCommand exited with code 0.\n");
  });

  test("no output says so", async () => {
    const result = await run([], ["true"]);
    expect(result.stdout.toString()).toBe("(no output)\n\nCommand exited with code 0.\n");
  });

  test("a progress bar redrawn with \\r shows its final state", async () => {
    const result = await run([], [fixture("progress-bar")]);
    expect(result.stdout.toString()).toBe("[####################] 100%\ndone\n\nCommand exited with code 0.\n");
  });

  test("invalid UTF-8 shows U+FFFD; the spill keeps the exact bytes", async () => {
    const raw = Buffer.from("bad \xff \xe2\x82 \xc3( end\nsplit \xc3\xa9 done\n", "latin1");
    expect((await run([], [fixture("emit-invalid-utf8")])).stdout.toString()).toBe("bad \ufffd \ufffd \ufffd( end\nsplit é done\n\nCommand exited with code 0.\n");
    const refused = await run(["--format", "json", "--max-lines", "1"], [fixture("emit-invalid-utf8")]);
    expect({ code: refused.code, stdout: refused.stdout.toString() }).toEqual({ code: 2, stdout: "" });
    expect(refused.stderr).toContain("the smallest budget that works is --max-lines 2");
    const cut = payloadOf((await run(["--format", "json", "--max-lines", "4"], ["sh", "-c", `${fixture("emit-invalid-utf8")}; seq 1 9`])).stdout);
    expect(cut.meta?.truncated).toBe(true);
    expect(readFileSync(String(cut.meta?.output_path)).equals(Buffer.concat([raw, Buffer.from("1\n2\n3\n4\n5\n6\n7\n8\n9\n")]))).toBe(true);
  });

  test("a budget too small for the marker: the command ran, so its output is kept and the refusal says where and how it ended", async () => {
    const dir = mkdtempSync(join(tmpdir(), "correx-refused-"));
    const result = await runCorrex(["run", "--spill-dir", dir, "--max-lines", "3", "--", "sh", "-c", "seq 1 10000; exit 7"]);
    expect({ code: result.code, stdout: result.stdout.toString() }).toEqual({ code: 2, stdout: "" });
    const id = /saved as (tool_\w+) \(correx read \1\); the command ran \(Command exited with code 7\)\n$/.exec(result.stderr)?.[1];
    expect(result.stderr).toMatch(/^correx: --max-lines 3 cannot hold even the marker of this output .* the smallest budget that works is --max-lines \d+; the whole output is saved as /);
    expect(id).toBeDefined();
    const seq = Array.from({ length: 10000 }, (_, index) => `${index + 1}\n`).join("");
    expect(readFileSync(join(dir, id!), "utf8")).toBe(seq);
    expect(JSON.parse(readFileSync(join(dir, `${id}.json`), "utf8"))).toMatchObject({ id, lines: 10000, exit_code: 7, size: seq.length });
    rmSync(dir, { recursive: true, force: true });
  });

  test.each([5, 6, 20])("--max-lines %i: the written output holds that many lines, the frame's blank line and ending counted as written (one line was left unused)", async (lines) => {
    const result = await run(["--max-lines", String(lines), "--salience", "off"], ["seq", "1", "1000"]);
    const written = result.stdout.toString();
    expect(written.split("\n").length - 1).toBe(lines);
    expect(written.endsWith("1000\n\nCommand exited with code 0.\n")).toBe(true);
  });

  test("a failing command's preview leans to the tail", async () => {
    const script = "seq 1 1000; exit $0";
    const options = ["--format", "json", "--max-lines", "40"];
    const passed = payloadOf((await run(options, ["sh", "-c", script, "0"])).stdout);
    const failed = payloadOf((await run(options, ["sh", "-c", script, "1"])).stdout);
    const headLines = (result: ToolResult) => (result.meta?.shown as { to_line: number }[])[0]!.to_line;
    expect(headLines(failed)).toBeLessThan(headLines(passed));
    expect(failed).toMatchObject({ ok: false, error: "Command exited with code 1.", error_type: "exit_code", meta: { exit_code: 1, truncated: true } });
  });

  test("--to PROVIDER sets the error flag on a non-zero exit and states the ending once", async () => {
    const result = await run(["--to", "anthropic", "--call-id", "toolu_1"], ["sh", "-c", "echo out; exit 2"]);
    expect(payloadOf(result.stdout)).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "out\n\nCommand exited with code 2.", is_error: true });
    expect(result.code).toBe(2);
  });

  test.each([
    ["model text", [], 2000],
    ["JSON payload", ["--format", "json"], 2000],
    ["openai-chat", ["--to", "openai-chat", "--call-id", "call_1"], 1500],
  ])("the budget holds for what is written (%s)", async (_name, options, maxBytes) => {
    const result = await run([...options, "--max-bytes", String(maxBytes)], ["sh", "-c", "seq 1 20000; echo 'a \"quoted\" \\\\ tail'; exit 1"]);
    expect(result.stdout.length).toBeGreaterThan(maxBytes / 2);
    expect(result.stdout.length).toBeLessThanOrEqual(maxBytes);
    expect(result.code).toBe(1);
  });
});

describe("timeout", () => {
  test("the whole group is stopped: exit 124, and the grandchild is gone", async () => {
    const result = await run(["--timeout", "300ms"], [fixture("spawn-grandchild")]);
    const match = /^(\d+)\n\nCommand exceeded timeout of 300 ms\. Retry with a larger timeout\.\n$/.exec(result.stdout.toString());
    expect(match).not.toBeNull();
    expect({ stderr: result.stderr, code: result.code }).toEqual({ stderr: "", code: 124 });
    expect(isProcessGone(Number(match![1]))).toBe(true);
  });

  test("a daemon that left the group and holds the pipe does not keep correx waiting: exit 124", async () => {
    const result = await run(["--timeout", "300ms", "--kill-after", "60s"], [fixture("spawn-daemon")]);
    const match = /^(\d+)\n\nCommand exceeded timeout of 300 ms\. Retry with a larger timeout\.\n$/.exec(result.stdout.toString());
    expect(match).not.toBeNull();
    expect(result.code).toBe(124);
    const daemon = Number(match![1]);
    expect(isProcessGone(daemon)).toBe(false);
    process.kill(daemon, "SIGKILL");
  });

  test.each(["0.0004", "0.5ms"])("--timeout %s, under a millisecond, is 1 ms: exit 124 (rounded down to 0, it was no timeout at all)", async (timeout) => {
    const result = await run(["--timeout", timeout, "--format", "json"], ["sh", "-c", "sleep 5"]);
    expect(result.code).toBe(124);
    expect(payloadOf(result.stdout)).toMatchObject({ error: "Command exceeded timeout of 1 ms. Retry with a larger timeout.", meta: { timed_out: true, timeout_ms: 1 } });
  });

  test("a command that ignores SIGTERM is killed after --kill-after", async () => {
    const started = Date.now();
    const result = await run(["--timeout", "200ms", "--kill-after", "300ms", "--format", "json"], [fixture("trap-term")]);
    expect(result.code).toBe(124);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    expect(payloadOf(result.stdout)).toMatchObject({
      ok: false, error: "Command exceeded timeout of 200 ms. Retry with a larger timeout.", error_type: "timeout",
      meta: { exit_code: null, signal: "SIGKILL", timed_out: true, timeout_ms: 200, interrupted: false },
    });
  });
});

describe("signals sent to correx", () => {
  test.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)("%s is forwarded to the group; the partial output is reported and spilled; exit %i", async (signal, code) => {
    const directory = mkdtempSync(join(tmpdir(), "correx-run-signal-"));
    const ready = join(directory, "ready");
    // The grandchild runs in the background, where a non-interactive shell ignores SIGINT: only the
    // escalation to SIGKILL after --kill-after stops it.
    const script = `sleep 1000 >/dev/null 2>&1 & echo "grandchild $!"; seq 1 5000; : > '${ready}'; wait`;
    const started = startCorrex(["run", "--format", "json", "--max-lines", "20", "--kill-after", "300ms", "--spill-dir", spillDirectory(), "--", "sh", "-c", script]);
    await waitForFile(ready);
    started.child.kill(signal);
    const result = await started.finished;
    expect({ stderr: result.stderr, code: result.code, signal: result.signal }).toEqual({ stderr: "", code, signal: null });
    const payload = payloadOf(result.stdout);
    expect(payload).toMatchObject({
      ok: false, error: `Command was interrupted (${signal}).`, error_type: "interrupted",
      meta: { interrupted: true, interrupt_signal: signal, signal, timed_out: false, truncated: true, total_lines: 5001 },
    });
    expect(String(payload.data).endsWith("4999\n5000\n")).toBe(true);
    const spilled = readFileSync(String(payload.meta?.output_path));
    const grandchild = Number(/^grandchild (\d+)\n/.exec(spilled.toString())?.[1]);
    expect(spilled.toString()).toBe(`grandchild ${grandchild}\n${Array.from({ length: 5000 }, (_, index) => index + 1).join("\n")}\n`);
    expect(isProcessGone(grandchild)).toBe(true);
  });
  // 6 and 24 MiB at the default cap: saved on correx's thread; 24 MiB with the cap raised: past 8 MiB a spill worker
  // follows the file correx writes
  test.each([[6, []], [24, []], [24, ["--max-output", "1GiB"]]])("SIGINT after %i MiB %j: the spill holds every byte as written, its record their sha256", async (mebibytes, cap) => {
    const directory = mkdtempSync(join(tmpdir(), "correx-run-signal-"));
    const [file, ready] = [join(directory, "output"), join(directory, "ready")];
    writeLogFile(file, mebibytes * 1024 * 1024);
    try {
      const started = startCorrex(["run", "--format", "json", "--spill-dir", spillDirectory(), ...cap, "--", "sh", "-c", `cat '${file}'; : > '${ready}'; exec sleep 1000`]);
      await waitForFile(ready);
      started.child.kill("SIGINT");
      const result = await started.finished;
      expect(result.code).toBe(130);
      const payload = payloadOf(result.stdout);
      expect(payload.meta).toMatchObject({ interrupted: true, total_bytes: mebibytes * 1024 * 1024 });
      expect(readFileSync(String(payload.meta?.output_path)).equals(readFileSync(file))).toBe(true);
      const record = JSON.parse(readFileSync(`${String(payload.meta?.output_path)}.json`, "utf8")) as { sha256: string; interrupted?: string };
      expect(record.sha256).toBe(createHash("sha256").update(readFileSync(file)).digest("hex"));
      // recorded as `bound` records an input a signal cut short
      expect(record.interrupted).toBe("SIGINT");
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
  test("SIGQUIT (Ctrl-\\) is forwarded too, as timeout(1) does: correx does not die leaving the group running; exit 131", async () => {
    const directory = mkdtempSync(join(tmpdir(), "correx-run-signal-"));
    const [ready, pidFile] = [join(directory, "ready"), join(directory, "pid")];
    // No core files; the background grandchild ignores SIGQUIT (as it does SIGINT): only SIGKILL stops it.
    const script = `ulimit -c 0; sleep 1000 >/dev/null 2>&1 & echo $! > '${pidFile}'; echo started; : > '${ready}'; wait`;
    const started = startCorrex(["run", "--kill-after", "300ms", "--spill-dir", spillDirectory(), "--", "sh", "-c", script]);
    await waitForFile(ready);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    try {
      started.child.kill("SIGQUIT");
      const result = await started.finished;
      expect({ stdout: result.stdout.toString(), code: result.code, signal: result.signal }).toEqual({
        stdout: "started\n\nCommand was interrupted (SIGQUIT).\n",
        code: 131,
        signal: null,
      });
      expect(isProcessGone(grandchild)).toBe(true);
    } finally {
      if (!isProcessGone(grandchild)) process.kill(grandchild, "SIGKILL");
      rmSync(directory, { recursive: true, force: true });
    }
  });
  test.each([1, 2, 3])("a signal that arrives as the command starts is still forwarded (try %i)", async () => {
    const ready = join(mkdtempSync(join(tmpdir(), "correx-run-signal-")), "ready");
    const started = startCorrex(["run", "--spill-dir", spillDirectory(), "--", "sh", "-c", `: > '${ready}'; exec sleep 1000`]);
    await waitForFile(ready, 5000, 1);
    started.child.kill("SIGTERM");
    const result = await started.finished;
    expect({ stdout: result.stdout.toString(), code: result.code }).toEqual({ stdout: "(no output)\n\nCommand was interrupted (SIGTERM).\n", code: 143 });
  });
});

describe("a command that cannot be run", () => {
  test("not found: a shell-like message on stderr, the same as the output, exit 127", async () => {
    const result = await run([], ["correx-no-such-command", "--flag"]);
    expect({ stdout: result.stdout.toString(), stderr: result.stderr, code: result.code }).toEqual({
      stdout: "correx-no-such-command: command not found\n\nCommand exited with code 127.\n",
      stderr: "correx: correx-no-such-command: command not found\n",
      code: 127,
    });
  });

  test("not executable: exit 126", async () => {
    const script = join(mkdtempSync(join(tmpdir(), "correx-run-")), "script.sh");
    writeFileSync(script, "#!/bin/sh\necho never\n");
    chmodSync(script, 0o644);
    const result = await run(["--format", "json"], [script]);
    expect(result.code).toBe(126);
    expect(result.stderr).toBe(`correx: ${script}: permission denied (not an executable file)\n`);
    expect(payloadOf(result.stdout)).toMatchObject({ ok: false, error_type: "spawn_error", data: `${script}: permission denied (not an executable file)\n`, meta: { exit_code: 126, spawn_error: "EACCES" } });
  });
});

describe("a large output", () => {
  test("a fast producer whose repeats fold into a fit leaves nothing in the store", async () => {
    const spill = spillDirectory();
    const result = await runCorrex(["run", "--spill-dir", spill, "--", "sh", "-c", "yes | head -c 20000000"]);
    expect(result.stdout.toString()).toBe("y\n[previous line repeated 9999999 more times]\n\nCommand exited with code 0.\n");
    expect(existsSync(spill) ? readdirSync(spill) : []).toEqual([]);
  });

  test("20 MiB: the projection stays within the budget, memory stays flat, the spill is byte-identical", async () => {
    const directory = mkdtempSync(join(tmpdir(), "correx-run-large-"));
    try {
      const file = join(directory, "output.txt");
      writeLogFile(file, 20 * 1024 * 1024);
      const result = await runCorrex(["run", "--format", "json", "--spill-dir", join(directory, "spill"), "--", "cat", file], { sampleMemory: true });
      expect(result.code).toBe(0);
      expect(result.stdout.length).toBeLessThanOrEqual(51200);
      const payload = payloadOf(result.stdout);
      expect(payload.meta).toMatchObject({ truncated: true, total_bytes: 20 * 1024 * 1024, exit_code: 0 });
      expect(readFileSync(String(payload.meta?.output_path)).equals(readFileSync(file))).toBe(true);
      // Node itself takes ~50 MiB; garbage pipe chunks wait for the collector. Holding the output would add 20 MiB and more.
      if (result.peakKiB !== undefined) expect(result.peakKiB).toBeLessThan(140 * 1024);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("options", () => {
  test.each([
    ["model text", [], 30_000, 10_000],
    ["JSON payload", ["--format", "json"], 30_000, 10_000],
    ["anthropic", ["--to", "anthropic", "--call-id", "toolu_1"], 20_000, 4_000],
    ["stderr apart", ["--stderr", "separate"], 30_000, 10_000],
  ])("--failure-max-bytes bounds a failing command to the smaller budget, a passing one keeps --max-bytes (%s)", async (_name, options, maxBytes, failureMaxBytes) => {
    const flags = [...options, "--max-bytes", String(maxBytes), "--failure-max-bytes", String(failureMaxBytes)];
    const script = "seq 1 20000; seq 1 3000 >&2; echo 'error: the middle'; seq 1 20000; exit $0";
    const passed = await run(flags, ["sh", "-c", script, "0"]);
    const failed = await run(flags, ["sh", "-c", script, "4"]);
    expect({ passed: passed.code, failed: failed.code }).toEqual({ passed: 0, failed: 4 });
    expect(passed.stdout.length).toBeGreaterThan(failureMaxBytes);
    expect(passed.stdout.length).toBeLessThanOrEqual(maxBytes);
    expect(failed.stdout.length).toBeGreaterThan(failureMaxBytes / 2);
    expect(failed.stdout.length).toBeLessThanOrEqual(failureMaxBytes);
    expect(failed.stdout.toString()).toContain("error: the middle");
  });

  test("--failure-max-bytes larger than --max-bytes changes nothing; 0 is a usage error", async () => {
    const command = ["sh", "-c", "seq 1 20000; exit 1"];
    const plain = await run(["--max-bytes", "3000"], command);
    const larger = await run(["--max-bytes", "3000", "--failure-max-bytes", "9000"], command);
    const mask = (stdout: Buffer) => stdout.toString().replace(/^\[full output: .*$/m, "[full output: …]");
    expect(mask(larger.stdout)).toBe(mask(plain.stdout));
    const zero = await run(["--failure-max-bytes", "0"], ["true"]);
    expect({ code: zero.code, stderr: zero.stderr }).toEqual({ code: 2, stderr: expect.stringContaining("invalid value for --failure-max-bytes") });
  });

  test("--stderr separate keeps stderr apart: meta.stderr in JSON, a stderr section in the text", async () => {
    const command = ["sh", "-c", "echo out; echo err >&2; echo out2; exit 1"];
    const json = payloadOf((await run(["--format", "json", "--stderr", "separate"], command)).stdout);
    expect(json).toMatchObject({ data: "out\nout2\n", meta: { stderr: { text: "err\n", truncated: false, total_bytes: 4, total_lines: 1 } } });
    expect((await run(["--stderr", "separate"], command)).stdout.toString()).toBe("out\nout2\n\nstderr:\nerr\n\nCommand exited with code 1.\n");
  });

  test.each([
    ["model text", []],
    ["JSON payload", ["--format", "json"]],
    ["anthropic", ["--to", "anthropic", "--call-id", "toolu_1"]],
    ["token budget", ["--max-tokens", "2000"]],
  ])("--stderr separate: stderr takes the room a small stdout leaves, within the budget as written (%s)", async (_name, options) => {
    // A compiler writes its errors to stderr alone: stderr had a quarter of the budget, three quarters left empty.
    const flags = ["--stderr", "separate", "--max-bytes", "8000", ...options];
    const failed = await run(flags, ["sh", "-c", "echo 'building \"x\"'; seq 1 20000 | sed 's/$/: error: \"quoted\" \\\\ here/' >&2; exit 2"]);
    expect(failed.code).toBe(2);
    expect(failed.stdout.length).toBeLessThanOrEqual(8000);
    expect(failed.stdout.length).toBeGreaterThan(options.includes("--max-tokens") ? 4000 : 6000);
    expect(failed.stdout.toString()).toContain("building");
    // A large stdout keeps its room: stderr is held to its share.
    const both = payloadOf((await run(["--stderr", "separate", "--max-bytes", "8000", "--format", "json"], ["sh", "-c", "seq 1 20000; seq 1 20000 >&2"])).stdout);
    expect(Buffer.byteLength((both.meta?.stderr as { text: string }).text)).toBeLessThanOrEqual(2000);
  });

  test("--stderr separate: a budget too small for stderr's part names the limits given, and saves stderr", async () => {
    const spillDir = spillDirectory();
    const result = await runCorrex(["run", "--spill-dir", spillDir, "--stderr", "separate", "--max-bytes", "800", "--", "sh", "-c", "seq 1 20000; seq 1 20000 >&2; exit 3"]);
    expect(result.code).toBe(2);
    const [, smallest, id] = /^correx: --max-bytes 800 cannot hold .* the smallest budget that works is --max-bytes (\d+) \(stderr, kept apart, .*saved as (tool_\w+)/.exec(result.stderr) ?? [];
    expect(Number(smallest)).toBeGreaterThan(800);
    expect(readFileSync(join(spillDir, id!), "utf8")).toBe(Array.from({ length: 20000 }, (_, index) => `${index + 1}\n`).join(""));
    const enough = await runCorrex(["run", "--spill-dir", spillDir, "--stderr", "separate", "--max-bytes", smallest!, "--", "sh", "-c", "seq 1 20000; seq 1 20000 >&2; exit 3"]);
    expect(enough.code).toBe(3);
  });

  test("--shell, --cwd and --env", async () => {
    const directory = mkdtempSync(join(tmpdir(), "correx-run-cwd-"));
    const result = await run(["--shell", "--cwd", directory, "--env", "GREETING=a=b c", "--env", "OTHER=1"], ['echo "$GREETING $OTHER" && pwd']);
    expect(result.stdout.toString()).toBe(`a=b c 1\n${directory}\n\nCommand exited with code 0.\n`);
  });

  test("stdin reaches the command only with --stdin", async () => {
    expect((await run(["--stdin"], ["cat"], { input: "piped in\n" })).stdout.toString()).toBe("piped in\n\nCommand exited with code 0.\n");
    expect((await run([], ["cat"], { input: "piped in\n" })).stdout.toString()).toBe("(no output)\n\nCommand exited with code 0.\n");
  });

  test("options after the command belong to the command", async () => {
    const result = await runCorrex(["run", "--spill-dir", spillDirectory(), "echo", "--timeout", "x"]);
    expect(result.stdout.toString()).toBe("--timeout x\n\nCommand exited with code 0.\n");
  });

  test.each([
    [["--timeout", "soon"], "correx: invalid value for --timeout: 'soon' (accepts a duration such as 0s, 90s, 12h, 7d)\n"],
    [["--kill-after", "-1"], "correx: invalid value for --kill-after: '-1' (accepts a duration such as 0s, 90s, 12h, 7d)\n"],
    [["--timeout", "3000000000"], "correx: invalid value for --timeout: '3000000000' (accepts a duration up to 24d, e.g. 500ms, 90s, 10m, 2h)\n"],
    [["--kill-after", "30d"], "correx: invalid value for --kill-after: '30d' (accepts a duration up to 24d, e.g. 500ms, 90s, 10m, 2h)\n"],
    [["--env", "NOEQUALS"], "correx: invalid value for --env: 'NOEQUALS' (accepts NAME=VALUE)\n"],
    [["--stderr", "both"], "correx: invalid value for --stderr: 'both' (accepts: merged, separate)\n"],
    [["--max-bytes", "0"], "correx: invalid value for --max-bytes: '0' (accepts a size from 1 byte to 1GiB, e.g. 51200, 50KiB, 1MB)\n"],
  ])("a bad flag %j is a usage error (exit 2) and nothing runs", async (options, message) => {
    const marker = join(mkdtempSync(join(tmpdir(), "correx-run-usage-")), "ran");
    const result = await run(options, ["touch", marker]);
    expect({ stdout: result.stdout.toString(), stderr: result.stderr, code: result.code }).toEqual({ stdout: "", stderr: message, code: 2 });
    expect(existsSync(marker)).toBe(false);
  });

  test("no command is a usage error", async () => {
    const result = await runCorrex(["run"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("missing required argument 'command'");
  });
});

describe("the live status line", () => {
  const hasScript = existsSync("/usr/bin/script");

  test("nothing of it reaches a pipe", async () => {
    const result = await run([], ["sh", "-c", "echo working; sleep 0.6; echo done"]);
    expect(result.stderr).toBe("");
  });

  test.skipIf(!hasScript)("on a terminal it is drawn on stderr while the command runs and cleared at the end", () => {
    // script(1) gives correx a pseudo-terminal for stdout and stderr alike; --for model keeps the projection plain.
    const inner = `node bin/correx run --for model --spill-dir ${spillDirectory()} -- sh -c 'echo working; sleep 0.8; echo done'`;
    const terminal = spawnSync("/usr/bin/script", ["-qec", inner, "/dev/null"], { cwd: ROOT, encoding: "utf8" });
    // What each frame shows depends on when it is drawn (a frame may come before "working" arrives, or after
    // "done"): assert the shape, not the timing. The command sleeps 0.8 s, the first frame waits 0.25 s.
    const match = /^((?:\r\x1b\[K\[[^\]\r]*\](?: working| done)?)+)\r\x1b\[K(working\r\ndone\r\n\r\nCommand exited with code 0\.\r\n)$/.exec(terminal.stdout);
    expect(match, JSON.stringify(terminal.stdout)).not.toBeNull();
    expect(match![1]).toMatch(/^\r\x1b\[K\[\d+\.\ds {2}\d+ B {2}\d+ lines?\]/);
    expect(terminal.status).toBe(0);
  });
});

/** Writes `size` bytes of varied log lines. */
function writeLogFile(path: string, size: number): void {
  const lines: string[] = [];
  for (let index = 0; lines.length < 20_000; index += 1) lines.push(`${String(index).padStart(6, "0")} worker-${index % 7} step ${(index * 7919) % 100_003} ${"z".repeat(index % 90)}\n`);
  const block = Buffer.from(lines.join(""));
  const descriptor = openSync(path, "w");
  for (let written = 0; written < size; ) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    writeSync(descriptor, piece);
    written += piece.length;
  }
  closeSync(descriptor);
}
