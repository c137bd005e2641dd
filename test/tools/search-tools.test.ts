import { describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { measureCost, fitsBudget } from "../../src/tools/fit.js";
import { parseGrepMatches } from "../../src/tools/grep-parse.js";
import { formatTool, joinToolText } from "../../src/tools/index.js";

const budget = { maxLines: 2000, maxBytes: 51200 };
const glob = (data: unknown, over = budget) => formatTool({ ok: true, data }, { tool: "glob", budget: over });
const grep = (data: unknown, over = budget) => formatTool({ ok: true, data }, { tool: "grep", budget: over });

describe("glob", () => {
  test("one path a line, from text or a JSON list", () => {
    const expected = { header: "", body: "src/a.ts\nsrc/b.ts", footer: "", paged: true };
    expect(glob("src/a.ts\n\nsrc/b.ts\n")).toEqual(expected);
    expect(glob(["src/a.ts", "src/b.ts"])).toEqual(expected);
    expect(glob({ files: ["src/a.ts", "src/b.ts"] })).toEqual(expected);
  });

  test("nothing found", () => {
    expect(joinToolText(glob(""))).toBe("No files found");
    expect(joinToolText(glob([]))).toBe("No files found");
  });

  test("capped at 100 with a note", () => {
    const paths = Array.from({ length: 250 }, (_, index) => `f${index}`);
    const text = glob(paths);
    expect(text.body.split("\n")).toEqual(paths.slice(0, 100));
    expect(text.footer).toBe(
      "\n\n(Results truncated: showing 100 of 250 results (150 hidden). Consider using a more specific path or pattern.)",
    );
  });

  test("capped at the budget too", () => {
    const paths = Array.from({ length: 20 }, (_, index) => `path/number/${index}`);
    const small = { maxLines: 2000, maxBytes: 200 };
    const text = glob(paths, small);
    expect(fitsBudget(measureCost(joinToolText(text)), small)).toBe(true);
    const shown = text.body.split("\n");
    expect(shown).toEqual(paths.slice(0, shown.length));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(20);
    expect(text.footer).toContain(`showing ${shown.length} of 20 results`);
  });

  test("anything else is generic", () => {
    expect(glob({ count: 3 })).toEqual({ header: "", body: '{\n  "count": 3\n}', footer: "", paged: false });
  });
});

describe("grep", () => {
  test("groups matches by file in opencode's layout", () => {
    expect(joinToolText(grep("src/file.ts:10:matching text\nsrc/file.ts:20:more matching text\nsrc/other.ts:5:another match\n"))).toBe(
      "Found 3 matches\nsrc/file.ts:\n  Line 10: matching text\n  Line 20: more matching text\n\nsrc/other.ts:\n  Line 5: another match",
    );
  });

  test("the parts: header kept, matches in the body, paged", () => {
    expect(grep("a.ts:1:x")).toEqual({ header: "Found 1 matches\n", body: "a.ts:\n  Line 1: x", footer: "", paged: true });
  });

  test("nothing found", () => {
    expect(joinToolText(grep(""))).toBe("No files found");
  });

  test("capped at 100 with opencode's note", () => {
    const lines = Array.from({ length: 130 }, (_, index) => `a.ts:${index + 1}:hit`).join("\n");
    const text = grep(lines);
    expect(text.header).toBe("Found 130 matches (showing first 100)\n");
    expect(text.body.split("\n")).toHaveLength(101);
    expect(text.body.split("\n").at(-1)).toBe("  Line 100: hit");
    expect(text.footer).toBe(
      "\n\n(Results truncated: showing 100 of 130 matches (30 hidden). Consider using a more specific path or pattern.)",
    );
  });

  test("capped at the budget, whole matches only", () => {
    const lines = Array.from({ length: 40 }, (_, index) => `dir/f${index % 3}.ts:${index + 1}:${"w".repeat(30)}`).join("\n");
    const small = { maxLines: 30, maxBytes: 100000 };
    const text = grep(lines, small);
    const written = joinToolText(text);
    expect(written.split("\n").length).toBeLessThanOrEqual(30);
    expect(text.body.split("\n").every((line) => /^(dir\/f\d\.ts:|  Line \d+: w{30}|)$/.test(line))).toBe(true);
  });

  test("long match lines are cut at 2000 characters", () => {
    expect(grep(`a:1:${"x".repeat(2100)}`).body).toBe(`a:\n  Line 1: ${"x".repeat(2000)}...`);
  });

  test("output that is not grep's is generic", () => {
    expect(grep("just some words\nno matches here")).toEqual({ header: "", body: "just some words\nno matches here", footer: "", paged: false });
  });

  test("errors are generic", () => {
    const result: ToolResult = { ok: false, error: "rg: regex parse error" };
    expect(formatTool(result, { tool: "grep", budget }).body).toBe("rg: regex parse error");
  });
});

describe("parseGrepMatches", () => {
  test.each<[string, unknown, unknown]>([
    ["rg/grep -n lines, separators skipped", "a.ts:1:x\n--\nC:\\w\\b.ts:22:y: z\n", [
      { path: "a.ts", line: 1, text: "x" },
      { path: "C:\\w\\b.ts", line: 22, text: "y: z" },
    ]],
    ["ripgrep --json events", [
      '{"type":"begin","data":{"path":{"text":"a.ts"}}}',
      '{"type":"match","data":{"path":{"text":"a.ts"},"lines":{"text":"hit here\\n"},"line_number":7,"absolute_offset":0,"submatches":[]}}',
      '{"type":"end","data":{"path":{"text":"a.ts"}}}',
      '{"type":"summary","data":{}}',
    ].join("\n"), [{ path: "a.ts", line: 7, text: "hit here" }]],
    ["JSON objects", [{ path: "a", line: 1, text: "x" }, { file: "b", line_number: 2, content: "y" }], [
      { path: "a", line: 1, text: "x" },
      { path: "b", line: 2, text: "y" },
    ]],
    ["JSON strings", ["a:3:x"], [{ path: "a", line: 3, text: "x" }]],
    ["a line without a number", "a.ts:x", undefined],
    ["an unknown JSON event", '{"type":"other"}', undefined],
    ["a bad JSON object", [{ path: "a" }], undefined],
    ["not a list", { path: "a" }, undefined],
  ])("%s", (_name, data, expected) => {
    expect(parseGrepMatches(data)).toEqual(expected);
  });
});
