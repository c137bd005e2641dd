// The lines above a byte-path hit, read back from its region: each asked for once is decoded once (groups.ts's
// ownerOf reads the line above, then failureTitle reads it again: issue 16, a decode and a clean per scored line).
// One reader serves every hit (no closure per scored line): reset for each, it answers as a fresh one.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { LinesAbove } from "../../../src/bound/salience/lines-above.js";
import type { CollectedLine } from "../../../src/bound/lines.js";
import type { NumberedLine } from "../../../src/bound/salience/reservoir.js";

const region = Buffer.from("header\n  first\n\n  second\nERROR: it broke\n");
const hit = region.indexOf("ERROR");

/** What linesAbove gave before it kept the last line read: every call decodes. */
function decodingEachTime(bytes: Buffer, regionStart: number, lineStart: number, number: number): (distance: number) => NumberedLine | undefined {
  let reached = 0;
  let begin = lineStart;
  let end = lineStart;
  return (distance) => {
    if (distance > 400 || distance < reached) return undefined;
    while (reached < distance) {
      if (begin <= regionStart) return undefined;
      end = begin - 1;
      begin = end <= regionStart ? regionStart : Math.max(regionStart, bytes.lastIndexOf(0x0a, end - 1) + 1);
      reached += 1;
    }
    return { number: number - distance, text: bytes.toString("utf8", begin, end) };
  };
}

describe("LinesAbove", () => {
  test("a line asked for again is not decoded again; the lines and their numbers are those above the hit", () => {
    const decoded: string[] = [];
    const reader = new LinesAbove((bytes, start, end) => (decoded.push(bytes.toString("utf8", start, end)), bytes.toString("utf8", start, end)));
    const above = reader.inRegion(region, 0, hit, 5);
    expect(above.at(1)).toEqual({ number: 4, text: "  second" });
    expect(above.at(1)).toEqual({ number: 4, text: "  second" });
    expect(above.at(2)).toEqual({ number: 3, text: "" });
    expect(above.at(2)).toEqual({ number: 3, text: "" });
    expect(above.at(1)).toBeUndefined();
    expect(above.at(4)).toEqual({ number: 1, text: "header" });
    expect(decoded).toEqual(["  second", "", "header"]);
    expect(reader.none().at(1)).toBeUndefined();
    expect(reader.inRegion(region, 0, hit, 5).at(3)).toEqual({ number: 2, text: "  first" });
  });

  test("the same answers as decoding every time, whatever the distances asked and the region's start (one reader for every hit)", () => {
    const reader = new LinesAbove((bytes, start, end) => bytes.toString("utf8", start, end));
    const line = fc.constantFrom("", "a", "  indented", "ERROR x", "é");
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.nat(), fc.array(fc.integer({ min: 1, max: 14 }), { maxLength: 10 }), (lines, cut, distances) => {
        const bytes = Buffer.from(`${lines.join("\n")}\nERROR hit\n`);
        const lineStart = bytes.lastIndexOf("ERROR hit");
        const starts = [0, ...lines.map((_, index) => Buffer.byteLength(lines.slice(0, index + 1).join("\n")) + 1)].filter((start) => start <= lineStart);
        const regionStart = starts[cut % starts.length]!;
        const kept = reader.inRegion(bytes, regionStart, lineStart, 100);
        const reference = decodingEachTime(bytes, regionStart, lineStart, 100);
        for (const distance of distances) expect(kept.at(distance)).toEqual(reference(distance));
      }),
      { numRuns: 2000 },
    );
  });

  test("the window's lines: numbered by the lines they are, none past the stretch's start or at a fold note", () => {
    const line = (text: string, from: number, foldNote?: boolean): CollectedLine => ({ text, from, to: from, rawStart: 0, rawEnd: 0, foldNote });
    const lines = [line("a", 10), line("b", 11), line("[previous line repeated 3 more times]", 12, true), line("c", 16), line("ERROR x", 17)];
    const reader = new LinesAbove(() => "unused");
    const above = reader.inWindow(lines, 4, 11);
    expect(above.at(1)).toEqual({ number: 16, text: "c" });
    expect(above.at(2)).toBeUndefined();
    expect(above.at(3)).toEqual({ number: 11, text: "b" });
    expect(above.at(4)).toBeUndefined();
    expect(above.at(5)).toBeUndefined();
  });
});
