import { chmodSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startCommand } from "../../src/run/start-command.js";
import { collect, fixture, isProcessGone, runToEnd, spec } from "./run-fixture.js";

/** What emit-alternating writes: chunk i on stdout when i is even, stderr when odd. */
function alternatingChunks(count: number, size: number): { stream: "stdout" | "stderr"; text: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const label = `${index % 2 === 0 ? "o" : "e"}${index}:`;
    return { stream: index % 2 === 0 ? "stdout" : "stderr", text: `${label.padEnd(size - 1, ".")}\n` };
  });
}

describe("output", () => {
  test("stdout and stderr arrive merged, in exactly the order they were written (one channel, as 2>&1)", async () => {
    const { outcome, output } = await runToEnd(spec(fixture("emit-alternating.mjs"), ["200", "24", "0"]));
    expect(output.text()).toBe(alternatingChunks(200, 24).map((chunk) => chunk.text).join(""));
    expect(new Set(output.chunks.map((chunk) => chunk.stream))).toEqual(new Set(["merged"]));
    expect(outcome).toMatchObject({ exitCode: 0, signal: null, timedOut: false });
  });

  test("with stderr kept apart, each chunk is tagged with its stream", async () => {
    // Two channels: which one is read first when both have data depends on the scheduler (a loaded machine lets
    // writes pile up), so only each line's tag and each stream's own order are asserted, never the interleaving.
    const { outcome, output } = await runToEnd(spec(fixture("emit-alternating.mjs"), ["10", "24", "20"], { stderr: "separate" }));
    const tagged = output.chunks.flatMap(({ stream, bytes }) => bytes.toString().split(/(?<=\n)/).map((text) => ({ stream, text })));
    const expected = alternatingChunks(10, 24);
    for (const name of ["stdout", "stderr"] as const) {
      expect(tagged.filter((line) => line.stream === name)).toEqual(expected.filter((line) => line.stream === name));
    }
    expect(outcome).toMatchObject({ exitCode: 0, signal: null, timedOut: false });
  });

  test("a large output arrives whole, each stream in its own order", async () => {
    const { output } = await runToEnd(spec(fixture("emit-alternating.mjs"), ["2000", "1000", "0"], { stderr: "separate" }));
    const expected = alternatingChunks(2000, 1000);
    expect(output.bytes().length).toBe(2_000_000);
    expect(output.text("stdout")).toBe(expected.filter((chunk) => chunk.stream === "stdout").map((chunk) => chunk.text).join(""));
    expect(output.text("stderr")).toBe(expected.filter((chunk) => chunk.stream === "stderr").map((chunk) => chunk.text).join(""));
  });

  test("invalid UTF-8 and a character split across writes pass through byte for byte", async () => {
    const { output } = await runToEnd(spec(fixture("emit-invalid-utf8")));
    expect(output.bytes()).toEqual(Buffer.from("bad \xff \xe2\x82 \xc3( end\nsplit \xc3\xa9 done\n", "latin1"));
  });

  test("carriage-return redraws are delivered as written (hygiene is the bounder's job)", async () => {
    const { output } = await runToEnd(spec(fixture("progress-bar")));
    const frames = output.text().split("\r");
    expect(frames).toHaveLength(6);
    expect(frames.at(-1)).toBe("[####################] 100%\ndone\n");
  });

  test("a sink that returns promises is called one chunk at a time, in order, and gets everything", async () => {
    let active = 0;
    let mostActive = 0;
    const output = collect(async () => {
      active += 1;
      mostActive = Math.max(mostActive, active);
      await new Promise((resolve) => setTimeout(resolve, 1));
      active -= 1;
    });
    const handle = await startCommand(spec(fixture("emit-alternating.mjs"), ["300", "200", "0"]), output.sink);
    await handle.done;
    expect(mostActive).toBe(1);
    expect(active).toBe(0);
    expect(output.text()).toBe(alternatingChunks(300, 200).map((chunk) => chunk.text).join(""));
  });

  test("a sink that throws stops the command and rejects `done` with its error", async () => {
    const started = Date.now();
    const handle = await startCommand(spec(fixture("sleep-forever")), () => {
      throw new Error("spill failed");
    });
    await expect(handle.done).rejects.toThrow("spill failed");
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("endings", () => {
  test.each([0, 1, 3, 42, 255])("exit code %i is reported as is", async (code) => {
    const { outcome, output } = await runToEnd(spec(fixture("exit-with"), [String(code)]));
    expect({ ...outcome, durationMs: 0 }).toEqual({ exitCode: code, signal: null, timedOut: false, durationMs: 0 });
    expect(output.text()).toBe(`about to exit with ${code}\non stderr\n`);
  });

  test.each(["TERM", "KILL", "HUP", "SEGV"])("death by SIG%s is reported as the signal", async (name) => {
    const { outcome } = await runToEnd(spec(fixture("die-by-signal"), [name]));
    expect(outcome).toMatchObject({ exitCode: null, signal: `SIG${name}`, timedOut: false });
    expect(outcome.interrupted).toBeUndefined();
  });

  test("the duration is measured", async () => {
    const { outcome } = await runToEnd(spec("sleep", ["0.2"]));
    expect(outcome.durationMs).toBeGreaterThanOrEqual(190);
    expect(outcome.durationMs).toBeLessThan(3000);
  });
});

describe("timeout", () => {
  test("the group gets SIGTERM at the timeout; the partial output is kept", async () => {
    const { outcome, output } = await runToEnd(spec(fixture("sleep-forever"), [], { timeoutMs: 300 }));
    expect(outcome).toMatchObject({ exitCode: null, signal: "SIGTERM", timedOut: true });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(2000);
    expect(output.text()).toBe("started\n");
  });

  test("no grandchild outlives the timeout, even one that does not hold the output pipe", async () => {
    const { outcome, output, handle } = await runToEnd(spec(fixture("spawn-grandchild"), [], { timeoutMs: 300 }));
    const grandchild = Number(output.text().trim());
    expect(grandchild).toBeGreaterThan(0);
    expect(grandchild).not.toBe(handle.pid);
    expect(outcome.timedOut).toBe(true);
    expect(isProcessGone(grandchild)).toBe(true);
  });

  test("a command that ignores SIGTERM gets SIGKILL after the grace period", async () => {
    const { outcome, output } = await runToEnd(spec(fixture("trap-term"), [], { timeoutMs: 200, killAfterMs: 400 }));
    expect(outcome).toMatchObject({ exitCode: null, signal: "SIGKILL", timedOut: true });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(590);
    expect(outcome.durationMs).toBeLessThan(3000);
    // dash also reports its `sleep` child, killed by the same SIGTERM, as "Terminated".
    expect(output.text()).toMatch(/^started\n(Terminated\n)?got TERM, ignoring it\n/);
  });

  test("a daemon that left the group (setsid) and holds the pipe is not waited for once the group is gone", async () => {
    // A long kill-after: the run must end as soon as the group is gone, not at the end of the grace period.
    const { outcome, output } = await runToEnd(spec(fixture("spawn-daemon"), [], { timeoutMs: 300, killAfterMs: 60_000 }));
    const daemon = Number(output.text().trim());
    expect(daemon).toBeGreaterThan(0);
    expect(outcome).toMatchObject({ exitCode: null, signal: "SIGTERM", timedOut: true });
    // The run returned while the daemon still held the pipe: it is still alive (then it is stopped here).
    expect(isProcessGone(daemon)).toBe(false);
    process.kill(daemon, "SIGKILL");
  });

  test("a command that ends before its timeout is not marked timed out", async () => {
    const { outcome } = await runToEnd(spec(fixture("exit-with"), ["0"], { timeoutMs: 5000 }));
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false });
  });

  test("a timeout past a timer's 32-bit range is clamped to it, never an overflow that fires at once", async () => {
    const { outcome } = await runToEnd(spec("sleep", ["0.2"], { timeoutMs: 3_000_000_000, killAfterMs: 3_000_000_000 }));
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false });
  });

  test("timeout 0 means none", async () => {
    const { outcome } = await runToEnd(spec("sleep", ["0.1"], { timeoutMs: 0 }));
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false });
  });
});

describe("interrupt and signals", () => {
  /** Starts a fixture and resolves with its handle once its first output arrived. */
  async function startAndWait(name: string, killAfterMs = 2000) {
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const output = collect(() => started());
    const handle = await startCommand(spec(fixture(name), [], { killAfterMs }), output.sink);
    await ready;
    return { handle, output };
  }

  test.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)("interrupt(%s) forwards it to the group and marks the run", async (signal) => {
    const { handle, output } = await startAndWait("sleep-forever");
    handle.interrupt(signal);
    const outcome = await handle.done;
    expect(outcome).toMatchObject({ exitCode: null, signal, timedOut: false, interrupted: signal });
    expect(output.text()).toBe("started\n");
  });

  test("an interrupted command that ignores the signal is killed after the grace period", async () => {
    const { handle } = await startAndWait("trap-term", 300);
    handle.interrupt("SIGTERM");
    const outcome = await handle.done;
    expect(outcome).toMatchObject({ signal: "SIGKILL", interrupted: "SIGTERM", timedOut: false });
  });

  test("a second interrupt kills at once", async () => {
    const { handle } = await startAndWait("trap-term", 60_000);
    handle.interrupt("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    handle.interrupt("SIGINT");
    const outcome = await handle.done;
    expect(outcome).toMatchObject({ signal: "SIGKILL", interrupted: "SIGTERM" });
    expect(outcome.durationMs).toBeLessThan(5000);
  });

  test("signalGroup sends a signal without marking the run interrupted", async () => {
    const { handle } = await startAndWait("sleep-forever");
    handle.signalGroup("SIGTERM");
    const outcome = await handle.done;
    expect(outcome).toMatchObject({ signal: "SIGTERM", timedOut: false });
    expect(outcome.interrupted).toBeUndefined();
  });
});

describe("spawn failures", () => {
  const directory = mkdtempSync(join(tmpdir(), "correx-run-"));
  const notExecutable = join(directory, "not-executable.sh");
  writeFileSync(notExecutable, "#!/bin/sh\necho never\n");
  chmodSync(notExecutable, 0o644);
  const badInterpreter = join(directory, "bad-interpreter");
  writeFileSync(badInterpreter, "#!/no/such/interpreter\n");
  chmodSync(badInterpreter, 0o755);
  // A script saved with Windows line ends: its interpreter is "/bin/sh\r", which does not exist.
  const crlfScript = join(directory, "crlf.sh");
  writeFileSync(crlfScript, "#!/bin/sh\r\necho hi\r\n");
  chmodSync(crlfScript, 0o755);
  const CRLF = "cannot run: its #! line ends in a carriage return (\\r): the script has Windows line ends (convert it: sed -i 's/\\r$//' FILE, or dos2unix)";

  test.each([
    ["correx-no-such-command", { code: "ENOENT", message: "correx-no-such-command: command not found" }],
    ["./no/such/file", { code: "ENOENT", message: "./no/such/file: no such file" }],
    [badInterpreter, { code: "ENOENT", message: `${badInterpreter}: cannot run: its interpreter /no/such/interpreter (the #! line) was not found` }],
    [crlfScript, { code: "ENOENT", message: `${crlfScript}: ${CRLF}` }],
    [notExecutable, { code: "EACCES", message: `${notExecutable}: permission denied (not an executable file)` }],
    [directory, { code: "EACCES", message: `${directory}: is a directory` }],
  ])("%s cannot be started", async (command, spawnError) => {
    const { outcome, handle } = await runToEnd(spec(command));
    expect(handle.pid).toBeUndefined();
    expect({ ...outcome, durationMs: 0 }).toEqual({ exitCode: null, signal: null, timedOut: false, durationMs: 0, spawnError });
  });

  // A real ELF header (node's own) with its machine set to another's, as a release downloaded for the wrong machine:
  // libc's exec ran it through /bin/sh as a script ('1: ELF…: not found', 127); a Mach-O header likewise.
  const foreignElf = join(directory, "foreign-elf");
  const header = readFileSync(process.execPath).subarray(0, 4096);
  header.writeUInt16LE(header.readUInt16LE(18) === 183 ? 62 : 183, 18);
  writeFileSync(foreignElf, header, { mode: 0o755 });
  const foreignName = process.arch === "arm64" ? "x86-64; this machine is arm64 (aarch64)" : "arm64 (aarch64); this machine is x86-64";
  const machO = join(directory, "mach-o");
  writeFileSync(machO, Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x0c, 0x00, 0x00, 0x01]), Buffer.alloc(4088)]), { mode: 0o755 });
  const loop = join(directory, "loop");
  symlinkSync(loop, loop);

  test.runIf(process.platform === "linux" && ["x64", "arm64"].includes(process.arch)).each([
    [foreignElf, { code: "ENOEXEC", message: `${foreignElf}: cannot execute binary file: Exec format error (an ELF executable for ${foreignName})` }],
    [machO, { code: "ENOEXEC", message: `${machO}: cannot execute binary file: Exec format error (a macOS (Mach-O) executable)` }],
    [loop, { code: "ELOOP", message: `${loop}: cannot run: too many levels of symbolic links` }],
  ])("%s is not run (by /bin/sh as a script) and says why, as bash does", async (command, spawnError) => {
    const { outcome, handle } = await runToEnd(spec(command));
    expect(handle.pid).toBeUndefined();
    expect({ ...outcome, durationMs: 0 }).toEqual({ exitCode: null, signal: null, timedOut: false, durationMs: 0, spawnError });
  });

  test("a missing working directory is named, and a file given as one", async () => {
    const { outcome } = await runToEnd(spec("true", [], { cwd: join(directory, "missing") }));
    expect(outcome.spawnError).toEqual({ code: "ENOENT", message: `${join(directory, "missing")}: no such directory (the working directory it was to run in)` });
    const file = await runToEnd(spec("true", [], { cwd: notExecutable }));
    expect(file.outcome.spawnError).toEqual({ code: "ENOTDIR", message: `${notExecutable}: not a directory (the working directory it was to run in)` });
  });

  test("a script given by a path relative to the working directory is looked for there (it was 'no such file')", async () => {
    const { outcome } = await runToEnd(spec("./crlf.sh", [], { cwd: directory }));
    expect(outcome.spawnError).toEqual({ code: "ENOENT", message: `./crlf.sh: ${CRLF}` });
  });
});

describe("options", () => {
  test("--shell runs one string through sh -c, in the cwd, with the added environment", async () => {
    const directory = realpathSync(mkdtempSync(join(tmpdir(), "correx-cwd-")));
    const { outcome, output } = await runToEnd(
      spec('echo "$CORREX_TEST_VALUE" && pwd && echo "$HOME" | wc -l', [], { shell: true, cwd: directory, env: { CORREX_TEST_VALUE: "a b" } }),
    );
    expect(output.text()).toBe(`a b\n${directory}\n1\n`);
    expect(outcome.exitCode).toBe(0);
  });

  test("with --shell, arguments are appended to the command line", async () => {
    const { output } = await runToEnd(spec("echo", ["one", "two;", "echo", "three"], { shell: true }));
    expect(output.text()).toBe("one two\nthree\n");
  });

  test("a shell command that is not found exits 127 from the shell itself", async () => {
    const { outcome, output } = await runToEnd(spec("correx-no-such-command", [], { shell: true }));
    expect(outcome.exitCode).toBe(127);
    expect(outcome.spawnError).toBeUndefined();
    expect(output.text()).toContain("not found");
  });

  test("without --stdin the command reads an empty stdin", async () => {
    const { outcome, output } = await runToEnd(spec("cat"));
    expect(outcome.exitCode).toBe(0);
    expect(output.text()).toBe("");
  });

  test("the command leads its own process group", async () => {
    const { output, handle } = await runToEnd(spec("sh", ["-c", "ps -o pgid= -p $$"]));
    expect(Number(output.text().trim())).toBe(handle.pid);
  });
});
