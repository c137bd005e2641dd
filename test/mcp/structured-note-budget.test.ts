// The note that a cut structuredContent was cut (a last text block and `_meta["correx/structuredContentCut"]`) is
// written beside the text's rendered output: the proxy adds it after the text is bounded (result-bound.ts), and
// `--to mcp` writes it in its render, a line the body does not hold. Whatever the budget and the result, what is
// written holds every limit with the note in it: bytes and tokens of the result without its structuredContent (media
// data left out), the lines of its text blocks, and the structuredContent's bytes.
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import type { Budget } from "../../src/bound/types.js";
import { BudgetTooSmallError } from "../../src/errors.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { STRUCTURED_CUT_META } from "../../src/mcp/structured-note.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { projectResult } from "../../src/project/project.js";
import { SpillStore } from "../../src/spill/store.js";
import { writtenCost } from "./written-cost.js";

type Block = Record<string, unknown>;
const store = new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-note-budget-")), "spill"));

const lineOf = fc.constantFrom(
  (index: number) => `line ${index} of the build log: compiled module ${index * 7}`,
  (index: number) => `{"i":${index},"k":"${"ab".repeat(index % 9)}"},[]`,
  (index: number) => `${index}`.repeat(12),
  (index: number) => "w ".repeat(40 + (index % 30)),
);
const text = fc.record({ lines: fc.integer({ min: 1, max: 400 }), line: lineOf, long: fc.integer({ min: 0, max: 3000 }) }).map(({ lines, line, long }) =>
  Array.from({ length: lines }, (_, index) => line(index)).join("\n").slice(0, long === 0 ? undefined : long));
const structured = (body: string) => fc.constantFrom(
  { items: Array.from({ length: 3000 }, (_, index) => index) },
  { log: "x".repeat(30_000), count: 3 },
  { content: body, rows: Array.from({ length: 400 }, (_, index) => ({ index, label: `row ${index}` })) },
  Object.fromEntries(Array.from({ length: 4 }, (_, index) => [`a key with a long name, number ${index}, ${"ü".repeat(8)}`, "y".repeat(4000)])),
);
const budget = fc.record({
  maxBytes: fc.integer({ min: 1024, max: 8000 }),
  maxLines: fc.constantFrom(2000, 6, 30),
  maxTokens: fc.option(fc.integer({ min: 150, max: 2500 }), { nil: undefined }),
});
const result = text.chain((body) => fc.record({
  content: fc.constant([{ type: "text", text: body }]),
  structuredContent: structured(body),
  _meta: fc.option(fc.constant({ "example.com/trace": "t-1" }), { nil: undefined }),
})).map(({ _meta, ...rest }) => (_meta === undefined ? rest : { ...rest, _meta }));

function expectWithin(written: Record<string, unknown>, limits: Budget): void {
  const cost = writtenCost(written);
  expect(CallToolResultSchema.safeParse(written).success).toBe(true);
  expect(cost.bytes).toBeLessThanOrEqual(limits.maxBytes);
  expect(cost.lines).toBeLessThanOrEqual(limits.maxLines);
  if (limits.maxTokens !== undefined) expect(cost.tokens).toBeLessThanOrEqual(limits.maxTokens);
  expect(cost.structuredBytes).toBeLessThanOrEqual(limits.maxBytes);
}

describe("a cut structuredContent's note is within the budget with the text", () => {
  test("property, correx proxy (boundCallToolResult): the note and _meta counted, whatever the budget and result", () => {
    fc.assert(
      fc.property(result, budget, fc.boolean(), (source, limits, spilled) => {
        const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: source }));
        let outcome;
        try {
          outcome = boundCallToolResult(source, raw, { bound: resolveBoundOptions({ budget: limits }), readToolName: "read_output", ...(spilled ? { spill: { store } } : {}) });
        } catch (error) {
          if (error instanceof BudgetTooSmallError) return; // nothing written
          throw error;
        }
        expectWithin(outcome.result ?? source, limits);
      }),
      { numRuns: 150 },
    );
  });

  test("property, --to mcp (projectResult): the note's line counted with the text's", () => {
    fc.assert(
      fc.property(result, budget, (source, limits) => {
        let written;
        try {
          written = JSON.parse(projectResult(normalizeValue(source, "mcp"), { to: "mcp", budget: limits, spill: { store } }).text) as Record<string, unknown>;
        } catch (error) {
          if (error instanceof BudgetTooSmallError) return;
          throw error;
        }
        expectWithin(written, limits);
      }),
      { numRuns: 100 },
    );
  });

  test("the proxy: a text that fits whole beside a cut structuredContent leaves room for the note (was 2,223 bytes of 2,000)", () => {
    const source = { content: [{ type: "text", text: "a".repeat(1950) }], structuredContent: { items: Array.from({ length: 5000 }, (_, index) => index) } };
    const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result: source }));
    const { result: cut, outputId } = boundCallToolResult(source, raw, { bound: resolveBoundOptions({ budget: { maxBytes: 2000, maxLines: 2000 } }), readToolName: "read_output", spill: { store } });
    expectWithin(cut!, { maxBytes: 2000, maxLines: 2000 });
    const content = cut!.content as { text: string }[];
    expect(content.at(-1)!.text).toBe(`[correx: structuredContent was cut at $.items; full result: read_output id=${outputId}]`);
    expect(cut!._meta).toEqual({ [STRUCTURED_CUT_META]: { paths: ["$.items"], id: outputId } });
  });
});
