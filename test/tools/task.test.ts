import { describe, expect, test } from "vitest";
import type { ToolResult } from "../../src/payload.js";
import { formatTool, formatToolFrame, joinToolText } from "../../src/tools/index.js";

const budget = { maxLines: 2000, maxBytes: 51200 };

describe("task", () => {
  test("status, task id and output path stay together above the result", () => {
    const result: ToolResult = {
      ok: true,
      tool: "task",
      data: "Found the bug in parser.ts.\n",
      meta: { task_id: "ses_123", status: "completed", output_path: "/tmp/task/ses_123.log" },
    };
    expect(formatTool(result, { budget })).toEqual({
      header:
        "task_id: ses_123 (for resuming to continue this task if needed)\nstatus: completed\noutput: /tmp/task/ses_123.log\n<task_result>\n",
      body: "Found the bug in parser.ts.",
      footer: "\n</task_result>",
      paged: false,
    });
  });

  test("a structured managed job: facts from data, its output as the body", () => {
    const result: ToolResult = {
      ok: true,
      data: { taskId: "job_9", state: "running", output: "step 1\nstep 2", outputPath: "/jobs/9.out", nextOffset: 3 },
    };
    expect(joinToolText(formatTool(result, { tool: "job", budget }))).toBe(
      "task_id: job_9 (for resuming to continue this task if needed)\nstatus: running\noutput: /jobs/9.out\n" +
        "(More output follows. Use offset=3 to continue reading /jobs/9.out.)\n<task_result>\nstep 1\nstep 2\n</task_result>",
    );
  });

  test("when the body will be shortened, the notice names no offset (it would point past what was kept)", () => {
    const body = Array.from({ length: 400 }, (_, index) => `log line ${index + 1}`).join("\n");
    const result: ToolResult = { ok: true, data: body, meta: { task_id: "t1", status: "completed", output_path: "/o.log", next_offset: 401 } };
    const text = formatTool(result, { tool: "task", budget: { maxLines: 100, maxBytes: 51200 } });
    expect(text.header).toBe(
      "task_id: t1 (for resuming to continue this task if needed)\nstatus: completed\noutput: /o.log\n" +
        "(More output follows than is shown here; the full output is in /o.log.)\n<task_result>\n",
    );
    expect(text.header).not.toContain("offset=");
    expect(text.body).toBe(body);
  });

  test("a failed task says so even without a status", () => {
    expect(joinToolText(formatTool({ ok: false, error: "subagent crashed", meta: { task_id: "t2" } }, { tool: "task", budget }))).toBe(
      "task_id: t2 (for resuming to continue this task if needed)\nstatus: failed\n<task_result>\nsubagent crashed\n</task_result>",
    );
  });

  test("truncated without a path or offset", () => {
    expect(formatTool({ ok: true, data: "x", meta: { truncated: true } }, { tool: "task", budget }).header).toBe(
      "(More output follows than is shown here.)\n<task_result>\n",
    );
  });

  test("the frame for a streamed body never carries an offset", () => {
    expect(formatToolFrame({ ok: true, meta: { task_id: "t3", status: "running", next_offset: 50 } }, { tool: "task" })).toEqual({
      header: "task_id: t3 (for resuming to continue this task if needed)\nstatus: running\n(More output follows than is shown here.)\n<task_result>\n",
      footer: "\n</task_result>",
    });
  });
});
