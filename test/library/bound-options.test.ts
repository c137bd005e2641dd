// The library's bound() checks what the CLI's flags check: a head ratio is a share from 0 to 1.
import { describe, expect, test } from "vitest";
import { bound, UsageError } from "../../src/index.js";

const log = `${Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n")}\n`;
const budget = { maxLines: 4, maxBytes: 1000 };

describe("bound(): headRatio", () => {
  test.each([20, 2, -0.5, Number.NaN])("%s (a percentage, or no number: NaN looped for ever) is a UsageError naming the range", (headRatio) => {
    expect(() => bound(log, { budget, headRatio })).toThrow(UsageError);
    expect(() => bound(log, { budget, headRatio })).toThrow(/^headRatio .*: accepts a number from 0 to 1/);
  });
  test.each([0, 0.2, 1])("%s keeps lines within the budget", (headRatio) => {
    const text = bound(log, { budget, headRatio }).text;
    expect(text).toMatch(/^line \d+$/m);
  });
});
