import { describe, expect, test } from "vitest";
import { InputError } from "../../src/errors.js";
import { matchesAiSdk, normalizeAiSdk } from "../../src/normalize/ai-sdk.js";
import { matchesEve, normalizeEve } from "../../src/normalize/eve.js";
import { catchError, JPG, loadShape, PDF, PNG } from "./helpers.js";

describe("ai-sdk", () => {
  test("v5 text output", () => {
    expect(normalizeAiSdk(loadShape("ai-sdk-v5-text"))).toEqual({
      ok: true,
      data: "The weather in San Francisco is 72°F and sunny.",
      meta: { source_shape: "ai-sdk" },
    });
  });

  test("v5 content with a media part", () => {
    expect(normalizeAiSdk(loadShape("ai-sdk-v5-content-media"))).toEqual({
      ok: true,
      data: "Screenshot taken.",
      meta: { source_shape: "ai-sdk", parts: [{ type: "text", chars: 17 }, { type: "attachment", index: 0 }] },
      attachments: [{ mime: "image/png", data: PNG, size: 73, extra: { source_type: "media" } }],
    });
  });

  test("v6 tool-result part: tool name and call id, json output as data", () => {
    expect(normalizeAiSdk(loadShape("ai-sdk-v6-tool-result-part"))).toEqual({
      ok: true,
      tool: "getWeather",
      data: { location: "San Francisco", temperature: 72, unit: "F" },
      meta: { source_shape: "ai-sdk", call_id: "call_7QnZ9Y2vTq" },
    });
  });

  test("v6 error-text and error-json", () => {
    expect(normalizeAiSdk(loadShape("ai-sdk-v6-error-text"))).toEqual({
      ok: false,
      error: "ENOENT: no such file or directory, open '/tmp/missing.txt'",
      meta: { source_shape: "ai-sdk" },
    });
    expect(normalizeAiSdk(loadShape("ai-sdk-v6-error-json"))).toEqual({
      ok: false,
      error: { code: "RATE_LIMITED", retryAfterSeconds: 30 },
      meta: { source_shape: "ai-sdk" },
    });
  });

  test("v6 execution-denied, with and without a reason", () => {
    expect(normalizeAiSdk(loadShape("ai-sdk-v6-execution-denied"))).toEqual({
      ok: false,
      error: "The user declined to run `rm -rf build/`.",
      error_type: "denied",
      meta: { source_shape: "ai-sdk" },
    });
    expect(normalizeAiSdk(loadShape("ai-sdk-v6-execution-denied-no-reason"))).toEqual({
      ok: false,
      error: "The tool execution was denied.",
      error_type: "denied",
      meta: { source_shape: "ai-sdk", denied_reason_absent: true },
    });
  });

  test("v6 content: every part type; provider file ids and custom parts are kept verbatim", () => {
    expect(normalizeAiSdk(loadShape("ai-sdk-v6-content"))).toEqual({
      ok: true,
      data: "Report generated.",
      meta: {
        source_shape: "ai-sdk",
        parts: [
          { type: "text", chars: 17, extra: { providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } } },
          { type: "attachment", index: 0 },
          { type: "attachment", index: 1 },
          { type: "attachment", index: 2 },
          { type: "attachment", index: 3 },
          { type: "kept", value: { type: "file-id", fileId: { openai: "file-abc123", anthropic: "file_011CNha8iCJcU1wXNR6q4V8w" } } },
          { type: "kept", value: { type: "image-file-id", fileId: "file-img456" } },
          { type: "kept", value: { type: "custom", providerOptions: { anthropic: { type: "tool-reference", toolName: "search" } } } },
        ],
        source_extra: { providerOptions: { openai: { itemId: "fc_123" } } },
      },
      attachments: [
        { mime: "application/pdf", data: PDF, name: "report.pdf", size: 125, extra: { source_type: "file-data" } },
        { mime: "text/csv", uri: "https://example.com/data/report.csv", size: 0, extra: { source_type: "file-url" } },
        { mime: "image/jpeg", data: JPG, size: 134, extra: { source_type: "image-data" } },
        { mime: "image/png", uri: "https://example.com/chart.png", size: 0, extra: { source_type: "image-url", declared_mime: null } },
      ],
    });
  });

  test("v7 file parts: data, url, reference and inline text", () => {
    expect(normalizeAiSdk(loadShape("ai-sdk-v7-file-parts"))).toEqual({
      ok: true,
      data: "Here is the rendered page and its source.\n<html><body>Hello</body></html>",
      meta: {
        source_shape: "ai-sdk",
        parts: [
          { type: "text", chars: 41 },
          { type: "attachment", index: 0 },
          { type: "attachment", index: 1 },
          { type: "kept", value: { type: "file", data: { type: "reference", reference: { openai: "file-xyz789" } }, mediaType: "application/pdf" } },
          { type: "text", chars: 31, extra: { source_type: "file", mediaType: "text/html", filename: "page.html" } },
        ],
      },
      attachments: [
        { mime: "image/png", data: PNG, name: "page.png", size: 73, extra: { source_type: "file" } },
        { mime: "application/pdf", uri: "https://example.com/page.pdf", size: 0, extra: { source_type: "file" } },
      ],
    });
  });

  test("a declared media type that the bytes contradict is corrected, the declared one kept", () => {
    const result = normalizeAiSdk({ type: "content", value: [{ type: "image-data", data: PNG, mediaType: "image/jpeg" }] });
    expect(result.attachments).toEqual([{ mime: "image/png", data: PNG, size: 73, extra: { source_type: "image-data", declared_mime: "image/jpeg" } }]);
    expect(result.meta?.notes).toEqual(['attachment (image/jpeg): its bytes are PNG image; MIME set to image/png']);
  });

  test("forced on a mismatch: an InputError naming the JSON path", () => {
    expect((catchError(() => normalizeAiSdk({ type: "content", value: [{ type: "text", text: 5 }] })) as InputError).where).toBe("$.value[0].text");
    expect((catchError(() => normalizeAiSdk({ type: "tool-result", toolCallId: "c", toolName: "t", output: { type: "nope" } })) as InputError).where).toBe("$.output.type");
    expect((catchError(() => normalizeAiSdk({ type: "text" })) as InputError).where).toBe("$.value");
  });

  test("strict detection rejects unknown part types and unknown output keys", () => {
    expect(matchesAiSdk({ type: "content", value: [{ type: "video", data: "" }] })).toBe(false);
    expect(matchesAiSdk({ type: "text", value: "x", extra: 1 })).toBe(false);
    expect(matchesAiSdk({ type: "text", value: "x", providerOptions: {} })).toBe(true);
  });
});

describe("eve", () => {
  test("content with a text part and a base64 file part", () => {
    expect(normalizeEve(loadShape("eve-content"))).toEqual({
      ok: true,
      data: "Screenshot of /app/dashboard:",
      meta: { source_shape: "eve", parts: [{ type: "text", chars: 29 }, { type: "attachment", index: 0 }] },
      attachments: [{ mime: "image/png", data: PNG, size: 73, extra: { source_type: "file" } }],
    });
  });

  test("json output", () => {
    expect(normalizeEve(loadShape("eve-json"))).toEqual({
      ok: true,
      data: { path: "/app/dashboard", width: 1280, height: 720 },
      meta: { source_shape: "eve" },
    });
  });

  test("eve's union is narrower than the AI SDK's: error outputs and URL file data are not eve", () => {
    expect(matchesEve({ type: "error-text", value: "x" })).toBe(false);
    const urlFile = { type: "content", value: [{ type: "file", data: { type: "url", url: "https://x/a.png" }, mediaType: "image/png" }] };
    expect(matchesEve(urlFile)).toBe(false);
    expect((catchError(() => normalizeEve(urlFile)) as InputError).where).toBe("$.value[0].data.type");
  });
});
