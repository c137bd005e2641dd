import { describe, expect, test } from "vitest";
import type { InputError } from "../../src/errors.js";
import { matchesAnthropic, normalizeAnthropic } from "../../src/normalize/anthropic.js";
import { matchesBedrock, normalizeBedrock } from "../../src/normalize/bedrock.js";
import { matchesGemini, normalizeGemini } from "../../src/normalize/gemini.js";
import { matchesOpenaiChat, normalizeOpenaiChat } from "../../src/normalize/openai-chat.js";
import { matchesOpenaiResponses, normalizeOpenaiResponses } from "../../src/normalize/openai-responses.js";
import { catchError, JPG, loadShape, PDF, PNG } from "./helpers.js";

describe("anthropic", () => {
  test("string content", () => {
    expect(normalizeAnthropic(loadShape("anthropic-string"))).toEqual({
      ok: true,
      data: "15 degrees",
      meta: { source_shape: "anthropic", call_id: "toolu_01A09q90qw90lq917835lq9" },
    });
  });

  test("text, image, document and search_result blocks", () => {
    expect(normalizeAnthropic(loadShape("anthropic-blocks"))).toEqual({
      ok: true,
      data: "Rendered the chart and attached the source PDF.",
      meta: {
        source_shape: "anthropic",
        call_id: "toolu_01D7FLrfh4GYq7yT1ULFeyMV",
        parts: [
          { type: "text", chars: 47 },
          { type: "attachment", index: 0 },
          { type: "attachment", index: 1 },
          {
            type: "kept",
            value: { type: "search_result", source: "https://docs.example.com/api", title: "API Reference", content: [{ type: "text", text: "Authentication uses bearer tokens." }] },
          },
        ],
      },
      attachments: [
        { mime: "image/jpeg", data: JPG, size: 134, extra: { source_type: "image" } },
        { mime: "application/pdf", data: PDF, name: "Quarterly report", size: 125, extra: { source_type: "document", cache_control: { type: "ephemeral" } } },
      ],
    });
  });

  test("is_error", () => {
    expect(normalizeAnthropic(loadShape("anthropic-error"))).toEqual({
      ok: false,
      error: "ConnectionError: the weather service API is not available (HTTP 500)",
      meta: { source_shape: "anthropic", call_id: "toolu_01Kx9" },
    });
  });

  test("a plain-text document is text; a URL image is a URI attachment", () => {
    const result = normalizeAnthropic({
      type: "tool_result",
      tool_use_id: "toolu_1",
      is_error: false,
      content: [
        { type: "document", source: { type: "text", media_type: "text/plain", data: "line one" }, title: "notes.txt" },
        { type: "image", source: { type: "url", url: "https://example.com/a.webp" } },
      ],
    });
    expect(result).toEqual({
      ok: true,
      data: "line one",
      meta: {
        source_shape: "anthropic",
        call_id: "toolu_1",
        parts: [
          { type: "text", chars: 8, extra: { source_type: "document", source: { type: "text", media_type: "text/plain" }, title: "notes.txt" } },
          { type: "attachment", index: 0 },
        ],
        source_extra: { is_error: false },
      },
      attachments: [{ mime: "image/webp", uri: "https://example.com/a.webp", size: 0, extra: { source_type: "image", declared_mime: null } }],
    });
  });

  test("near miss and forced mismatch", () => {
    expect(matchesAnthropic({ type: "tool_result", content: "x" })).toBe(false);
    expect((catchError(() => normalizeAnthropic({ type: "tool_result", tool_use_id: "t", content: 5 })) as InputError).where).toBe("$.content");
  });
});

describe("openai-chat", () => {
  test("a tool message with string content", () => {
    expect(normalizeOpenaiChat(loadShape("openai-chat-string"))).toEqual({
      ok: true,
      data: '{"temperature": 14, "unit": "celsius"}',
      meta: { source_shape: "openai-chat", call_id: "call_DdmO9pD3xa9XTPNJ32zg2hcA" },
    });
  });

  test("a tool message with text parts", () => {
    expect(normalizeOpenaiChat(loadShape("openai-chat-parts"))).toEqual({
      ok: true,
      data: "Found 2 results:\n1. README.md\n2. docs/index.md",
      meta: { source_shape: "openai-chat", call_id: "call_62136354", parts: [{ type: "text", chars: 16 }, { type: "text", chars: 29 }] },
    });
  });

  test("near miss: a user message, or an image part in a tool message", () => {
    expect(matchesOpenaiChat({ role: "user", content: "hi" })).toBe(false);
    expect(matchesOpenaiChat({ role: "tool", tool_call_id: "c", content: [{ type: "image_url", image_url: { url: "x" } }] })).toBe(false);
    expect((catchError(() => normalizeOpenaiChat({ role: "tool", content: "x" })) as InputError).where).toBe("$.tool_call_id");
  });
});

describe("openai-responses", () => {
  test("function_call_output with a string output", () => {
    expect(normalizeOpenaiResponses(loadShape("openai-responses-string"))).toEqual({
      ok: true,
      data: '{"temperature": 25, "unit": "C"}',
      meta: { source_shape: "openai-responses", call_id: "call_12345xyz", source_extra: { type: "function_call_output" } },
    });
  });

  test("function_call_output with input_text, input_image (data URL and file_id) and input_file", () => {
    expect(normalizeOpenaiResponses(loadShape("openai-responses-parts"))).toEqual({
      ok: true,
      data: "The screenshot and the invoice are attached.",
      meta: {
        source_shape: "openai-responses",
        call_id: "call_abc",
        parts: [
          { type: "text", chars: 44 },
          { type: "attachment", index: 0 },
          { type: "attachment", index: 1 },
          { type: "kept", value: { type: "input_image", file_id: "file-6F2ksmvXxt4VdoqmHRw6kL", detail: "auto" } },
        ],
        source_extra: { type: "function_call_output", id: "fco_68b1", status: "completed" },
      },
      attachments: [
        { mime: "image/png", data: PNG, size: 73, extra: { source_type: "input_image", detail: "high" } },
        { mime: "application/pdf", data: PDF, name: "invoice.pdf", size: 125, extra: { source_type: "input_file" } },
      ],
    });
  });

  test("custom_tool_call_output", () => {
    expect(normalizeOpenaiResponses(loadShape("openai-responses-custom"))).toEqual({
      ok: true,
      data: "Patch applied: 2 files changed, 14 insertions(+), 3 deletions(-)",
      meta: { source_shape: "openai-responses", call_id: "call_aEeZy9Uq", source_extra: { type: "custom_tool_call_output" } },
    });
  });

  test("near misses: a function_call item, an unknown part type", () => {
    expect(matchesOpenaiResponses({ type: "function_call", call_id: "c", name: "f", arguments: "{}" })).toBe(false);
    expect(matchesOpenaiResponses({ type: "function_call_output", call_id: "c", output: [{ type: "output_text", text: "x" }] })).toBe(false);
  });

  test("forced mismatch names the path", () => {
    expect((catchError(() => normalizeOpenaiResponses({ type: "function_call_output", call_id: "c", output: [{ type: "input_text" }] })) as InputError).where).toBe("$.output[0].text");
  });
});

describe("gemini", () => {
  test("response.output is the data; name and id", () => {
    expect(normalizeGemini(loadShape("gemini-output"))).toEqual({
      ok: true,
      tool: "get_current_weather",
      data: { temperature: 21, unit: "celsius", description: "Sunny" },
      meta: { source_shape: "gemini", call_id: "fc_1" },
    });
  });

  test("response.error is the error", () => {
    expect(normalizeGemini(loadShape("gemini-error"))).toEqual({
      ok: false,
      tool: "read_file",
      error: "ENOENT: no such file or directory, open 'notes.txt'",
      meta: { source_shape: "gemini" },
    });
  });

  test("an output beside the error is the data of the failure", () => {
    expect(normalizeGemini({ functionResponse: { name: "f", response: { output: "partial log", error: "crashed", elapsed: 3 } } })).toEqual({
      ok: false,
      tool: "f",
      data: "partial log",
      error: "crashed",
      meta: { source_shape: "gemini", source_extra: { response: { elapsed: 3 } } },
    });
  });

  test("Gemini 3 multimodal parts; a response with neither output nor error is the data", () => {
    expect(normalizeGemini(loadShape("gemini-parts"))).toEqual({
      ok: true,
      tool: "get_image",
      data: { image_ref: { $ref: "instrument.jpg" } },
      meta: { source_shape: "gemini", parts: [{ type: "attachment", index: 0 }], response_form: "object" },
      attachments: [{ mime: "image/jpeg", data: JPG, name: "instrument.jpg", size: 134, extra: { source_type: "inlineData" } }],
    });
  });

  test("a null error is no error; response keys beside output are kept", () => {
    expect(normalizeGemini({ functionResponse: { name: "ls", response: { output: "a", error: null, elapsed: 3 } } })).toEqual({
      ok: true,
      tool: "ls",
      data: "a",
      meta: { source_shape: "gemini", source_extra: { response: { error: null, elapsed: 3 } } },
    });
  });

  test("forced: a bare FunctionResponse is read too; auto wants the functionResponse part", () => {
    const bare = { name: "ls", response: { output: "a\nb" } };
    expect(matchesGemini(bare)).toBe(false);
    expect(normalizeGemini(bare)).toEqual({ ok: true, tool: "ls", data: "a\nb", meta: { source_shape: "gemini" } });
    expect((catchError(() => normalizeGemini({ functionResponse: { name: "ls", response: "x" } })) as InputError).where).toBe("$.functionResponse.response");
  });
});

describe("bedrock", () => {
  test("text content with status success", () => {
    expect(normalizeBedrock(loadShape("bedrock-text"))).toEqual({
      ok: true,
      data: "Song: Elemental Hotel by 8 Storey Hike",
      meta: { source_shape: "bedrock", call_id: "tooluse_kZJMlvQmRJ6eAyJE5GIl7Q", parts: [{ type: "text", chars: 38 }], source_extra: { status: "success" } },
    });
  });

  test("a lone json block is the data", () => {
    expect(normalizeBedrock(loadShape("bedrock-json"))).toEqual({
      ok: true,
      data: { song: "Elemental Hotel", artist: "8 Storey Hike" },
      meta: { source_shape: "bedrock", call_id: "tooluse_Wk3" },
    });
  });

  test("text, image, document and json blocks", () => {
    expect(normalizeBedrock(loadShape("bedrock-media"))).toEqual({
      ok: true,
      data: 'Chart and data sheet:\n{"pages":1}',
      meta: {
        source_shape: "bedrock",
        call_id: "tooluse_m1",
        parts: [{ type: "text", chars: 21 }, { type: "attachment", index: 0 }, { type: "attachment", index: 1 }, { type: "text", chars: 11, extra: { source_type: "json" } }],
      },
      attachments: [
        { mime: "image/png", data: PNG, size: 73, extra: { source_type: "image" } },
        { mime: "application/pdf", data: PDF, name: "datasheet", size: 125, extra: { source_type: "document" } },
      ],
    });
  });

  test("status error", () => {
    expect(normalizeBedrock(loadShape("bedrock-error"))).toEqual({
      ok: false,
      error: "Error: station XYZ not found",
      meta: { source_shape: "bedrock", call_id: "tooluse_e9", parts: [{ type: "text", chars: 28 }] },
    });
  });

  test("bytes as a byte array and an S3 location", () => {
    const result = normalizeBedrock({
      toolUseId: "t",
      content: [
        { image: { format: "gif", source: { bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] } } },
        { video: { format: "mp4", source: { s3Location: { uri: "s3://bucket/clip.mp4", bucketOwner: "111122223333" } } } },
      ],
    });
    expect(result.attachments).toEqual([
      { mime: "image/gif", data: "R0lGODlh", size: 6, extra: { source_type: "image" } },
      { mime: "video/mp4", uri: "s3://bucket/clip.mp4", size: 0, extra: { source_type: "video", s3Location: { bucketOwner: "111122223333" } } },
    ]);
  });

  test("near miss and forced mismatch", () => {
    expect(matchesBedrock({ toolResult: { toolUseId: "t", content: "x" } })).toBe(false);
    expect(matchesBedrock({ toolResult: { toolUseId: "t", content: [] }, role: "user" })).toBe(false);
    expect((catchError(() => normalizeBedrock({ toolResult: { toolUseId: "t", content: [], status: "failed" } })) as InputError).where).toBe("$.toolResult.status");
  });
});
