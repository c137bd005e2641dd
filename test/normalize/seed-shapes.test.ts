// The seed systems' own result objects (issue 14): opencode's execute result and Kontext's JSON-string results.
import { describe, expect, test } from "vitest";
import type { InputError } from "../../src/errors.js";
import { detectShape, normalizeValue } from "../../src/normalize/index.js";
import { catchError, loadShape, PNG } from "./helpers.js";

describe("opencode: the object a tool's execute returns { title, output, metadata, attachments }", () => {
  test("auto and --from opencode read it: output is the text, attachments are files, opencode's cut is kept", () => {
    const input = loadShape("opencode-execute-mcp") as { output: string };
    const expected = {
      ok: true,
      data: input.output,
      meta: {
        source_shape: "opencode",
        parts: [{ type: "text", chars: input.output.length }, { type: "attachment", index: 0 }],
        truncated: true,
        output_path: "/home/dev/.local/share/opencode/tool-output/tool_01JQ7Z3Y8K",
        source_extra: { title: "", metadata: {} },
      },
      attachments: [{ mime: "image/png", data: PNG, size: 73, extra: { id: "prt_01JQ7Z3Y8M", sessionID: "ses_01JQ7Z3Y8A", messageID: "msg_01JQ7Z3Y8B" } }],
    };
    expect(detectShape(input)).toBe("opencode");
    expect(normalizeValue(input, "auto")).toEqual(expected);
    expect(normalizeValue(input, "opencode")).toEqual(expected);
  });

  test("metadata that is not about truncation stays with the title for the way back", () => {
    expect(normalizeValue(loadShape("opencode-execute-read"), "auto").meta).toEqual({
      source_shape: "opencode",
      parts: [{ type: "text", chars: 127 }],
      source_extra: { title: "src/app.ts", metadata: { preview: "export const answer = 42;", loaded: [] } },
    });
  });

  test("an object that merely has output and metadata fields, with more, is json", () => {
    expect(detectShape({ title: "t", output: "x", metadata: {}, author: "bob" })).toBe("json");
    expect(detectShape({ output: "x", metadata: {} })).toBe("json");
  });
});

describe("kontext: results that cross the boundary as JSON strings", () => {
  test("--from kontext parses a double-encoded result", () => {
    const encoded = JSON.stringify({ success: false, message: "NameError: x is not defined" });
    expect(normalizeValue(encoded, "kontext")).toEqual({ ok: false, error: "NameError: x is not defined", meta: { source_shape: "kontext" } });
  });

  test("the tool execution around a JSON-string result is read, auto and forced", () => {
    const expected = {
      ok: true,
      tool: "run_python",
      data: { message: "Executed 2 cells", outputs: [{ type: "stdout", text: "42\n" }] },
      meta: { source_shape: "kontext", call_id: "call_8f2a" },
    };
    expect(normalizeValue(loadShape("kontext-execution"), "auto")).toEqual(expected);
    expect(normalizeValue(loadShape("kontext-execution"), "kontext")).toEqual(expected);
  });

  test("a string that is not a result's JSON names the path", () => {
    const error = catchError(() => normalizeValue("not json", "kontext")) as InputError;
    expect(error.where).toBe("$");
    expect((catchError(() => normalizeValue(JSON.stringify({ success: "yes" }), "kontext")) as InputError).where).toBe("$.success");
  });
});
