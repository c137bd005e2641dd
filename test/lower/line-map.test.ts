// A cut MCP text's line sources, carried in the payload's meta as runs (src/lower/line-map.ts).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { decodeLineMap, encodeLineMap, readLineMap, throughPrior, withoutLineMap } from "../../src/lower/line-map.js";

describe("line_map", () => {
  test("runs of consecutive lines; correx's own lines are in no run", () => {
    expect(encodeLineMap([1, 2, 3, 0, 0, 98, 99, 100])).toEqual([[1, 1, 3], [6, 98, 3]]);
    expect(encodeLineMap([0, 5, 5, 6, 0, 9])).toEqual([[2, 5, 1], [3, 5, 2], [6, 9, 1]]);
    expect(decodeLineMap([[1, 1, 3], [6, 98, 3]], 8)).toEqual([1, 2, 3, 0, 0, 98, 99, 100]);
  });

  test("property: decoding the runs gives the line sources back", () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 })), { maxLength: 60 }), (sources) => {
      expect(decodeLineMap(encodeLineMap(sources), sources.length)).toEqual(sources);
    }));
  });

  test("runs past the text, or a meta that says nothing valid, are not read", () => {
    expect(decodeLineMap([[3, 1, 2]], 3)).toBeUndefined();
    expect(readLineMap({ part_lines: [2, 1], line_map: [[1, 1, 2]] })).toEqual({ partLines: [2, 1], runs: [[1, 1, 2]] });
    expect(readLineMap({ part_lines: [2, 0], line_map: [] })).toBeUndefined();
    expect(readLineMap({ part_lines: [2], line_map: [[1, 1]] })).toBeUndefined();
    expect(readLineMap({ line_map: [[1, 1, 1]] })).toBeUndefined();
    expect(withoutLineMap({ truncated: true, part_lines: [1], line_map: [] })).toEqual({ truncated: true });
  });

  test("a text cut again shows through the first cut the source's lines", () => {
    // The first cut's text: source lines 1-2, its marker, source lines 9-10; the second shows its lines 1, 3 (the marker) and 5.
    expect(throughPrior([1, 0, 3, 5], [1, 2, 0, 9, 10])).toEqual([1, 0, 0, 10]);
  });
});
