import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, test } from "vitest";
import { lowerToMcp } from "../../src/lower/mcp.js";
import type { Lowered, LowerOptions } from "../../src/lower/types.js";
import type { ToolResult } from "../../src/payload.js";
import { AUDIO, ERROR, IMAGE, JSON_RESULT, MARKER, MIXED, PDF_BASE64, PDF_RESULT, PNG_BASE64, TEXT, TRUNCATED, WAV_BASE64 } from "./results.js";

const PART: LowerOptions = { envelope: "part" };
const PNG_BLOCK = { type: "image", data: PNG_BASE64, mimeType: "image/png" };
const WAV_BLOCK = { type: "audio", data: WAV_BASE64, mimeType: "audio/wav" };
const PDF_BLOCK = { type: "resource", resource: { uri: "attachment:report.pdf", mimeType: "application/pdf", blob: PDF_BASE64 } };

/** Lowers and checks the payload against the MCP SDK's own schema: parsing (which strips unknown keys) changes nothing. */
function lowerValidated(result: ToolResult, options: LowerOptions = PART): Lowered {
  const lowered = lowerToMcp(result, options);
  expect(CallToolResultSchema.parse(lowered.payload)).toEqual(lowered.payload);
  return lowered;
}

describe("mcp: text", () => {
  test("one text block", () => {
    expect(lowerValidated(TEXT)).toEqual({
      payload: { content: [{ type: "text", text: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." }] },
      warnings: [],
    });
  });
  test("--envelope message changes nothing: a CallToolResult is the whole result", () => {
    expect(lowerValidated(TEXT, { envelope: "message" })).toEqual(lowerToMcp(TEXT, PART));
  });
});

describe("mcp: json", () => {
  test("structuredContent and its JSON text", () => {
    expect(lowerValidated(JSON_RESULT)).toEqual({
      payload: {
        content: [{ type: "text", text: '{"city":"Oslo","temperature":21.5,"tags":["sunny",null]}' }],
        structuredContent: { city: "Oslo", temperature: 21.5, tags: ["sunny", null] },
      },
      warnings: [],
    });
  });
  test("a JSON array is text only (structuredContent is an object)", () => {
    expect(lowerValidated({ ok: true, data: [1, 2] }).payload).toEqual({ content: [{ type: "text", text: "[1,2]" }] });
  });
});

describe("mcp: error", () => {
  test("isError", () => {
    expect(lowerValidated(ERROR)).toEqual({
      payload: { content: [{ type: "text", text: "ENOENT: no such file or directory, open 'missing.txt'" }], isError: true },
      warnings: [],
    });
  });
});

describe("mcp: truncated", () => {
  test("the marker and the spill path survive", () => {
    expect(lowerValidated(TRUNCATED).payload).toEqual({ content: [{ type: "text", text: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000` }] });
  });
});

describe("mcp: image", () => {
  test("an image block", () => {
    expect(lowerValidated(IMAGE)).toEqual({ payload: { content: [{ type: "text", text: "Captured the window." }, PNG_BLOCK] }, warnings: [] });
  });
  test("a linked image is a resource_link named after its file", () => {
    const result = { ok: true, attachments: [{ mime: "image/png", uri: "https://example.com/img/a.png", size: 0 }] };
    expect(lowerValidated(result).payload).toEqual({
      content: [{ type: "resource_link", uri: "https://example.com/img/a.png", name: "a.png", mimeType: "image/png" }],
    });
  });
});

describe("mcp: pdf", () => {
  test("an embedded blob resource", () => {
    expect(lowerValidated(PDF_RESULT)).toEqual({ payload: { content: [{ type: "text", text: "Exported the report." }, PDF_BLOCK] }, warnings: [] });
  });
  test("a text attachment is a text resource", () => {
    const result = { ok: true, attachments: [{ mime: "text/markdown", data: Buffer.from("# Title").toString("base64"), name: "README.md", size: 7 }] };
    expect(lowerValidated(result).payload).toEqual({
      content: [{ type: "resource", resource: { uri: "attachment:README.md", mimeType: "text/markdown", text: "# Title" } }],
    });
  });
  test("from an MCP source: the resource's uri and the block's annotations come back", () => {
    const result = {
      ok: true,
      data: "",
      meta: { source_shape: "mcp" as const },
      attachments: [{
        mime: "application/pdf", data: PDF_BASE64, name: "q3.pdf", size: 48,
        extra: { source_type: "resource", resource: { uri: "file:///reports/q3.pdf" }, annotations: { audience: ["assistant"], priority: 0.5 } },
      }],
    };
    expect(lowerValidated(result).payload).toEqual({
      content: [{
        type: "resource",
        resource: { uri: "file:///reports/q3.pdf", mimeType: "application/pdf", blob: PDF_BASE64 },
        annotations: { audience: ["assistant"], priority: 0.5 },
      }],
    });
  });
});

describe("mcp: audio", () => {
  test("an audio block", () => {
    expect(lowerValidated(AUDIO)).toEqual({ payload: { content: [{ type: "text", text: "Recorded 0 s." }, WAV_BLOCK] }, warnings: [] });
  });
});

describe("mcp: mixed", () => {
  test("an error with image, pdf and audio: everything carried", () => {
    expect(lowerValidated({ ...MIXED, ok: false, error: "2 of 3 renders failed" })).toEqual({
      payload: { content: [{ type: "text", text: "Rendered 3 files.\n\n2 of 3 renders failed" }, PNG_BLOCK, PDF_BLOCK, WAV_BLOCK], isError: true },
      warnings: [],
    });
  });
});
