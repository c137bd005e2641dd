// The JSON view: the shape of a large value, with line numbers that name lines of its pretty print.
import { readFileSync } from "node:fs";
import { describe, expect, test, vi } from "vitest";
import { resolveBoundOptions } from "../../src/bound/defaults.js";
import { JSON_VIEW_LADDER, renderJsonView, viewJsonWithin } from "../../src/bound/json-view.js";
import { RepeatFolder } from "../../src/bound/lines.js";
import type { SpillReport } from "../../src/bound/types.js";
import { composeView } from "../../src/bound/view-compose.js";
import { parseJsonBytes } from "../../src/normalize/json-input.js";
import { stringifyJson } from "../../src/normalize/lossless-json.js";

const npmView = parseJsonBytes(readFileSync(new URL("../fixtures/json/npm-view-eslint.json", import.meta.url))) as Record<string, unknown>;

/** Every `… N more items|keys: lines A-B …` line, checked against the pretty print: A-B hold exactly the omitted entries. */
function checkGaps(view: string, value: unknown): number {
  const full = stringifyJson(value, 2).split("\n");
  let checked = 0;
  for (const match of view.matchAll(/… ([\d,]+) more (items?|keys?): lines ([\d,]+)-([\d,]+) …/g)) {
    const [from, to] = [Number(match[3]!.replaceAll(",", "")), Number(match[4]!.replaceAll(",", ""))];
    const indent = /^ */.exec(full[from - 1]!)![0].length;
    // The omitted range starts and ends at the gap's own indentation and leaves it nowhere in between.
    expect(/^ */.exec(full[to - 1]!)![0].length).toBe(indent);
    const starts = full.slice(from - 1, to).filter((line) => /^ */.exec(line)![0].length === indent && !/^\s*[\]}]/.test(line)).length;
    expect(starts).toBe(Number(match[1]!.replaceAll(",", "")));
    checked += 1;
  }
  return checked;
}

describe("renderJsonView", () => {
  test("a long array shows its first and last items, and a count with the lines of the rest", () => {
    const value = { versions: Array.from({ length: 3020 }, (_, index) => `1.0.${index}`), name: "x" };
    const view = renderJsonView(value, { items: 3, chars: 100, keys: 10, depth: 5 })!;
    expect(view).toBe(['{', '  "versions": [', '    "1.0.0",', '    "1.0.1",', '    "1.0.2",', "    … 3,014 more items: lines 6-3,019 …",
      '    "1.0.3017",', '    "1.0.3018",', '    "1.0.3019"', "  ],", '  "name": "x"', "}"].join("\n"));
    expect(checkGaps(view, value)).toBe(1);
  });

  test("a long string is cut inside with a count; numbers keep their source text", () => {
    const value = parseJsonBytes(Buffer.from(`{"readme": "${"a".repeat(50)}${"b".repeat(1000)}${"c".repeat(50)}", "n": 1e999999}`));
    expect(renderJsonView(value, { items: 3, chars: 100, keys: 10, depth: 5 })).toBe(`{\n  "readme": "${"a".repeat(50)}… 1,000 more chars …${"c".repeat(50)}",\n  "n": 1e999999\n}`);
  });

  test("a cut never splits a surrogate pair", () => {
    const view = renderJsonView({ s: "😀".repeat(500) }, { items: 1, chars: 11, keys: 1, depth: 2 })!;
    expect(view).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  test("deep values are summarized with their line range", () => {
    const value = { a: { b: { c: { d: [1, 2, 3] } } } };
    expect(renderJsonView(value, { items: 5, chars: 50, keys: 5, depth: 2 })).toBe('{\n  "a": {\n    "b": {… 1 key: lines 3-11 …}\n  }\n}');
  });
});

describe("viewJsonWithin on a real npm view --json", () => {
  test.each([51_200, 10_240, 4096])("every top-level key is shown within %i bytes, and the line numbers are true", (budget) => {
    const view = viewJsonWithin(npmView, (text) => Buffer.byteLength(text) <= budget)!;
    expect(Buffer.byteLength(view)).toBeLessThanOrEqual(budget);
    for (const key of Object.keys(npmView)) expect(view).toContain(`\n  ${JSON.stringify(key)}: `);
    checkGaps(view, npmView);
  });

  test("the most faithful rung that fits is taken; nothing fits → undefined", () => {
    expect(viewJsonWithin(npmView, () => true)).toBe(renderJsonView(npmView, JSON_VIEW_LADDER[0]!));
    expect(viewJsonWithin(npmView, () => false)).toBeUndefined();
  });
});

describe("composeView", () => {
  test("the accepted view is folded once: its lines go through the repeat folder as often as fits saw them, not twice", () => {
    const push = vi.spyOn(RepeatFolder.prototype, "push");
    try {
      const view = ["[", ...Array.from({ length: 200 }, () => '  "same",'), "]"].join("\n");
      const options = resolveBoundOptions({ budget: { maxLines: 2000, maxBytes: 4096 } });
      const spill: SpillReport = { kind: "saved", id: "0123456789abcdef", path: "/tmp/x" };
      let checked = 0;
      const bound = composeView({ render: (fits) => (fits(view) ? ((checked += 1), view) : undefined), totalLines: 202, totalBytes: view.length }, options, spill);
      expect(bound?.text).toContain("[previous line repeated");
      expect(checked).toBe(1);
      expect(push).toHaveBeenCalledTimes(202);
    } finally {
      push.mockRestore();
    }
  });
});
