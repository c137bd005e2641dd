// Ctrl-C, SIGTERM and SIGHUP on `correx bound` while it waits for more input, end to end: the built binary gets
// real signals once what it read is observably saved (its spill file holds every byte written to it), never after
// a sleep. What it had read is bounded, saved with a record that says it was interrupted, and written with a note.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX, runCli } from "./cli-process.js";

const root = fs.mkdtempSync(join(tmpdir(), "correx-interrupt-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Over the 1 MiB a session holds in memory: the spill file is written while the input is read. */
const INPUT = Buffer.from(Array.from({ length: 300_000 }, (_, index) => `line ${index + 1}\n`).join(""));
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** A running `correx bound` and what it printed so far. */
interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `correx bound` on a stdin that stays open: a FIFO (as a shell pipe gives) or Node's socket pair. Writes
 * `input` to it and never ends it, as a producer that is still running.
 */
function startBound(store: string, stdin: "fifo" | "socket", input: Buffer, args: string[] = [], readStdout = true): Running {
  let fifoFd: number | undefined;
  if (stdin === "fifo") {
    const fifo = join(fs.mkdtempSync(join(root, "fifo-")), "pipe");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    fifoFd = fs.openSync(fifo, fs.constants.O_RDWR); // a writer that never closes: correx sees no end
  }
  const child = spawn(process.execPath, [CORREX, "bound", "--spill-dir", store, ...args], {
    stdio: [fifoFd ?? "pipe", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  let stdout = "";
  let stderr = "";
  if (readStdout) child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  if (fifoFd !== undefined) {
    const fd = fifoFd;
    fs.write(fd, input, () => undefined); // on the thread pool: the FIFO takes it as correx reads
    void exited.then(() => fs.closeSync(fd));
  } else child.stdin!.write(input);
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Waits until `ready()` holds, failing if the process exits first (polls what it observably did). */
async function until(running: Running, ready: () => boolean, what: string): Promise<void> {
  let gone = false;
  void running.exited.then(() => (gone = true));
  while (!ready()) {
    if (gone) throw new Error(`correx exited before ${what}: ${running.stderr()}`);
    await delay(20);
  }
}

/** The one data file in a store (an id, no extension) and its size, if there is one yet. */
function spillFile(store: string): { id: string; size: number } | undefined {
  const names = fs.existsSync(store) ? fs.readdirSync(store).filter((name) => /^tool_\w+$/.test(name)) : [];
  return names.length === 1 ? { id: names[0]!, size: fs.statSync(join(store, names[0]!)).size } : undefined;
}

describe("a stop signal while bound waits for input", () => {
  for (const [signal, stdin] of [["SIGINT", "fifo"], ["SIGTERM", "socket"], ["SIGHUP", "fifo"]] as const) {
    test(`${signal} on a ${stdin}: what was read is bounded, saved with a record that says so, and correx exits ${EXIT_CODES[signal]}`, async () => {
      const store = join(root, `store-${signal}`);
      const running = startBound(store, stdin, INPUT);
      await until(running, () => spillFile(store)?.size === INPUT.length, "reading all of its input");
      running.child.kill(signal);
      const { code } = await running.exited;
      expect(code).toBe(EXIT_CODES[signal]);
      const { id } = spillFile(store)!;
      const note = `[note: input interrupted by ${signal} after ${INPUT.length} bytes: this is what had arrived; the rest was never read]`;
      expect(running.stdout()).toMatch(/^line 1\n/);
      expect(running.stdout()).toContain(`line 300000\n${note}\n`);
      expect(running.stdout()).toContain(`correx read ${id}`);
      expect(running.stderr()).toContain(`correx: warning: interrupted by ${signal}: bounded the ${INPUT.length} bytes read by then`);
      const record = JSON.parse(fs.readFileSync(join(store, `${id}.json`), "utf8"));
      expect(record).toMatchObject({ id, size: INPUT.length, lines: 300_000, interrupted: signal });
      expect(record.sha256).toBe(createHash("sha256").update(INPUT).digest("hex"));
      expect(fs.readFileSync(join(store, id)).equals(INPUT)).toBe(true);
    });
  }

  test("--format json says it in meta: interrupted, the signal and the note", async () => {
    const store = join(root, "store-json");
    const running = startBound(store, "fifo", INPUT, ["--format", "json"]);
    await until(running, () => spillFile(store)?.size === INPUT.length, "reading all of its input");
    running.child.kill("SIGINT");
    expect((await running.exited).code).toBe(130);
    const payload = JSON.parse(running.stdout());
    expect(payload.meta).toMatchObject({ truncated: true, total_bytes: INPUT.length, interrupted: true, interrupt_signal: "SIGINT" });
    expect(payload.meta.notes).toEqual([`input interrupted by SIGINT after ${INPUT.length} bytes: this is what had arrived; the rest was never read`]);
    expect(Buffer.byteLength(running.stdout())).toBeLessThanOrEqual(51200);
  });

  test("a second signal ends correx at once, even while it writes what it had", async () => {
    const store = join(root, "store-twice");
    // Nothing reads its stdout: writing the whole input back (the budget holds it) blocks after the first signal.
    const running = startBound(store, "fifo", INPUT, ["--max-bytes", "8MiB", "--max-lines", "1000000"], false);
    await until(running, () => spillFile(store)?.size === INPUT.length, "reading all of its input");
    running.child.kill("SIGINT");
    await until(running, () => running.stderr().includes("interrupted by SIGINT"), "saying it was interrupted");
    running.child.kill("SIGINT");
    expect(await running.exited).toEqual({ code: null, signal: "SIGINT" });
  });
});

test("Node's stdin pipe (a socket pair), 20 MiB: saved byte for byte across the reader's waits and its turns of the event loop", () => {
  const store = join(root, "store-socket");
  const input = Buffer.concat(Array.from({ length: 6 }, () => INPUT)).subarray(0, 20 * 1024 * 1024);
  const run = runCli(["bound", "--spill-dir", store, "--max-output", "2GiB"], input);
  expect(run.code).toBe(0);
  const { id, size } = spillFile(store)!;
  expect(size).toBe(input.length);
  expect(fs.readFileSync(join(store, id)).equals(input)).toBe(true);
});

test("normalize --from mcp cut short by SIGINT: the signal is named as why the JSON is not whole, nothing written, 130", async () => {
  const { code, stdout, stderr } = await normalizeInterrupted(["--from", "mcp", "--spill-dir", join(root, "store-forced")]);
  expect(code).toBe(130);
  expect(stdout).toBe("");
  // before: "correx: malformed JSON at line 1, column 2097153: unterminated string (at byte 2097152)", as if the input were
  expect(stderr).toMatch(/^correx: interrupted by SIGINT after \d+ bytes of input, which cannot be read as the shape asked for \(malformed JSON at line 1, column \d+: unterminated string \(at byte \d+\)\); nothing was written\n$/);
});

test("normalize (auto) of JSON cut short by SIGINT: read as text with one warning, the interruption, not 'malformed JSON', 130", async () => {
  const { code, stdout, stderr } = await normalizeInterrupted(["--spill-dir", join(root, "store-auto")]);
  expect(code).toBe(130);
  // before: "correx: warning: malformed JSON at line 1, column 2097153: unterminated string: read as text" first
  expect(stderr).toMatch(/^correx: warning: interrupted by SIGINT: bounded the \d+ bytes read by then\n$/);
  expect(JSON.parse(stdout)).toMatchObject({ ok: true, meta: { source_shape: "text", interrupted: true, interrupt_signal: "SIGINT" } });
});

/**
 * `correx normalize ARGS` given the first 2 MiB of an MCP result cut inside its text, then SIGINT: once the pipe has
 * taken them, correx reads (its stop watch is on) and waits for the rest.
 */
async function normalizeInterrupted(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CORREX, "normalize", ...args], { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // "close", not "exit": the code once its stdout and stderr have been read to their end
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const text = JSON.stringify({ content: [{ type: "text", text: INPUT.toString() }] });
  await new Promise<void>((resolve, reject) => child.stdin!.write(text.slice(0, 2 * 1024 * 1024), (error) => (error ? reject(error) : resolve())));
  child.kill("SIGINT");
  return { code: await exited, stdout, stderr };
}
