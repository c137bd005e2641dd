// `correx run`'s streaming work counted, not timed (issue 16): a probe preloaded into the binary (and into the spill
// worker) counts the command's output read (chunks, bytes), the bytes JavaScript copies (Buffer.from/concat), the
// bytes hashed, the spill's data bytes written and read back, the spill workers started, and the order of the worker's exit, the
// spill's record and the output written. Output of recorded fixtures, repeated.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX } from "../cli/cli-process.js";

const MiB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-run-work-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const probe = path.join(dir, "probe.cjs");
fs.writeFileSync(probe, `
const fs = require("node:fs");
const net = require("node:net");
const threads = require("node:worker_threads");
const counts = { thread: threads.isMainThread ? "main" : "worker", chunks: 0, sniffedBytes: 0, heldBeforeSniff: 0, readBytes: 0, copiedBytes: 0, blockCopiedBytes: 0, blockReadBytes: 0, countCopiedBytes: 0, hashedBytes: 0, dataSyncBytes: 0, dataPooledBytes: 0, dataReadBytes: 0, workers: 0, events: [] };
// the pooled writes' blocks, and the bytes copied into them: their memory is the only Buffer.allocUnsafeSlow of the
// bundle, or the newline counter's room (a view of its WebAssembly memory from 17 pages on; the window before it is
// not the blocks'); each memory's buffer with where the blocks start in it
const blocks = new WeakMap();
const inBlocks = (view, offset = 0) => blocks.has(view.buffer) && view.byteOffset + offset >= blocks.get(view.buffer);
const allocUnsafeSlow = Buffer.allocUnsafeSlow;
Buffer.allocUnsafeSlow = function (size) { const block = allocUnsafeSlow.call(this, size); blocks.set(block.buffer, 0); return block; };
const typedArray = Object.getPrototypeOf(Uint8Array.prototype);
const set = typedArray.set;
// the newline counter's memory (its instance exports "count"): bytes copied into its window to be counted there
let counter;
const Instance = WebAssembly.Instance;
WebAssembly.Instance = function (...args) { const instance = new Instance(...args); if (instance.exports.count) counter = instance.exports.memory.buffer; return instance; };
typedArray.set = function (source, offset) {
  if (inBlocks(this, offset)) counts.blockCopiedBytes += source.length;
  else if (this.buffer === counter) counts.countCopiedBytes += source.length;
  return set.call(this, source, offset);
};
const Worker = threads.Worker;
threads.Worker = class extends Worker {
  constructor(...args) { super(...args); counts.workers += 1; this.once("exit", () => counts.events.push("worker exit")); }
};
const from = Buffer.from;
Buffer.from = function (value, ...rest) {
  const copy = from.call(this, value, ...rest);
  if (value instanceof ArrayBuffer && rest[0] === 17 * 65536) blocks.set(value, rest[0]); // the room: a view, no copy
  else if (typeof value !== "string") counts.copiedBytes += copy.length;
  return copy;
};
const concat = Buffer.concat;
Buffer.concat = function (list, total) { const copy = concat.call(this, list, total); if (counts.sniffedBytes === 0) { counts.sniffedBytes = copy.length; counts.heldBeforeSniff = counts.copiedBytes; } counts.copiedBytes += copy.length; return copy; };
const connect = net.connect;
net.connect = function (options, ...rest) {
  if (options && options.onread && typeof options.onread.callback === "function") {
    const callback = options.onread.callback;
    options = { ...options, onread: { ...options.onread, callback(count, bytes) { counts.chunks += 1; counts.readBytes += count; if (inBlocks(bytes)) counts.blockReadBytes += count; return callback(count, bytes); } } };
  }
  return connect.call(this, options, ...rest);
};
const crypto = require("node:crypto");
const update = crypto.Hash.prototype.update;
crypto.Hash.prototype.update = function (data, ...rest) { counts.hashedBytes += data.length; return update.call(this, data, ...rest); };
// PROBE_LINGER_MS: a worker whose thread stays that long once it has hashed the spill (its counts said then: the
// process may end first)
const digest = crypto.Hash.prototype.digest;
crypto.Hash.prototype.digest = function (...args) {
  const hex = digest.apply(this, args);
  if (!threads.isMainThread && process.env.PROBE_LINGER_MS) { say(); setTimeout(() => undefined, Number(process.env.PROBE_LINGER_MS)); }
  return hex;
};
const store = process.env.PROBE_STORE;
const isData = (fd) => { try { const target = fs.readlinkSync("/proc/self/fd/" + fd); return target.startsWith(store + "/") && !/[.][a-z]+$/.test(target); } catch { return false; } };
const writeSync = fs.writeSync;
fs.writeSync = function (fd, buffer, offset, length, ...rest) { const written = writeSync.call(this, fd, buffer, offset, length, ...rest); if (isData(fd)) counts.dataSyncBytes += written; if (fd === 1 && !counts.events.includes("output")) counts.events.push("output"); return written; };
const write = fs.write;
fs.write = function (fd, buffer, offset, length, ...rest) { if (isData(fd)) counts.dataPooledBytes += length; return write.call(this, fd, buffer, offset, length, ...rest); };
const writev = fs.writev;
fs.writev = function (fd, buffers, ...rest) { if (isData(fd)) counts.dataPooledBytes += buffers.reduce((sum, buffer) => sum + buffer.length, 0); return writev.call(this, fd, buffers, ...rest); };
const readSync = fs.readSync;
fs.readSync = function (fd, ...rest) { const read = readSync.call(this, fd, ...rest); if (isData(fd)) counts.dataReadBytes += read; return read; };
const renameSync = fs.renameSync;
fs.renameSync = function (from, to) { if (String(to).startsWith(store + "/")) counts.events.push("record"); return renameSync.call(this, from, to); };
let said = false;
const say = () => { if (!said) writeSync(2, "PROBE " + JSON.stringify(counts) + "\\n"); said = true; };
process.on("exit", say);
`);

/** `size` bytes of the recorded outputs of test/fixtures/salience, repeated. */
function recordedOutput(size: number): string {
  const fixtures = path.join(path.dirname(CORREX), "..", "test", "fixtures", "salience");
  const recorded = Buffer.concat(fs.readdirSync(fixtures).filter((name) => name.endsWith(".txt")).sort().map((name) => fs.readFileSync(path.join(fixtures, name))));
  const file = path.join(dir, `output-${size}`);
  const descriptor = fs.openSync(file, "w");
  for (let written = 0; written < size; written += recorded.length) fs.writeSync(descriptor, recorded, 0, Math.min(recorded.length, size - written));
  fs.closeSync(descriptor);
  return file;
}

interface Counts {
  thread: "main" | "worker";
  chunks: number;
  /**
   * The first Buffer.concat's length: the head the session sniffs (session.ts copies each chunk until it holds 8 KiB,
   * then joins them with the chunk that completes it; a first chunk of 8 KiB or more is neither copied nor joined, and
   * the first join is then another's, a line's pieces). Its chunks are what run's read loop gathered (read-gather.ts),
   * which may be more than the reads that hold the first 8 KiB: one read of 4 KiB and the next 220 KiB, gathered, are one chunk.
   */
  sniffedBytes: number;
  /** The bytes copied before that first join (the pieces the sniff held, copied each: session.ts). */
  heldBeforeSniff: number;
  readBytes: number;
  copiedBytes: number;
  /** Bytes copied into the pooled writes' blocks (spill/pooled-writes.ts). */
  blockCopiedBytes: number;
  /** Bytes of the command's output read straight into those blocks. */
  blockReadBytes: number;
  /** Bytes copied into the newline counter's window to be counted (text/newline-count.ts). */
  countCopiedBytes: number;
  hashedBytes: number;
  dataSyncBytes: number;
  dataPooledBytes: number;
  /** Bytes read back from the spill's data file. */
  dataReadBytes: number;
  /** Spill workers started. */
  workers: number;
  /** In order: "worker exit" when a spill worker's thread is gone, "record" when the spill's record is written, "output" when run writes its result. */
  events: string[];
}

/** `correx run --for model FLAGS -- cat FILE` (or COMMAND) under the probe: what it counted on the main thread, and on any workers. */
function countedByThread(file: string, flags: string[], command = ["cat", file], env: Record<string, string> = {}): Counts[] {
  const store = path.join(dir, `store-${Math.random().toString(36).slice(2)}`);
  const result = spawnSync(process.execPath, ["-r", probe, CORREX, "run", "--for", "model", "--spill-dir", store, ...flags, "--", ...command], {
    encoding: "utf8", env: { ...process.env, ...env, PROBE_STORE: store }, maxBuffer: 16 * MiB,
  });
  expect(result.status, result.stderr).toBe(0);
  const lines = [...result.stderr.matchAll(/^PROBE (.*)$/gm)].map((line) => JSON.parse(line[1]!) as Counts);
  if (lines.filter((line) => line.thread === "main").length !== 1) throw new Error(`no probe line: ${result.stderr}`);
  return lines;
}

/** What the probe counted on run's thread for `correx run … -- COMMAND` (default: `cat FILE`). */
function onMainThread(file: string, flags: string[], command?: string[]): Counts {
  return countedByThread(file, flags, command).find((line) => line.thread === "main")!;
}

describe.skipIf(process.platform !== "linux")("run's work, counted", () => {
  // The second: a first read of 3,000 bytes, then the rest in reads gathered into chunks (how `cat` arrives on a
  // loaded machine): the sniffed head is then more than the reads that hold its first 8 KiB.
  test.each([
    ["cat", (file: string) => ["cat", file]],
    ["3,000 bytes first", (file: string) => ["sh", "-c", `head -c 3000 '${file}'; sleep 0.2; tail -c +3001 '${file}'`]],
  ])("the bytes JavaScript copies do not grow with the output (no copy per chunk read): %s", (_name, command) => {
    const [smallFile, largeFile] = [recordedOutput(12 * MiB), recordedOutput(24 * MiB)];
    const small = onMainThread(smallFile, ["--no-spill", "--salience", "off"], command(smallFile));
    const large = onMainThread(largeFile, ["--no-spill", "--salience", "off"], command(largeFile));
    expect(small.readBytes).toBe(12 * MiB);
    expect(large.readBytes).toBe(24 * MiB);
    // reads of at least 4 KiB on average (one reused buffer of 256 KiB: the kernel hands over what it holds)
    expect(large.chunks).toBeLessThan(24 * MiB / 4096);
    // the same head, the same tail ring: 12 MiB more output (dozens of reads) copies next to nothing more (the
    // pieces held until the first 8 KiB are copied, then joined with the chunk that completes them, however long);
    // the live status line's totals copied 4 KiB of every read even with no terminal to draw them on
    const beyondFirstRead = (counts: Counts): number => counts.copiedBytes - counts.heldBeforeSniff - counts.sniffedBytes;
    expect(Math.abs(beyondFirstRead(large) - beyondFirstRead(small))).toBeLessThan(16 * 1024);
  });

  test("spilling all of it: on the spill worker, each byte written and hashed once; the last step does not wait for the worker's thread to end", () => {
    const size = 24 * MiB;
    // a worker that stays 5 s once it has hashed the spill: the old `run` waited for its thread to be gone before
    // the bounding's last step; now that step (and the output) is made meanwhile, as `bound` makes it
    const lines = countedByThread(recordedOutput(size), ["--max-output", "1GiB"], undefined, { PROBE_LINGER_MS: "5000" });
    const main = lines.find((line) => line.thread === "main")!;
    // one worker past the first 8 MiB (spill-sink.ts); whether it was ready before the end decides which thread
    // hashed what, never how much
    expect(main.workers).toBe(1);
    expect(sum(lines, "hashedBytes")).toBe(size);
    // run's thread writes the whole file, on the thread pool (what the pool had not confirmed at the end is written
    // again, 4 blocks at most: 1 MiB); the worker writes nothing: it follows the file, read back (the old worker
    // took the file over and wrote from its ring)
    expect(main.dataSyncBytes + main.dataPooledBytes).toBeGreaterThanOrEqual(size);
    expect(main.dataSyncBytes + main.dataPooledBytes).toBeLessThanOrEqual(size + MiB);
    expect(main.dataPooledBytes).toBeGreaterThan(0);
    for (const worker of lines.filter((line) => line.thread === "worker")) expect(worker.dataSyncBytes + worker.dataPooledBytes).toBe(0);
    // every byte read back once, by the worker or (not ready before the end) by run's thread
    expect(sum(lines, "dataReadBytes")).toBe(size);
    // the record still waits for the worker's hash (it holds the sha256), not for its thread; a worker not ready
    // when the input ended (a loaded machine) was stopped then and may be seen gone after the output
    expect(main.events.slice(0, 2)).toEqual(["record", "output"]);
  });

  test("spilling all of it: the command's output is read straight into the spill's blocks, not copied into them", () => {
    const size = 24 * MiB;
    const main = onMainThread(recordedOutput(size), ["--max-output", "1GiB"]);
    expect(main.dataSyncBytes + main.dataPooledBytes).toBeGreaterThanOrEqual(size);
    // reads go into the block being filled whenever one is free (old main read every byte into its own buffer and
    // copied what the pool wrote into a block); what the pool writes was read there or copied, and only bytes read
    // elsewhere are copied (the first MiB, held before the spill's file is opened; reads made while no block was
    // free, one freed by the time they were delivered). How many of each depends on when the pool's writes end.
    expect(main.blockReadBytes).toBeGreaterThan(0);
    expect(main.blockReadBytes + main.blockCopiedBytes).toBeGreaterThanOrEqual(main.dataPooledBytes);
    expect(main.blockCopiedBytes).toBeLessThanOrEqual(size - main.blockReadBytes);
  });

  test("spilling within the default cap: the line index counts the output where it was read (the spill's blocks), not copied to be counted", () => {
    const size = 24 * MiB;
    const main = onMainThread(recordedOutput(size), []);
    expect(main.hashedBytes).toBe(size);
    expect(main.blockReadBytes).toBeGreaterThan(0);
    // the blocks are the counter's room: only what was read elsewhere is copied to be counted (the read that opened
    // the spill, reads made while no block was free), and the tail ring's MiB at the end; every byte was, before
    expect(main.countCopiedBytes).toBeLessThanOrEqual(size - main.blockReadBytes + 2 * MiB);
  });

  test("stderr kept apart, both streams past 8 MiB: one spill worker, not two (stderr saves on run's thread)", () => {
    const size = 12 * MiB;
    const file = recordedOutput(size);
    const lines = countedByThread(file, ["--stderr", "separate", "--max-output", "1GiB"], ["sh", "-c", `cat '${file}'; cat '${file}' >&2`]);
    const main = lines.find((line) => line.thread === "main")!;
    expect(main.workers).toBe(1);
    expect(sum(lines, "hashedBytes")).toBe(2 * size);
    // both spills' pooled writes: what the pool has not confirmed at the end is written again (at most 4 blocks, 1 MiB)
    expect(sum(lines, "dataSyncBytes") + sum(lines, "dataPooledBytes")).toBeGreaterThanOrEqual(2 * size);
    expect(sum(lines, "dataSyncBytes") + sum(lines, "dataPooledBytes")).toBeLessThanOrEqual(2 * size + 2 * MiB);
  });

});

/** A count summed over the threads. */
function sum(lines: Counts[], key: "hashedBytes" | "dataSyncBytes" | "dataPooledBytes" | "dataReadBytes"): number {
  return lines.reduce((total, line) => total + line[key], 0);
}
