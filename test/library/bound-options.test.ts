// The library's bound() checks what the CLI's flags check: a head ratio is a share from 0 to 1.
import { describe, expect, test } from "vitest";
import { bound, BoundSession, project, resolveBoundOptions, UsageError } from "../../src/index.js";

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

describe("bound(): options given as undefined (optional fields passed on)", () => {
  const expected = bound(log, { budget }).text;
  test.each([
    ["headRatio", { budget, headRatio: undefined }],
    ["keep, style, salience, hygiene", { budget, keep: undefined, style: undefined, salience: undefined, hygiene: undefined }],
    ["a budget's maxTokens", { budget: { ...budget, maxTokens: undefined } }],
  ])("%s: the defaults, as when absent (headRatio undefined looped for ever)", (_name, options) => {
    expect(bound(log, options as Parameters<typeof bound>[1]).text).toBe(expected);
  });
  test("a budget's maxBytes undefined is the default 51200 (it was no byte limit at all)", () => {
    const lines = { maxLines: 4 } as { maxLines: number; maxBytes: number };
    expect(bound(log, { budget: { ...lines, maxBytes: undefined as unknown as number } }).text).toBe(bound(log, { budget: { maxLines: 4, maxBytes: 51200 } }).text);
  });
});

describe("project(): options given as undefined", () => {
  test("every option undefined projects as none given, for the terminal too (terminal: undefined threw 'needs options.terminal')", () => {
    const result = { ok: true, data: log };
    const none = { reader: undefined, format: undefined, to: undefined, tool: undefined, color: undefined, width: undefined, lower: undefined, spill: undefined, terminal: undefined };
    expect(project(result, { budget, ...none }).text).toBe(project(result, { budget }).text);
    expect(project(result, { budget, ...none, reader: "terminal" }).text).toBe(project(result, { budget, reader: "terminal" }).text);
  });
});

// A budget of one kind, the other limits their defaults, as at run time: under strict TypeScript (`npm test` type-checks
// this file) { maxTokens: 2000 } alone was an error, "Property 'maxLines' is missing in type", so a harness spelled
// out the defaults; and so was hygiene: { stripAnsi: false } alone.
describe("bound(), project(), resolveBoundOptions(): a budget or hygiene of some fields only", () => {
  const whole = { maxLines: 2000, maxBytes: 51200 };
  test("bound: { maxLines }, { maxBytes }, { maxTokens } alone bound as the whole budget with the defaults filled in", () => {
    expect(bound(log, { budget: { maxLines: 4 } }).text).toBe(bound(log, { budget: { ...whole, maxLines: 4 } }).text);
    expect(bound(log, { budget: { maxBytes: 300 } }).text).toBe(bound(log, { budget: { ...whole, maxBytes: 300 } }).text);
    expect(bound(log, { budget: { maxTokens: 150 } }).text).toBe(bound(log, { budget: { ...whole, maxTokens: 150 } }).text);
    expect(bound("\u001b[31mred\u001b[0m\n", { hygiene: { stripAnsi: false } }).text).toBe("\u001b[31mred\u001b[0m\n");
  });

  test("project and resolveBoundOptions (for a BoundSession) the same", () => {
    const result = { ok: true, data: log };
    expect(project(result, { budget: { maxTokens: 150 } }).text).toBe(project(result, { budget: { ...whole, maxTokens: 150 } }).text);
    expect(resolveBoundOptions({ budget: { maxTokens: 150 }, hygiene: { collapse: false } })).toMatchObject({
      budget: { ...whole, maxTokens: 150 }, hygiene: { stripAnsi: true, collapse: false, foldRepeats: true, detectBinary: true },
    });
    const session = new BoundSession(resolveBoundOptions({ budget: { maxLines: 4 } }));
    session.write(Buffer.from(log));
    expect(session.finish().text).toBe(bound(log, { budget: { maxLines: 4 } }).text);
  });
});
