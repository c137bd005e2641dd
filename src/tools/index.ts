// Per-tool formatting (SPEC §5): picks the formatter for a tool name and gives the model text in parts.
import { assertNever } from "../errors.js";
import type { ToolResult } from "../payload.js";
import { formatBash } from "./bash.js";
import { formatEdit } from "./edit.js";
import { formatGeneric, formatProcessFooter } from "./generic.js";
import { formatGlob } from "./glob.js";
import { formatGrep } from "./grep.js";
import { formatRead } from "./read.js";
import { formatQuestion } from "./question.js";
import { formatTask, frameTaskResult } from "./task.js";
import type { FormatContext, ToolText } from "./types.js";
import { formatWebfetch } from "./webfetch.js";
import { formatWrite } from "./write.js";

export type { FormatContext, ToolText } from "./types.js";
export { pageLines, splitFileLines, type Page, type PageOptions } from "./read-page.js";

/** The formatters there are; every tool name maps to one of them. */
export const TOOL_KINDS = ["bash", "read", "write", "edit", "glob", "grep", "webfetch", "task", "question", "generic"] as const;
/** One of the formatters. */
export type ToolKind = (typeof TOOL_KINDS)[number];

/** Tool names (lower case) as harnesses spell them, and the formatter each takes. */
const TOOL_NAMES: Readonly<Record<string, ToolKind>> = {
  bash: "bash", run: "bash", shell: "bash", exec: "bash", local_shell: "bash",
  read: "read", read_file: "read",
  write: "write", write_file: "write",
  edit: "edit", edit_file: "edit", multiedit: "edit", apply_patch: "edit",
  glob: "glob",
  grep: "grep",
  webfetch: "webfetch", web_fetch: "webfetch",
  task: "task", job: "task",
  question: "question",
};

/** The formatter for a tool name (case-insensitive); unknown or absent names take the generic one. */
export function resolveToolKind(name: string | undefined): ToolKind {
  const key = name?.toLowerCase();
  return key !== undefined && Object.hasOwn(TOOL_NAMES, key) ? TOOL_NAMES[key]! : "generic";
}

/** Shapes whose text no model has read yet: only their results are formatted by their own `tool` name. */
const RAW_SHAPES: ReadonlySet<unknown> = new Set([undefined, "text", "json", "rind"]);

/**
 * The tool whose format a projection applies: none when the text was already formatted (`meta.formatted`,
 * so a second pass never re-frames it); else the explicit `--tool`; else the result's own name, but only for
 * raw results: a name read from a provider payload (Gemini `functionResponse.name`, AI SDK `toolName`) is the
 * call's name, and its text is already what the model read.
 */
export function formattingTool(result: ToolResult, explicit?: string): string | undefined {
  if (result.meta?.formatted !== undefined) return undefined;
  if (explicit !== undefined) return explicit;
  return RAW_SHAPES.has(result.meta?.source_shape) ? result.tool : undefined;
}

/** The model text of a result in its tool's format (options.tool, else formattingTool's choice). */
export function formatTool(result: ToolResult, options: { tool?: string } & FormatContext): ToolText {
  const kind = resolveToolKind(options.tool ?? formattingTool(result));
  switch (kind) {
    case "bash": return formatBash(result);
    case "read": return formatRead(result, options);
    case "write": return formatWrite(result);
    case "edit": return formatEdit(result, options);
    case "glob": return formatGlob(result, options);
    case "grep": return formatGrep(result, options);
    case "webfetch": return formatWebfetch(result);
    case "task": return formatTask(result, options);
    case "question": return formatQuestion(result);
    case "generic": return formatGeneric(result);
    default: return assertNever(kind, "tool kind");
  }
}

/**
 * Only the frame, from the result's meta, for a body the caller bounds as a byte stream (`correx run`).
 * A task keeps its task frame; every other tool gets how its process ended, since a stream cannot be
 * reshaped into a read page, grep list or edit summary in constant memory.
 */
export function formatToolFrame(result: ToolResult, options: { tool?: string }): { header: string; footer: string } {
  const kind = resolveToolKind(options.tool ?? result.tool);
  return kind === "task" ? frameTaskResult(result) : { header: "", footer: formatProcessFooter(result) };
}

/** The written text of a formatted result: header, body and footer one after the other. */
export function joinToolText(text: Pick<ToolText, "header" | "body" | "footer">): string {
  return text.header + text.body + text.footer;
}
