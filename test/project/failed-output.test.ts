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
