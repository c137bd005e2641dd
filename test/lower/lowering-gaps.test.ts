// Issue 14's smaller lowering gaps: unique Bedrock document names, what Gemini can fetch, correx's own
// `attachment:` URIs, embedded text resources outside MCP, and hygiene inside structured JSON.
import { describe, expect, test } from "vitest";
import { lower } from "../../src/lower/index.js";
import { normalizeValue } from "../../src/normalize/index.js";
import type { ToolResult } from "../../src/payload.js";
import { planProjection, projectResult } from "../../src/project/project.js";
import { PDF, PNG } from "./results.js";

describe("Bedrock document names are unique within the message", () => {
  test("document, document (2), a, a (2)", () => {
    const result: ToolResult = { ok: true, data: "four", attachments: [{ ...PDF, name: undefined }, { ...PDF, name: undefined }, { ...PDF, name: "a.pdf" }, { ...PDF, name: "a.pdf" }] };
    const payload = lower(result, "bedrock", { envelope: "part", callId: "t" }).payload as { toolResult: { content: { document?: { name: string } }[] } };
    expect(payload.toolResult.content.flatMap((block) => (block.document ? [block.document.name] : []))).toEqual(["document", "document (2)", "a", "a (2)"]);
  });
});

describe("Gemini gets fileData only for URIs it can fetch", () => {
  const linked = (uri: string): ToolResult => ({ ok: true, data: "see", attachments: [{ mime: "image/png", uri, size: 0 }] });
  test.each([
    ["https://example.com/a.png", undefined, true],
    ["https://generativelanguage.googleapis.com/v1beta/files/abc", "gemini-2.0-flash", true],
    ["gs://bucket/a.png", undefined, true],
    ["https://example.com/a.png", "gemini-2.0-flash", false],
    ["file:///tmp/a.png", undefined, false],
    ["s3://bucket/a.png", undefined, false],
  ])("%s (model %s): sent %s", (uri, model, sent) => {
    const lowered = lower(linked(uri), "gemini", { envelope: "part", name: "t", ...(model ? { model } : {}) });
    expect(JSON.stringify(lowered.payload).includes(`"fileUri":"${uri}"`)).toBe(sent);
    expect(lowered.warnings.length).toBe(sent ? 0 : 1);
  });
});

describe("MCP", () => {
  test("correx's own attachment:NAME URI comes back as the name", () => {
    const result: ToolResult = { ok: true, data: "r", attachments: [PDF] };
    const mcp = lower(result, "mcp", { envelope: "part" }).payload;
    expect(JSON.stringify(mcp)).toContain('"uri":"attachment:report.pdf"');
    const read = normalizeValue(mcp, "auto");
    expect(read.attachments?.[0]?.name).toBe("report.pdf");
    expect(lower(read, "mcp", { envelope: "part" }).payload).toEqual(mcp);
    expect(lower(read, "anthropic", { envelope: "part", callId: "c" }).payload).toMatchObject({ content: [{}, { title: "report.pdf" }] });
  });
  test("an embedded text resource keeps its URI on other targets", () => {
    const mcp = { content: [{ type: "text", text: "Config:" }, { type: "resource", resource: { uri: "file:///repo/Cargo.toml", mimeType: "application/toml", text: "[package]" } }] };
    const read = normalizeValue(mcp, "auto");
    expect(lower(read, "openai-chat", { envelope: "part", callId: "c" }).payload).toEqual({ role: "tool", tool_call_id: "c", content: "Config:\n\n[resource file:///repo/Cargo.toml]\n[package]" });
    expect(lower(read, "mcp", { envelope: "part" }).payload).toEqual(mcp);
  });
  test("gemini and ai-sdk keep the URI too, on success and on failure", () => {
    const mcp = { content: [{ type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", text: "file body" } }] };
    const labelled = "[resource file:///a.txt]\nfile body";
    const read = normalizeValue(mcp, "auto");
    expect(lower(read, "gemini", { envelope: "part", name: "n" }).payload).toEqual({ functionResponse: { name: "n", response: { output: labelled } } });
    expect(lower(read, "ai-sdk", { envelope: "part" }).payload).toEqual({ type: "text", value: labelled });
    const failed = normalizeValue({ ...mcp, isError: true }, "auto");
    expect(lower(failed, "gemini", { envelope: "part", name: "n" }).payload).toEqual({ functionResponse: { name: "n", response: { error: labelled } } });
    expect(lower(failed, "ai-sdk", { envelope: "part" }).payload).toEqual({ type: "error-text", value: labelled });
  });
});

describe("empty text parts add nothing on other targets", () => {
  const mcp = { content: [{ type: "text", text: "" }, { type: "image", data: PNG.data!, mimeType: "image/png" }, { type: "text", text: "" }] };
  const read = normalizeValue(mcp, "auto");
  test.each(["anthropic", "bedrock", "openai-responses", "openai-chat", "gemini", "ai-sdk"] as const)("%s writes no blank text", (to) => {
    const text = projectResult(read, { to, lower: { callId: "c", name: "n" } }).text;
    expect(text).not.toMatch(/"(text|output|value)":"(\\n)+"/);
  });
  test("the text parts that are not empty keep one separator", () => {
    const parts = normalizeValue({ content: [{ type: "text", text: "a" }, { type: "text", text: "" }, { type: "text", text: "b" }] }, "auto");
    expect(lower(parts, "anthropic", { envelope: "part", callId: "c" }).payload).toMatchObject({ content: "a\n\nb" });
    expect(lower(read, "anthropic", { envelope: "part", callId: "c" }).payload).toMatchObject({ content: [{ type: "image" }] });
    expect(lower(read, "mcp", { envelope: "part" }).payload).toEqual(mcp);
  });
});

describe("Gemini: an output beside the error", () => {
  const read = normalizeValue({ functionResponse: { name: "f", response: { output: "partial log", error: "crashed" } } }, "auto");
  test.each(["anthropic", "openai-chat", "bedrock", "mcp", "ai-sdk"] as const)("%s reads the output, then the error", (to) => {
    const text = projectResult(read, { to, lower: { callId: "x" } }).text;
    expect(text).toContain("partial log\\n\\ncrashed");
  });
});

describe("hygiene inside structured JSON", () => {
  const result: ToolResult = { ok: true, data: { msg: "\u001b[31mred\u001b[0m", list: ["a\u001b[1mb"] }, meta: { source_shape: "mcp", structured_content: { s: "\u001b[2Kx" } } };
  test.each(["bedrock", "gemini", "mcp", "ai-sdk"] as const)("escape sequences are removed from string values for %s", (to) => {
    const text = projectResult(result, { to, lower: { callId: "c", name: "t" } }).text;
    expect(text).not.toMatch(/\\u001b/);
    expect(text).toContain("red");
  });
  test("structured content with nothing to clean is not copied, and is not walked where the output does not carry it", () => {
    const rows = Array.from({ length: 1000 }, (_, id) => ({ id, name: `row ${id}`, tags: ["a", "b"] }));
    const clean: ToolResult = { ok: true, data: "text", meta: { source_shape: "mcp", structured_content: { rows } } };
    const written = planProjection(clean, { format: "json", budget: { maxBytes: 10_000_000, maxLines: 100_000 } }).result.meta?.structured_content as { rows: unknown[] };
    expect(written.rows).toBe(rows);
    const dirty: ToolResult = { ...clean, meta: { source_shape: "mcp", structured_content: { rows, note: "\u001b[1mx" } } };
    expect((planProjection(dirty, { format: "json", budget: { maxBytes: 10_000_000, maxLines: 100_000 } }).result.meta?.structured_content as { note: string }).note).toBe("x");
    expect((planProjection(dirty, { format: "text" }).result.meta?.structured_content as { note: string }).note).toBe("\u001b[1mx");
  });
  test("--raw keeps them", () => {
    expect(projectResult(result, { to: "bedrock", lower: { callId: "c" }, hygiene: { stripAnsi: false, collapse: false, foldRepeats: false, detectBinary: false } }).text).toMatch(/\\u001b/);
  });
});
