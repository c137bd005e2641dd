// A budget given at the finish (`run --failure-max-bytes`: known once the command has ended) holds like one given
// at the start: the written text fits it, or the refusal names it.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import { BoundSession, resolveBoundOptions } from "../../src/bound/index.js";
import { BudgetTooSmallError } from "../../src/errors.js";

function finishWith(bytes: Buffer, startBytes: number, endBytes: number): string {
  const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 2000, maxBytes: startBytes } }));
  session.write(bytes);
  try {
    return session.finish({}, { budget: { maxLines: 2000, maxBytes: endBytes } }).text;
  } catch (error) {
    if (error instanceof BudgetTooSmallError) return `refused: ${JSON.stringify(error.needed)}`;
    throw error;
  }
}

describe("a budget given at the finish", () => {
  test("the text fits the smaller budget, whatever the input and the budget the session started with", () => {
    const line = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("error: TS2345 x", "é中😀\r\x1b[31mred\x1b[0m", "x".repeat(700)));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 400 }), fc.integer({ min: 200, max: 40_000 }), fc.integer({ min: 0, max: 100 }), (lines, start, share) => {
        const end = Math.max(1, Math.floor((start * share) / 100));
        const text = finishWith(Buffer.from(lines.join("\n")), start, end);
        if (!text.startsWith("refused: ")) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(end);
        else expect(JSON.parse(text.slice(9)).maxBytes).toBeGreaterThan(end);
      }),
      { numRuns: 300 },
    );
  });

  test("a recorded failing build cut to 10,000 bytes at the finish keeps the lines an engineer needs", () => {
    const fixture = (name: string) => readFileSync(new URL(`../fixtures/salience/${name}`, import.meta.url));
    const bytes = fixture("npm-workspaces-script-error.txt");
    const late = finishWith(bytes, 30_000, 10_000);
    expect(Buffer.byteLength(late)).toBeLessThanOrEqual(10_000);
    expect(Buffer.byteLength(late)).toBeGreaterThan(8_000);
    for (const line of fixture("npm-workspaces-script-error.must-keep.txt").toString().split("\n").filter(Boolean)) expect(late).toContain(line);
  });
});
