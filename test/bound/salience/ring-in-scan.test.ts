// The tail ring lent the needle scan's memory (NeedleScan.ringStorage): the bytes that leave it are scanned where
// they lie, and a region spanning two of the pieces it hands over is held there (its slack keeps them), not
// gathered into the scan's window. Counted in bytes copied, never timed.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ByteRing, type RingStorage } from "../../../src/bound/byte-ring.js";
import { SalienceScanner } from "../../../src/bound/salience/scanner.js";
import { benchLog } from "./bench-log.js";

const NEWLINE = 0x0a;
const CAPACITY = 1024 * 1024;

/** A scanner fed by a ring (in the scan's memory when `lent`), `bytes` pushed in pieces, then the ring's older half evicted as the end does. */
function scanThroughRing(bytes: Buffer, pieceBytes: (index: number) => number, lent: boolean, capacity = CAPACITY): SalienceScanner {
  const scanner = new SalienceScanner((line) => line, 51200);
  scanner.begin(1, true);
  const ring = new ByteRing(capacity, 0, true, (evicted) => scanner.evict(evicted), lent ? scanner.ringStorage(capacity) : undefined);
  for (let at = 0, index = 0; at < bytes.length; index += 1) {
    const size = pieceBytes(index);
    ring.push(bytes.subarray(at, at + size));
    at += size;
  }
  const held = ring.bytes();
  scanner.evict(held.subarray(0, held.lastIndexOf(NEWLINE, held.length / 2) + 1));
  scanner.flush();
  return scanner;
}

describe("the tail ring in the needle scan's memory", () => {
  const bytes = Buffer.from(`${benchLog(80_000).join("\n")}\n`); // ~8 MiB
  const run = (index: number): number => [64, 225, 128, 100, 180][index % 5]! * 1024; // run's deliveries

  test("regions that span two pieces are scanned where they lie: only a partial line copied at the ring's wrap", () => {
    const lent = scanThroughRing(bytes, run, true).work;
    const own = scanThroughRing(bytes, run, false).work;
    expect(lent.scannedBytes).toBe(own.scannedBytes);
    expect(own.gatheredBytes + own.copiedBytes).toBeGreaterThanOrEqual(0.95 * own.scannedBytes); // main: every byte copied once
    // the regions' cuts fall where a ring of a whole number of regions wraps: its last partial line is copied, each lap
    expect(lent.copiedBytes).toBe(0);
    expect(lent.gatheredBytes).toBeLessThan(0.001 * lent.scannedBytes);
  });

  test("a ring of another size: the part of a region past the wrap is copied after the ring's end, nothing else", () => {
    const capacity = 1200 * 1024;
    const lent = scanThroughRing(bytes, run, true, capacity).work;
    expect(lent.copiedBytes).toBe(0);
    expect(lent.gatheredBytes).toBeGreaterThan(0);
    expect(lent.gatheredBytes).toBeLessThan(0.1 * lent.scannedBytes);
  });

  test("what is kept is the same as with the ring's own memory, whatever the pieces", () => {
    const kept = (scanner: SalienceScanner) => ({ groups: scanner.groups(), work: { ...scanner.work, copiedBytes: 0, gatheredBytes: 0 }, summary: scanner.summary.describe(() => true) });
    const own = kept(scanThroughRing(bytes, () => 64 * 1024, false));
    expect(kept(scanThroughRing(bytes, run, true))).toEqual(own);
    expect(kept(scanThroughRing(bytes, () => 3 * 1024 * 1024, true))).toEqual(own); // pieces longer than the ring
    let seed = 11;
    expect(kept(scanThroughRing(bytes, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % 300_000) + 1, true))).toEqual(own);
    for (const capacity of [1200 * 1024, 1536 * 1024 + 7]) {
      expect(kept(scanThroughRing(bytes, run, true, capacity))).toEqual(kept(scanThroughRing(bytes, run, false, capacity)));
    }
  });
});

describe("ByteRing with a storage's slack", () => {
  test("bytes, start, newlines and the line start as with its own memory; bytes handed over stay for the slack", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 48 }),
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.tuple(fc.uint8Array({ maxLength: 120 }).map((piece) => piece.map((byte) => (byte % 4 === 0 ? NEWLINE : byte))), fc.boolean()), { maxLength: 30 }),
        (capacity, slack, pieces) => {
          const storage: RingStorage = { bytes: Buffer.alloc(2 * capacity + slack), room: capacity + slack };
          const handed: { view: Buffer; copy: Buffer; at: number }[] = [];
          let pushed = 0;
          const own = new ByteRing(capacity, 5, true);
          const lent = new ByteRing(capacity, 5, true, (view) => handed.push({ view, copy: Buffer.from(view), at: pushed }), storage);
          let all = Buffer.alloc(0);
          for (const [piece, read] of pieces) {
            own.push(piece);
            lent.push(piece);
            pushed += piece.length;
            all = Buffer.concat([all, piece]);
            // a view handed over is intact until `slack` more bytes were pushed after the push that handed it
            for (const { view, copy, at } of handed) if (pushed - at <= slack) expect(view.equals(copy)).toBe(true);
            if (!read) continue;
            expect(lent.bytes().equals(own.bytes())).toBe(true);
            expect([lent.start, lent.size, lent.newlines(), lent.atLineStart]).toEqual([own.start, own.size, own.newlines(), own.atLineStart]);
          }
          expect(Buffer.concat([...handed.map(({ copy }) => copy), lent.bytes()]).equals(all)).toBe(true);
          for (const { view } of handed) expect(view.buffer).toBe(storage.bytes.buffer);
        },
      ),
      { numRuns: 400 },
    );
  });
});
