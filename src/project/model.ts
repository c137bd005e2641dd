// The model projection: the tool frame around the bounded body, and the unified payload with its meta.
import type { BoundText } from "../bound/types.js";
import type { ToolResult, ToolResultMeta } from "../payload.js";

/** The parts a tool formatter keeps whole around the body. */
export interface Frame {
  header: string;
  footer: string;
}

/** No header, no footer. */
export const NO_FRAME: Frame = { header: "", footer: "" };

/** Bytes of a text once written inside a JSON string (escapes count), without the quotes. */
export function jsonStringBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text)) - 2;
}

/** The model text: header, the bounded body, footer. */
export function renderModelText(frame: Frame, bound: BoundText): string {
  return `${frame.header}${bound.text}${frame.footer}`;
}

/** The facts of a bounding as payload meta (SPEC §3). */
export function boundMeta(bound: BoundText): ToolResultMeta {
  const meta: ToolResultMeta = { truncated: bound.truncated, total_bytes: bound.totalBytes, total_lines: bound.totalLines };
  if (bound.binary) meta.binary = bound.binary;
  if (!bound.truncated) {
    // The text fits but something beside it was cut (structured content): the input is saved all the same.
    if (bound.spill?.kind === "saved") Object.assign(meta, { output_id: bound.spill.id, output_path: bound.spill.path });
    return meta;
  }
  meta.shown = bound.shown;
  if (bound.view) meta.view = bound.view;
  if (bound.middle && bound.middle.length > 0) meta.middle = bound.middle;
  meta.omitted_bytes = bound.omittedBytes;
  meta.omitted_lines = bound.omittedLines;
  if (bound.nextOffset !== undefined) meta.next_offset = bound.nextOffset;
  const spill = bound.spill;
  if (spill?.kind === "saved") {
    meta.output_id = spill.id;
    meta.output_path = spill.path;
    if (spill.notSavedBytes) meta.not_saved_bytes = spill.notSavedBytes;
  } else if (spill?.kind === "failed") {
    meta.spill_error = spill.reason;
  } else if (spill?.kind === "disabled") {
    meta.spill_error = "not saved (--no-spill)";
  }
  return meta;
}

/**
 * The payload of a bounded result: the body replaces data (or error, for a failure without data: a failure that
 * kept output keeps its error as it was, beside the bounded output); meta gains the bounding facts. Structured
 * data or a structured error that was not cut (and has no frame around it) stays structured.
 */
export function boundPayload(base: ToolResult, body: string, bound: BoundText): ToolResult {
  // A second bounding that cut nothing keeps the facts of the first (normalize | normalize changes nothing).
  const meta = bound.truncated ? { ...base.meta, ...boundMeta(bound) } : { ...boundMeta(bound), ...base.meta };
  const payload: ToolResult = { ok: base.ok, ...(base.tool !== undefined ? { tool: base.tool } : {}) };
  // A structured error (AI SDK error-json, a Gemini error object, a Bedrock {json} failure) stays structured too.
  const keeps = (value: unknown): boolean => !bound.truncated && value !== undefined && typeof value !== "string" && body === bound.text;
  if (base.ok) payload.data = keeps(base.data) ? base.data : body;
  else {
    if (base.data !== undefined) payload.data = keeps(base.data) ? base.data : body;
    payload.error = base.data !== undefined ? base.error : keeps(base.error) ? base.error : body;
  }
  if (base.error_type !== undefined) payload.error_type = base.error_type;
  payload.meta = meta;
  if (base.attachments && base.attachments.length > 0) payload.attachments = base.attachments;
  return payload;
}

/** A spill id as long as any: what a reservation counts for an id not known yet. */
export const WORST_CASE_ID = "tool_00000000000000000000000000";

/**
 * A meta as large as a real one of a cut text can be: what a JSON envelope reserves before bounding. Fields that
 * never come together are not added up: a spill saved (its id, path, and the bytes a cap kept out) or its error,
 * whichever is longer; a binary input's summary has no text to cut (its meta is checked as written). A real meta
 * still longer (an error message past 200 characters) is caught where every cut is checked, on what is written.
 * `big`: the largest count the meta may hold (the largest safe integer before the totals are known; then
 * countLimit's).
 */
export function worstCaseMeta(base: ToolResult, spillPath: string | undefined, big = Number.MAX_SAFE_INTEGER): ToolResultMeta {
  // The bytes a cap kept out of the spill count the input as read, which may be longer than the text: never less.
  const saved = { output_id: WORST_CASE_ID, output_path: `${spillPath ?? ""}/${WORST_CASE_ID}`, not_saved_bytes: Number.MAX_SAFE_INTEGER };
  const failed = { spill_error: "x".repeat(200) };
  return {
    ...base.meta,
    truncated: false, total_bytes: big, total_lines: big,
    shown: [{ from_line: big, to_line: big, partial: true }, { from_line: big, to_line: big, partial: true }],
    omitted_bytes: big, omitted_lines: big, next_offset: big, view: "json",
    ...(JSON.stringify(saved).length >= JSON.stringify(failed).length ? saved : failed),
  };
}

/**
 * The largest count a cut's meta can hold once its totals are known: every line number, line count and byte count
 * in it (shown, omitted, next_offset, line_map) is at most the total bytes, the total lines + 1, or the bytes of the
 * text written (at most the byte budget): the same number of digits, all nines.
 */
export function countLimit(totals: { bytes: number; lines: number }, maxBytes: number): number {
  const largest = Math.max(totals.bytes, totals.lines + 1, maxBytes, 1);
  return Math.min(Number.MAX_SAFE_INTEGER, 10 ** String(largest).length - 1);
}
