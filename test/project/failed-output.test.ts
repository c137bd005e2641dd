// A failure that kept output (data) beside its error: every projection keeps both (the output bounded).
import { describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { projectResult } from "../../src/project/project.js";

const failed: ToolResult = { ok: false, data: "partial out", error: "exit 1", error_type: "exit_code" };

describe("a failure that kept output", () => {
  test("the payload keeps data and error", () => {
    const payload = JSON.parse(projectResult(failed, { format: "json" }).text) as ToolResult;
    expect(payload).toMatchObject({ ok: false, data: "partial out", error: "exit 1", error_type: "exit_code" });
  });
  test("structured data stays structured", () => {
    const payload = JSON.parse(projectResult({ ok: false, data: { rows: [1] }, error: "timeout" }, { format: "json" }).text) as ToolResult;
    expect(payload).toMatchObject({ data: { rows: [1] }, error: "timeout" });
  });
  test("a lowering reads the output, then the error", () => {
    const text = projectResult(failed, { to: "anthropic", lower: { callId: "x" } }).text;
    expect(JSON.parse(text)).toEqual({ type: "tool_result", tool_use_id: "x", content: "partial out\n\nexit 1", is_error: true });
  });
  test("the model text shows the output, then the error", () => {
    expect(projectResult(failed).text).toContain("partial out\n\nexit 1");
  });
  test("the bound applies to the output, the error is written whole", () => {
    const data = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join("");
    for (const options of [{ format: "json" as const }, { to: "anthropic" as const, lower: { callId: "x" } }, {}]) {
      const text = projectResult({ ok: false, data, error: "exit 1" }, { ...options, budget: { maxBytes: 2000, maxLines: 2000 } }).text;
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2000);
      expect(text).toContain("line 4999");
      expect(text).toContain("exit 1");
    }
  });
});

describe("the model text states a failure shown as its own text", () => {
  test.each<[string, ToolResult, string]>([
    ["an error", { ok: false, error: "boom" }, "Error: boom\n"],
    ["an error that says so already", { ok: false, error: "Error: boom" }, "Error: boom\n"],
    ["an error with kept output", failed, "Error: partial out\n\nexit 1\n"],
    ["nothing said", { ok: false, error: "" }, "Error"],
    ["a success", { ok: true, data: "fine" }, "fine\n"],
  ])("%s", (_name, result, expected) => {
    expect(projectResult(result).text).toBe(expected);
  });
  test("the terminal marks it instead, a payload flags it", () => {
    expect(JSON.parse(projectResult({ ok: false, error: "boom" }, { format: "json" }).text)).toMatchObject({ ok: false, error: "boom" });
    expect(JSON.parse(projectResult({ ok: false, error: "boom" }, { to: "anthropic", lower: { callId: "x" } }).text)).toMatchObject({ content: "boom", is_error: true });
  });
  test("a tool with a format of its own says it its way (bash)", () => {
    expect(projectResult({ ok: false, tool: "bash", data: "out", error: "x", meta: { exit_code: 2 } }).text).toBe("out\n\nCommand exited with code 2.\n");
  });
});
