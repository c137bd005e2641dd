import { describe, expect, test } from "vitest";
import { lowerToAiSdk } from "../../src/lower/ai-sdk.js";
import type { LowerOptions } from "../../src/lower/types.js";
import { AUDIO, ERROR, IMAGE, JSON_RESULT, MARKER, MIXED, PDF_BASE64, PDF_RESULT, PNG_BASE64, TEXT, TRUNCATED, WAV_BASE64 } from "./results.js";

const PART: LowerOptions = { envelope: "part" };
const PNG_PART = { type: "image-data", data: PNG_BASE64, mediaType: "image/png" };
const PDF_PART = { type: "file-data", data: PDF_BASE64, mediaType: "application/pdf", filename: "report.pdf" };
const WAV_PART = { type: "file-data", data: WAV_BASE64, mediaType: "audio/wav", filename: "clip.wav" };

describe("ai-sdk: text", () => {
  test("a text output", () => {
    expect(lowerToAiSdk(TEXT, PART)).toEqual({
      payload: { type: "text", value: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." },
      warnings: [],
    });
  });
  test("--envelope message: the tool message with one tool-result part", () => {
    expect(lowerToAiSdk(TEXT, { envelope: "message", callId: "call_1" })).toEqual({
      payload: {
        role: "tool",
        content: [{
          type: "tool-result", toolCallId: "call_1", toolName: "bash",
          output: { type: "text", value: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." },
        }],
      },
      warnings: [],
    });
  });
  test("a message without id and name: placeholders and warnings", () => {
    expect(lowerToAiSdk({ ok: true, data: "x" }, { envelope: "message" })).toEqual({
      payload: { role: "tool", content: [{ type: "tool-result", toolCallId: "missing-call-id", toolName: "missing-name", output: { type: "text", value: "x" } }] },
      warnings: [
        'ai-sdk: no call id (pass --call-id ID); wrote the placeholder "missing-call-id"',
        'ai-sdk: no tool name (pass --name NAME); wrote the placeholder "missing-name"',
      ],
    });
  });
});

describe("ai-sdk: json", () => {
  test("a json output", () => {
    expect(lowerToAiSdk(JSON_RESULT, PART)).toEqual({ payload: { type: "json", value: { city: "Oslo", temperature: 21.5, tags: ["sunny", null] } }, warnings: [] });
  });
});

describe("ai-sdk: error", () => {
  test("error-text", () => {
    expect(lowerToAiSdk(ERROR, PART)).toEqual({ payload: { type: "error-text", value: "ENOENT: no such file or directory, open 'missing.txt'" }, warnings: [] });
  });
  test("error-json for a structured error", () => {
    expect(lowerToAiSdk({ ok: false, error: { code: "E_PERM", path: "/etc" } }, PART).payload).toEqual({ type: "error-json", value: { code: "E_PERM", path: "/etc" } });
  });
  test("execution-denied, with and without a reason", () => {
    expect(lowerToAiSdk({ ok: false, error: "User declined", error_type: "denied" }, PART).payload).toEqual({ type: "execution-denied", reason: "User declined" });
    expect(lowerToAiSdk({ ok: false, error_type: "denied" }, PART).payload).toEqual({ type: "execution-denied" });
  });
});

describe("ai-sdk: truncated", () => {
  test("the marker and the spill path survive", () => {
    expect(lowerToAiSdk(TRUNCATED, PART).payload).toEqual({ type: "text", value: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000` });
  });
});

describe("ai-sdk: image", () => {
  test("content: text and image-data", () => {
    expect(lowerToAiSdk(IMAGE, PART)).toEqual({ payload: { type: "content", value: [{ type: "text", text: "Captured the window." }, PNG_PART] }, warnings: [] });
  });
  test("linked media: image-url and file-url", () => {
    const result = {
      ok: true,
      attachments: [
        { mime: "image/png", uri: "https://example.com/a.png", size: 0 },
        { mime: "application/pdf", uri: "https://example.com/b.pdf", size: 0 },
      ],
    };
    expect(lowerToAiSdk(result, PART).payload).toEqual({
      type: "content",
      value: [{ type: "image-url", url: "https://example.com/a.png" }, { type: "file-url", url: "https://example.com/b.pdf", mediaType: "application/pdf" }],
    });
  });
});

describe("ai-sdk: pdf", () => {
  test("content: text and file-data", () => {
    expect(lowerToAiSdk(PDF_RESULT, PART)).toEqual({ payload: { type: "content", value: [{ type: "text", text: "Exported the report." }, PDF_PART] }, warnings: [] });
  });
});

describe("ai-sdk: audio", () => {
  test("content: text and file-data", () => {
    expect(lowerToAiSdk(AUDIO, PART)).toEqual({ payload: { type: "content", value: [{ type: "text", text: "Recorded 0 s." }, WAV_PART] }, warnings: [] });
  });
});

describe("ai-sdk: mixed", () => {
  test("an error with media: content, the error stated in the text and warned about", () => {
    expect(lowerToAiSdk({ ...MIXED, ok: false, error: "2 of 3 renders failed" }, PART)).toEqual({
      payload: { type: "content", value: [{ type: "text", text: "Error: Rendered 3 files.\n\n2 of 3 renders failed" }, PNG_PART, PDF_PART, WAV_PART] },
      warnings: ["ai-sdk: a content output has no error flag; the error is stated in the text"],
    });
  });
});
