import { describe, expect, test } from "vitest";
import { lowerToOpenAIChat } from "../../src/lower/openai-chat.js";
import type { LowerOptions } from "../../src/lower/types.js";
import { normalizeValue } from "../../src/normalize/index.js";
import { AUDIO, ERROR, IMAGE, JSON_RESULT, MARKER, MIXED, PDF, PDF_BASE64, PDF_RESULT, PNG_BASE64, TEXT, TRUNCATED } from "./results.js";

const PART: LowerOptions = { callId: "call_abc", envelope: "part" };
const PNG_URL = `data:image/png;base64,${PNG_BASE64}`;
const CAPTION = { type: "text", text: "Images returned by tool call call_abc:" };
const FILES_CAPTION = { type: "text", text: "Files returned by tool call call_abc:" };
const PDF_PART = { type: "file", file: { file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: "report.pdf" } };
const WAV_NOTE = '[attachment "clip.wav" (audio/wav, 44 B) not sent: OpenAI Chat cannot take audio/wav from a tool (images: png, jpeg, gif, webp; PDF)]';
const WAV_WARNING = 'openai-chat: attachment "clip.wav" (audio/wav, 44 B) not sent: OpenAI Chat cannot take audio/wav from a tool (images: png, jpeg, gif, webp; PDF); said in the text instead';

describe("openai-chat: text", () => {
  test("one tool message", () => {
    expect(lowerToOpenAIChat(TEXT, PART)).toEqual({
      payload: { role: "tool", tool_call_id: "call_abc", content: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." },
      warnings: [],
    });
  });
  test("--envelope message: always the list of messages", () => {
    expect(lowerToOpenAIChat(TEXT, { ...PART, envelope: "message" }).payload).toEqual([
      { role: "tool", tool_call_id: "call_abc", content: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." },
    ]);
  });
  test("the call id kept by normalization is used when --call-id is absent", () => {
    expect(lowerToOpenAIChat({ ok: true, data: "x", meta: { call_id: "call_from_input" } }, { envelope: "part" })).toEqual({
      payload: { role: "tool", tool_call_id: "call_from_input", content: "x" },
      warnings: [],
    });
  });
});

describe("openai-chat: json", () => {
  test("compact JSON text", () => {
    expect(lowerToOpenAIChat(JSON_RESULT, PART)).toEqual({
      payload: { role: "tool", tool_call_id: "call_abc", content: '{"city":"Oslo","temperature":21.5,"tags":["sunny",null]}' },
      warnings: [],
    });
  });
});

describe("openai-chat: error", () => {
  test("stated in the text, there is no flag", () => {
    expect(lowerToOpenAIChat(ERROR, PART)).toEqual({
      payload: { role: "tool", tool_call_id: "call_abc", content: "Error: ENOENT: no such file or directory, open 'missing.txt'" },
      warnings: [],
    });
  });
  test("a text that already says Error is not prefixed twice", () => {
    expect(lowerToOpenAIChat({ ok: false, error: "error: exit 1" }, PART).payload).toEqual({ role: "tool", tool_call_id: "call_abc", content: "error: exit 1" });
  });
  test("a structured error is its JSON", () => {
    expect(lowerToOpenAIChat({ ok: false, error: { code: 42 } }, PART).payload).toEqual({ role: "tool", tool_call_id: "call_abc", content: 'Error: {"code":42}' });
  });
});

describe("openai-chat: truncated", () => {
  test("the marker and the spill path survive", () => {
    expect(lowerToOpenAIChat(TRUNCATED, PART)).toEqual({
      payload: { role: "tool", tool_call_id: "call_abc", content: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000` },
      warnings: [],
    });
  });
});

describe("openai-chat: image", () => {
  test("images follow in one user message captioned with the call id", () => {
    expect(lowerToOpenAIChat(IMAGE, PART)).toEqual({
      payload: [
        { role: "tool", tool_call_id: "call_abc", content: "Captured the window." },
        { role: "user", content: [CAPTION, { type: "image_url", image_url: { url: PNG_URL } }] },
      ],
      warnings: [],
    });
  });
  test("an https image is sent by URL; a file: image is said in the text", () => {
    const result = {
      ok: true,
      data: "two",
      attachments: [
        { mime: "image/gif", uri: "https://example.com/a.gif", size: 0 },
        { mime: "image/png", uri: "file:///tmp/b.png", name: "b.png", size: 0 },
      ],
    };
    expect(lowerToOpenAIChat(result, PART)).toEqual({
      payload: [
        { role: "tool", tool_call_id: "call_abc", content: 'two\n\n[attachment "b.png" (image/png) at file:///tmp/b.png not sent: OpenAI Chat takes images as data or http(s) URLs only]' },
        { role: "user", content: [CAPTION, { type: "image_url", image_url: { url: "https://example.com/a.gif" } }] },
      ],
      warnings: ['openai-chat: attachment "b.png" (image/png) at file:///tmp/b.png not sent: OpenAI Chat takes images as data or http(s) URLs only; said in the text instead'],
    });
  });
});

describe("openai-chat: pdf", () => {
  test("a file part of its data: URL in the user message that follows, under the files caption", () => {
    expect(lowerToOpenAIChat(PDF_RESULT, PART)).toEqual({
      payload: [{ role: "tool", tool_call_id: "call_abc", content: "Exported the report." }, { role: "user", content: [FILES_CAPTION, PDF_PART] }],
      warnings: [],
    });
  });
  test("without a name: the file name other targets give it", () => {
    const { name: _name, ...unnamed } = PDF;
    const payload = lowerToOpenAIChat({ ...PDF_RESULT, attachments: [unnamed] }, PART).payload as unknown[];
    expect(payload[1]).toEqual({ role: "user", content: [FILES_CAPTION, { type: "file", file: { ...PDF_PART.file, filename: "attachment-1.pdf" } }] });
  });
  test("by URL: said in the text (the file part takes data or a file id, no URL)", () => {
    const { data: _data, ...byUrl } = PDF;
    expect(lowerToOpenAIChat({ ...PDF_RESULT, attachments: [{ ...byUrl, uri: "https://example.com/report.pdf" }] }, PART)).toEqual({
      payload: { role: "tool", tool_call_id: "call_abc", content: 'Exported the report.\n\n[attachment "report.pdf" (application/pdf, 48 B) at https://example.com/report.pdf not sent: OpenAI Chat takes PDFs as data only]' },
      warnings: ['openai-chat: attachment "report.pdf" (application/pdf, 48 B) at https://example.com/report.pdf not sent: OpenAI Chat takes PDFs as data only; said in the text instead'],
    });
  });
  test("read back by normalize as the same result", () => {
    const payload = lowerToOpenAIChat(PDF_RESULT, PART).payload;
    expect(lowerToOpenAIChat(normalizeValue(payload, "auto"), PART).payload).toEqual(payload);
  });
});

describe("openai-chat: audio", () => {
  test("said in the text and warned about", () => {
    expect(lowerToOpenAIChat(AUDIO, PART)).toEqual({
      payload: { role: "tool", tool_call_id: "call_abc", content: `Recorded 0 s.\n\n${WAV_NOTE}` },
      warnings: [WAV_WARNING],
    });
  });
});

describe("openai-chat: mixed", () => {
  test("an error with an image, a pdf and audio", () => {
    expect(lowerToOpenAIChat({ ...MIXED, ok: false, error: "2 of 3 renders failed" }, { ...PART, envelope: "message" })).toEqual({
      payload: [
        { role: "tool", tool_call_id: "call_abc", content: `Error: Rendered 3 files.\n\n2 of 3 renders failed\n\n${WAV_NOTE}` },
        { role: "user", content: [FILES_CAPTION, { type: "image_url", image_url: { url: PNG_URL } }, PDF_PART] },
      ],
      warnings: [WAV_WARNING],
    });
  });
});
