// A text that is one JSON value nested deeper than the JSON readers take (MAX_JSON_DEPTH) keeps its line cut, as
// stdin's JSON does: its view was tried, and pretty-printing 200,000 levels overflowed the stack ('correx: internal
// error: RangeError: Maximum call stack size exceeded', exit 70, from normalize and lower on such an input).
import { describe, expect, test } from "vitest";
import { normalizeValue } from "../../src/normalize/index.js";
import { projectResult } from "../../src/project/project.js";
import { assertBuilt, runCorrex } from "../run/cli-process.js";

const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}\n`;

describe("a JSON text nested past 1000 levels", () => {
  test.each([["text", deep], ["an MCP text block", { content: [{ type: "text", text: deep }] }]] as const)("in %s: a line cut within the budget, no error", (_kind, value) => {
    const { text, bound } = projectResult(normalizeValue(value, "auto"), { budget: { maxBytes: 2000, maxLines: 20 } });
    expect(bound.view).toBeUndefined();
    expect(bound.truncated).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2000);
    expect(text.startsWith("[[[[")).toBe(true);
  });

  test("normalize and lower read it as text (exit 0, the warning only)", async () => {
    assertBuilt();
    for (const args of [["normalize", "--no-spill"], ["lower", "--to", "anthropic", "--call-id", "c", "--no-spill"]]) {
      const run = await runCorrex(args, { input: deep });
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "correx: warning: JSON nested deeper than 1000 levels (byte 1000): read as text\n" });
    }
  });
});
