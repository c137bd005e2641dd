// The spill saved on the spill worker: the same bytes, sha256 and line index as saving on the calling thread,
// whatever the chunks (through a ring small enough that chunks wrap around it); failures kept, nothing left behind.
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { bound } from "../../src/bound/index.js";
import { INDEX_BLOCK_BYTES, readLineIndex } from "../../src/spill/line-index.js";
import { SpillSink } from "../../src/spill/spill-sink.js";
import { SpillStore } from "../../src/spill/store.js";
import type { SpillSinkOptions } from "../../src/spill/spill-sink.js";
import { listNames, makeStore } from "./helpers.js";

/** Deterministic varied bytes: lines of many lengths, some longer than an index block, some binary. */
function sample(seed: number, size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index += 1) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const pick = state >>> 24;
    bytes[index] = pick < 6 ? 10 : pick < 8 ? pick * 31 : 97 + (pick % 26);
  }
  return bytes;
}

/** Saves `data` in chunks of the given sizes (cycled) through a store with these options; what came out. */
function save(data: Buffer, sizes: number[], options: SpillSinkOptions) {
  const store = new SpillStore(makeStore().dir, options);
  const writer = store.createWriter();
  for (let offset = 0, turn = 0; offset < data.length; turn += 1) {
    const size = sizes[turn % sizes.length]!;
    writer.write(data.subarray(offset, offset + size));
    offset += size;
  }
  const threaded = writer.threaded;
  const closed = writer.close();
  const saved = fs.readFileSync(writer.path);
  const index = fs.readFileSync(`${writer.path}.idx`);
  fs.rmSync(store.dir, { recursive: true });
  return { closed, saved, index, threaded };
}

const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

declare const CORREX_SPILL_WORKER: string;
/** The real worker, made to exit hard (no exception to catch, no message) once it has written `after` bytes. */
const workerDyingAfter = (after: number): string => `const fs = require("node:fs"); let bytes = 0;
for (const name of ["write", "writeSync"]) {
  const write = fs[name];
  fs[name] = function (...args) { bytes += args[3] ?? 0; if (bytes > ${after}) process.exit(9); return write.apply(this, args); };
}
${CORREX_SPILL_WORKER}`;

describe("the spill worker", () => {
  test("saves the same bytes, sha256 and index as the calling thread, chunks wrapping the ring", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 3 * INDEX_BLOCK_BYTES }), fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 2 * INDEX_BLOCK_BYTES }),
      (seed, size, sizes, ringBytes, threadAfterBytes) => {
        const data = sample(seed, size);
        const threaded = save(data, sizes, { ringBytes, threadAfterBytes, waitForWorker: true });
        const inline = save(data, [size], { thread: false });
        expect(threaded.threaded).toBe(size >= threadAfterBytes);
        expect(inline.threaded).toBe(false);
        expect(threaded.saved.equals(data)).toBe(true);
        expect(threaded.closed).toEqual({ size, sha256: sha256(data) });
        expect(threaded.index.equals(inline.index)).toBe(true);
        expect(inline.closed).toEqual(threaded.closed);
      },
    ), { numRuns: 25 });
  });

  test("following the file this thread writes (a spill known to be big): the same bytes, sha256 and index, whatever the chunks", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 3 * INDEX_BLOCK_BYTES }), fc.array(fc.integer({ min: 1, max: 9000 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 2 * INDEX_BLOCK_BYTES }),
      (seed, size, sizes, threadAfterBytes) => {
        const data = sample(seed, size);
        const followed = save(data, sizes, { threadAfterBytes, expectBytes: size, followFromBytes: 0, waitForWorker: true });
        const inline = save(data, [size], { thread: false });
        expect(followed.threaded).toBe(size >= threadAfterBytes);
        expect(followed.saved.equals(data)).toBe(true);
        expect(followed.closed).toEqual({ size, sha256: sha256(data) });
        expect(followed.index.equals(inline.index)).toBe(true);
      },
    ), { numRuns: 25 });
  });

  test("the index it writes finds every line", () => {
    const data = sample(7, 5 * INDEX_BLOCK_BYTES + 17);
    const { saved, index } = save(data, [4093], { ringBytes: 3000, threadAfterBytes: 0, waitForWorker: true });
    const folder = fs.mkdtempSync(join(tmpdir(), "correx-idx-"));
    const file = `${folder}/x.idx`;
    fs.writeFileSync(file, index);
    const loaded = readLineIndex(file, saved.length);
    fs.rmSync(folder, { recursive: true });
    expect(loaded?.newlines).toBe(data.filter((byte) => byte === 10).length);
    expect(loaded?.ends.length).toBe(5);
  });

  test("a worker that never gets ready: the calling thread saves the spill, from its first byte", () => {
    const data = sample(3, 300_000);
    for (const workerSource of ["setInterval(() => {}, 1000)", "throw new Error('dies at once')"]) {
      const result = save(data, [70_000], { ringBytes: 100_000, threadAfterBytes: 50_000, workerSource, waitForWorker: true, startLimitMs: 0 });
      expect(result.threaded).toBe(false);
      expect(result.saved.equals(data)).toBe(true);
      expect(result.closed).toEqual({ size: data.length, sha256: sha256(data) });
      expect(result.index.equals(save(data, [data.length], { thread: false }).index)).toBe(true);
    }
  });

  test.each([[true, false], [false, false], [true, true]])("a write error (disk full, thread %s, followed %s) is kept, and abort leaves nothing", (thread, followed) => {
    const following = followed ? { expectBytes: 60_000, followFromBytes: 0 } : {};
    const store = new SpillStore(makeStore().dir, { thread, ringBytes: 4096, threadAfterBytes: 0, waitForWorker: true, fault: { afterBytes: 10_000, code: "ENOSPC" }, ...following });
    const writer = store.createWriter();
    for (let turn = 0; turn < 20; turn += 1) writer.write(sample(turn, 3000));
    expect(writer.close()).toBeUndefined();
    expect(writer.failure).toBe(`cannot write ${writer.path}: the disk is full (ENOSPC)`);
    writer.abort();
    expect(listNames(store.dir)).toEqual([]);
  });

  test("a worker that cannot follow the file (its path names another): close fails and says why, this thread's descriptor is closed once", () => {
    const dir = makeStore().dir;
    const [written, other] = [`${dir}/written`, `${dir}/other`];
    fs.writeFileSync(other, "");
    const dataFd = fs.openSync(written, "w+");
    const sink = new SpillSink({ dataFd, dataPath: other }, { threadAfterBytes: 0, expectBytes: 1, followFromBytes: 0, waitForWorker: true });
    for (let turn = 0; turn < 5; turn += 1) expect(sink.write(sample(turn, 5000))).toBe(true);
    expect(sink.threaded).toBe(true);
    expect(sink.close()).toBeUndefined();
    expect(sink.failure?.message).toBe(`${other} is no longer the spill's file`);
    expect(() => fs.fstatSync(dataFd)).toThrow(expect.objectContaining({ code: "EBADF" }));
    sink.abort(); // nothing more to close
    expect(fs.readFileSync(written).length).toBe(25_000);
    fs.rmSync(dir, { recursive: true });
  });

  test("a real ENOSPC from the kernel (/dev/full) reaches the producer", () => {
    const dataFd = fs.openSync("/dev/full", "w");
    const sink = new SpillSink({ dataFd, dataPath: "/dev/full" }, { ringBytes: 8192, threadAfterBytes: 0, waitForWorker: true });
    let accepted = true;
    for (let turn = 0; turn < 50 && accepted; turn += 1) accepted = sink.write(sample(turn, 5000));
    expect(sink.close()).toBeUndefined();
    expect((sink.failure as NodeJS.ErrnoException).code).toBe("ENOSPC");
  });

  test("a worker that dies hard after the hand-over: close notices, fails and says what was saved; abort leaves nothing", () => {
    const store = new SpillStore(makeStore().dir, { threadAfterBytes: 100_000, waitForWorker: true, workerSource: workerDyingAfter(300_000) });
    const writer = store.createWriter();
    for (let turn = 0; turn < 20; turn += 1) writer.write(sample(turn, 50_000));
    expect(writer.threaded).toBe(true);
    expect(writer.close()).toBeUndefined();
    const saved = Number(/after saving (\d+) of 1000000 bytes$/.exec(writer.failure ?? "")?.[1]);
    expect(saved).toBeGreaterThanOrEqual(100_000);
    expect(saved).toBeLessThanOrEqual(400_000); // written before the hand-over, and by the worker before it died
    writer.abort();
    expect(listNames(store.dir)).toEqual([]);
  });

  test("abort while the worker writes: the files are gone", () => {
    const store = new SpillStore(makeStore().dir, { threadAfterBytes: 1_000_000, waitForWorker: true });
    const writer = store.createWriter();
    for (let turn = 0; turn < 40; turn += 1) writer.write(sample(turn, 100_000));
    expect(writer.threaded).toBe(true);
    writer.abort();
    expect(listNames(store.dir)).toEqual([]);
  });
});

describe("bounding when the spill fails on the worker", () => {
  test("the disk fills mid-spill: the bounded text still comes, the marker says why, only the tombstone stays", () => {
    const store = new SpillStore(makeStore().dir, { threadAfterBytes: 1_500_000, waitForWorker: true, fault: { afterBytes: 3_000_000, code: "ENOSPC" } });
    const lines = Array.from({ length: 120_000 }, (_, index) => `line ${index} ${"x".repeat(index % 50)}`).join("\n");
    const bounded = bound(`${lines}\n`, { spill: { store } });
    expect(bounded.truncated).toBe(true);
    expect(bounded.text).toContain("line 119999");
    expect(bounded.spill).toMatchObject({ kind: "failed", reason: expect.stringContaining("the disk is full (ENOSPC)") });
    expect(bounded.text).toContain("the disk is full (ENOSPC)");
    expect(listNames(store.dir)).toEqual([".tombstones"]);
    fs.rmSync(store.dir, { recursive: true });
  });

  test("a saved spill through the worker is the input, byte for byte, with its record's sha256", () => {
    const store = new SpillStore(makeStore().dir, { threadAfterBytes: 2_000_000, waitForWorker: true });
    const input = sample(11, 4_000_000);
    const bounded = bound(input, { spill: { store } });
    expect(bounded.spill?.kind).toBe("saved");
    const id = bounded.spill?.kind === "saved" ? bounded.spill.id : "";
    expect(fs.readFileSync(store.dataPath(id)).equals(input)).toBe(true);
    expect(store.readRecord(id).sha256).toBe(sha256(input));
    fs.rmSync(store.dir, { recursive: true });
  });
});
