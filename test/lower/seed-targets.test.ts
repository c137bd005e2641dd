// Lowering to the seed systems (issue 14): opencode's execute result and tool-result part, Kontext's result and
// tool execution, eve's ToolModelOutput; each read back by normalize.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { lower } from "../../src/lower/index.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { ERROR, IMAGE, JSON_RESULT, PNG, PNG_BASE64 } from "./results.js";

const shape = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/shapes/${name}.json`, import.meta.url), "utf8"));

describe("--to opencode", () => {
  test.each(["opencode-execute-mcp", "opencode-execute-read"])("an execute result comes back as it was (%s)", (name) => {
    const input = shape(name);
    expect(lower(normalizeValue(input, "auto"), "opencode", { envelope: "part" })).toEqual({ payload: input, warnings: [] });
  });
  test("part: an execute result with the attachment as a data URL; message: the tool-result part", () => {
    expect(lower(IMAGE, "opencode", { envelope: "part" }).payload).toEqual({
      title: "", output: "Captured the window.", metadata: { truncated: false },
      attachments: [{ type: "file", mime: "image/png", url: `data:image/png;base64,${PNG_BASE64}`, filename: "chart.png" }],
    });
    expect(lower(IMAGE, "opencode", { envelope: "message", callId: "call_1" }).payload).toEqual({
      type: "tool-result", id: "call_1", name: "screenshot",
      result: { type: "content", value: [{ type: "text", text: "Captured the window." }, { type: "file", uri: `data:image/png;base64,${PNG_BASE64}`, mime: "image/png", name: "chart.png" }] },
    });
  });
  test("a failure: error value in a part, stated in the output of an execute result", () => {
    expect(lower(ERROR, "opencode", { envelope: "message", callId: "c" }).payload).toMatchObject({ result: { type: "error", value: ERROR.error } });
    const lowered = lower(ERROR, "opencode", { envelope: "part" });
    expect(lowered.payload).toMatchObject({ output: `Error: ${String(ERROR.error)}` });
    expect(lowered.warnings).toEqual(["opencode: an execute result has no error flag; the error is stated in the output"]);
  });
  test("a cut text keeps its spill path as metadata.outputPath", () => {
    const cut = { ok: true, data: "head\n...\ntail", meta: { truncated: true, output_path: "/tmp/spill/tool_1" } };
    expect(lower(cut, "opencode", { envelope: "part" }).payload).toEqual({ title: "", output: "head\n...\ntail", metadata: { truncated: true, outputPath: "/tmp/spill/tool_1" } });
  });
});

describe("--to kontext", () => {
  test("part: { success, message, …extensions } as the seed's schema; message: the tool execution with the JSON string", () => {
    const input = shape("kontext-execution") as { result: string };
    const result = normalizeValue(input, "auto");
    expect(lower(result, "kontext", { envelope: "part" }).payload).toEqual(JSON.parse(input.result));
    expect(lower(result, "kontext", { envelope: "message" }).payload).toEqual(input);
  });
  test("attachments are said in the message; a failure is success: false", () => {
    const lowered = lower(IMAGE, "kontext", { envelope: "part" });
    expect(lowered.payload).toEqual({ success: true, message: 'Captured the window.\n\n[attachment "chart.png" (image/png, 70 B) not sent: Kontext tool results carry no files]' });
    expect(lower(ERROR, "kontext", { envelope: "part" }).payload).toEqual({ success: false, message: ERROR.error });
    expect(lower(JSON_RESULT, "kontext", { envelope: "part" }).payload).toEqual({ success: true, message: JSON.stringify(JSON_RESULT.data) });
  });
});

describe("--to eve", () => {
  test("text, json, and content with base64 file parts", () => {
    expect(lower({ ok: true, data: "hi" }, "eve", { envelope: "part" }).payload).toEqual({ type: "text", value: "hi" });
    expect(lower(JSON_RESULT, "eve", { envelope: "part" }).payload).toEqual({ type: "json", value: JSON_RESULT.data });
    expect(lower(IMAGE, "eve", { envelope: "part" }).payload).toEqual({
      type: "content", value: [{ type: "text", text: "Captured the window." }, { type: "file", data: { type: "data", data: PNG.data }, mediaType: "image/png", filename: "chart.png" }],
    });
  });
  test("the eve fixtures come back as they were, read with --from eve", () => {
    for (const name of ["eve-content", "eve-json"]) {
      const input = shape(name);
      expect(lower(normalizeValue(input, "eve"), "eve", { envelope: "part" }).payload).toEqual(input);
    }
  });
  test("a URL cannot be an eve file part: said in the text (a text output, as a second pass writes it)", () => {
    const linked = { ok: true, data: "See.", attachments: [{ mime: "image/png", uri: "https://example.com/a.png", size: 0 }] };
    expect(lower(linked, "eve", { envelope: "part" })).toEqual({
      payload: { type: "text", value: "See.\n\n[attachment (image/png) at https://example.com/a.png not sent: eve file parts carry base64 data only, not URLs]" },
      warnings: ["eve: attachment (image/png) at https://example.com/a.png not sent: eve file parts carry base64 data only, not URLs; said in the text instead"],
    });
  });
});

describe("--to ai-sdk read back with --from eve", () => {
  test("images are attachments, not opaque parts", () => {
    const output = lower(IMAGE, "ai-sdk", { envelope: "part" }).payload;
    const read = normalizeValue(output, "eve");
    expect(read.attachments).toEqual([{ mime: "image/png", data: PNG_BASE64, size: 70, extra: { source_type: "image-data" } }]);
    expect(read.meta?.parts).toEqual([{ type: "text", chars: 20 }, { type: "attachment", index: 0 }]);
  });
});
