// One tool result, projected: its tool's text, bounded (spilling the input when something is cut), then written
// as model text, terminal text, the unified payload or a provider's wire JSON.
import type { RecordFields } from "../bound/compose.js";
import { resolveBoundOptions } from "../bound/defaults.js";
import { BoundSession, type LateOptions, type SpillTarget } from "../bound/session.js";
import type { BoundOptions, BoundOptionsInput, BoundText, Budget } from "../bound/types.js";
import type { LowerOptions } from "../lower/types.js";
import { LosslessNumber, stringifyJson } from "../normalize/lossless-json.js";
import { viewJsonWithin } from "../bound/json-view.js";
import type { BoundStructured } from "../mcp/structured-bound.js";
import { boundStructuredWithin, structuredTokenLimit } from "../mcp/structured-tokens.js";
import { isRecord, type Provider, type ToolResult } from "../payload.js";
import { formatTool, formattingTool, resolveToolKind, type ToolText } from "../tools/index.js";
import { stateError } from "../lower/result-text.js";
import { partLinesOf } from "../lower/mcp-cut.js";
import { decodeLineMap, readLineMap } from "../lower/line-map.js";
import { readJoinedText } from "../lower/source-layout.js";
import { MCP_PART_SEPARATOR, type PartLayout } from "../normalize/parts.js";
import { cleanStructured } from "./clean-structured.js";
import { jsonTextOf } from "./json-text.js";
import { NO_FRAME, type Frame } from "./model.js";
import { planReservation, renderOutput, type OutputOptions } from "./output.js";
import type { renderTerminal } from "./terminal.js";

/** How to project a result; everything has a default (model text, SPEC §4 budgets, no spill). */
export interface ProjectOptions extends BoundOptionsInput {
  reader?: "model" | "terminal";
  format?: "text" | "json";
  to?: Provider;
  lower?: Partial<LowerOptions>;
  /** Formats the text as this tool's result (else the result's own `tool`). */
  tool?: string;
  color?: boolean;
  width?: number;
  /** Where to save the full output when something is cut. */
  spill?: SpillTarget;
  /** Why the spill cannot be used (said in the marker instead of saving). */
  spillFailure?: string;
  /** The input as it was read, saved byte for byte when something is cut (default: the result as JSON). */
  input?: Uint8Array;
  /** The terminal renderer (src/project/terminal.ts) for `reader: "terminal"`. */
  terminal?: typeof renderTerminal;
  /** Facts to keep in the spill record (a label, the command line that produced the input). */
  recordFields?: RecordFields;
  /**
   * The budget the bounding session is opened with, when the result's own (`budget`) is given only at its finish:
   * a streamed result's must be (the proxy reads `isError` after the text), so the same result held whole is
   * bounded alike (the session's window depends on the budget it is opened with).
   */
  openingBudget?: Budget;
}

/** A projected result: the text to write, the lossy steps taken, and the facts of the bounding. */
export interface Projection {
  text: string;
  warnings: string[];
  bound: BoundText;
}

/** The output options a projection writes with. */
export function projectionOutput(options: ProjectOptions): OutputOptions {
  return {
    reader: options.reader ?? "model", format: options.format ?? "text", ...(options.to ? { to: options.to } : {}),
    lower: { envelope: "part", ...options.lower }, color: options.color ?? false, width: widthOrDefault(options.width),
    ...(options.terminal ? { terminal: options.terminal } : {}),
  };
}

/**
 * The terminal's width: 80 unless a positive number is given (`Number(process.env.COLUMNS)` of an unset variable is NaN,
 * for which the status line's fitting looped for ever; a terminal whose size is not set yet, `docker run -t`, reports 0
 * columns, at which no line of the output was shown), as the CLI's terminalWidth takes the TTY's columns.
 */
function widthOrDefault(width: number | undefined): number {
  return width === undefined || !(width >= 1) ? 80 : width;
}

/** The budget left for a text once `reserved` is taken off for what is written around it. */
function shrinkBudget(budget: Budget, reserved: { reservedBytes?: number; reservedLines?: number }): Budget {
  return {
    ...budget,
    maxBytes: Math.max(1, budget.maxBytes - (reserved.reservedBytes ?? 0)),
    maxLines: Math.max(1, budget.maxLines - (reserved.reservedLines ?? 0)),
  };
}

/** Everything a projection decides before its text is bounded (planProjection), for projectResult and streamed input. */
export interface ProjectionPlan {
  /** The result as written (structured content bounded, strings cleaned, `formatted` set). */
  result: ToolResult;
  /** The result whose JSON is saved when no input bytes are given (structured content bounded). */
  input: ToolResult;
  tool: string | undefined;
  base: BoundOptions;
  output: OutputOptions;
  text: ToolText;
  frame: Frame;
  /** The body the formatter gave, before the final newline `body` may add. */
  formatted: string;
  /** The text bounded (and saved as the text view). */
  body: string;
  /** Options of the session known only once the result is: the budget, reservations, the written-output check, keepInput. */
  late: LateOptions;
  view: Pick<BoundOptions, "view">;
}

/** Text written for a reader ends with a newline, as text tools' output does (the payload's data stays as it was). */
export function needsFinalNewline(plan: Pick<ProjectionPlan, "output" | "frame">, formatted: { empty: boolean; endsWithNewline: boolean }): boolean {
  const asText = plan.output.format === "text" && !plan.output.to;
  return asText && !formatted.empty && !formatted.endsWithNewline && plan.frame.footer === "";
}

/**
 * Plans the projection of one result (SPEC §5): format by tool, reservations, the JSON view. `streamedPartLines`:
 * the lines of each text part of a result whose texts were streamed (its body holds their tokens).
 */
export function planProjection(whole: ToolResult, options: ProjectOptions = {}, streamedPartLines?: number[]): ProjectionPlan {
  const output = projectionOutput(options);
  const base = resolveBoundOptions(options);
  const { result: input, cut: structuredCut } = boundStructuredContent(whole, output, base);
  const tool = formattingTool(input, options.tool);
  const kind = resolveToolKind(tool);
  // The payload says its text is formatted, so that a later pass (normalize | lower) does not frame it again.
  const clean = cleanStructured(input, base.hygiene, writesStructuredContent(output));
  const result = kind === "generic" ? clean : { ...clean, meta: { ...clean.meta, formatted: kind } };
  const beside = structuredBesideCutData(result, output, base);
  if (beside !== undefined) output.structuredBeside = beside;
  // The note that says a cut structuredContent (--to mcp) is sized by the byte budget, as the proxy's is.
  output.budgetBytes = base.budget.maxBytes;
  // `--to mcp` of an MCP result whose body is its text parts joined: a cut goes back into the parts (lower/mcp-cut.ts);
  // `--format json` says where its lines come from in meta, for a later `lower --to mcp` (lower/line-map.ts).
  const carriesBlocks = output.to === "mcp" || (output.format === "json" && output.to === undefined);
  const layout = carriesBlocks && result.meta?.source_shape === "mcp" && Array.isArray(result.meta.parts) ? textPartLayout(result, streamedPartLines) : undefined;
  const partLines = layout?.partLines;
  // A paged formatter (read, grep, glob) fits its whole text to what the envelope leaves, measured as written,
  // so that the bounder never cuts a page in the middle and its footer and next_offset stay true.
  const around = planReservation(result, NO_FRAME, output, options.spill?.store.dir);
  const text = formatTool(result, {
    ...(tool ? { tool } : {}), budget: shrinkBudget(base.budget, around), style: base.style, ...(around.measure ? { measure: around.measure } : {}),
  });
  const frame = text.paged ? NO_FRAME : withFailureStated(text, output);
  // A structured body (generic format: the value pretty-printed) that does not fit is shown as its JSON view; so is a
  // text that is one JSON value (json-text.ts), its body then the value pretty-printed (the lines the view names).
  const generic = kind === "generic" && !text.paged && base.style !== "opencode";
  const structured = generic ? structuredBody(result) : undefined;
  // The terminal shows what a person reviews (edit: the diff); the model reads the formatter's body.
  const onTerminal = output.reader === "terminal" && output.format === "text" && !output.to;
  const shown = text.paged ? `${text.header}${text.body}${text.footer}` : onTerminal && text.terminalBody !== undefined ? text.terminalBody : text.body;
  const jsonText = generic && structured === undefined && shown === text.body ? jsonTextOf(shown, base, options.spill?.maxOutputBytes) : undefined;
  const viewed = structured ?? jsonText?.value;
  const view = viewed === undefined ? {} : { view: (fits: (view: string) => boolean, maxChars: number) => viewJsonWithin(viewed, fits, maxChars) };
  const formatted = jsonText?.body ?? shown;
  if (partLines !== undefined && !text.paged && frame.header === "" && frame.footer === "" && formatted === readJoinedText(result)) {
    output.textPartLines = partLines;
    if (layout?.prior !== undefined) output.priorLineSources = layout.prior;
  }
  const reservation = text.paged ? around : planReservation(result, frame, output, options.spill?.store.dir);
  // The budget is given again at the finish: a session opened before the result was known may have had another.
  const plan = { result, input, tool, base, output, text, frame, formatted, view, late: { budget: base.budget, ...reservation, ...(structuredCut ? { keepInput: true } : {}) } };
  const newline = needsFinalNewline(plan, { empty: formatted === "", endsWithNewline: formatted.endsWith("\n") });
  return { ...plan, body: newline ? `${formatted}\n` : formatted };
}

/**
 * The lines of each text part of an MCP result whose body is its text parts joined; for a payload whose text was cut
 * before (`bound --format json`), the lines its meta says (part_lines) and where each line of its text comes from
 * (line_map): lower/line-map.ts. Undefined when neither can be known.
 */
function textPartLayout(result: ToolResult, streamedPartLines: number[] | undefined): { partLines: number[]; prior?: number[] } | undefined {
  const text = readJoinedText(result);
  const map = result.meta?.truncated === true ? readLineMap(result.meta) : undefined;
  if (map !== undefined) {
    const lines = text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    const prior = decodeLineMap(map.runs, lines);
    return prior === undefined ? undefined : { partLines: map.partLines, prior };
  }
  const partLines = streamedPartLines ?? partLinesOf(result.meta!.parts as PartLayout[], text, MCP_PART_SEPARATOR);
  return partLines === undefined ? undefined : { partLines };
}

/**
 * Projects one result held in memory (SPEC §5): format by tool, bound, spill, render. `beside`: room the text's cut
 * leaves free for what the caller adds beside it (the proxy's note that structuredContent was cut).
 */
export function projectResult(whole: ToolResult, options: ProjectOptions = {}, beside?: BoundSession["reservedBeside"]): Projection {
  const plan = planProjection(whole, options);
  const opening = options.openingBudget ? { budget: options.openingBudget } : {};
  const session = new BoundSession({ ...plan.base, ...plan.late, ...plan.view, ...opening }, options.spill, options.spillFailure);
  session.reservedBeside = beside;
  const raw = options.input ?? Buffer.from(stringifyJson(plan.input));
  session.writeDerived(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), plan.body);
  return finishProjection(plan, session, options);
}

/** Ends a planned projection whose text the session took (whole, or streamed): the cut, the spill, the written output. */
export function finishProjection(plan: ProjectionPlan, session: BoundSession, options: ProjectOptions): Projection {
  const { result, tool, text, frame, output } = plan;
  const bounded = session.finish({ source_shape: String(result.meta?.source_shape ?? "json"), ...(tool ? { tool } : {}), ...options.recordFields }, plan.late);
  // A page says where the file continues (file lines), not where the bounder's text view would.
  const paged = text.nextOffset !== undefined && !bounded.truncated ? { ...result, meta: { ...result.meta, next_offset: text.nextOffset } } : result;
  const written = renderOutput(paged, bounded, frame, output);
  return { text: written.text, warnings: written.warnings, bound: bounded };
}

/**
 * The frame a text projection writes around the body: the formatter's, then the error of a failure that kept
 * output (a payload carries that error in its own field instead, and lowering joins it to the output the same
 * way). For a model, a failure shown as its own text starts with `Error: ` (stateError's rule: not when it
 * already starts with "error"), as the lowerings to APIs without an error flag state it; the terminal marks it ✗.
 */
function withFailureStated(text: ToolText, output: OutputOptions): Frame {
  if (output.format !== "text" || output.to !== undefined) return { header: text.header, footer: text.footer };
  const separator = text.body === "" && text.footer === "" ? "" : "\n\n";
  const footer = text.error === undefined ? text.footer : `${text.footer}${separator}${text.error}`;
  if (!text.failed || output.reader !== "model") return { header: text.header, footer };
  const whole = `${text.header}${text.body}${footer}`;
  const stated = stateError(whole);
  return { header: `${stated.slice(0, stated.length - whole.length)}${text.header}`, footer };
}

/** The value the generic format pretty-prints (the output of a failure that kept one, else its error, else the data), when it is an object or array. */
function structuredBody(result: ToolResult): object | undefined {
  const value = !result.ok && result.error !== undefined && result.data === undefined ? result.error : result.data;
  return typeof value === "object" && value !== null && !(value instanceof LosslessNumber) ? value : undefined;
}

/** True when the output carries structured content beside the text (`--format json`, `--to mcp`). */
export function writesStructuredContent(output: OutputOptions): boolean {
  return output.to === "mcp" || (output.format === "json" && output.to === undefined);
}

/**
 * Structured content that is the data (an MCP result without text: `structured_content_is_data`), cut in shape to
 * half the budget as boundStructuredContent cuts it: what the output writes as structured content in case the
 * data is cut to text (structured content must stay a JSON object; the cut text goes in a text block).
 */
function structuredBesideCutData(result: ToolResult, output: OutputOptions, options: BoundOptions): OutputOptions["structuredBeside"] {
  if (result.meta?.structured_content_is_data !== true || !isRecord(result.data) || !writesStructuredContent(output)) return undefined;
  const bounded = cutToHalfBudget(result.data, options);
  return { value: bounded.value as Record<string, unknown>, paths: bounded.paths };
}

/**
 * Structured content written beside the text (`--format json`, `--to mcp`) gets at most half the budget (bytes, and
 * tokens when --max-tokens is given), cut in shape (boundStructured) when it is larger, so that the text always keeps
 * its room; the input is then saved.
 * The paths cut are kept in `meta.structured_content_cut_paths` (an array cut leaves no trace in the value): the
 * unified payload carries them, and the MCP lowering says them in a note (output.ts `withStructuredCutNote`).
 */
function boundStructuredContent(result: ToolResult, output: OutputOptions, options: BoundOptions): { result: ToolResult; cut: boolean } {
  const structured = result.meta?.structured_content;
  if (structured === undefined || !writesStructuredContent(output)) return { result, cut: false };
  const bounded = cutToHalfBudget(structured, options);
  if (!bounded.cut) return { result, cut: false };
  return { result: { ...result, meta: { ...result.meta, structured_content: bounded.value, structured_content_cut: true, structured_content_cut_paths: bounded.paths } }, cut: true };
}

/**
 * The tokens the text's side of a JSON output needs at the least, kept from a structuredContent's half: the marker
 * (its path and commands), the note that structuredContent was cut, `_meta` and the envelope: about 450 estimated
 * tokens for `--to mcp`, 650 for `--format json` (its meta), with a spill directory as long as the default; the rest
 * is left for a longer path.
 */
const TEXT_SIDE_TOKENS = 800;

/**
 * Structured content cut in shape to half the budget (the text keeps the other half), its notes naming output_path:
 * half the bytes, and with --max-tokens half the tokens too, counted as the written output is (the estimate, or
 * --tokenizer's counter), but never so many that fewer than TEXT_SIDE_TOKENS are left: a small token budget goes to
 * the text's marker first, the structured content then cut as far as it goes, rather than refused (at 1,600 tokens
 * and more it is the half). Lines do not bound it: it is written as one line of JSON, and the lines of a JSON output
 * are counted on its text (planReservation's linesOnBody).
 */
function cutToHalfBudget(value: unknown, { budget, countTokens }: BoundOptions): BoundStructured {
  const share = budget.maxTokens === undefined ? undefined : Math.min(Math.floor(budget.maxTokens / 2), Math.max(0, budget.maxTokens - TEXT_SIDE_TOKENS));
  const tokens = structuredTokenLimit(share, countTokens);
  return boundStructuredWithin(value, { maxBytes: Math.floor(budget.maxBytes / 2), where: "the whole result is saved: see output_path", media: new Set(), dropped: new Set() }, tokens);
}
