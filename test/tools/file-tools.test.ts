import { describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { formatTool, joinToolText, resolveToolKind } from "../../src/tools/index.js";

const budget = { maxLines: 2000, maxBytes: 51200 };

describe("read", () => {
  test("pages the file text from meta.offset and meta.limit", () => {
    const result: ToolResult = { ok: true, tool: "read", data: "a\nb\nc\nd\n", meta: { path: "/repo/x.txt", offset: 2, limit: 2 } };
    expect(formatTool(result, { budget })).toEqual({
      header: "<path>/repo/x.txt</path>\n<type>file</type>\n<content>\n",
      body: "2: b\n3: c",
      footer: "\n</content>\n(Showing lines 2-3 of 4. Use offset=4 to continue.)",
      paged: true,
      nextOffset: 4,
    });
  });

  test("defaults: from line 1, the whole file, CRLF lines", () => {
    const result: ToolResult = { ok: true, data: "one\r\ntwo\r\n", meta: { file_path: "C:\\x.txt" } };
    expect(joinToolText(formatTool(result, { tool: "read_file", budget }))).toBe(
      "<path>C:\\x.txt</path>\n<type>file</type>\n<content>\n1: one\n2: two\n</content>\n(End of file - total 2 lines)",
    );
  });

  test("a failed read is its error", () => {
    expect(formatTool({ ok: false, error: "File not found: /nope" }, { tool: "read", budget })).toEqual({
      header: "",
      body: "File not found: /nope",
      footer: "",
      paged: false,
      failed: true,
    });
  });
});

describe("write", () => {
  test.each<[string, ToolResult, string]>([
    ["overwrite", { ok: true, meta: { path: "/a.ts", exists: true } }, "Wrote file successfully: /a.ts"],
    ["new by exists", { ok: true, meta: { path: "/a.ts", exists: false } }, "Created file successfully: /a.ts"],
    ["new by created", { ok: true, meta: { filePath: "/a.ts", created: true } }, "Created file successfully: /a.ts"],
    ["unknown is a write", { ok: true, data: "ignored", meta: { path: "/a.ts" } }, "Wrote file successfully: /a.ts"],
    ["no path: the tool's own text", { ok: true, data: "saved 3 bytes" }, "saved 3 bytes"],
    ["error", { ok: false, error: "EACCES: permission denied", meta: { path: "/a.ts" } }, "EACCES: permission denied"],
  ])("%s", (_name, result, expected) => {
    expect(joinToolText(formatTool(result, { tool: "write", budget }))).toBe(expected);
  });
});

describe("webfetch", () => {
  test.each<[string, ToolResult, string]>([
    ["text", { ok: true, data: "# Title\n\nbody" }, "# Title\n\nbody"],
    ["content field", { ok: true, data: { url: "https://x", content: "page" } }, "page"],
    ["other JSON", { ok: true, data: { url: "https://x" } }, '{\n  "url": "https://x"\n}'],
    ["error", { ok: false, error: "Request failed with status code: 404" }, "Request failed with status code: 404"],
  ])("%s", (_name, result, expected) => {
    const text = formatTool(result, { tool: "webfetch", budget });
    expect(text).toEqual({ header: "", body: expected, footer: "", paged: false, ...(result.ok ? {} : { failed: true }) });
  });
});

describe("generic", () => {
  test.each<[string, ToolResult, string]>([
    ["text as it is", { ok: true, data: "a\n\n" }, "a\n\n"],
    ["JSON pretty-printed", { ok: true, data: { a: [1, 2] } }, '{\n  "a": [\n    1,\n    2\n  ]\n}'],
    ["a JSON string", { ok: true, data: 42 }, "42"],
    ["nothing", { ok: true }, ""],
    ["error text", { ok: false, error: "denied" }, "denied"],
    ["structured error", { ok: false, error: { code: 7 } }, '{\n  "code": 7\n}'],
    ["error without text keeps the data", { ok: false, data: "partial" }, "partial"],
  ])("%s", (_name, result, expected) => {
    expect(formatTool(result, { tool: "some_mcp_tool", budget })).toEqual({ header: "", body: expected, footer: "", paged: false, ...(result.ok ? {} : { failed: true }) });
  });

  test("a failure that kept output: the output is the body, the error apart", () => {
    expect(formatTool({ ok: false, error: "denied", data: "x" }, { tool: "some_mcp_tool", budget })).toEqual({ header: "", body: "x", footer: "", paged: false, error: "denied", failed: true });
  });

  test("a process end in the meta becomes the footer", () => {
    expect(formatTool({ ok: true, data: "x", meta: { exit_code: 0 } }, { budget }).footer).toBe("\n\nCommand exited with code 0.");
  });
});

describe("resolveToolKind", () => {
  test.each<[string | undefined, string]>([
    ["bash", "bash"], ["Run", "bash"], ["read_file", "read"], ["write_file", "write"], ["edit_file", "edit"],
    ["apply_patch", "edit"], ["multiedit", "edit"], ["glob", "glob"], ["grep", "grep"], ["web_fetch", "webfetch"],
    ["task", "task"], ["job", "task"], ["toString", "generic"], ["constructor", "generic"], ["mcp__fs__read", "generic"], [undefined, "generic"],
  ])("%s → %s", (name, kind) => {
    expect(resolveToolKind(name)).toBe(kind);
  });
});
