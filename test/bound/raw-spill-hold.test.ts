// The raw bytes held before the spill opens become the pooled writes' blocks (bound/raw-spill.ts `hold`,
// SpillSinkOptions.blockMemory): the file is the input byte for byte and its sha256 right whatever the chunks
// (their sizes, the caller reusing its buffer after each, chunks kept as they are, the spill never opening), and
// the pool's blocks are made of the memory given (no new memory for them), the bytes lying there taken in place.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { RawSpill } from "../../src/bound/raw-spill.js";
import { PooledWrites } from "../../src/spill/pooled-writes.js";
import { SpillStore } from "../../src/spill/store.js";
import { sample } from "../spill/sample-bytes.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-raw-hold-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let stores = 0;
const KiB = 1024;

/** `bytes` kept in chunks of the given sizes (in turn), each from one reused buffer (overwritten after each keep) unless kept as it is. */
function keepAll(spill: RawSpill, bytes: Buffer, sizes: number[], asIs: boolean[]): void {
  const reused = Buffer.alloc(Math.max(...sizes));
  for (let offset = 0, turn = 0; offset < bytes.length; turn += 1) {
    const size = Math.min(sizes[turn % sizes.length]!, bytes.length - offset);
    if (asIs[turn % asIs.length]) spill.keep(Buffer.from(bytes.subarray(offset, offset + size)), false);
    else {
      bytes.copy(reused, 0, offset, offset + size);
      spill.keep(reused.subarray(0, size));
      reused.fill(0x5a); // the caller's next read
    }
    offset += size;
  }
}

describe("the raw bytes held before the spill opens", () => {
  test("with pooled writes: the file is the input byte for byte, its sha256 right, whatever the chunks", async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 0, max: 2600 * KiB }),
      fc.array(fc.integer({ min: 1, max: 300 * KiB }), { minLength: 1, maxLength: 5 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 4 }),
      async (seed, total, sizes, asIs) => {
        const bytes = sample(seed, total);
        const store = new SpillStore(path.join(dir, `store-${(stores += 1)}`), { thread: false, pooledWrites: true });
        const spill = new RawSpill({ store }, undefined);
        keepAll(spill, bytes, sizes, asIs);
        const report = spill.save(bytes.length);
        expect(report.kind).toBe("saved");
        if (report.kind !== "saved") return;
        const saved = spill.saveRecord("", report, {}, 0);
        expect(saved.kind).toBe("saved");
        expect(fs.readFileSync(report.path).equals(bytes)).toBe(true);
        const record = JSON.parse(fs.readFileSync(`${report.path}.json`, "utf8")) as { sha256: string; size: number };
        expect(record).toMatchObject({ size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
        fs.rmSync(store.dir, { recursive: true, force: true });
      },
    ), { numRuns: 40 });
  });
});

describe("the hold handed to the pooled writes", () => {
  test("once the spill opens, the room lent for the next read lies in the hold (one 1 MiB buffer), not in a block of the pool's own", async () => {
    const store = new SpillStore(path.join(dir, `store-${(stores += 1)}`), { thread: false, pooledWrites: true });
    const spill = new RawSpill({ store }, undefined);
    const bytes = sample(3, 1024 * KiB + 64 * KiB);
    keepAll(spill, bytes, [64 * KiB], [false]); // the hold from the first chunk; the spill opens at the 16th
    // the four blocks are all written or being written: the first room comes once the pool gives one back
    let room: Buffer | undefined;
    for (let turn = 0; turn < 2000 && (room = spill.readRoom(1024)) === undefined; turn += 1) await new Promise((resolve) => setTimeout(resolve, 1));
    // the hold: 1 MiB of its own, or the newline counter's memory (34 pages) when its room was free for it
    expect([1024 * KiB, 34 * 64 * KiB]).toContain(room?.buffer.byteLength);
    const report = spill.saveRecord("", spill.save(bytes.length), {}, 0); // the file whole and closed once its record is written
    expect(report.kind === "saved" && fs.readFileSync(report.path).equals(bytes)).toBe(true);
    fs.rmSync(store.dir, { recursive: true, force: true });
  });
});

describe("pooled writes on memory given", () => {
  test("the blocks are that memory, from its start; bytes lying where the blocks take them are not copied, the rest are; the file is whole", async () => {
    const blocks = 4;
    const blockBytes = 64 * KiB;
    const memory = Buffer.allocUnsafeSlow(blocks * blockBytes);
    const data = sample(7, 3 * blockBytes + 1000);
    const before = 5000; // bytes given from elsewhere first (held before the memory was made)
    data.copy(memory, before, before, 2 * blockBytes + 17);
    const file = path.join(dir, "given");
    const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    const pool = PooledWrites.open(file, fd, blocks, blockBytes, memory)!;
    pool.write(fd, Buffer.from(data.subarray(0, before)), 0);
    pool.write(fd, memory.subarray(before, 2 * blockBytes + 17), before);
    expect(pool.copiedBytes).toBe(before);
    const room = pool.lend(1024)!;
    expect(room.buffer).toBe(memory.buffer); // the block being filled: the memory given
    pool.write(fd, Buffer.from(data.subarray(2 * blockBytes + 17)), 2 * blockBytes + 17);
    expect(pool.copiedBytes).toBe(before + data.length - (2 * blockBytes + 17));
    pool.finish(fd);
    expect(fs.readFileSync(file).equals(data)).toBe(true);
    fs.closeSync(fd);
  });

  test("memory smaller than the blocks is not used: each block its own", () => {
    const memory = Buffer.alloc(1000);
    const file = path.join(dir, "small");
    const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    const pool = PooledWrites.open(file, fd, 2, 4096, memory)!;
    expect(pool.lend(16)!.buffer).not.toBe(memory.buffer);
    pool.finish(fd);
    fs.closeSync(fd);
  });
});
