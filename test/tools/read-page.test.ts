import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { measureCost, fitsBudget } from "../../src/tools/fit.js";
import { cutLongLine, pageLines, splitFileLines } from "../../src/tools/read-page.js";

const budget = { maxLines: 2000, maxBytes: 51200 };
const tenLines = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`);

describe("pageLines", () => {
  test("a whole small file ends with the end-of-file note", () => {
    expect(pageLines(["alpha", "beta"], { offset: 1, limit: 2000, budget, path: "/src/a.ts" })).toEqual({
      text: "<path>/src/a.ts</path>\n<type>file</type>\n<content>\n1: alpha\n2: beta\n</content>\n(End of file - total 2 lines)",
      header: "<path>/src/a.ts</path>\n<type>file</type>\n<content>\n",
      body: "1: alpha\n2: beta",
      footer: "\n</content>\n(End of file - total 2 lines)",
      shownFrom: 1,
      shownTo: 2,
      totalLines: 2,
    });
  });

  test("a limit leaves the rest with the offset to continue from", () => {
    const page = pageLines(tenLines, { offset: 3, limit: 4, budget, path: "f", type: "file" });
    expect(page.text).toBe(
      "<path>f</path>\n<type>file</type>\n<content>\n3: line 3\n4: line 4\n5: line 5\n6: line 6\n</content>\n" +
        "(Showing lines 3-6 of 10. Use offset=7 to continue.)",
    );
    expect([page.shownFrom, page.shownTo, page.nextOffset]).toEqual([3, 6, 7]);
  });

  test("the byte budget stops at the last whole line that fits, footer included", () => {
    const header = "<path>f</path>\n<type>file</type>\n<content>\n";
    const footer = "\n</content>\n(Showing lines 1-2 of 10. Use offset=3 to continue.)";
    const maxBytes = Buffer.byteLength(header + "1: line 1\n2: line 2" + footer);
    const page = pageLines(tenLines, { offset: 1, limit: 2000, budget: { maxLines: 2000, maxBytes }, path: "f" });
    expect(page.text).toBe(header + "1: line 1\n2: line 2" + footer);
    const short = pageLines(tenLines, { offset: 1, limit: 2000, budget: { maxLines: 2000, maxBytes: maxBytes - 1 }, path: "f" });
    expect(short.body).toBe("1: line 1");
    expect(short.nextOffset).toBe(2);
  });

  test("the line budget counts the frame's lines", () => {
    const page = pageLines(tenLines, { offset: 1, limit: 2000, budget: { maxLines: 7, maxBytes: 51200 }, path: "f" });
    expect(page.body).toBe("1: line 1\n2: line 2");
    expect(page.text.split("\n")).toHaveLength(7);
  });

  test("the token budget is the bounder's estimate, counted line by line", () => {
    const tokenBudget = { maxLines: 2000, maxBytes: 51200, maxTokens: 100 };
    const page = pageLines(tenLines, { offset: 1, limit: 2000, budget: tokenBudget, path: "f" });
    expect(fitsBudget(measureCost(page.text), tokenBudget)).toBe(true);
    const oneMoreLine = pageLines(tenLines, { offset: 1, limit: page.shownTo + 1, budget, path: "f" });
    expect(fitsBudget(measureCost(oneMoreLine.text), tokenBudget)).toBe(false);
    expect(page.shownTo).toBe(7);
    expect(page.footer).toContain(`Use offset=${page.shownTo + 1} to continue.`);
  });

  test("a first line too long for the budget is shown cut to what fits, and the page moves on (it showed no line)", () => {
    const lines = ["x".repeat(500), "second"];
    for (const maxBytes of [200, 300, 450]) {
      const page = pageLines(lines, { offset: 1, limit: 2000, budget: { maxLines: 100, maxBytes }, path: "f" });
      expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(maxBytes);
      expect(Buffer.byteLength(page.text)).toBeGreaterThan(maxBytes - 4); // the most that fits (a count's digits aside)
      expect(page.body).toMatch(/^1: x+\.\.\. \(line truncated to (\d+) chars to fit the output budget\)$/);
      expect(page.body.match(/x/g)).toHaveLength(Number(/truncated to (\d+)/.exec(page.body)![1]));
      expect(page.footer).toBe("\n</content>\n(Showing lines 1-1 of 2. Use offset=2 to continue.)");
      expect([page.shownFrom, page.shownTo, page.nextOffset]).toEqual([1, 1, 2]);
    }
  });

  test("a budget that holds no part of the first line shows no lines and says so", () => {
    const page = pageLines(["x".repeat(500)], { offset: 1, limit: 2000, budget: { maxLines: 100, maxBytes: 120 }, path: "f" });
    expect(page.text).toBe("<path>f</path>\n<type>file</type>\n<content>\n</content>\n(Line 1 does not fit in the output budget; no lines shown.)");
    expect([page.shownFrom, page.shownTo, page.nextOffset]).toEqual([1, 0, 1]);
  });

  test("an offset past the end is out of range", () => {
    const page = pageLines(tenLines, { offset: 12, limit: 5, budget, path: "f" });
    expect(page.text).toBe("<path>f</path>\n<type>file</type>\n<content>\n</content>\n(Offset 12 is out of range for this file - total 10 lines)");
    expect(page.nextOffset).toBeUndefined();
  });

  test("an empty file is its end", () => {
    expect(pageLines([], { offset: 1, limit: 10, budget, path: "f" }).text).toBe(
      "<path>f</path>\n<type>file</type>\n<content>\n</content>\n(End of file - total 0 lines)",
    );
  });

  test("a budget smaller than the frame still holds: the text is cut to it", () => {
    const page = pageLines(tenLines, { offset: 1, limit: 10, budget: { maxLines: 100, maxBytes: 20 }, path: "f" });
    expect(page.text).toBe("<path>f</path>\n<type");
    expect(page.body).toBe(page.text);
  });

  test("a custom additive measure (JSON-escaped bytes) is honoured", () => {
    const measure = (text: string): number => JSON.stringify(text).length - 2;
    const lines = Array.from({ length: 50 }, () => 'say "hi"\t');
    const page = pageLines(lines, { offset: 1, limit: 2000, budget: { maxLines: 2000, maxBytes: 400 }, path: "f", measure });
    expect(measure(page.text)).toBeLessThanOrEqual(400);
    expect(measure(page.text)).toBeGreaterThan(350);
  });
});

describe("cutLongLine", () => {
  test("cuts at 2000 characters with opencode's note", () => {
    expect(cutLongLine("a".repeat(2001))).toBe(`${"a".repeat(2000)}... (line truncated to 2000 chars)`);
    expect(cutLongLine("a".repeat(2000))).toBe("a".repeat(2000));
  });

  test("never splits a surrogate pair", () => {
    expect(cutLongLine(`${"a".repeat(1999)}😀b`)).toBe(`${"a".repeat(1999)}... (line truncated to 2000 chars)`);
  });
});

describe("splitFileLines", () => {
  test.each([
    ["", []],
    ["a", ["a"]],
    ["a\n", ["a"]],
    ["a\r\nb\r\n", ["a", "b"]],
    ["a\n\n", ["a", ""]],
  ])("%j", (text, lines) => {
    expect(splitFileLines(text)).toEqual(lines);
  });
});

describe("pageLines properties", () => {
  const line = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.string({ minLength: 1990, maxLength: 2100 }),
  ).map((text) => text.replace(/\r?\n/g, " "));
  const lines = fc.array(line, { maxLength: 60 });
  const pageBudget = fc.record(
    { maxLines: fc.integer({ min: 1, max: 80 }), maxBytes: fc.integer({ min: 1, max: 20000 }), maxTokens: fc.integer({ min: 1, max: 5000 }) },
    { requiredKeys: ["maxLines", "maxBytes"] },
  );

  test("shows consecutive numbered lines from the offset, each whole or cut at 2000, within the budget", () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 70 }), pageBudget, (input, offset, limit, budget) => {
        const page = pageLines(input, { offset, limit, budget, path: "p" });
        expect(fitsBudget(measureCost(page.text), budget)).toBe(true);
        const shown = page.body === "" || !page.header.startsWith("<path>") ? [] : page.body.split("\n");
        expect(shown).toHaveLength(page.shownTo - page.shownFrom + 1);
        shown.forEach((numbered, index) => {
          const number = offset + index;
          const original = input[number - 1]!;
          // A first line too long for the budget is shown alone, cut to what fits, and says so.
          const fitted = /\.\.\. \(line truncated to (\d+) chars to fit the output budget\)$/.exec(numbered);
          if (fitted && !original.endsWith(fitted[0])) {
            expect([index, shown.length]).toEqual([0, 1]);
            const chars = Number(fitted[1]);
            expect(chars).toBeLessThan(Math.min(original.length, 2000) + 1);
            expect(numbered).toBe(`${number}: ${cutLongLine(original, chars, `... (line truncated to ${chars} chars to fit the output budget)`)}`);
            return;
          }
          expect(numbered).toBe(`${number}: ${cutLongLine(original)}`);
          expect(original.length > 2000 ? numbered.endsWith("... (line truncated to 2000 chars)") : numbered === `${number}: ${original}`).toBe(true);
        });
        expect(page.shownTo - page.shownFrom + 1).toBeLessThanOrEqual(limit);
        if (page.nextOffset !== undefined) expect(page.nextOffset).toBe(page.shownTo + 1);
        else expect(page.shownTo >= input.length || offset > input.length).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
