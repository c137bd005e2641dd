// A stretch grown at one end (fold-window.ts grows the tail list's back and the head list's on) is not scanned for
// runs from scratch: the scan takes the last scan's runs where it would only repeat them, the runs found are exactly
// those of a fresh scan, and each line's cost is measured once per fold (issue 16: the tail list's lines were
// scanned about twice and measured four to six times at the end of every long output).
import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import type { CollectedLine } from "../../../src/bound/lines.js";
import { findRuns } from "../../../src/bound/salience/near-fold.js";
import { bound } from "../../../src/bound/index.js";
import * as template from "../../../src/bound/salience/template.js";
import { benchLog } from "./bench-log.js";

vi.mock("../../../src/bound/salience/template.js", async (importOriginal) => {
  const actual = await importOriginal<typeof template>();
  return { ...actual, alike: vi.fn(actual.alike) };
});

const ERRORS = ["Error: connect ECONNREFUSED 127.0.0.1:5432", "    at TCPConnectWrap.afterConnect (node:net:1555:16)", "    at src/db/pool.ts:41:7", "", "FAILED test/spec-12.ts (3 tests)"];

/** A list of collected lines: the bench's log lines with an error and its frames here and there. */
function listOf(texts: readonly string[]): CollectedLine[] {
  return texts.map((text, index) => ({ text, from: index + 1, to: index + 1, rawStart: 0, rawEnd: 0 }));
}

const runsOf = (runs: ReturnType<typeof findRuns>) => runs.map(({ start, end, note }) => ({ start, end, text: note.text }));

describe("runs of a grown stretch (counted, not timed)", () => {
  test("a stretch grown back or on gives exactly the runs of a fresh scan of it", () => {
    const lines = benchLog(3000);
    const input = fc.record({
      offset: fc.nat({ max: 2000 }),
      length: fc.integer({ min: 50, max: 800 }),
      errors: fc.array(fc.tuple(fc.nat({ max: 799 }), fc.nat({ max: ERRORS.length - 1 })), { maxLength: 12 }),
      cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
      back: fc.boolean(),
    });
    fc.assert(
      fc.property(input, ({ offset, length, errors, cuts, back }) => {
        const texts = lines.slice(offset, offset + length);
        for (const [at, which] of errors) if (at < texts.length) texts.splice(at, 0, ...ERRORS.slice(which));
        const grown = listOf(texts);
        const n = grown.length;
        // Stretches as fold-window.ts makes them: the same far end, the near end moved further each time.
        const ends = [...new Set(cuts.map((cut) => Math.floor(cut * n)))].sort((a, b) => (back ? b - a : a - b));
        for (const end of ends) {
          const [from, to] = back ? [end, n] : [0, Math.max(1, end)];
          const fresh = listOf(texts);
          expect(runsOf(findRuns(grown, back, from, to))).toEqual(runsOf(findRuns(fresh, back, from, to)));
        }
      }),
      { numRuns: 150 },
    );
  });

  test("16,000 log lines at 51,200 bytes: fewer shape comparisons and one measure per line", () => {
    const lines = benchLog(16000);
    const input = `${lines.join("\n")}\n`;
    const alike = vi.mocked(template.alike);
    alike.mockClear();
    let measured = 0;
    const measure = (text: string): number => {
      measured += 1;
      return Buffer.byteLength(text);
    };
    const result = bound(input, { budget: { maxLines: 2000, maxBytes: 51200 }, measure });
    expect(result.text).toContain("more lines like");
    // main's build: 12,758 comparisons and 5,057 measures, the cut's own among them (the stretches scanned and
    // measured again as they grew, the runs' lines measured once more for each stretch); now 9,143 and 3,261
    expect(alike.mock.calls.length).toBeLessThan(10_500);
    expect(measured).toBeLessThan(4_000);
  });
});
