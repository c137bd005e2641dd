import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { addCost, countWords, cutToBudget, estimateTokens, fitItemCount, fitsBudget, isLowSurrogateAt, measureCost } from "../../src/tools/fit.js";

describe("measuring", () => {
  test("cost of a text", () => {
    expect(measureCost("héllo, wörld\n漢字 😀")).toMatchObject({ bytes: 26, newlines: 1, pieces: 18, first: "h", last: "\ude00", leading: "h", trailing: "" });
    expect(countWords("a.b  c_d")).toBe(4);
  });

  test("the token estimate is the bounder's, from the additive pieces (plus 10 %)", () => {
    expect(estimateTokens({ ...measureCost(""), pieces: 10 })).toBe(11);
    expect(estimateTokens(measureCost("a b c"))).toBe(4);
  });

  test.each<[string, { maxLines: number; maxBytes: number; maxTokens?: number }, boolean]>([
    ["a\nb", { maxLines: 2, maxBytes: 3 }, true],
    ["a\nb", { maxLines: 1, maxBytes: 3 }, false],
    ["a\nb", { maxLines: 2, maxBytes: 2 }, false],
    ["a b c", { maxLines: 2, maxBytes: 99, maxTokens: 3 }, false],
    ["a b c", { maxLines: 2, maxBytes: 99, maxTokens: 4 }, true],
  ])("%j fits %j: %s", (text, budget, fits) => {
    expect(fitsBudget(measureCost(text), budget)).toBe(fits);
  });
});

describe("the additive token estimate", () => {
  test("never counts less for the parts than the bounder counts for the joined text", () => {
    const letters = fc.stringMatching(/^[a-zA-Z]{1,9}$/);
    const piece = fc.oneof(fc.string({ maxLength: 12 }), letters, fc.constantFrom(" ", "\n", " \n", "\t", "12", "aB", "é", "漢", "😀", "  ", ".", "\x1b", "str", "ength", "past", "stop", "banana"));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const joined = parts.reduce((cost, part) => addCost(cost, measureCost(part)), measureCost(""));
        expect(estimateTokens(joined)).toBeGreaterThanOrEqual(estimateTokens(measureCost(parts.join(""))));
      }),
      { numRuns: 4000 },
    );
  });
});

describe("fitItemCount", () => {
  test("counts the frame and the newlines between items", () => {
    const frame = (count: number) => ({ header: "H\n", footer: `\n(${count})` });
    // "H\n" + "aa\nbb" + "\n(2)" = 11 bytes
    expect(fitItemCount(["aa", "bb", "cc"], frame, { maxLines: 99, maxBytes: 11 })).toBe(2);
    expect(fitItemCount(["aa", "bb", "cc"], frame, { maxLines: 99, maxBytes: 10 })).toBe(1);
    expect(fitItemCount(["aa", "bb", "cc"], frame, { maxLines: 3, maxBytes: 99 })).toBe(1);
    expect(fitItemCount(["aa"], frame, { maxLines: 99, maxBytes: 3 })).toBe(0);
  });
});

describe("cutToBudget", () => {
  test("keeps a fitting text and never splits a surrogate pair", () => {
    expect(cutToBudget("abc", { maxLines: 1, maxBytes: 3 })).toBe("abc");
    expect(cutToBudget("a😀b", { maxLines: 1, maxBytes: 4 })).toBe("a");
    expect(cutToBudget("a\nb\nc", { maxLines: 2, maxBytes: 99 })).toBe("a\nb");
  });

  test("property: the longest fitting prefix in whole code points", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 1, max: 5 }),
        (text, maxBytes, maxLines) => {
          const budget = { maxLines, maxBytes };
          const cut = cutToBudget(text, budget);
          expect(text.startsWith(cut)).toBe(true);
          expect(fitsBudget(measureCost(cut), budget)).toBe(true);
          expect(isLowSurrogateAt(text, cut.length)).toBe(false);
          const next = [...text.slice(cut.length)][0];
          if (next !== undefined) expect(fitsBudget(measureCost(cut + next), budget)).toBe(false);
        },
      ),
    );
  });
});
