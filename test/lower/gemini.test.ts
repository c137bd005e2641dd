import { describe, expect, test } from "vitest";
import { chooseGeminiInline, lowerToGemini } from "../../src/lower/gemini.js";
import type { LowerOptions } from "../../src/lower/types.js";
import { AUDIO, ERROR, IMAGE, JSON_RESULT, MARKER, MIXED, PDF_BASE64, PDF_RESULT, PNG_BASE64, TEXT, TRUNCATED, WAV_BASE64 } from "./results.js";

const PART: LowerOptions = { callId: "fc_1", envelope: "part" };
const SIBLING: LowerOptions = { ...PART, geminiInline: "sibling" };
const WAV_NOTE = '[attachment "clip.wav" (audio/wav, 44 B) not sent: Gemini 3 function responses take png, jpeg, webp, pdf and plain text only (try --gemini-inline sibling)]';
const WAV_WARNING = 'gemini: attachment "clip.wav" (audio/wav, 44 B) not sent: Gemini 3 function responses take png, jpeg, webp, pdf and plain text only (try --gemini-inline sibling); said in the text instead';

describe("gemini: text", () => {
  test("response.output, the name from the result's tool", () => {
    expect(lowerToGemini(TEXT, PART)).toEqual({
      payload: { functionResponse: { id: "fc_1", name: "bash", response: { output: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." } } },
      warnings: [],
    });
  });
  test("--name wins; no id when none is known; --envelope message gives the user content", () => {
    expect(lowerToGemini({ ok: true, data: "hi" }, { envelope: "message", name: "greet" })).toEqual({
      payload: { role: "user", parts: [{ functionResponse: { name: "greet", response: { output: "hi" } } }] },
      warnings: [],
    });
  });
  test("no name at all: the placeholder and a warning", () => {
    expect(lowerToGemini({ ok: true, data: "hi" }, { envelope: "part" })).toEqual({
      payload: { functionResponse: { name: "missing-name", response: { output: "hi" } } },
      warnings: ['gemini: no tool name (pass --name NAME); wrote the placeholder "missing-name"'],
    });
  });
});

describe("gemini: json", () => {
  test("the JSON value itself as output", () => {
    expect(lowerToGemini(JSON_RESULT, PART).payload).toEqual({
      functionResponse: { id: "fc_1", name: "get_weather", response: { output: { city: "Oslo", temperature: 21.5, tags: ["sunny", null] } } },
    });
  });
});

describe("gemini: error", () => {
  test("the error key", () => {
    expect(lowerToGemini(ERROR, PART)).toEqual({
      payload: { functionResponse: { id: "fc_1", name: "read", response: { error: "ENOENT: no such file or directory, open 'missing.txt'" } } },
      warnings: [],
    });
  });
  test("a failed command keeps its output beside the error; a structured error stays JSON", () => {
    const failed = { ok: false, tool: "bash", data: "make: *** [all] Error 2", error: { exit_code: 2 } };
    expect(lowerToGemini(failed, PART).payload).toEqual({
      functionResponse: { id: "fc_1", name: "bash", response: { output: "make: *** [all] Error 2", error: { exit_code: 2 } } },
    });
  });
});

describe("gemini: truncated", () => {
  test("the marker and the spill path survive", () => {
    expect(lowerToGemini(TRUNCATED, PART).payload).toEqual({
      functionResponse: { id: "fc_1", name: "bash", response: { output: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000` } },
    });
  });
});

describe("gemini: image", () => {
  test("Gemini 3: inside functionResponse.parts with its display name", () => {
    expect(lowerToGemini(IMAGE, PART)).toEqual({
      payload: {
        functionResponse: {
          id: "fc_1",
          name: "screenshot",
          response: { output: "Captured the window." },
          parts: [{ inlineData: { mimeType: "image/png", data: PNG_BASE64, displayName: "chart.png" } }],
        },
      },
      warnings: [],
    });
  });
  test("--gemini-inline sibling: the functionResponse part and the inlineData part beside it", () => {
    expect(lowerToGemini(IMAGE, SIBLING)).toEqual({
      payload: [
        { functionResponse: { id: "fc_1", name: "screenshot", response: { output: "Captured the window." } } },
        { inlineData: { mimeType: "image/png", data: PNG_BASE64 } },
      ],
      warnings: [],
    });
  });
  test("an older --model chooses sibling, in the user content", () => {
    expect(lowerToGemini(IMAGE, { ...PART, envelope: "message", model: "gemini-2.5-flash" }).payload).toEqual({
      role: "user",
      parts: [
        { functionResponse: { id: "fc_1", name: "screenshot", response: { output: "Captured the window." } } },
        { inlineData: { mimeType: "image/png", data: PNG_BASE64 } },
      ],
    });
  });
  test("a linked image is fileData", () => {
    const result = { ok: true, tool: "t", attachments: [{ mime: "image/jpeg", uri: "https://generativelanguage.googleapis.com/v1beta/files/abc", size: 0 }] };
    expect(lowerToGemini(result, PART).payload).toEqual({
      functionResponse: {
        id: "fc_1", name: "t", response: { output: "" },
        parts: [{ fileData: { mimeType: "image/jpeg", fileUri: "https://generativelanguage.googleapis.com/v1beta/files/abc" } }],
      },
    });
  });
  test.each([
    [{}, "parts"],
    [{ model: "gemini-3-pro-preview" }, "parts"],
    [{ model: "models/gemini-2.0-flash" }, "sibling"],
    [{ model: "gemini-1.5-pro" }, "sibling"],
    [{ model: "gemini-2.5-pro", geminiInline: "parts" as const }, "parts"],
    [{ model: "gemini-3-flash", geminiInline: "sibling" as const }, "sibling"],
  ])("chooseGeminiInline(%o) = %s", (options, expected) => {
    expect(chooseGeminiInline({ envelope: "part", ...options })).toBe(expected);
  });
});

describe("gemini: pdf", () => {
  test("inside functionResponse.parts", () => {
    expect(lowerToGemini(PDF_RESULT, PART).payload).toEqual({
      functionResponse: {
        id: "fc_1", name: "export", response: { output: "Exported the report." },
        parts: [{ inlineData: { mimeType: "application/pdf", data: PDF_BASE64, displayName: "report.pdf" } }],
      },
    });
  });
});

describe("gemini: audio", () => {
  test("Gemini 3 parts cannot take it: said in the output and warned about", () => {
    expect(lowerToGemini(AUDIO, PART)).toEqual({
      payload: { functionResponse: { id: "fc_1", name: "record", response: { output: `Recorded 0 s.\n\n${WAV_NOTE}` } } },
      warnings: [WAV_WARNING],
    });
  });
  test("sibling parts take it", () => {
    expect(lowerToGemini(AUDIO, SIBLING)).toEqual({
      payload: [
        { functionResponse: { id: "fc_1", name: "record", response: { output: "Recorded 0 s." } } },
        { inlineData: { mimeType: "audio/wav", data: WAV_BASE64 } },
      ],
      warnings: [],
    });
  });
});

describe("gemini: mixed", () => {
  test("an error with image, pdf and audio: the note goes in the error text", () => {
    expect(lowerToGemini({ ...MIXED, ok: false, error: "2 of 3 renders failed" }, PART)).toEqual({
      payload: {
        functionResponse: {
          id: "fc_1",
          name: "render",
          response: { output: "Rendered 3 files.", error: `2 of 3 renders failed\n\n${WAV_NOTE}` },
          parts: [
            { inlineData: { mimeType: "image/png", data: PNG_BASE64, displayName: "chart.png" } },
            { inlineData: { mimeType: "application/pdf", data: PDF_BASE64, displayName: "report.pdf" } },
          ],
        },
      },
      warnings: [WAV_WARNING],
    });
  });
  test("JSON output with a note that cannot go in a string: response.notes", () => {
    expect(lowerToGemini({ ...JSON_RESULT, attachments: MIXED.attachments?.slice(2) }, PART).payload).toEqual({
      functionResponse: {
        id: "fc_1", name: "get_weather",
        response: { output: { city: "Oslo", temperature: 21.5, tags: ["sunny", null] }, notes: [WAV_NOTE] },
      },
    });
  });
});
