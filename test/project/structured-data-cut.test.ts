// An MCP result whose structured content is its data (no text block) and does not fit: the data is cut to text,
// the structured content stays an object (cut in shape), and the CallToolResult stays valid.
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, test } from "vitest";
import { normalizeValue } from "../../src/normalize/index.js";
import type { ToolResult } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";

const rows = Array.from({ length: 200 }, (_, i) => ({ i, s: "abcdefghij" }));
const source = normalizeValue({ content: [], structuredContent: { rows } }, "auto");
const budget = { maxBytes: 4000, maxLines: 2000 };

describe("structured content that is the data, cut", () => {
  test("--to mcp: an object in structuredContent, the cut text in a text block, within the budget", () => {
    const text = projectResult(source, { to: "mcp", budget }).text;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4000);
    const payload = JSON.parse(text) as { content: { type: string; text: string }[]; structuredContent: { rows: unknown[] } };
    expect(CallToolResultSchema.safeParse(payload).success).toBe(true);
    expect(Array.isArray(payload.structuredContent.rows)).toBe(true);
    expect(payload.structuredContent.rows.length).toBeLessThan(200);
    expect(payload.content).toHaveLength(2);
    expect(payload.content[0]!.text).toContain("[JSON view of");
    expect(payload.content[1]!.text).toBe("[correx: structuredContent was cut at $.rows; the full result was not saved]");
  });
  test("--format json: the data is the cut text, the structured content beside it", () => {
    const payload = JSON.parse(projectResult(source, { format: "json", budget }).text) as ToolResult;
    expect(typeof payload.data).toBe("string");
    expect(payload.meta).toMatchObject({ truncated: true, structured_content_cut: true });
    expect(payload.meta?.structured_content_is_data).toBeUndefined();
    expect(payload.meta?.structured_content).toMatchObject({ rows: expect.any(Array) });
  });
  test("structured content that fits passes through as it was", () => {
    const small = normalizeValue({ content: [], structuredContent: { rows: rows.slice(0, 2) } }, "auto");
    expect(JSON.parse(projectResult(small, { to: "mcp", budget }).text)).toEqual({ content: [], structuredContent: { rows: rows.slice(0, 2) } });
  });
});
