// The work a spill costs, counted (never timed): every byte is hashed once, by one thread; the thread that reads
// the input only writes while a worker may take over (one write call per chunk), and a spill that is dropped
// before a worker took it is never hashed at all.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openIndexFile } from "../../src/spill/index-file.js";
import { READ_BACK_BYTES } from "../../src/spill/spill-output.js";
import { SpillSink, type SpillSinkOptions } from "../../src/spill/spill-sink.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A sink over a fresh data file and its index. */
function sinkFor(options: SpillSinkOptions): { sink: SpillSink; dataPath: string } {
  const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-work-"));
  dirs.push(dir);
  const dataPath = path.join(dir, "out");
  const dataFd = fs.openSync(dataPath, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
  const indexFd = openIndexFile(dataPath)!;
  return { sink: new SpillSink({ dataFd, dataPath, indexFd }, options), dataPath };
}

const CHUNK = 64 * 1024; // under WRITE_BYTES: one write call per chunk
const CHUNKS = 24;
const data = Buffer.from(Array.from({ length: CHUNKS * CHUNK / 16 }, (_, index) => `line ${String(index).padStart(10)}\n`).join(""));
const sha256 = createHash("sha256").update(data).digest("hex");

/** Writes `data` in CHUNK-sized pieces. */
function feed(sink: SpillSink): void {
  for (let offset = 0; offset < data.length; offset += CHUNK) expect(sink.write(data.subarray(offset, offset + CHUNK))).toBe(true);
}

describe("the work of a spill", () => {
  test("through the worker: this thread hashes nothing and writes once per chunk before the hand-over; the worker hashes every byte once and hands its writes to the thread pool", () => {
    const { sink, dataPath } = sinkFor({ threadAfterBytes: 4 * CHUNK, waitForWorker: true });
    feed(sink);
    expect(sink.threaded).toBe(true);
    expect(sink.close()).toBe(sha256);
    const { here, worker } = sink.work;
    expect(here).toEqual({ hashed: 0, readBack: 0, writeCalls: 4, readCalls: 0, indexCopied: 0 });
    expect(worker?.hashed).toBe(data.length);
    // the worker's writes go to libuv's thread pool, in pieces that gather chunks (never more calls than chunks)
    expect(worker?.threadWrites).toBe(0);
    expect(worker?.pooledWrites).toBeGreaterThanOrEqual(1);
    expect(worker?.pooledWrites).toBeLessThanOrEqual(CHUNKS - 4);
    // what this thread wrote is read back; so is what the worker wrote while the hash was behind or the ring full
    expect(worker?.readBack).toBeGreaterThanOrEqual(4 * CHUNK);
    expect(worker?.readBack).toBeLessThanOrEqual(data.length);
    expect(fs.readFileSync(dataPath).equals(data)).toBe(true);
  });

  test("a spill known to pass the threshold (a regular file's size) starts its worker with the first write: one write here, one chunk read back", () => {
    const { sink, dataPath } = sinkFor({ threadAfterBytes: 4 * CHUNK, expectBytes: data.length, waitForWorker: true });
    feed(sink);
    expect(sink.close()).toBe(sha256);
    expect(sink.work.here).toEqual({ hashed: 0, readBack: 0, writeCalls: 1, readCalls: 0, indexCopied: 0 });
    expect(sink.work.worker).toMatchObject({ hashed: data.length, threadWrites: 0 });
    expect(sink.work.worker?.readBack).toBeGreaterThanOrEqual(CHUNK);
    expect(fs.readFileSync(dataPath).equals(data)).toBe(true);
  });

  test("a spill known to be very big: this thread writes it all, once per chunk, and the worker hashes every byte once, read back", () => {
    const { sink, dataPath } = sinkFor({ threadAfterBytes: 4 * CHUNK, expectBytes: data.length, followFromBytes: data.length, waitForWorker: true });
    feed(sink);
    expect(sink.threaded).toBe(true);
    expect(sink.close()).toBe(sha256);
    expect(sink.work.here).toEqual({ hashed: 0, readBack: 0, writeCalls: CHUNKS, readCalls: 0, indexCopied: 0 });
    // read back as far as this thread got, up to READ_BACK_BYTES a call, and counted for the index where it was read
    expect(sink.work.worker).toMatchObject({ hashed: data.length, readBack: data.length, pooledWrites: 0, threadWrites: 0, indexCopied: 0 });
    expect(sink.work.worker?.readCalls).toBeGreaterThanOrEqual(Math.ceil(data.length / READ_BACK_BYTES));
    expect(sink.work.worker?.readCalls).toBeLessThanOrEqual(CHUNKS);
    expect(fs.readFileSync(dataPath).equals(data)).toBe(true);
  });

  test("a spill known to stay under the threshold keeps its bytes on this thread until it passes it", () => {
    const { sink } = sinkFor({ threadAfterBytes: 4 * CHUNK, expectBytes: 4 * CHUNK - 1, waitForWorker: true });
    feed(sink);
    expect(sink.close()).toBe(sha256);
    expect(sink.work.here.writeCalls).toBe(4);
  });

  test("a worker that never gets ready: the bytes are read back and hashed once, here", () => {
    const { sink } = sinkFor({ threadAfterBytes: 4 * CHUNK, workerSource: "setInterval(() => {}, 1000)" });
    feed(sink);
    expect(sink.close()).toBe(sha256);
    expect(sink.threaded).toBe(false);
    expect(sink.work).toEqual({ here: { hashed: data.length, readBack: data.length, writeCalls: CHUNKS, readCalls: Math.ceil(data.length / READ_BACK_BYTES), indexCopied: 0 }, worker: undefined });
  });

  test("a spill dropped before any worker took it is never hashed", () => {
    const { sink } = sinkFor({ threadAfterBytes: 4 * CHUNK, workerSource: "setInterval(() => {}, 1000)" });
    feed(sink);
    sink.abort();
    expect(sink.work.here).toEqual({ hashed: 0, readBack: 0, writeCalls: CHUNKS, readCalls: 0, indexCopied: 0 });
  });

  test("with no worker (`thread: false`) the bytes are hashed as they are written, never read back", () => {
    const { sink } = sinkFor({ thread: false });
    feed(sink);
    expect(sink.close()).toBe(sha256);
    // the chunks are the caller's: the index copies them into the newline counter's memory to count them
    expect(sink.work.here).toEqual({ hashed: data.length, readBack: 0, writeCalls: CHUNKS, readCalls: 0, indexCopied: data.length });
  });
});
