import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { trackRunStats } from "../../src/run/run-stats.js";

/** A tracker on a clock the test moves by hand. */
function trackAt(times: number[]) {
  let call = 0;
  return trackRunStats(() => times[Math.min(call++, times.length - 1)] ?? 0);
}

describe("trackRunStats", () => {
  test("nothing yet", () => {
    expect(trackAt([1000, 1250]).snapshot()).toEqual({ elapsedMs: 250, bytes: 0, lines: 0, lastLine: "" });
  });

  test("counts bytes and lines; an unterminated last line counts", () => {
    const tracker = trackAt([0, 5]);
    tracker.observe(Buffer.from("one\ntwo\nthr"));
    tracker.observe(Buffer.from("ee"));
    expect(tracker.snapshot()).toEqual({ elapsedMs: 5, bytes: 13, lines: 3, lastLine: "three" });
    tracker.observe(Buffer.from("\n"));
    expect(tracker.snapshot()).toMatchObject({ bytes: 14, lines: 3, lastLine: "three" });
  });

  test("the last line skips trailing blank lines and keeps redraws raw", () => {
    const tracker = trackAt([0]);
    tracker.observe(Buffer.from("building\n 10%\r 50%\r\x1b[K100%\n\n  \n"));
    expect(tracker.snapshot().lastLine).toBe(" 10%\r 50%\r\x1b[K100%");
  });

  test("a line longer than the kept tail shows its end, without a broken character", () => {
    const tracker = trackAt([0]);
    tracker.observe(Buffer.from("é".repeat(5000)));
    const { lastLine, bytes, lines } = tracker.snapshot();
    expect({ bytes, lines }).toEqual({ bytes: 10_000, lines: 1 });
    expect(lastLine).toBe("é".repeat(2048));
  });

  test("any chunking gives the same totals as one chunk", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 10_000 }), fc.array(fc.nat(), { maxLength: 20 }), (bytes, cuts) => {
        const whole = trackAt([0]);
        whole.observe(bytes);
        const pieces = trackAt([0]);
        const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        let start = 0;
        for (const end of [...offsets, bytes.length]) {
          pieces.observe(bytes.subarray(start, end));
          start = end;
        }
        expect(pieces.snapshot()).toEqual(whole.snapshot());
      }),
    );
  });
});
