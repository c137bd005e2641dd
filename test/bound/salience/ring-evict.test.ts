// The one hook salience has in the streaming bounder: the tail ring hands over every byte it drops, in order.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ByteRing } from "../../../src/bound/byte-ring.js";

describe("ByteRing onEvict", () => {
  test("evicted bytes followed by the held bytes are exactly the bytes pushed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 64 }), fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 40 }), (capacity, chunks) => {
        const evicted: Buffer[] = [];
        const ring = new ByteRing(capacity, 0, true, (bytes) => evicted.push(Buffer.from(bytes)));
        for (const chunk of chunks) ring.push(chunk);
        const all = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)));
        expect(Buffer.concat([...evicted, ring.bytes()]).equals(all)).toBe(true);
        expect(ring.bytes().length).toBe(Math.min(capacity, all.length));
      }),
      { numRuns: 300 },
    );
  });
});
