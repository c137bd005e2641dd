// The byte path's regions are cut at fixed offsets: however the stream is split into pieces, the same regions come
// out (which is what makes the salient lines kept independent of how the input arrived).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { FixedRegions } from "../../../src/bound/salience/regions.js";

function regionsOf(stream: Buffer, cuts: number[], regionBytes: number): string[] {
  const out: string[] = [];
  const regions = new FixedRegions((region) => out.push(region.toString("latin1")), regionBytes);
  let from = 0;
  for (const cut of [...cuts.filter((at) => at > 0 && at < stream.length)].sort((a, b) => a - b).concat(stream.length)) {
    regions.push(stream.subarray(from, cut));
    from = cut;
  }
  regions.flush();
  return out;
}

describe("FixedRegions", () => {
  test("the regions do not depend on the pieces, and together they are the stream", () => {
    const stream = fc.array(fc.oneof(fc.constant("\n"), fc.string({ minLength: 0, maxLength: 40 })), { maxLength: 120 }).map((parts) => Buffer.from(parts.join(""), "latin1"));
    fc.assert(
      fc.property(stream, fc.array(fc.nat(5000), { maxLength: 30 }), fc.integer({ min: 1, max: 64 }), (bytes, cuts, regionBytes) => {
        const whole = regionsOf(bytes, [], regionBytes);
        expect(regionsOf(bytes, cuts, regionBytes)).toEqual(whole);
        expect(whole.join("")).toBe(bytes.toString("latin1"));
        // every region but the last ends at a line end or at a multiple of the region size
        let offset = 0;
        for (const region of whole.slice(0, -1)) {
          offset += region.length;
          expect(region.endsWith("\n") || offset % regionBytes === 0).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  test("a region ends after the last newline before its boundary, and is passed on without a copy when one piece holds it", () => {
    const seen: Buffer[] = [];
    const regions = new FixedRegions((region) => seen.push(region), 8);
    const piece = Buffer.from("ab\ncdefg\nhij\nk");
    regions.push(piece);
    regions.flush();
    expect(seen.map((region) => region.toString())).toEqual(["ab\n", "cdefg\nhij\nk"]); // the rest is held until the end
    expect(seen[0]!.buffer).toBe(piece.buffer);
  });

  test("every region that lies in one piece is passed on without a copy, not only the piece's first", () => {
    const seen: Buffer[] = [];
    const regions = new FixedRegions((region) => seen.push(region), 64);
    const piece = Buffer.from(Array.from({ length: 100 }, (_, index) => `line ${index} of the piece`).join("\n"));
    regions.push(piece);
    const inPiece = seen.length;
    regions.flush();
    expect(inPiece).toBe(Math.floor(piece.length / 64));
    expect(seen.slice(0, inPiece).every((region) => region.buffer === piece.buffer)).toBe(true);
    expect(Buffer.concat(seen).equals(piece)).toBe(true);
  });
});
