import { describe, expect, test } from "vitest";
import { InputError } from "../../src/errors.js";
import { matchesMcp, normalizeMcp } from "../../src/normalize/mcp.js";
import { catchError, loadShape, PDF, PNG, WAV } from "./helpers.js";

describe("mcp", () => {
  test("2025-03-26: a text block and an image block", () => {
    expect(normalizeMcp(loadShape("mcp-2025-03-26-text-image"))).toEqual({
      ok: true,
      data: "Screenshot of https://example.com taken at 1280x720.",
      meta: {
        source_shape: "mcp",
        parts: [{ type: "text", chars: 52 }, { type: "attachment", index: 0 }],
        source_extra: { isError: false },
      },
      attachments: [{ mime: "image/png", data: PNG, size: 73, extra: { source_type: "image" } }],
    });
  });

  test("2025-06-18: structuredContent stays beside the text that serializes it", () => {
    expect(normalizeMcp(loadShape("mcp-2025-06-18-structured"))).toEqual({
      ok: true,
      data: '{"temperature":22.5,"conditions":"Partly cloudy","humidity":65}',
      meta: {
        source_shape: "mcp",
        parts: [{ type: "text", chars: 63 }],
        structured_content: { temperature: 22.5, conditions: "Partly cloudy", humidity: 65 },
      },
    });
  });

  test("2025-06-18: a resource_link is a URI attachment with its annotations", () => {
    expect(normalizeMcp(loadShape("mcp-2025-06-18-resource-link"))).toEqual({
      ok: true,
      data: "Found 1 matching file.",
      meta: { source_shape: "mcp", parts: [{ type: "text", chars: 22 }, { type: "attachment", index: 0 }] },
      attachments: [{
        mime: "text/x-rust",
        uri: "file:///project/src/main.rs",
        name: "main.rs",
        size: 0,
        extra: {
          source_type: "resource_link",
          description: "Primary application entry point",
          annotations: { audience: ["assistant"], priority: 0.9 },
        },
      }],
    });
  });

  test("2025-11-25: embedded text and blob resources, audio, icons, _meta on the block, inside resource and on the result", () => {
    expect(normalizeMcp(loadShape("mcp-2025-11-25-resources"))).toEqual({
      ok: true,
      data: "# Project\n\nBuild with `cargo build`.\n",
      meta: {
        source_shape: "mcp",
        parts: [
          {
            type: "text",
            chars: 37,
            extra: {
              source_type: "resource",
              resource: { uri: "file:///project/README.md", mimeType: "text/markdown" },
              annotations: { audience: ["user", "assistant"], priority: 0.7, lastModified: "2025-11-02T09:14:00Z" },
            },
          },
          { type: "attachment", index: 0 },
          { type: "attachment", index: 1 },
          { type: "attachment", index: 2 },
        ],
        source_extra: { _meta: { "com.example/requestId": "req-81" } },
      },
      attachments: [
        {
          mime: "application/pdf",
          data: PDF,
          name: "spec.pdf",
          size: 125,
          extra: { source_type: "resource", resource: { uri: "file:///project/docs/spec.pdf", _meta: { "com.example/pages": 0 } } },
        },
        { mime: "audio/wav", data: WAV, size: 76, extra: { source_type: "audio", _meta: { "com.example/durationMs": 4 } } },
        {
          mime: "image/png",
          uri: "https://example.com/logo.png",
          name: "logo",
          size: 0,
          extra: {
            source_type: "resource_link",
            title: "Company logo",
            size: 73,
            icons: [{ src: "https://example.com/favicon.ico", mimeType: "image/x-icon" }],
          },
        },
      ],
    });
  });

  test("2026-07-28: resultType and server _meta are kept; structuredContent may be any JSON value", () => {
    expect(normalizeMcp(loadShape("mcp-2026-07-28-result-type"))).toEqual({
      ok: true,
      data: "3 open pull requests",
      meta: {
        source_shape: "mcp",
        parts: [{ type: "text", chars: 20 }],
        structured_content: [
          { number: 812, title: "Fix flaky test" },
          { number: 815, title: "Bump deps" },
          { number: 819, title: "Add retries" },
        ],
        source_extra: { resultType: "complete", _meta: { "io.modelcontextprotocol/serverInfo": { name: "github-mcp", version: "2.3.0" } } },
      },
    });
  });

  test("isError makes the text the error", () => {
    expect(normalizeMcp(loadShape("mcp-error"))).toEqual({
      ok: false,
      error: "Invalid arguments: 'path' must be an absolute path, got 'src/main.rs'",
      meta: { source_shape: "mcp", parts: [{ type: "text", chars: 69 }] },
    });
  });

  test("with no text block, structuredContent is the data", () => {
    expect(normalizeMcp(loadShape("mcp-structured-only"))).toEqual({
      ok: true,
      data: { rows: 2, items: ["alpha", "beta"] },
      meta: { source_shape: "mcp", parts: [], structured_content_is_data: true },
    });
  });

  test("a result with only structuredContent (the SDK defaults content to [])", () => {
    expect(normalizeMcp({ structuredContent: { ok: 1 } })).toEqual({
      ok: true,
      data: { ok: 1 },
      meta: { source_shape: "mcp", parts: [], structured_content_is_data: true },
    });
  });

  test("annotations and _meta inside an embedded resource are kept with it", () => {
    const resource = { uri: "file:///a.txt", mimeType: "text/plain", text: "hello", annotations: { priority: 1 }, _meta: { k: "v" } };
    expect(normalizeMcp({ content: [{ type: "resource", resource }] }).meta?.parts).toEqual([
      { type: "text", chars: 5, extra: { source_type: "resource", resource: { uri: "file:///a.txt", mimeType: "text/plain", annotations: { priority: 1 }, _meta: { k: "v" } } } },
    ]);
  });

  test("several text blocks are joined with a blank line (as opencode joins them) and their lengths recorded", () => {
    const result = normalizeMcp({ content: [{ type: "text", text: "first" }, { type: "text", text: "second\n" }, { type: "text", text: "" }] });
    expect(result.data).toBe("first\n\nsecond\n\n\n");
    expect(result.meta?.parts).toEqual([{ type: "text", chars: 5 }, { type: "text", chars: 7 }, { type: "text", chars: 0 }]);
  });

  test("an image whose base64 cannot be read becomes a line of text, not a silent loss", () => {
    expect(normalizeMcp({ content: [{ type: "text", text: "Chart:" }, { type: "image", data: "not base64!", mimeType: "image/png" }] })).toEqual({
      ok: true,
      data: "Chart:\n\n[attachment (image/png) could not be read: invalid base64]",
      meta: { source_shape: "mcp", parts: [{ type: "text", chars: 6 }, { type: "text", chars: 58, extra: { unreadable: "invalid base64" } }] },
    });
  });

  test("forced: unknown block types are kept verbatim; unknown result keys go to source_extra", () => {
    const result = normalizeMcp({ content: [{ type: "tool_use", id: "t1", name: "x", input: {} }], nextCursor: "abc" });
    expect(result.meta).toEqual({
      source_shape: "mcp",
      parts: [{ type: "kept", value: { type: "tool_use", id: "t1", name: "x", input: {} } }],
      source_extra: { nextCursor: "abc" },
    });
    expect(matchesMcp({ content: [{ type: "tool_use", id: "t1", name: "x", input: {} }] })).toBe(false);
  });

  test.each([
    [{ content: "hello" }, "$.content", "expected an array, found a string"],
    [{ content: [{ type: "text" }] }, "$.content[0].text", "expected a string, found nothing"],
    [{ content: [{ type: "image", data: PNG }] }, "$.content[0].mimeType", "expected a string, found nothing"],
    [{ content: [{ type: "resource", resource: { uri: "file:///a" } }] }, "$.content[0].resource", "expected a text or blob resource"],
    [{ content: [], isError: "yes" }, "$.isError", "expected a boolean, found a string"],
  ])("forced on a mismatch: an InputError naming the JSON path %#", (input, where, message) => {
    const error = catchError(() => normalizeMcp(input));
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).where).toBe(where);
    expect((error as InputError).message).toContain(message);
  });
});
