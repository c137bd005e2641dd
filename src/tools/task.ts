// task / managed job: status, task id, output path and paging notice kept together above the task's result.
import type { ToolResult } from "../payload.js";
import { addCost, fitsBudget, measureCost, measureUtf8 } from "./fit.js";
import { textOfResult, textOfValue } from "./generic.js";
import { pickBoolean, pickNumber, pickString } from "./meta.js";
import type { FormatContext, ToolText } from "./types.js";

/** What a task result says about the task, read from a structured data object first, then from meta. */
interface TaskFacts {
  taskId?: string;
  status?: string;
  outputPath?: string;
  nextOffset?: number;
  truncated: boolean;
}

/**
 * The frame (task id, status, output path, paging notice, `<task_result>`) is never cut. The paging
 * notice names `offset=N` only when the body will be shown whole: once the bounder shortens the body,
 * an offset would point past what the model saw, so the notice names the full output's path instead.
 */
export function formatTask(result: ToolResult, context: FormatContext): ToolText {
  const facts = readTaskFacts(result);
  const body = readTaskBody(result).replace(/(\r?\n)+$/, "");
  const footer = "\n</task_result>";
  const measure = context.measure ?? measureUtf8;
  const whole = frameTask(facts, true);
  const fitsWhole = fitsBudget(addCost(measureCost(whole, measure), measureCost(body + footer, measure)), context.budget);
  return { header: fitsWhole ? whole : frameTask(facts, false), body, footer, paged: false };
}

/** The frame of a task whose output the caller bounds as a stream: no offset, as the body may be cut. */
export function frameTaskResult(result: ToolResult): { header: string; footer: string } {
  return { header: frameTask(readTaskFacts(result), false), footer: "\n</task_result>" };
}

function readTaskFacts(result: ToolResult): TaskFacts {
  const sources = [result.data, result.meta];
  const first = <T>(pick: (source: unknown) => T | undefined): T | undefined =>
    sources.map(pick).find((value) => value !== undefined);
  const status = first((source) => pickString(source, "status", "state")) ?? (result.ok ? undefined : "failed");
  const facts: TaskFacts = { truncated: first((source) => pickBoolean(source, "truncated")) ?? false };
  const taskId = first((source) => pickString(source, "task_id", "taskId"));
  const outputPath = first((source) => pickString(source, "output_path", "outputPath"));
  const nextOffset = first((source) => pickNumber(source, "next_offset", "nextOffset"));
  if (taskId !== undefined) facts.taskId = taskId;
  if (status !== undefined) facts.status = status;
  if (outputPath !== undefined) facts.outputPath = outputPath;
  if (nextOffset !== undefined) facts.nextOffset = nextOffset;
  return facts;
}

/** The task's own text: a structured result's `output` / `result` / `text` field, else the result's text. */
function readTaskBody(result: ToolResult): string {
  const output = result.ok ? pickString(result.data, "output", "result", "text") : undefined;
  return output ?? (result.ok ? textOfValue(result.data) : textOfResult(result));
}

function frameTask(facts: TaskFacts, bodyWhole: boolean): string {
  const lines: string[] = [];
  if (facts.taskId !== undefined) lines.push(`task_id: ${facts.taskId} (for resuming to continue this task if needed)`);
  if (facts.status !== undefined) lines.push(`status: ${facts.status}`);
  if (facts.outputPath !== undefined) lines.push(`output: ${facts.outputPath}`);
  const notice = describePaging(facts, bodyWhole);
  if (notice !== undefined) lines.push(notice);
  lines.push("<task_result>");
  return `${lines.join("\n")}\n`;
}

function describePaging(facts: TaskFacts, bodyWhole: boolean): string | undefined {
  const where = facts.outputPath ?? "the task output";
  if (facts.nextOffset !== undefined && bodyWhole) return `(More output follows. Use offset=${facts.nextOffset} to continue reading ${where}.)`;
  if (facts.nextOffset !== undefined || facts.truncated) {
    return facts.outputPath === undefined
      ? "(More output follows than is shown here.)"
      : `(More output follows than is shown here; the full output is in ${facts.outputPath}.)`;
  }
  return undefined;
}
