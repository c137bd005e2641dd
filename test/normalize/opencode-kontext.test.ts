import { describe, expect, test } from "vitest";
import type { InputError } from "../../src/errors.js";
import { matchesKontext, normalizeKontext } from "../../src/normalize/kontext.js";
import { matchesOpencode, normalizeOpencode } from "../../src/normalize/opencode.js";
import { catchError, loadShape, PNG } from "./helpers.js";

describe("opencode", () => {
  test("ToolResultValue text (glob output)", () => {
    expect(normalizeOpencode(loadShape("opencode-text"))).toEqual({
      ok: true,
      data: "src/file1.ts\nsrc/file2.ts\nsrc/subdir/file3.ts",
      meta: { source_shape: "opencode" },
    });
  });

  test("ToolResultValue error", () => {
    expect(normalizeOpencode(loadShape("opencode-error"))).toEqual({
      ok: false,
      error: "oldString not found in content",
      meta: { source_shape: "opencode" },
    });
  });

  test("ToolResultValue content: a read image as a data-URI file part", () => {
    expect(normalizeOpencode(loadShape("opencode-content"))).toEqual({
      ok: true,
      data: "Image read successfully",
      meta: { source_shape: "opencode", parts: [{ type: "text", chars: 23 }, { type: "attachment", index: 0 }] },
      attachments: [{ mime: "image/png", data: PNG, name: "screenshot.png", size: 73 }],
    });
  });

  test("ToolOutput: structured beside the content", () => {
    expect(normalizeOpencode(loadShape("opencode-tool-output"))).toEqual({
      ok: true,
      data: "Wrote file successfully: /repo/src/app.ts",
      meta: {
        source_shape: "opencode",
        parts: [{ type: "text", chars: 41 }],
        structured_content: { filePath: "/repo/src/app.ts", exists: false },
      },
    });
  });

  test("ToolOutput with no content: structured is the data (as ToolOutput.toResultValue does)", () => {
    expect(normalizeOpencode({ content: [], structured: { matches: 0 } })).toEqual({
      ok: true,
      data: { matches: 0 },
      meta: { source_shape: "opencode", parts: [], structured_content_is_data: true },
    });
  });

  test("a file part with a plain URI stays a URI attachment", () => {
    expect(normalizeOpencode({ type: "content", value: [{ type: "file", uri: "file:///repo/diagram.svg", mime: "image/svg+xml" }] }).attachments).toEqual([
      { mime: "image/svg+xml", uri: "file:///repo/diagram.svg", size: 0 },
    ]);
  });

  test("the tool-result part: name, call id and the part's own fields", () => {
    expect(normalizeOpencode(loadShape("opencode-tool-result-part"))).toEqual({
      ok: true,
      tool: "bash",
      data: "total 8\n-rw-r--r-- 1 dev dev 42 Jan  3 10:00 README.md\n\nCommand exited with code 0.",
      meta: {
        source_shape: "opencode",
        call_id: "toolu_01A09q90qw90lq917835lq9",
        wrapper_extra: { providerExecuted: false, metadata: { truncated: false } },
      },
    });
  });

  test("forced on a mismatch: the JSON path", () => {
    expect((catchError(() => normalizeOpencode({ type: "content", value: [{ type: "file", uri: "x" }] })) as InputError).where).toBe("$.value[0].mime");
    expect((catchError(() => normalizeOpencode({ type: "tool-result", id: "a", name: "b", result: { type: "warn" } })) as InputError).where).toBe("$.result.type");
    expect(matchesOpencode({ type: "error", value: "x", detail: 1 })).toBe(false);
  });
});

describe("kontext", () => {
  test("BaseToolResult: the message is the text", () => {
    expect(normalizeKontext(loadShape("kontext-base"))).toEqual({ ok: true, data: "Dataset saved to workspace.", meta: { source_shape: "kontext" } });
  });

  test("an extension (PythonExecutionResult): message and outputs stay structured", () => {
    expect(normalizeKontext(loadShape("kontext-python-execution"))).toEqual({
      ok: true,
      data: { message: "Execution completed", outputs: [{ type: "stdout", text: "mean=4.25\n" }, { type: "result", text: "4.25" }] },
      meta: { source_shape: "kontext" },
    });
  });

  test("success false is an error", () => {
    expect(normalizeKontext(loadShape("kontext-failure"))).toEqual({
      ok: false,
      error: "NameError: name 'df' is not defined",
      meta: { source_shape: "kontext" },
    });
  });

  test("near misses: success without a message, or success not a boolean", () => {
    expect(matchesKontext({ success: true })).toBe(false);
    expect(matchesKontext({ success: "true", message: "ok" })).toBe(false);
    expect((catchError(() => normalizeKontext({ success: 1, message: "x" })) as InputError).where).toBe("$.success");
  });
});
