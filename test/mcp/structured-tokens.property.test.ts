// A structuredContent is held to --max-tokens on every path that writes it, counted by the budget's own counter (the
// estimate, or o200k with --tokenizer): `bound`/`normalize --format json` and `--to mcp` write it in the one JSON
// document the budget counts (it gets half the tokens), `normalize | lower --to mcp` cuts the payload again, and the
// proxy holds it to the tokens on its own beside the result without it. Whatever the result, what is written never
// goes over, and at STRUCTURED_TOKEN_FLOOR tokens or more nothing is refused (a structuredContent of a few short keys,
// as generated here: boundStructured never shortens keys, numbers or strings of at most 80 characters, an array keeps
// an item from each end). The structured content gets half the tokens, but leaves the text's side at least 800 (its
// marker, the note, the envelope: about 450 for `--to mcp`, 650 for `--format json`); sampled, the largest budget
// refused was 800 with the estimate, 500 with o200k.
import fc from "fast-check";
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { estimateTokens, type TokenCounter } from "../../src/bound/budget.js";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import type { Budget } from "../../src/bound/types.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { normalizeValue } from "../../src/normalize/index.js";
import type { ToolResult } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";
import { SpillStore } from "../../src/spill/store.js";
import { writtenCost } from "./written-cost.js";

/** The smallest --max-tokens at which no result generated here is refused (the README and the man page say it). */
const STRUCTURED_TOKEN_FLOOR = 1000;

const store = new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-structured-tokens-")), "spill"));
const counters: [string, TokenCounter][] = [["the estimate", estimateTokens], ["o200k", (text) => countO200k(text)]];

const word = fc.constantFrom("ok", "item", "description", "Ünïcödé", "中文字符", "0x1f2e3d", "a_b-c.d", "\"q\"", "\\", "😀", "\t", "\n");
const words = (most: number) => fc.array(word, { minLength: 1, maxLength: most }).map((some) => some.join(" "));
// Long strings are cut to 16 characters and a note; short ones (at most 80 characters) are never cut.
const longString = fc.record({ unit: words(40), times: fc.integer({ min: 1, max: 400 }) }).map(({ unit, times }) => unit.repeat(times));
const key = fc.constantFrom("id", "name", "rows", "log", "items", "meta", "x");
const short = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), words(6));
const row = fc.dictionary(key, short, { maxKeys: 3 });
const array = fc.record({ item: fc.oneof(short, row), length: fc.integer({ min: 0, max: 4000 }) }).map(({ item, length }) => Array.from({ length }, (_, index) => (typeof item === "number" ? index : item)));
// At most four keys, each a short value, a long string, an array (of short values or rows) or an object of those.
const structured = fc.dictionary(key, fc.oneof(short, longString, row, array, fc.dictionary(key, fc.oneof(short, array), { maxKeys: 3 })), { minKeys: 1, maxKeys: 4 });

const line = fc.constantFrom(
  (index: number) => `line ${index} of the build log: compiled module ${index * 7}`,
  (index: number) => `{"i":${index},"k":"${"ab".repeat(index % 9)}"},[]`,
  (index: number) => `${index}`.repeat(12),
);
const text = fc.record({ lines: fc.integer({ min: 0, max: 3000 }), line }).map(({ lines, line }) => Array.from({ length: lines }, (_, index) => line(index)).join("\n"));
const source = fc.record({ text, structuredContent: structured }).map(({ text, structuredContent }) => ({ content: [{ type: "text", text }], structuredContent }));
const budget = fc.record({
  maxTokens: fc.integer({ min: 150, max: 4000 }),
  maxBytes: fc.constantFrom(51_200, 16_000),
  maxLines: fc.constantFrom(2000, 40),
});

/** Runs `write`; undefined when it refused (nothing written), which is allowed only under the floor. */
function unlessRefused<T>(limits: Budget, write: () => T): T | undefined {
  try {
    return write();
  } catch (error) {
    if (limits.maxTokens! < STRUCTURED_TOKEN_FLOOR) return undefined;
    throw error;
  }
}

describe("structuredContent within --max-tokens", () => {
  for (const [name, countTokens] of counters) {
    test(`property, counted by ${name}: bound --format json, bound/lower --to mcp, normalize | lower --to mcp`, () => {
      fc.assert(
        fc.property(source, budget, fc.constantFrom("json", "mcp", "json|mcp"), (value, limits, target) => {
          const options = { budget: limits, countTokens, spill: { store } };
          const written = unlessRefused(limits, () => {
            const first = projectResult(normalizeValue(value, "mcp"), { ...options, ...(target === "mcp" ? { to: "mcp" as const } : { format: "json" as const }) }).text;
            return target === "json|mcp" ? projectResult(JSON.parse(first) as ToolResult, { ...options, to: "mcp" }).text : first;
          });
          if (written === undefined) return;
          expect(countTokens(written)).toBeLessThanOrEqual(limits.maxTokens);
          expect(Buffer.byteLength(written)).toBeLessThanOrEqual(limits.maxBytes);
        }),
        { numRuns: 60 },
      );
    });

    test(`property, counted by ${name}: correx proxy (the result and its structuredContent each within the tokens)`, () => {
      fc.assert(
        fc.property(source, budget, (value, limits) => {
          const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: value }));
          const outcome = unlessRefused(limits, () => boundCallToolResult(value, raw, { bound: { ...resolveBoundOptions({ budget: limits }), countTokens }, readToolName: "read_output", spill: { store } }));
          if (outcome === undefined) return;
          const cost = writtenCost(outcome.result ?? value, countTokens);
          expect(cost.tokens).toBeLessThanOrEqual(limits.maxTokens);
          expect(cost.structuredTokens).toBeLessThanOrEqual(limits.maxTokens);
          expect(cost.structuredBytes).toBeLessThanOrEqual(limits.maxBytes);
        }),
        { numRuns: 60 },
      );
    });
  }

  test("the proxy refuses a structuredContent whose most cut form is over the tokens (keys are never cut): a tool error names the smallest --max-tokens, nothing is written over", () => {
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`a key of its own, number ${index}`, index]));
    const value = { content: [{ type: "text", text: "ok" }], structuredContent: many };
    const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: value }));
    const bound = (maxTokens: number) => boundCallToolResult(value, raw, { bound: resolveBoundOptions({ budget: { maxTokens, maxBytes: 51_200, maxLines: 2000 } }), readToolName: "read_output", spill: { store } });
    let message = "";
    try {
      bound(2000);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^--max-tokens 2000 cannot hold .* the smallest budget that works is --max-tokens \d+ \(its structuredContent, cut as far as it can be\)$/);
    const needed = Number(/--max-tokens (\d+) \(its/.exec(message)![1]);
    // At the budget it names, the result is written, within it.
    expect(writtenCost(bound(needed).result ?? value).structuredTokens).toBeLessThanOrEqual(needed);
  });
});
