import { describe, expect, test } from "vitest";
import { lowerToOpenAIResponses } from "../../src/lower/openai-responses.js";
import type { LowerOptions } from "../../src/lower/types.js";
import { AUDIO, ERROR, IMAGE, JSON_RESULT, MARKER, MIXED, PDF_BASE64, PDF_RESULT, PNG_BASE64, TEXT, TRUNCATED } from "./results.js";

const PART: LowerOptions = { callId: "call_xyz", envelope: "part" };
const PNG_PART = { type: "input_image", image_url: `data:image/png;base64,${PNG_BASE64}` };
const PDF_PART = { type: "input_file", file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: "report.pdf" };
const WAV_NOTE = '[attachment "clip.wav" (audio/wav, 44 B) not sent: OpenAI Responses cannot take audio/wav in a function output]';
const WAV_WARNING = 'openai-responses: attachment "clip.wav" (audio/wav, 44 B) not sent: OpenAI Responses cannot take audio/wav in a function output; said in the text instead';

describe("openai-responses: text", () => {
  test("a string output", () => {
    expect(lowerToOpenAIResponses(TEXT, PART)).toEqual({
      payload: { type: "function_call_output", call_id: "call_xyz", output: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." },
      warnings: [],
    });
  });
  test("--envelope message gives the same input item", () => {
    expect(lowerToOpenAIResponses(TEXT, { ...PART, envelope: "message" })).toEqual(lowerToOpenAIResponses(TEXT, PART));
  });
});

describe("openai-responses: json", () => {
  test("compact JSON text", () => {
    expect(lowerToOpenAIResponses(JSON_RESULT, PART)).toEqual({
      payload: { type: "function_call_output", call_id: "call_xyz", output: '{"city":"Oslo","temperature":21.5,"tags":["sunny",null]}' },
      warnings: [],
    });
  });
});

describe("openai-responses: error", () => {
  test("stated in the text, there is no flag", () => {
    expect(lowerToOpenAIResponses(ERROR, PART)).toEqual({
      payload: { type: "function_call_output", call_id: "call_xyz", output: "Error: ENOENT: no such file or directory, open 'missing.txt'" },
      warnings: [],
    });
  });
  test("a failure with nothing said states its type", () => {
    expect(lowerToOpenAIResponses({ ok: false, error_type: "timeout" }, PART).payload).toEqual({
      type: "function_call_output", call_id: "call_xyz", output: "Error: timeout",
    });
  });
});

describe("openai-responses: truncated", () => {
  test("the marker and the spill path survive", () => {
    expect(lowerToOpenAIResponses(TRUNCATED, PART)).toEqual({
      payload: { type: "function_call_output", call_id: "call_xyz", output: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000` },
      warnings: [],
    });
  });
});

describe("openai-responses: image", () => {
  test("input_text then input_image with a data URL", () => {
    expect(lowerToOpenAIResponses(IMAGE, PART)).toEqual({
      payload: { type: "function_call_output", call_id: "call_xyz", output: [{ type: "input_text", text: "Captured the window." }, PNG_PART] },
      warnings: [],
    });
  });
  test("an image by URL, and no empty input_text", () => {
    const result = { ok: true, attachments: [{ mime: "image/webp", uri: "https://example.com/a.webp", size: 0 }] };
    expect(lowerToOpenAIResponses(result, PART).payload).toEqual({
      type: "function_call_output", call_id: "call_xyz", output: [{ type: "input_image", image_url: "https://example.com/a.webp" }],
    });
  });
});

describe("openai-responses: pdf", () => {
  test("input_file with a data URL and its file name", () => {
    expect(lowerToOpenAIResponses(PDF_RESULT, PART)).toEqual({
      payload: { type: "function_call_output", call_id: "call_xyz", output: [{ type: "input_text", text: "Exported the report." }, PDF_PART] },
      warnings: [],
    });
  });
  test("a nameless file gets one from its type; a linked file goes by file_url", () => {
    const result = {
      ok: true,
      attachments: [
        { mime: "text/plain", data: "aGk=", size: 2 },
        { mime: "application/pdf", uri: "https://example.com/r.pdf", size: 0 },
      ],
    };
    expect(lowerToOpenAIResponses(result, PART).payload).toEqual({
      type: "function_call_output",
      call_id: "call_xyz",
      output: [
        { type: "input_file", file_data: "data:text/plain;base64,aGk=", filename: "attachment-1.txt" },
        { type: "input_file", file_url: "https://example.com/r.pdf" },
      ],
    });
  });
});

describe("openai-responses: audio", () => {
  test("said in the text and warned about", () => {
    expect(lowerToOpenAIResponses(AUDIO, PART)).toEqual({
      payload: { type: "function_call_output", call_id: "call_xyz", output: `Recorded 0 s.\n\n${WAV_NOTE}` },
      warnings: [WAV_WARNING],
    });
  });
});

describe("openai-responses: mixed", () => {
  test("an error with an image, a pdf and audio", () => {
    expect(lowerToOpenAIResponses({ ...MIXED, ok: false, error: "2 of 3 renders failed" }, PART)).toEqual({
      payload: {
        type: "function_call_output",
        call_id: "call_xyz",
        output: [{ type: "input_text", text: `Error: Rendered 3 files.\n\n2 of 3 renders failed\n\n${WAV_NOTE}` }, PNG_PART, PDF_PART],
      },
      warnings: [WAV_WARNING],
    });
  });
});
