// The spill's writes on the thread pool: the same file whatever the chunks, whenever the pool's writes complete
// (finished with writes still in flight, or after each chunk); the calling thread writes only what the pool could
// not take (work counted, not timed); a failure reaches the caller; nothing written after the end.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { PooledWrites } from "../../src/spill/pooled-writes.js";
import { SpillSink } from "../../src/spill/spill-sink.js";
import { sample } from "./sample-bytes.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-pooled-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** Lets every pending thread-pool callback run (writes to a local file complete within a few turns). */
async function settle(pool: PooledWrites): Promise<void> {
  for (let turn = 0; turn < 1000 && (pool as unknown as { inFlight: number }).inFlight > 0; turn += 1) await new Promise((resolve) => setTimeout(resolve, 1));
}

// The thread pool held up: one blocking open of a FIFO per pool thread, so the pool's writes wait in its queue.
const THREADS = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
const fifos = Array.from({ length: THREADS }, (_, index) => path.join(dir, `fifo-${index}`));
spawnSync("mkfifo", fifos);

/** Occupies every thread of the pool until the returned function lets them go (and waits until they did). */
function holdPool(): () => Promise<void> {
  const readers = fifos.map((fifo) => new Promise<number>((resolve, reject) => fs.open(fifo, "r", (error, fd) => (error ? reject(error) : resolve(fd)))));
  return async () => {
    const writers: number[] = [];
    for (const fifo of fifos) {
      // a writer may open without blocking once the pool's reader is in open(); until then ENXIO
      for (;;) {
        try {
          writers.push(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENXIO") throw error;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      }
    }
    for (const fd of [...(await Promise.all(readers)), ...writers]) fs.closeSync(fd);
  };
}

/** A fresh data file and its descriptor, as the spill writer opens it. */
function freshFile(): { fd: number; file: string } {
  const file = path.join(dir, `data-${(files += 1)}`);
  return { fd: fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600), file };
}

/**
 * Writes `data` in chunks of `sizes` (cycled) through a pool; `waits[i]`: let the pool catch up after chunk i.
 * `held`: the thread pool does nothing until the end (`saved` is then what the calling thread wrote).
 */
async function writeThrough(data: Buffer, sizes: number[], blocks: number, blockBytes: number, waits: boolean[], held = false) {
  const { fd, file } = freshFile();
  const release = held ? holdPool() : undefined;
  const pool = PooledWrites.open(file, fd, blocks, blockBytes)!;
  const reused = Buffer.alloc(Math.max(...sizes));
  for (let offset = 0, turn = 0; offset < data.length; turn += 1) {
    const size = Math.min(sizes[turn % sizes.length]!, data.length - offset);
    // the caller's buffer is reused for every chunk, as the run's read buffer is
    data.copy(reused, 0, offset, offset + size);
    pool.write(fd, reused.subarray(0, size), offset);
    offset += size;
    if (waits[turn % waits.length]) await settle(pool);
  }
  pool.finish(fd);
  fs.closeSync(fd);
  const saved = fs.readFileSync(file);
  await release?.();
  await settle(pool);
  const settled = fs.readFileSync(file);
  fs.rmSync(file);
  return { saved, settled, pool };
}

describe("pooled writes", () => {
  test("the file is whole when finish returns, whatever the chunks and whenever the writes complete", async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 20_000 }), fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 5 }),
      fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 2048 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }), fc.boolean(),
      async (seed, size, sizes, blocks, blockBytes, waits, held) => {
        const data = sample(seed, size);
        const { saved, settled, pool } = await writeThrough(data, sizes, blocks, blockBytes, held ? [false] : waits, held);
        expect(saved.equals(data)).toBe(true);
        // writes still in flight at the end land later: the same bytes at the same offsets
        expect(settled.equals(data)).toBe(true);
        expect(pool.syncBytes + pool.pooledBytes).toBeGreaterThanOrEqual(size);
      },
    ), { numRuns: 60 });
  });

  test("when the pool keeps up, the calling thread writes only the last partial block", async () => {
    const data = sample(7, 1_000_000);
    const { saved, pool } = await writeThrough(data, [65_536], 4, 262_144, [true]);
    // (1,000,000 bytes: three full blocks of 262,144 to the pool, the rest at the end)
    expect(saved.equals(data)).toBe(true);
    expect(pool.syncBytes).toBe(1_000_000 % 262_144);
    expect(pool.pooledBytes).toBe(1_000_000 - (1_000_000 % 262_144));
  });

  test("with every block in flight, the rest is written on the calling thread at once (no copy held)", async () => {
    const data = sample(8, 100_000);
    const { saved, settled, pool } = await writeThrough(data, [100_000], 2, 10_000, [false], true);
    expect(saved.equals(data)).toBe(true);
    expect(settled.equals(data)).toBe(true);
    expect(pool.pooledBytes).toBe(20_000);
    // the 80,000 bytes past the two blocks, then the two blocks again at the end (their writes still queued)
    expect(pool.syncBytes).toBe(100_000);
  });

  test("one write in flight at a time (writes to one file take its inode's lock in turn); the blocks queued behind it go in one call; `confirmed` stops at the first byte not known written", async () => {
    const { fd, file } = freshFile();
    const release = holdPool();
    const pool = PooledWrites.open(file, fd, 8, 1000)!;
    const data = sample(11, 5_500);
    pool.write(fd, data, 0);
    const state = pool as unknown as { inFlight: number; queued: unknown[] };
    // five full blocks: one handed to the pool (held), four queued behind it; the last 500 bytes held
    expect([state.inFlight, state.queued.length, pool.pooledBytes, pool.confirmed]).toEqual([1, 4, 5_000, 0]);
    await release();
    await settle(pool);
    // the four queued blocks in one call once the first was written; the held 500 bytes are not written yet
    expect([state.inFlight, state.queued.length, pool.calls, pool.confirmed]).toEqual([0, 0, 2, 5_000]);
    pool.finish(fd);
    expect(pool.confirmed).toBe(5_500);
    expect(pool.syncBytes).toBe(500);
    expect(fs.readFileSync(file).equals(data)).toBe(true);
    fs.closeSync(fd);
    fs.rmSync(file);
  });

  test("a write error of the pool (ENOSPC from /dev/full) is thrown by finish, or by a later write", async () => {
    const fd = fs.openSync("/dev/full", "w");
    const pool = PooledWrites.open("/dev/full", fd, 2, 4096)!;
    const chunk = Buffer.alloc(4096, 0x61);
    let thrown: unknown;
    try {
      for (let turn = 0; turn < 4; turn += 1) {
        pool.write(fd, chunk, turn * 4096);
        await settle(pool);
      }
      pool.finish(fd);
    } catch (error) {
      thrown = error;
    } finally {
      fs.closeSync(fd);
    }
    expect((thrown as NodeJS.ErrnoException | undefined)?.code).toBe("ENOSPC");
  });

  test("a spill sink with pooled writes on the calling thread saves the same bytes and sha256", () => {
    const data = sample(9, 3_000_000);
    const { fd, file } = freshFile();
    const sink = new SpillSink({ dataFd: fd, dataPath: file }, { thread: false, pooledWrites: true });
    for (let offset = 0; offset < data.length; offset += 200_000) expect(sink.write(data.subarray(offset, offset + 200_000))).toBe(true);
    expect(sink.threaded).toBe(false);
    expect(sink.close()).toBe(createHash("sha256").update(data).digest("hex"));
    expect(fs.readFileSync(file).equals(data)).toBe(true);
    fs.rmSync(file);
  });

  test("a path that no longer names the spill's file is not opened for the pool (the calling thread writes)", () => {
    const { fd, file } = freshFile();
    const other = `${file}-other`;
    fs.writeFileSync(other, "");
    fs.renameSync(other, file);
    expect(PooledWrites.open(file, fd)).toBeUndefined();
    fs.closeSync(fd);
    fs.rmSync(file);
  });

  test("a spill sink with pooled writes on a full disk (/dev/full) fails and says why", () => {
    const fd = fs.openSync("/dev/full", "w");
    const sink = new SpillSink({ dataFd: fd, dataPath: "/dev/full" }, { thread: false, pooledWrites: true });
    const chunk = Buffer.alloc(200_000, 0x62);
    let accepted = true;
    for (let turn = 0; turn < 12 && accepted; turn += 1) accepted = sink.write(chunk);
    // the blocks' writes fail on the pool; past them the calling thread writes and meets ENOSPC (or close does)
    const digest = accepted ? sink.close() : undefined;
    expect(digest).toBeUndefined();
    expect((sink.failure as NodeJS.ErrnoException | undefined)?.code).toBe("ENOSPC");
  });

  test("a spill sink that may hand over to a worker never pools its writes (the worker writes at the file's offset)", () => {
    const { fd, file } = freshFile();
    const sink = new SpillSink({ dataFd: fd, dataPath: file }, { pooledWrites: true, threadAfterBytes: Number.MAX_SAFE_INTEGER });
    const data = sample(10, 600_000);
    sink.write(data);
    // written on this thread at once: the file's offset moved with it
    expect(fs.fstatSync(fd).size).toBe(600_000);
    expect(sink.close()).toBe(createHash("sha256").update(data).digest("hex"));
    fs.rmSync(file);
  });
});
