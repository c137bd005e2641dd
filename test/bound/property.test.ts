// The promises of SPEC §4, property-tested: the budget holds, the spill is the input, UTF-8 out, idempotence, provenance.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { bound, estimateTokens, RAW_HYGIENE } from "../../src/bound/index.js";
import { countLines } from "../../src/bound/budget.js";
import type { BoundOptions, BoundText, Budget } from "../../src/bound/types.js";
import { BudgetTooSmallError } from "../../src/errors.js";
import { SpillStore } from "../../src/spill/store.js";

const spillDir = mkdtempSync(join(tmpdir(), "correx-prop-"));
const store = new SpillStore(spillDir);
store.prepare();
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

const multiByte = fc.constantFrom("é", "中", "文", "😀", "👩‍👩‍👧", "🇫🇷", "\u0301", "a", " ", "\t", "-");
const line = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(multiByte, { maxLength: 30 }).map((parts) => parts.join("")),
  fc.integer({ min: 200, max: 3000 }).map((length) => "x".repeat(length)),
);
/** Inputs: random bytes, many short lines, few giant lines, multi-byte text. */
const input = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.array(line, { maxLength: 300 }).map((lines) => Buffer.from(lines.join("\n"))),
  fc.array(fc.integer({ min: 1000, max: 20000 }), { minLength: 1, maxLength: 3 }).map((lengths) => Buffer.from(lengths.map((length, index) => "é😀x".repeat(length / 6) + index).join("\n"))),
  fc.tuple(fc.array(line, { maxLength: 100 }), fc.boolean()).map(([lines, newline]) => Buffer.from(lines.join("\n") + (newline ? "\n" : ""))),
);
const options = fc.record({
  budget: fc.record({
    maxLines: fc.integer({ min: 1, max: 60 }),
    maxBytes: fc.integer({ min: 1, max: 4000 }),
    maxTokens: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
  }),
  keep: fc.constantFrom("head", "tail", "both") as fc.Arbitrary<BoundOptions["keep"]>,
  headRatio: fc.double({ min: 0, max: 1, noNaN: true }),
  raw: fc.boolean(),
  spill: fc.boolean(),
});

type Drawn = { budget: BoundOptions["budget"]; keep: BoundOptions["keep"]; headRatio: number; raw: boolean; spill: boolean };
/**
 * Bounds with the drawn options. A budget too small for the marker must be refused with the smallest budget
 * that works (each named limit above the given one, one less on any of them refused), leave no file behind,
 * and that budget must then work.
 */
const run = (bytes: Uint8Array | string, drawn: Drawn): BoundText & { budget: Budget } => {
  const budget = drawn.budget.maxTokens === undefined ? { maxLines: drawn.budget.maxLines, maxBytes: drawn.budget.maxBytes } : drawn.budget;
  const call = (limits: Budget): BoundText => bound(bytes, {
    budget: limits, keep: drawn.keep, headRatio: drawn.headRatio, ...(drawn.raw ? { hygiene: RAW_HYGIENE } : {}),
    ...(drawn.spill ? { spill: { store } } : {}),
  });
  const before = readdirSync(spillDir).length;
  try {
    return { ...call(budget), budget };
  } catch (error) {
    if (!(error instanceof BudgetTooSmallError)) throw error;
    expect(readdirSync(spillDir).length).toBe(before);
    for (const [key, value] of Object.entries(error.needed)) expect(value).toBeGreaterThan(budget[key as keyof Budget]!);
    const raised = { ...budget, ...error.needed };
    // Exactly the smallest: one less on any named limit is refused too.
    for (const key of Object.keys(error.needed) as (keyof Budget)[]) {
      expect(() => call({ ...raised, [key]: raised[key]! - 1 }), `${key} ${raised[key]! - 1}`).toThrow(BudgetTooSmallError);
    }
    return { ...call(raised), budget: raised };
  }
};

describe("bound properties", () => {
  test("what is written never exceeds the budget, marker included", () => {
    fc.assert(
      fc.property(input, options, (bytes, drawn) => {
        const { text, budget, truncated } = run(bytes, drawn);
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(budget.maxBytes);
        expect(countLines(text)).toBeLessThanOrEqual(budget.maxLines);
        if (budget.maxTokens !== undefined) expect(estimateTokens(text)).toBeLessThanOrEqual(budget.maxTokens);
        if (truncated) expect(text).toMatch(/\[\.\.\. omitted .*\]\n\[full output|binary output: /);
      }),
      { numRuns: 400 },
    );
  });

  test("the output is valid UTF-8 (no lone surrogates) whatever the input bytes", () => {
    fc.assert(
      fc.property(input, options, (bytes, drawn) => {
        const { text } = run(bytes, drawn);
        expect(Buffer.from(text, "utf8").toString("utf8")).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  test("the spill is byte-identical to the input, and exists only when something was cut", () => {
    fc.assert(
      fc.property(input, options, (bytes, drawn) => {
        const result = run(bytes, { ...drawn, spill: true });
        if (!result.truncated) {
          expect(result.spill).toBeUndefined();
          return;
        }
        expect(result.spill?.kind).toBe("saved");
        if (result.spill?.kind !== "saved") return;
        expect(Buffer.compare(readFileSync(result.spill.path), Buffer.from(bytes))).toBe(0);
        const record = store.readRecord(result.spill.id);
        expect(record.size).toBe(bytes.length);
        expect(record.projection).toBe(result.text);
      }),
      { numRuns: 150 },
    );
  });

  test("bounding a bounded output changes nothing", () => {
    fc.assert(
      fc.property(input, options, (bytes, drawn) => {
        const once = run(bytes, drawn);
        const twice = run(once.text, { ...drawn, budget: once.budget });
        expect(twice.text).toBe(once.text);
        expect(twice.truncated).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  test("an output that fits passes through unchanged (raw)", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const text = lines.join("\n");
        const result = bound(text, { budget: { maxLines: 10_000, maxBytes: 1_000_000 }, hygiene: RAW_HYGIENE });
        expect(result.text).toBe(text);
        expect(result.truncated).toBe(false);
      }),
    );
  });

  test("head and tail really come from the start and the end", () => {
    fc.assert(
      fc.property(input, options, (bytes, drawn) => {
        const result = run(bytes, { ...drawn, raw: true });
        const decoded = Buffer.from(bytes).toString("utf8");
        if (!result.truncated) {
          expect(result.text).toBe(decoded);
          return;
        }
        expect(decoded.startsWith(result.head.slice(0, -1))).toBe(true);
        expect(decoded.endsWith(result.tail.slice(1))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test("never an empty preview: one giant line shows its start and its end", () => {
    fc.assert(
      fc.property(fc.integer({ min: 60_000, max: 400_000 }), (length) => {
        const text = `START${"é".repeat(length)}END`;
        const result = bound(text);
        expect(result.truncated).toBe(true);
        expect(result.head.startsWith("START")).toBe(true);
        expect(result.tail.endsWith("END")).toBe(true);
        expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(51200);
      }),
      { numRuns: 10 },
    );
  });
});
