// A tool's text that is one JSON value (an MCP server's JSON as text, an API's body) and does not fit is shown as its
// JSON view, as plain JSON on stdin is: every top-level key (the `totalCount` after a long array), whole first and
// last items, a count of the rest naming lines of the saved pretty print, which `correx read` pages. Before, it was
// cut as lines: an unclosed fragment, the keys after the array lost; a minified text was one giant line cut inside.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { BudgetTooSmallError } from "../../src/errors.js";
import { PROVIDERS } from "../../src/payload.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { projectResult } from "../../src/project/project.js";
import { assertBuilt, runCorrex, spillDirectory } from "../run/cli-process.js";

const commits = Array.from({ length: 400 }, (_, index) => ({
  hash: `${(index * 7919).toString(16).padStart(8, "0")}${"ab".repeat(16)}`,
  author: `Author ${index % 13}`,
  subject: `change ${index}: ${"touches the ledger and its tests ".repeat(1 + (index % 3))}`.trim(),
  parents: [`${index}`.padStart(40, "0")],
}));
const value = { success: true, commits, totalCount: 400, hasMore: false };
const pretty = JSON.stringify(value, null, 2);
const minified = JSON.stringify(value);
const mcp = (text: string): string => JSON.stringify({ content: [{ type: "text", text }] });
const project = (text: string, maxBytes: number) => projectResult(normalizeValue(JSON.parse(mcp(text)), "mcp"), { budget: { maxBytes, maxLines: 2000 } });

describe("a text that is one JSON value, held whole", () => {
  test.each([["pretty-printed", pretty], ["minified", minified]])("%s: its view, every top-level key, within the budget", (_kind, text) => {
    for (const maxBytes of [2000, 4000, 10_000]) {
      const { text: written, bound } = project(text, maxBytes);
      expect(Buffer.byteLength(written)).toBeLessThanOrEqual(maxBytes);
      expect(bound.view).toBe("json");
      expect(written).toMatch(/"totalCount": 400,\n {2}"hasMore": false\n\}\n/);
      expect(written).toMatch(/^\{\n {2}"success": true,\n {2}"commits": \[\n {4}\{\n/);
      expect(written).toMatch(/… [\d,]+ more items: lines \d+-[\d,]+ …/);
      expect(written).toContain(`[JSON view of ${pretty.split("\n").length} lines`);
    }
  });

  test("a JSON text that fits passes through byte for byte (a minified one is not pretty-printed)", () => {
    const small = JSON.stringify({ ok: true, rows: [1, 2, 3] });
    expect(project(small, 4000).text).toBe(`${small}\n`);
    const fitting = JSON.stringify({ ...value, commits: commits.slice(0, 20) }, null, 2);
    expect(project(fitting, 200_000).text).toBe(`${fitting}\n`);
  });

  test("a log that opens with a bracket, JSON Lines and malformed JSON keep the line cut", () => {
    const logs = Array.from({ length: 3000 }, (_, index) => `[${index}] INFO worker-${index % 7} ok`).join("\n");
    const lines = commits.map((commit) => JSON.stringify(commit)).join("\n");
    for (const text of [logs, lines, `${pretty.slice(0, -1)},}`]) {
      const { bound } = project(text, 4000);
      expect(bound.truncated).toBe(true);
      expect(bound.view).toBeUndefined();
    }
  });

  test("--salience off and --style opencode keep their own cuts", () => {
    const result = normalizeValue(JSON.parse(mcp(pretty)), "mcp");
    expect(projectResult(result, { budget: { maxBytes: 4000, maxLines: 2000 }, salience: false }).bound.view).toBeUndefined();
    expect(projectResult(result, { budget: { maxBytes: 4000, maxLines: 2000 }, style: "opencode" }).bound.view).toBeUndefined();
  });
});

describe("correx bound of an MCP result whose text is JSON (the envelope read as it streams)", () => {
  beforeAll(assertBuilt);

  test.each([["pretty-printed", pretty], ["minified", minified]])("%s: the view; the lines it names are the saved pretty print's, which read pages", async (_kind, text) => {
    const spill = spillDirectory();
    const { stdout, code } = await runCorrex(["bound", "--max-bytes", "3000", "--spill-dir", spill], { input: mcp(text) });
    expect(code).toBe(0);
    const written = stdout.toString("utf8");
    expect(Buffer.byteLength(written)).toBeLessThanOrEqual(3000);
    expect(written).toContain('"totalCount": 400,');
    const [, from, to] = /… [\d,]+ more items: lines (\d+)-([\d,]+) …/.exec(written) ?? [];
    const id = /correx read (tool_[0-9a-z]{26})/.exec(written)?.[1];
    expect(from && to && id).toBeTruthy();
    const path = /\[full output: (\S+\.text) /.exec(written)?.[1];
    expect(readFileSync(path!, "utf8")).toBe(`${pretty}\n`);
    const page = await runCorrex(["read", id!, "--spill-dir", spill, "--offset", from!, "--limit", "2"]);
    const expected = pretty.split("\n").slice(Number(from) - 1, Number(from) + 1);
    expect(page.stdout.toString("utf8")).toContain(`${from}: ${expected[0]}\n${Number(from) + 1}: ${expected[1]}\n`);
  });

  test("a compact text whose pretty print is past --max-output keeps the line cut (its text view would lack the lines a view names)", async () => {
    const input = mcp(minified);
    const cap = Math.floor((Buffer.byteLength(input) + Buffer.byteLength(pretty)) / 2); // the input fits, its pretty print does not
    const { stdout } = await runCorrex(["bound", "--max-bytes", "3000", "--max-output", String(cap), "--spill-dir", spillDirectory()], { input });
    expect(stdout.toString("utf8")).toMatch(/bytes inside line 1 of 1 line/);
    expect(stdout.toString("utf8")).not.toContain("JSON view");
  });

  test("a log that opens with a bracket streams as before (no view)", async () => {
    const logs = Array.from({ length: 3000 }, (_, index) => `[${index}] INFO worker-${index % 7} ok`).join("\n");
    const { stdout } = await runCorrex(["bound", "--max-bytes", "3000", "--spill-dir", spillDirectory()], { input: mcp(logs) });
    expect(stdout.toString("utf8")).toMatch(/^\[0\] INFO worker-0 ok\n/);
    expect(stdout.toString("utf8")).not.toContain("JSON view");
  });
});

describe("property: a JSON text's view holds every budget, on every output", () => {
  const json = fc.oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { minLength: 1, maxLength: 60 }), fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 40 }));
  const targets = [undefined, ...PROVIDERS] as const;
  test("bytes, lines and tokens as written; the view when it is taken names lines of its pretty print", () => {
    fc.assert(
      fc.property(json, fc.boolean(), fc.integer({ min: 300, max: 6000 }), fc.integer({ min: 3, max: 300 }), fc.option(fc.integer({ min: 150, max: 2000 }), { nil: undefined }), fc.constantFrom(...targets), fc.constantFrom("text", "json"), (value, compact, maxBytes, maxLines, maxTokens, to, format) => {
        const text = compact ? JSON.stringify(value) : JSON.stringify(value, null, 2);
        const budget = { maxBytes, maxLines, ...(maxTokens ? { maxTokens } : {}) };
        let projection;
        try {
          projection = projectResult(normalizeValue({ content: [{ type: "text", text }] }, "mcp"), { format: to ? "json" : format, ...(to ? { to } : {}), budget, lower: { callId: "call_1", name: "tool" } });
        } catch (error) {
          if (error instanceof BudgetTooSmallError) return; // refused, nothing written: never over
          throw error;
        }
        const written = to || format === "json" ? projection.text.replace(/\n$/, "") : projection.text;
        expect(Buffer.byteLength(written)).toBeLessThanOrEqual(maxBytes);
        if (maxTokens) expect(estimateTokens(written)).toBeLessThanOrEqual(maxTokens);
        if (projection.bound.view === "json") {
          const lines = JSON.stringify(value, null, 2).split("\n").length;
          for (const match of projection.bound.text.matchAll(/lines ([\d,]+)-([\d,]+) …/g)) {
            expect(Number(match[2]!.replaceAll(",", ""))).toBeLessThanOrEqual(lines);
            expect(Number(match[1]!.replaceAll(",", ""))).toBeGreaterThanOrEqual(1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
