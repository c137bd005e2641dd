// Cutting text to a size on a grapheme boundary: the same cut as asking the segmenter everywhere, and the segmenter
// (costly to create and to run) asked only where a character beside the cut is not ASCII.
import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import { prefixEnd, suffixStart, utf8Bytes } from "../../src/text/utf8.js";

/** The boundary the segmenter gives within 64 code units of `index` (the cut as computed before the ASCII shortcut). */
function segmenterBoundary(text: string, index: number, direction: -1 | 1): number {
  if (index <= 0 || index >= text.length) return index;
  const start = Math.max(0, index - 64);
  const end = Math.min(text.length, index + 64);
  let best = direction < 0 ? -1 : Number.POSITIVE_INFINITY;
  for (const { index: offset } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text.slice(start, end))) {
    const boundary = start + offset;
    if (direction < 0 && boundary <= index && boundary > start) best = boundary;
    if (direction > 0 && boundary >= index && boundary < end && best === Number.POSITIVE_INFINITY) best = boundary;
  }
  return direction < 0 ? (best > 0 ? best : index) : Number.isFinite(best) ? best : index;
}

/** prefixEnd and suffixStart as they were, with the segmenter asked at every cut. */
function referenceCuts(text: string, limit: number): [number, number] {
  const lowSurrogate = (index: number): boolean => index > 0 && index < text.length && /[\udc00-\udfff]/.test(text[index]!) && /[\ud800-\udbff]/.test(text[index - 1]!);
  let prefix = text.length;
  if (limit <= 0) prefix = 0;
  else if (utf8Bytes(text) > limit) {
    let low = 0;
    let high = Math.min(text.length, limit);
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (utf8Bytes(text.slice(0, middle)) <= limit) low = middle;
      else high = middle - 1;
    }
    const codePoint = lowSurrogate(low) ? low - 1 : low;
    const boundary = segmenterBoundary(text, codePoint, -1);
    prefix = boundary <= low ? boundary : codePoint;
  }
  let suffix = 0;
  if (limit <= 0) suffix = text.length;
  else if (utf8Bytes(text) > limit) {
    let low = Math.max(0, text.length - limit);
    let high = text.length;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (utf8Bytes(text.slice(middle)) <= limit) high = middle;
      else low = middle + 1;
    }
    const codePoint = lowSurrogate(low) ? low + 1 : low;
    const boundary = segmenterBoundary(text, codePoint, 1);
    suffix = boundary >= low ? boundary : codePoint;
  }
  return [prefix, suffix];
}

describe("cuts on grapheme boundaries", () => {
  test("the same cuts as asking the segmenter at every cut (ASCII, CR LF, combining marks, emoji, surrogates)", () => {
    const piece = fc.constantFrom("a", " ", "\r", "\n", "\r\n", "e\u0301", "é", "👍🏽", "👨‍👩‍👧", "🇫🇷", "\u0301", "\u200d", "한", "\t", "~");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 0, max: 200 }), (pieces, limit) => {
        const text = pieces.join("");
        expect([prefixEnd(text, limit), suffixStart(text, limit)]).toEqual(referenceCuts(text, limit));
      }),
      { numRuns: 3000 },
    );
  });

  test("a giant line of ASCII is cut without the segmenter; beside other characters it is asked", () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, "segment");
    try {
      const line = "2026-11-01T00:00:00Z INFO [worker-1] fetched src/module-1.ts in 12 ms ".repeat(16384);
      expect(prefixEnd(line, 51200)).toBe(51200);
      expect(suffixStart(line, 51200)).toBe(line.length - 51200);
      expect(segment).not.toHaveBeenCalled();
      expect(prefixEnd(`${"a".repeat(99)}e\u0301${"b".repeat(100)}`, 100)).toBe(99);
      expect(segment).toHaveBeenCalledTimes(1);
    } finally {
      segment.mockRestore();
    }
  });
});
