// The tail ring's bytes read back in order: in place, with no copy of the ring (the end of an output is `run`'s peak
// of memory), and the ring still right for the pushes that come after.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ByteRing } from "../../src/bound/byte-ring.js";

const NEWLINE = 0x0a;

/** What a ring of `capacity` bytes holds of `all`: its last bytes, their stream offset, whether they begin a line. */
function expected(all: Buffer, capacity: number) {
  const held = all.subarray(Math.max(0, all.length - capacity));
  const start = all.length - held.length;
  return { held, start, atLineStart: start === 0 || all[start - 1] === NEWLINE, newlines: held.filter((byte) => byte === NEWLINE).length };
}

describe("ByteRing.bytes", () => {
  test("a wrapped ring's bytes come back in order in the ring's own memory: no copy, however often asked", () => {
    const capacity = 64 * 1024;
    const ring = new ByteRing(capacity, 0, true);
    const all = Buffer.from(Array.from({ length: 3000 }, (_, index) => `line ${index} of the output\n`).join(""));
    for (let offset = 0; offset < all.length; offset += 7000) ring.push(all.subarray(offset, offset + 7000));
    const first = ring.bytes();
    expect(first.equals(expected(all, capacity).held)).toBe(true);
    const again = ring.bytes();
    expect(again.buffer).toBe(first.buffer);
    expect(again.byteOffset).toBe(first.byteOffset);
    expect(again.equals(expected(all, capacity).held)).toBe(true);
  });

  test("bytes, start, newlines and the line start stay right when pushes come after the bytes were read in order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 48 }),
        fc.array(fc.tuple(fc.uint8Array({ maxLength: 120 }).map((bytes) => bytes.map((byte) => (byte % 4 === 0 ? NEWLINE : byte))), fc.boolean()), { maxLength: 30 }),
        fc.integer({ min: 0, max: 1000 }),
        (capacity, pieces, origin) => {
          const ring = new ByteRing(capacity, origin, true);
          let all = Buffer.alloc(0);
          for (const [piece, read] of pieces) {
            ring.push(piece);
            all = Buffer.concat([all, piece]);
            if (!read) continue;
            const want = expected(all, capacity);
            expect(ring.bytes().equals(want.held)).toBe(true);
            expect(ring.start).toBe(origin + want.start);
            expect(ring.size).toBe(want.held.length);
            expect(ring.newlines()).toBe(want.newlines);
            if (all.length > 0) expect(ring.atLineStart).toBe(want.atLineStart);
          }
          const want = expected(all, capacity);
          expect(ring.bytes().equals(want.held)).toBe(true);
          expect(ring.start).toBe(origin + want.start);
        },
      ),
      { numRuns: 400 },
    );
  });
});
