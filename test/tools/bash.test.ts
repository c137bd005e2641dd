import { describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { formatTool, formatToolFrame, joinToolText } from "../../src/tools/index.js";

const budget = { maxLines: 2000, maxBytes: 51200 };

describe("bash", () => {
  test.each<[string, ToolResult, string]>([
    ["exit code", { ok: true, data: "hello\n", meta: { exit_code: 0 } }, "hello\n\nCommand exited with code 0."],
    ["failure keeps the output", { ok: false, data: "boom\n", error: "failed", meta: { exit_code: 2 } }, "boom\n\nCommand exited with code 2."],
    ["no output", { ok: true, data: "", meta: { exit_code: 0 } }, "(no output)\n\nCommand exited with code 0."],
    ["only newlines is no output", { ok: true, data: "\n\r\n", meta: { exit_code: 0 } }, "(no output)\n\nCommand exited with code 0."],
    [
      "timeout",
      { ok: false, data: "partial\n", meta: { timed_out: true, timeout_ms: 120000, signal: "SIGTERM", exit_code: null } },
      "partial\n\nCommand exceeded timeout of 120000 ms. Retry with a larger timeout.",
    ],
    ["timeout without its length", { ok: false, data: "x", meta: { timed_out: true } }, "x\n\nCommand timed out before completion."],
    ["signal", { ok: false, data: "x", meta: { signal: "SIGKILL", exit_code: null } }, "x\n\nCommand was killed by signal SIGKILL."],
    ["interrupt", { ok: false, data: "x", meta: { interrupted: true, signal: "SIGINT" } }, "x\n\nCommand was interrupted (SIGINT)."],
    ["interrupt by SIGTERM", { ok: false, data: "x", meta: { interrupted: true, signal: "SIGTERM" } }, "x\n\nCommand was interrupted (SIGTERM)."],
    [
      "a background job held the output",
      { ok: true, data: "hi\n", meta: { exit_code: 0, output_held_ms: 2000 } },
      "hi\n\nCommand exited with code 0.\nA background process it started still runs and holds the output: correx stopped reading 2000 ms after the command exited; what that process writes later is not captured.",
    ],
    ["no process facts", { ok: true, data: "plain" }, "plain"],
    ["error text when there is no output", { ok: false, error: "spawn ENOENT" }, "spawn ENOENT"],
  ])("%s", (_name, result, expected) => {
    expect(joinToolText(formatTool(result, { tool: "bash", budget }))).toBe(expected);
  });

  test.each(["bash", "run", "shell", "BASH", "exec", "local_shell"])("the name %s takes the bash format", (tool) => {
    expect(formatTool({ ok: true, data: "", meta: { exit_code: 1 } }, { tool, budget })).toEqual({
      header: "",
      body: "(no output)",
      footer: "\n\nCommand exited with code 1.",
      paged: false,
    });
  });

  test("the result's own tool name is used when no tool is given", () => {
    expect(formatTool({ ok: true, tool: "bash", data: "" }, { budget }).body).toBe("(no output)");
  });

  test("the frame for a streamed run is the process end alone", () => {
    expect(formatToolFrame({ ok: false, meta: { exit_code: 3 } }, { tool: "run" })).toEqual({
      header: "",
      footer: "\n\nCommand exited with code 3.",
    });
    expect(formatToolFrame({ ok: true, meta: { exit_code: 0 } }, { tool: "grep" })).toEqual({
      header: "",
      footer: "\n\nCommand exited with code 0.",
    });
    expect(formatToolFrame({ ok: true }, {})).toEqual({ header: "", footer: "" });
  });
});
