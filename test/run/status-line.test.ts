import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatElapsed, renderStatusLine } from "../../src/run/status-line.js";

/** Columns a terminal uses for the text, counted the way the status line promises (conservatively). */
function columns(text: string): number {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return [...segmenter.segment(text)].reduce((sum, { segment }) => sum + ([...segment].some((c) => c.codePointAt(0)! >= 0x1100) ? 2 : 1), 0);
}

describe("renderStatusLine", () => {
  test("elapsed, size, lines and the last line", () => {
    expect(renderStatusLine({ elapsedMs: 12_345, bytes: 1_258_291, lines: 4210, lastLine: "Compiling foo v1.0" }, 80)).toBe(
      "[12.3s  1.2 MiB  4210 lines] Compiling foo v1.0",
    );
  });

  test("no output yet", () => {
    expect(renderStatusLine({ elapsedMs: 400, bytes: 0, lines: 0, lastLine: "" }, 80)).toBe("[0.4s  0 B  0 lines]");
    expect(renderStatusLine({ elapsedMs: 400, bytes: 3, lines: 1, lastLine: "hi" }, 80)).toBe("[0.4s  3 B  1 line] hi");
  });

  test("the last line is shown as a terminal would: redraws resolved, escapes and controls gone", () => {
    const stats = { elapsedMs: 65_000, bytes: 2048, lines: 7, lastLine: "\x1b[32m 10%\r 50%\r\x1b[K\x1b]0;title\x07done\tnow\x1b[0m" };
    expect(renderStatusLine(stats, 80)).toBe("[1m05s  2.0 KiB  7 lines] done now");
  });

  test("cut to one column less than the width, on grapheme boundaries", () => {
    const stats = { elapsedMs: 0, bytes: 0, lines: 0, lastLine: "漢字👩‍👩‍👧abc" };
    expect(renderStatusLine(stats, 31)).toBe("[0.0s  0 B  0 lines] 漢字👩‍👩‍👧abc");
    expect(renderStatusLine(stats, 30)).toBe("[0.0s  0 B  0 lines] 漢字👩‍👩‍👧ab");
    expect(renderStatusLine(stats, 28)).toBe("[0.0s  0 B  0 lines] 漢字👩‍👩‍👧");
    expect(renderStatusLine(stats, 27)).toBe("[0.0s  0 B  0 lines] 漢字");
    expect(renderStatusLine(stats, 25)).toBe("[0.0s  0 B  0 lines] 漢");
    expect(renderStatusLine(stats, 10)).toBe("[0.0s  0 ");
    expect(renderStatusLine(stats, 0)).toBe("");
  });

  test("never wider than width - 1 columns, never a control character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.nat({ max: 200 }), fc.nat(), (lastLine, width, bytes) => {
        const line = renderStatusLine({ elapsedMs: bytes % 10_000_000, bytes, lines: bytes % 1000, lastLine }, width);
        expect(columns(line)).toBeLessThanOrEqual(Math.max(0, width - 1));
        expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      }),
    );
  });
});

describe("formatElapsed", () => {
  test.each([
    [0, "0.0s"],
    [449, "0.4s"],
    [59_999, "59.9s"],
    [60_000, "1m00s"],
    [125_000, "2m05s"],
    [3_599_999, "59m59s"],
    [3_600_000, "1h00m"],
    [7_500_000, "2h05m"],
    [-5, "0.0s"],
  ])("%i ms → %s", (milliseconds, text) => {
    expect(formatElapsed(milliseconds)).toBe(text);
  });
});
