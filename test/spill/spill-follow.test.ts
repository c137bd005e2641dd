// A spill the worker follows while this thread writes the file through libuv's thread pool (`run`'s way:
// run-command.ts RUN_SPILL): this thread hashes and reads nothing and makes no write call of its own past what the
// pool cannot take; the worker reads back and hashes every byte once, at the nice value asked; the file and its
// sha256 are the data's whatever the pool's pace; a failed pooled write fails the spill. Work counted, not timed.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { RUN_SPILL } from "../../src/cli/run-command.js";
import { openIndexFile } from "../../src/spill/index-file.js";
import { readLineIndex } from "../../src/spill/line-index.js";
import { READ_BACK_BYTES } from "../../src/spill/spill-output.js";
import { SpillSink, type SpillSinkOptions } from "../../src/spill/spill-sink.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A sink over a fresh data file and its index. */
function sinkFor(options: SpillSinkOptions): { sink: SpillSink; dataPath: string } {
  const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-follow-"));
  dirs.push(dir);
  const dataPath = path.join(dir, "out");
  const dataFd = fs.openSync(dataPath, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
  return { sink: new SpillSink({ dataFd, dataPath, indexFd: openIndexFile(dataPath)! }, options), dataPath };
}

const CHUNK = 64 * 1024;
const CHUNKS = 40; // 2.5 MiB: more than the pool's 4 blocks of 256 KiB
const data = Buffer.from(Array.from({ length: (CHUNKS * CHUNK) / 16 }, (_, index) => `line ${String(index).padStart(10)}\n`).join(""));
const sha256 = createHash("sha256").update(data).digest("hex");
/** run's options, with the worker started after 4 chunks and waited for (the hand-over at a known place). */
const FOLLOWED: SpillSinkOptions = { ...RUN_SPILL, threadAfterBytes: 4 * CHUNK, waitForWorker: true };

/** One turn of the event loop: the pool's finished writes call back. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("a spill the worker follows, written through the thread pool", () => {
  test("run's spill: written through the pool here, read back and hashed once by the worker, which writes nothing", () => {
    const { sink, dataPath } = sinkFor(FOLLOWED);
    for (let offset = 0; offset < data.length; offset += CHUNK) expect(sink.write(data.subarray(offset, offset + CHUNK))).toBe(true);
    expect(sink.threaded).toBe(true);
    expect(sink.close()).toBe(sha256);
    // no write call of this thread's own output: its bytes went to the pool (and, blocks all in flight, past it)
    expect(sink.work.here).toEqual({ hashed: 0, readBack: 0, writeCalls: 0, readCalls: 0, indexCopied: 0 });
    expect(sink.work.worker).toMatchObject({ hashed: data.length, readBack: data.length, pooledWrites: 0, threadWrites: 0 });
    expect(fs.readFileSync(dataPath).equals(data)).toBe(true);
    expect(readLineIndex(`${dataPath}.idx`, data.length)?.newlines).toBe(data.length / 16);
  });

  test("the worker reads the file back in steps of READ_BACK_BYTES into the newline counter's memory: the index copies nothing", () => {
    const { sink, dataPath } = sinkFor(FOLLOWED);
    for (let offset = 0; offset < data.length; offset += CHUNK) sink.write(data.subarray(offset, offset + CHUNK));
    expect(sink.close()).toBe(sha256);
    // no event-loop turn: the pool confirmed none of its blocks, so the worker read the hand-over's 4 chunks at most
    // before the end, then the rest whole, a MiB a call (256 KiB a call before: 10 calls at least)
    expect(sink.work.worker?.readBack).toBe(data.length);
    expect(sink.work.worker?.readCalls).toBeLessThanOrEqual(Math.ceil(data.length / READ_BACK_BYTES) + 1);
    expect(sink.work.worker?.indexCopied).toBe(0);
    expect(readLineIndex(`${dataPath}.idx`, data.length)?.newlines).toBe(data.length / 16);
  });

  test("the pool's writes complete as the bytes come (the event loop turns between chunks): the same file and sha256", async () => {
    const { sink, dataPath } = sinkFor(FOLLOWED);
    for (let offset = 0; offset < data.length; offset += CHUNK) {
      expect(sink.write(data.subarray(offset, offset + CHUNK))).toBe(true);
      await turn();
    }
    sink.end();
    await turn();
    expect(sink.close()).toBe(sha256);
    expect(sink.work.worker?.readBack).toBe(data.length);
    expect(fs.readFileSync(dataPath).equals(data)).toBe(true);
  });

  test.skipIf(process.platform !== "linux")("the worker's thread runs at the nice value asked (Linux: /proc), before it is ready", async () => {
    const { sink } = sinkFor(FOLLOWED);
    for (let offset = 0; offset < 5 * CHUNK; offset += CHUNK) sink.write(data.subarray(offset, offset + CHUNK));
    expect(sink.threaded).toBe(true);
    const stat = fs.readFileSync(`/proc/self/task/${sink.workerThread}/stat`, "utf8");
    // the fields after the command's name: state is the 3rd field, nice the 19th
    expect(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])).toBe(RUN_SPILL.workerNice);
    sink.abort();
    await sink.workerExited();
  });

  test("a spill that ends before the worker is ready is finished here, the pool's writes included", () => {
    const { sink, dataPath } = sinkFor({ ...RUN_SPILL, threadAfterBytes: 4 * CHUNK, workerSource: "setInterval(() => {}, 1000)" });
    for (let offset = 0; offset < data.length; offset += CHUNK) sink.write(data.subarray(offset, offset + CHUNK));
    expect(sink.close()).toBe(sha256);
    expect(sink.threaded).toBe(false);
    expect(sink.work.here).toEqual({ hashed: data.length, readBack: data.length, writeCalls: 0, readCalls: Math.ceil(data.length / READ_BACK_BYTES), indexCopied: 0 });
    expect(fs.readFileSync(dataPath).equals(data)).toBe(true);
  });

  test("a full disk (/dev/full): the pool's failed writes fail the spill at its end, and the worker ends", async () => {
    const dataFd = fs.openSync("/dev/full", "w");
    const sink = new SpillSink({ dataFd, dataPath: "/dev/full" }, FOLLOWED);
    let accepted = true;
    for (let offset = 0; offset < data.length && accepted; offset += CHUNK) accepted = sink.write(data.subarray(offset, offset + CHUNK));
    expect(accepted ? sink.close() : undefined).toBeUndefined();
    expect((sink.failure as NodeJS.ErrnoException | undefined)?.code).toBe("ENOSPC");
    await sink.workerExited();
  });
});
