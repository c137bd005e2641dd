import { describe, expect, test } from "vitest";
import { lowerToAnthropic } from "../../src/lower/anthropic.js";
import type { LowerOptions } from "../../src/lower/types.js";
import type { ToolResult } from "../../src/payload.js";
import { AUDIO, ERROR, IMAGE, JSON_RESULT, MARKER, MIXED, PDF_BASE64, PDF_RESULT, PNG_BASE64, TEXT, TRUNCATED } from "./results.js";

const PART: LowerOptions = { callId: "toolu_01", envelope: "part" };
const AUDIO_NOTE = '[attachment "clip.wav" (audio/wav, 44 B) not sent: Anthropic tool results cannot carry audio]';
const AUDIO_WARNING = 'anthropic: attachment "clip.wav" (audio/wav, 44 B) not sent: Anthropic tool results cannot carry audio; said in the text instead';

describe("anthropic: text", () => {
  test("a string content", () => {
    expect(lowerToAnthropic(TEXT, PART)).toEqual({
      payload: { type: "tool_result", tool_use_id: "toolu_01", content: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." },
      warnings: [],
    });
  });
  test("--envelope message wraps it in the user message", () => {
    expect(lowerToAnthropic(TEXT, { ...PART, envelope: "message" }).payload).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." }],
    });
  });
  test("without a call id: the placeholder and a warning", () => {
    expect(lowerToAnthropic({ ok: true, data: "hi" }, { envelope: "part" })).toEqual({
      payload: { type: "tool_result", tool_use_id: "missing-call-id", content: "hi" },
      warnings: ['anthropic: no call id (pass --call-id ID); wrote the placeholder "missing-call-id"'],
    });
  });
});

describe("anthropic: json", () => {
  test("compact JSON text", () => {
    expect(lowerToAnthropic(JSON_RESULT, PART)).toEqual({
      payload: { type: "tool_result", tool_use_id: "toolu_01", content: '{"city":"Oslo","temperature":21.5,"tags":["sunny",null]}' },
      warnings: [],
    });
  });
});

describe("anthropic: error", () => {
  test("flagged with is_error", () => {
    expect(lowerToAnthropic(ERROR, PART)).toEqual({
      payload: { type: "tool_result", tool_use_id: "toolu_01", content: "ENOENT: no such file or directory, open 'missing.txt'", is_error: true },
      warnings: [],
    });
  });
  test("a failed command keeps its output before the error", () => {
    const failed = { ok: false, data: "error TS2322: bad type", error: "Command exited with code 2.", error_type: "exit_code" };
    expect(lowerToAnthropic(failed, PART).payload).toEqual({
      type: "tool_result", tool_use_id: "toolu_01", content: "error TS2322: bad type\n\nCommand exited with code 2.", is_error: true,
    });
  });
  test.each<[string, ToolResult]>([
    ["an empty error", { ok: false, error: "" }],
    ["no error at all", { ok: false }],
    ["an empty MCP failure", { ok: false, error: "", meta: { source_shape: "mcp", parts: [] } }],
  ])("the content is never empty on error (%s): what Bedrock says", (_name, result) => {
    expect(lowerToAnthropic(result, PART).payload).toEqual({ type: "tool_result", tool_use_id: "toolu_01", content: "failed", is_error: true });
  });
  test("a denial without a reason says so", () => {
    expect(lowerToAnthropic({ ok: false, error_type: "denied" }, PART).payload).toEqual({
      type: "tool_result", tool_use_id: "toolu_01", content: "The tool execution was denied.", is_error: true,
    });
  });
});

describe("anthropic: truncated", () => {
  test("the marker and the spill path survive", () => {
    expect(lowerToAnthropic(TRUNCATED, PART)).toEqual({
      payload: { type: "tool_result", tool_use_id: "toolu_01", content: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000` },
      warnings: [],
    });
  });
});

describe("anthropic: image", () => {
  test("a base64 image block after the text", () => {
    expect(lowerToAnthropic(IMAGE, PART)).toEqual({
      payload: {
        type: "tool_result",
        tool_use_id: "toolu_01",
        content: [
          { type: "text", text: "Captured the window." },
          { type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } },
        ],
      },
      warnings: [],
    });
  });
  test("an image by http(s) URL is a url source; a bmp is said in the text", () => {
    const result = {
      ok: true,
      attachments: [
        { mime: "image/jpeg", uri: "https://example.com/a.jpg", size: 0 },
        { mime: "image/bmp", data: "Qk0=", size: 2 },
      ],
    };
    expect(lowerToAnthropic(result, PART)).toEqual({
      payload: {
        type: "tool_result",
        tool_use_id: "toolu_01",
        content: [
          { type: "text", text: "[attachment (image/bmp, 2 B) not sent: Anthropic takes png, jpeg, gif and webp images only]" },
          { type: "image", source: { type: "url", url: "https://example.com/a.jpg" } },
        ],
      },
      warnings: ["anthropic: attachment (image/bmp, 2 B) not sent: Anthropic takes png, jpeg, gif and webp images only; said in the text instead"],
    });
  });
});

describe("anthropic: pdf", () => {
  test("a base64 document block titled with the file name", () => {
    expect(lowerToAnthropic(PDF_RESULT, PART)).toEqual({
      payload: {
        type: "tool_result",
        tool_use_id: "toolu_01",
        content: [
          { type: "text", text: "Exported the report." },
          { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF_BASE64 }, title: "report.pdf" },
        ],
      },
      warnings: [],
    });
  });
  test("plain text travels as a text document", () => {
    const result = { ok: true, attachments: [{ mime: "text/plain", data: Buffer.from("héllo").toString("base64"), size: 6 }] };
    expect(lowerToAnthropic(result, PART).payload).toEqual({
      type: "tool_result", tool_use_id: "toolu_01",
      content: [{ type: "document", source: { type: "text", media_type: "text/plain", data: "héllo" } }],
    });
  });
});

describe("anthropic: audio", () => {
  test("said in the text and warned about", () => {
    expect(lowerToAnthropic(AUDIO, PART)).toEqual({
      payload: { type: "tool_result", tool_use_id: "toolu_01", content: `Recorded 0 s.\n\n${AUDIO_NOTE}` },
      warnings: [AUDIO_WARNING],
    });
  });
});

describe("anthropic: mixed", () => {
  test("text, image and document blocks; the audio said in the text", () => {
    expect(lowerToAnthropic({ ...MIXED, ok: false, error: "2 of 3 renders failed" }, { ...PART, envelope: "message" })).toEqual({
      payload: {
        role: "user",
        content: [{
          type: "tool_result",
          tool_use_id: "toolu_01",
          content: [
            { type: "text", text: `Rendered 3 files.\n\n2 of 3 renders failed\n\n${AUDIO_NOTE}` },
            { type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } },
            { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF_BASE64 }, title: "report.pdf" },
          ],
          is_error: true,
        }],
      },
      warnings: [AUDIO_WARNING],
    });
  });
});
