// Pooled writes whose bytes were read straight into the block being filled (`lend`, as run's socket reads are):
// taken where they lie, not copied (counted: copiedBytes); the same file whatever the reads, the bytes dropped
// after they were read, the reads into the caller's own buffer between them, and whenever the pool's writes
// complete; a room is never a block in flight.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { PooledWrites } from "../../src/spill/pooled-writes.js";
import { sample } from "./sample-bytes.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-pooled-lent-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A fresh data file, its descriptor and a pool on it. */
function freshPool(blocks: number, blockBytes: number): { fd: number; file: string; pool: PooledWrites } {
  const file = path.join(dir, `data-${(files += 1)}`);
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
  return { fd, file, pool: PooledWrites.open(file, fd, blocks, blockBytes)! };
}

/** Lets every pending thread-pool callback run. */
async function settle(pool: PooledWrites): Promise<void> {
  for (let turn = 0; turn < 1000 && (pool as unknown as { inFlight: number }).inFlight > 0; turn += 1) await new Promise((resolve) => setTimeout(resolve, 1));
}

/** One read of the simulated reader: how many bytes, whether it reads into a lent room, what it drops after, whether the pool catches up. */
interface Read {
  size: number;
  lent: boolean;
  /** Bytes read that are not given to the pool (a cap, a failure): the next read reads them again. */
  dropped: number;
  /** The next read goes on in the same room (a delivery made later than the read: net was given the rest). */
  onward: boolean;
  settle: boolean;
}

describe("pooled writes from a lent room", () => {
  test("the file is whole whatever the reads; bytes read into a room are never copied", async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 16, max: 4096 }), fc.integer({ min: 1, max: 2048 }),
      fc.array(fc.record({ size: fc.integer({ min: 64, max: 5000 }), lent: fc.boolean(), dropped: fc.integer({ min: 0, max: 300 }), onward: fc.boolean(), settle: fc.boolean() }), { minLength: 1, maxLength: 8 }),
      async (seed, total, blocks, blockBytes, least, reads: Read[]) => {
        const data = sample(seed, total);
        const { fd, file, pool } = freshPool(blocks, blockBytes);
        const own = Buffer.alloc(5000);
        let room: Buffer | undefined;
        let copied = 0;
        for (let offset = 0, turn = 0; offset < data.length; turn += 1) {
          const read = reads[turn % reads.length]!;
          room = read.lent ? (room ?? pool.lend(least)) : undefined;
          const into = room ?? own;
          const count = Math.min(read.size, into.length, data.length - offset);
          data.copy(into, 0, offset, offset + count); // the kernel's read
          const kept = count - Math.min(read.dropped, count >> 1); // at least half goes on
          if (room === undefined) copied += kept;
          pool.write(fd, into.subarray(0, kept), offset);
          offset += kept;
          // as run's reads do, a room with less than `least` left is given up (its block goes to the pool)
          room = room !== undefined && read.onward && kept === count && room.length - count >= least ? room.subarray(count) : undefined;
          if (read.settle) await settle(pool);
        }
        pool.finish(fd);
        fs.closeSync(fd);
        expect(fs.readFileSync(file).equals(data)).toBe(true);
        // bytes read into the caller's own buffer are copied into a block or written at once; never those read into a room
        expect(pool.copiedBytes).toBeLessThanOrEqual(copied);
        await settle(pool);
        expect(fs.readFileSync(file).equals(data)).toBe(true);
        fs.rmSync(file);
      },
    ), { numRuns: 80 });
  });

  test("reads into the lent rooms of a pool that keeps up: nothing copied, nothing written on the calling thread but the last block", async () => {
    const data = sample(3, 1_000_000);
    const { fd, file, pool } = freshPool(4, 262_144);
    for (let offset = 0; offset < data.length; ) {
      const room = pool.lend(65_536)!;
      const count = Math.min(220_000, room.length, data.length - offset);
      data.copy(room, 0, offset, offset + count);
      pool.write(fd, room.subarray(0, count), offset);
      offset += count;
      await settle(pool);
    }
    pool.finish(fd);
    fs.closeSync(fd);
    expect(fs.readFileSync(file).equals(data)).toBe(true);
    expect(pool.copiedBytes).toBe(0);
    // a room of less than 65,536 bytes is not lent: its block goes to the pool as it is (220,000 bytes each)
    expect(pool.pooledBytes).toBe(4 * 220_000);
    expect(pool.syncBytes).toBe(1_000_000 - 4 * 220_000);
    fs.rmSync(file);
  });

  test("a lent block goes to the pool as soon as the bytes read into it leave less than the room asked for, so its write starts while they are bounded", () => {
    const { fd, file, pool } = freshPool(4, 262_144);
    const data = sample(5, 220_000);
    const room = pool.lend(65_536)!;
    data.copy(room);
    pool.write(fd, room.subarray(0, 220_000), 0);
    expect([pool.pooledBytes, pool.calls, pool.copiedBytes]).toEqual([220_000, 1, 0]);
    // 100,000 bytes leave more than 65,536: the block is held for the next read
    const next = pool.lend(65_536)!;
    next.fill(0x63, 0, 100_000);
    pool.write(fd, next.subarray(0, 100_000), 220_000);
    expect(pool.pooledBytes).toBe(220_000);
    pool.finish(fd);
    fs.closeSync(fd);
    expect(fs.readFileSync(file).equals(Buffer.concat([data, Buffer.alloc(100_000, 0x63)]))).toBe(true);
    fs.rmSync(file);
  });

  test("a room is never a block in flight: with every block written or held, there is none", () => {
    const { fd, file, pool } = freshPool(2, 1000);
    const first = pool.lend(1000)!;
    first.fill(0x61);
    pool.write(fd, first, 0); // full: handed to the pool
    const second = pool.lend(1000)!;
    expect(second.buffer === first.buffer).toBe(false);
    second.fill(0x62);
    pool.write(fd, second, 1000);
    expect(pool.lend(1)).toBeUndefined();
    pool.finish(fd);
    fs.closeSync(fd);
    expect(fs.readFileSync(file).equals(Buffer.concat([Buffer.alloc(1000, 0x61), Buffer.alloc(1000, 0x62)]))).toBe(true);
    expect(pool.copiedBytes).toBe(0);
    fs.rmSync(file);
  });
});
