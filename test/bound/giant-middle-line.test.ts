// A line too long for any cut in the middle of an output (a minified bundle, a JSON blob, base64 in a log): the
// room the whole lines leave shows its start, rather than nothing, and the marker says the line is shown in part.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BoundSession, resolveBoundOptions } from "../../src/bound/index.js";
import { BudgetTooSmallError } from "../../src/errors.js";

function boundText(text: string, maxBytes: number, maxLines = 2000) {
  const session = new BoundSession(resolveBoundOptions({ budget: { maxLines, maxBytes } }));
  session.write(Buffer.from(text));
  return session.finish();
}

// A script's steps around one JSON document printed on a single line (the repository's own lockfile, 300+ KB).
const blob = JSON.stringify(JSON.parse(readFileSync(new URL("../../package-lock.json", import.meta.url), "utf8")));
const steps = (from: number, count: number) => Array.from({ length: count }, (_, index) => `step ${from + index}: ok`).join("\n");

describe("a giant line in the middle", () => {
  test("its start fills the room the whole lines leave; the lines around it are kept", () => {
    const text = `${steps(1, 5)}\n${blob}\n${steps(6, 5)}\n`;
    const bound = boundText(text, 4000);
    expect(Buffer.byteLength(bound.text)).toBeLessThanOrEqual(4000);
    expect(Buffer.byteLength(bound.text)).toBeGreaterThan(3000);
    expect(bound.text).toContain(`step 5: ok\n${blob.slice(0, 200)}`);
    expect(bound.text).toContain("step 10: ok\n");
    expect(bound.marker).toMatch(/^\[\.\.\. omitted \d+ bytes inside line 6 of 11 lines/);
  });

  test("with whole lines omitted after it, the marker says only the first is shown in part", () => {
    // lines of 1,000 bytes after it: the tail takes three, the room left is the giant line's
    const text = `${steps(1, 3)}\n${blob}\n${Array.from({ length: 400 }, (_, index) => `after ${index}: ${"x".repeat(990)}`).join("\n")}\n`;
    const bound = boundText(text, 4000, 60);
    expect(Buffer.byteLength(bound.text)).toBeGreaterThan(3000);
    expect(Buffer.byteLength(bound.text)).toBeLessThanOrEqual(4000);
    expect(bound.text).toContain(`step 3: ok\n${blob.slice(0, 100)}`);
    expect(bound.marker).toMatch(/: lines 4-\d+, the first partly, of 404 lines/);
  });

  test("a line that some cut could show whole is never shown in part", () => {
    const line = `middle ${"m".repeat(1500)}`;
    const text = `${steps(1, 20)}\n${line}\n${steps(21, 80)}\n`;
    const bound = boundText(text, 2000);
    expect(bound.text.split("\n").some((shown) => shown.startsWith("middle ") && shown !== line)).toBe(false);
  });

  test("the budget holds whatever the giant line and the lines around it", () => {
    const around = fc.array(fc.string({ maxLength: 60 }), { maxLength: 40 });
    fc.assert(
      fc.property(around, fc.string({ minLength: 1, maxLength: 20 }), fc.integer({ min: 5_000, max: 60_000 }), around, fc.integer({ min: 300, max: 6_000 }), (before, unit, length, after, maxBytes) => {
        const giant = unit.replace(/\n/g, " ").repeat(Math.ceil(length / unit.length));
        try {
          const bound = boundText([...before, giant, ...after].join("\n"), maxBytes, 50);
          expect(Buffer.byteLength(bound.text)).toBeLessThanOrEqual(maxBytes);
          expect(bound.text.split("\n").length).toBeLessThanOrEqual(50);
        } catch (error) {
          if (!(error instanceof BudgetTooSmallError)) throw error;
        }
      }),
      { numRuns: 200 },
    );
  });
});
