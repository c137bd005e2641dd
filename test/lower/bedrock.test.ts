import { describe, expect, test } from "vitest";
import { acceptsStatus, lowerToBedrock, toDocumentName } from "../../src/lower/bedrock.js";
import type { LowerOptions } from "../../src/lower/types.js";
import { AUDIO, ERROR, IMAGE, JSON_RESULT, MARKER, MIXED, PDF_BASE64, PDF_RESULT, PNG_BASE64, TEXT, TRUNCATED } from "./results.js";

const PART: LowerOptions = { callId: "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", envelope: "part" };
const ID = "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q";
const PNG_BLOCK = { image: { format: "png", source: { bytes: PNG_BASE64 } } };
const PDF_BLOCK = { document: { format: "pdf", name: "report", source: { bytes: PDF_BASE64 } } };
const WAV_NOTE = '[attachment "clip.wav" (audio/wav, 44 B) not sent: Bedrock tool results cannot carry audio]';
const WAV_WARNING = 'bedrock: attachment "clip.wav" (audio/wav, 44 B) not sent: Bedrock tool results cannot carry audio; said in the text instead';

describe("bedrock: text", () => {
  test("a text block and status success", () => {
    expect(lowerToBedrock(TEXT, PART)).toEqual({
      payload: { toolResult: { toolUseId: ID, content: [{ text: "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0." }], status: "success" } },
      warnings: [],
    });
  });
  test("--envelope message wraps it in the user message", () => {
    expect(lowerToBedrock({ ok: true, data: "hi" }, { ...PART, envelope: "message" }).payload).toEqual({
      role: "user", content: [{ toolResult: { toolUseId: ID, content: [{ text: "hi" }], status: "success" } }],
    });
  });
  test("an empty success has empty content, never a blank text block", () => {
    expect(lowerToBedrock({ ok: true }, PART).payload).toEqual({ toolResult: { toolUseId: ID, content: [], status: "success" } });
  });
});

describe("bedrock: json", () => {
  test("a JSON object is a json block", () => {
    expect(lowerToBedrock(JSON_RESULT, PART).payload).toEqual({
      toolResult: { toolUseId: ID, content: [{ json: { city: "Oslo", temperature: 21.5, tags: ["sunny", null] } }], status: "success" },
    });
  });
  test("a JSON array is text (json blocks take objects)", () => {
    expect(lowerToBedrock({ ok: true, data: [1, 2] }, PART).payload).toEqual({ toolResult: { toolUseId: ID, content: [{ text: "[1,2]" }], status: "success" } });
  });
});

describe("bedrock: error", () => {
  test("status error", () => {
    expect(lowerToBedrock(ERROR, PART)).toEqual({
      payload: { toolResult: { toolUseId: ID, content: [{ text: "ENOENT: no such file or directory, open 'missing.txt'" }], status: "error" } },
      warnings: [],
    });
  });
  test("an error never has empty content (Bedrock rejects it)", () => {
    expect(lowerToBedrock({ ok: false }, PART).payload).toEqual({ toolResult: { toolUseId: ID, content: [{ text: "failed" }], status: "error" } });
  });
  test("a --model without toolResult.status: no status, the error stated in the text", () => {
    expect(lowerToBedrock(ERROR, { ...PART, model: "meta.llama3-1-70b-instruct-v1:0" })).toEqual({
      payload: { toolResult: { toolUseId: ID, content: [{ text: "Error: ENOENT: no such file or directory, open 'missing.txt'" }] } },
      warnings: [],
    });
  });
  test.each([
    [undefined, true],
    ["anthropic.claude-sonnet-4-20250514-v1:0", true],
    ["us.amazon.nova-pro-v1:0", true],
    ["mistral.mistral-large-2407-v1:0", false],
    ["writer.palmyra-x4-v1:0", false],
  ])("acceptsStatus(%s) = %s", (model, expected) => {
    expect(acceptsStatus(model)).toBe(expected);
  });
});

describe("bedrock: truncated", () => {
  test("the marker and the spill path survive", () => {
    expect(lowerToBedrock(TRUNCATED, PART).payload).toEqual({
      toolResult: { toolUseId: ID, content: [{ text: `line 1\nline 2\n\n${MARKER}\n\nline 5999\nline 6000` }], status: "success" },
    });
  });
});

describe("bedrock: image", () => {
  test("an image block with base64 bytes", () => {
    expect(lowerToBedrock(IMAGE, PART)).toEqual({
      payload: { toolResult: { toolUseId: ID, content: [{ text: "Captured the window." }, PNG_BLOCK], status: "success" } },
      warnings: [],
    });
  });
  test("an s3:// image is an s3Location; an https one is said in the text", () => {
    const result = {
      ok: true,
      attachments: [
        { mime: "image/jpeg", uri: "s3://bucket/a.jpg", size: 0 },
        { mime: "image/jpeg", uri: "https://example.com/b.jpg", size: 0 },
      ],
    };
    expect(lowerToBedrock(result, PART)).toEqual({
      payload: {
        toolResult: {
          toolUseId: ID,
          content: [
            { text: "[attachment (image/jpeg) at https://example.com/b.jpg not sent: Bedrock takes media as bytes or s3:// URIs only]" },
            { image: { format: "jpeg", source: { s3Location: { uri: "s3://bucket/a.jpg" } } } },
          ],
          status: "success",
        },
      },
      warnings: ["bedrock: attachment (image/jpeg) at https://example.com/b.jpg not sent: Bedrock takes media as bytes or s3:// URIs only; said in the text instead"],
    });
  });
});

describe("bedrock: pdf", () => {
  test("a document block named as Bedrock allows", () => {
    expect(lowerToBedrock(PDF_RESULT, PART).payload).toEqual({
      toolResult: { toolUseId: ID, content: [{ text: "Exported the report." }, PDF_BLOCK], status: "success" },
    });
  });
  test.each([
    ["report.pdf", "pdf", "report"],
    ["Q3 results (final).PDF", "pdf", "Q3 results (final)"],
    ["a_b.c   d.txt", "txt", "a-b-c d"],
    [undefined, "csv", "document"],
  ] as const)("toDocumentName(%s, %s) = %s", (name, format, expected) => {
    expect(toDocumentName(name, format)).toBe(expected);
  });
});

describe("bedrock: audio", () => {
  test("said in the text and warned about", () => {
    expect(lowerToBedrock(AUDIO, PART)).toEqual({
      payload: { toolResult: { toolUseId: ID, content: [{ text: `Recorded 0 s.\n\n${WAV_NOTE}` }], status: "success" } },
      warnings: [WAV_WARNING],
    });
  });
});

describe("bedrock: mixed", () => {
  test("an error with image, pdf and audio", () => {
    expect(lowerToBedrock({ ...MIXED, ok: false, error: "2 of 3 renders failed" }, PART)).toEqual({
      payload: {
        toolResult: { toolUseId: ID, content: [{ text: `Rendered 3 files.\n\n2 of 3 renders failed\n\n${WAV_NOTE}` }, PNG_BLOCK, PDF_BLOCK], status: "error" },
      },
      warnings: [WAV_WARNING],
    });
  });
  test("a JSON object with a note: the note as text, then the json block", () => {
    expect(lowerToBedrock({ ...JSON_RESULT, attachments: MIXED.attachments?.slice(2) }, PART).payload).toEqual({
      toolResult: { toolUseId: ID, content: [{ text: WAV_NOTE }, { json: { city: "Oslo", temperature: 21.5, tags: ["sunny", null] } }], status: "success" },
    });
  });
});
