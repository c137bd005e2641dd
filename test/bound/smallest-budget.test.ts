// A refusal names the smallest budget that works: that budget works, one less on any named limit is refused, and
// the named value does not depend on the random spill id the marker shows.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { bound } from "../../src/bound/index.js";
import type { Budget, BoundOptions } from "../../src/bound/types.js";
import { BudgetTooSmallError, type NeededBudget } from "../../src/errors.js";
import { SpillStore } from "../../src/spill/store.js";

const spillDir = mkdtempSync(join(tmpdir(), "correx-smallest-"));
const store = new SpillStore(spillDir);
store.prepare();
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

/** The budget a refusal names, or undefined when the budget was not refused. */
function refusal(input: string, budget: Budget, options: Partial<BoundOptions> = {}): NeededBudget | undefined {
  try {
    bound(input, { budget, spill: { store }, ...options });
    return undefined;
  } catch (error) {
    if (error instanceof BudgetTooSmallError) return error.needed;
    throw error;
  }
}

function expectExact(input: string, budget: Budget, options: Partial<BoundOptions> = {}): NeededBudget {
  const needed = refusal(input, budget, options)!;
  expect(needed).toBeDefined();
  const named = { ...budget, ...needed };
  expect(refusal(input, named, options)).toBeUndefined();
  for (const key of Object.keys(needed) as (keyof NeededBudget)[]) expect(refusal(input, { ...named, [key]: named[key]! - 1 }, options), key).toBeDefined();
  return needed;
}

describe("the smallest budget that works", () => {
  test("is searched over the whole bounding: a short output that fits whole needs no room for a marker", () => {
    // The marker alone needs 2 lines and about 100 bytes; the text itself needs 2 lines and 4 bytes.
    expect(expectExact("é\n ", { maxLines: 1, maxBytes: 1 }, { keep: "head" })).toEqual({ maxLines: 2, maxBytes: 4 });
  });

  test("for tokens, is the same whatever the spill id, and exact each time", () => {
    const input = `${"error: something failed in module 42\n".repeat(300)}done\n`;
    const named = Array.from({ length: 12 }, () => expectExact(input, { maxLines: 100, maxBytes: 100_000, maxTokens: 20 }).maxTokens);
    expect(new Set(named).size).toBe(1);
    expect(named[0]).toBeGreaterThan(20);
  });
});
