import { describe, expect, test } from "vitest";
import type { InputError } from "../../src/errors.js";
import { detectShape, normalizeValue } from "../../src/normalize/index.js";
import { matchesJson, normalizeJson } from "../../src/normalize/json.js";
import { matchesText, normalizeText } from "../../src/normalize/text.js";
import { catchError, fixtureShape, loadShape, PNG, shapeFixtureNames } from "./helpers.js";

// Fixtures whose form another shape earlier in the order also accepts (documented in detect.ts).
const DETECTED_AS: Record<string, string> = {
  "opencode-text": "ai-sdk",
  "eve-content": "ai-sdk",
  "eve-json": "ai-sdk",
  "rind-payload": "rind",
};

describe("detectShape", () => {
  test.each(shapeFixtureNames())("fixture %s", (name) => {
    expect(detectShape(loadShape(name))).toBe(DETECTED_AS[name] ?? fixtureShape(name));
  });

  test("a string is text; scalars, arrays and unknown objects are json", () => {
    expect(detectShape("hello")).toBe("text");
    for (const value of [42, null, true, [1, 2], { hello: "world" }]) expect(detectShape(value)).toBe("json");
  });

  // JSON that merely looks like a shape stays `json`.
  test.each([
    ["blog post with content", { content: [{ type: "paragraph", text: "Hello" }] }],
    ["content blocks plus an unknown key", { content: [{ type: "text", text: "hi" }], author: "bob" }],
    ["content that is a string", { content: "hello" }],
    ["MCP image without mimeType", { content: [{ type: "image", data: PNG }] }],
    ["a typed event", { type: "text", value: "hi", timestamp: 1 }],
    ["an unknown output type", { type: "markdown", value: "# hi" }],
    ["AI SDK text with a non-string value", { type: "error-text", value: 42 }],
    ["slack-style ok alone", { ok: true }],
    ["ok with other fields", { ok: true, channel: "C123", ts: "1.2" }],
    ["ok true without data", { ok: true, meta: {} }],
    ["success without message", { success: true, data: [] }],
    ["tool_result without tool_use_id", { type: "tool_result", content: "x" }],
    ["role tool without tool_call_id", { role: "tool", content: "x" }],
    ["chat tool message with an extra field", { role: "tool", tool_call_id: "c", content: "x", weird: 1 }],
    ["function_call (not its output)", { type: "function_call", call_id: "c", name: "f", arguments: "{}" }],
    ["functionCall part", { functionCall: { name: "f", args: {} } }],
    ["functionResponse without response", { functionResponse: { name: "f" } }],
    ["toolResult with string content", { toolResult: { toolUseId: "t", content: "x" } }],
    ["toolUse block", { toolUse: { toolUseId: "t", name: "f", input: {} } }],
    ["opencode-looking tool-result without result", { type: "tool-result", id: "a", name: "b" }],
    ["AI SDK tool-result part without output", { type: "tool-result", toolCallId: "a", toolName: "b", result: {} }],
  ])("near miss stays json: %s", (_label, value) => {
    expect(detectShape(value)).toBe("json");
    expect(normalizeValue(value, "auto")).toEqual({ ok: true, data: value, meta: { source_shape: "json" } });
  });

  test("opencode is detected where it differs from the AI SDK: error type, file parts, ToolOutput with structured", () => {
    expect(detectShape({ type: "error", value: "boom" })).toBe("opencode");
    expect(detectShape({ type: "content", value: [{ type: "file", uri: "file:///a.png", mime: "image/png" }] })).toBe("opencode");
    expect(detectShape({ content: [{ type: "text", text: "x" }], structured: null })).toBe("opencode");
    expect(detectShape({ content: [{ type: "text", text: "x" }] })).toBe("mcp");
  });

  test("bedrock's bare ToolResultBlock is detected; gemini's bare FunctionResponse is not", () => {
    expect(detectShape({ toolUseId: "t", content: [{ text: "x" }] })).toBe("bedrock");
    expect(detectShape({ name: "f", response: { output: 1 } })).toBe("json");
  });
});

describe("text and json", () => {
  test("text is any string; json is any value", () => {
    expect(normalizeText("line 1\nline 2")).toEqual({ ok: true, data: "line 1\nline 2", meta: { source_shape: "text" } });
    expect(normalizeJson([1, { a: null }])).toEqual({ ok: true, data: [1, { a: null }], meta: { source_shape: "json" } });
    expect(matchesText("")).toBe(true);
    expect(matchesText({})).toBe(false);
    expect(matchesJson(null)).toBe(true);
    expect((catchError(() => normalizeText({ a: 1 })) as InputError).where).toBe("$");
  });
});

describe("normalizeValue", () => {
  test("auto sets source_shape; a payload comes back as it is", () => {
    expect(normalizeValue("hi", "auto")).toEqual({ ok: true, data: "hi", meta: { source_shape: "text" } });
    const payload = loadShape("rind-payload");
    expect(normalizeValue(payload, "auto")).toBe(payload);
  });

  test("forcing json keeps a shaped value as data", () => {
    const value = loadShape("anthropic-string");
    expect(normalizeValue(value, "json")).toEqual({ ok: true, data: value, meta: { source_shape: "json" } });
  });

  test("forcing a shape reads what auto-detection would not (the eve union, opencode text)", () => {
    expect(normalizeValue(loadShape("eve-json"), "eve").meta?.source_shape).toBe("eve");
    expect(normalizeValue(loadShape("opencode-text"), "opencode").meta?.source_shape).toBe("opencode");
  });
});
