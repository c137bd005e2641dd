// Assembles a ToolResult from what a shape reader found, in one canonical key order.
import type { ToolResult, ToolResultMeta } from "../payload.js";
import type { PartCollector } from "./parts.js";

/** What a shape reader found in its source. */
export interface ResultPieces {
  ok: boolean;
  /** `data` when ok, `error` when not. */
  body: unknown;
  /** The output a failure kept beside its error (its `data`); undefined when none. */
  kept?: unknown;
  tool?: string;
  errorType?: string;
  /** Shape-specific meta entries (call_id, source_extra…); undefined entries are dropped. */
  meta?: Record<string, unknown>;
  /** The source's parts, when it carried a list of them: gives meta.parts, attachments and notes. */
  collector?: PartCollector;
}

/** The ToolResult for `pieces`: ok, tool, data | error, error_type, meta, attachments. */
export function assembleResult(pieces: ResultPieces): ToolResult {
  const result: ToolResult = { ok: pieces.ok };
  if (pieces.tool !== undefined) result.tool = pieces.tool;
  if (pieces.ok) result.data = pieces.body;
  else {
    if (pieces.kept !== undefined) result.data = pieces.kept;
    result.error = pieces.body;
  }
  if (pieces.errorType !== undefined) result.error_type = pieces.errorType;
  const collector = pieces.collector;
  const { call_id: callId, ...rest } = pieces.meta ?? {};
  const entries: [string, unknown][] = [
    ["call_id", callId],
    ["parts", collector?.parts],
    ...Object.entries(rest),
    ["notes", collector !== undefined && collector.notes.length > 0 ? collector.notes : undefined],
  ];
  const meta: ToolResultMeta = {};
  for (const [key, value] of entries) {
    if (value !== undefined) meta[key] = value;
  }
  if (Object.keys(meta).length > 0) result.meta = meta;
  if (collector !== undefined && collector.attachments.length > 0) result.attachments = collector.attachments;
  return result;
}

/** Sets meta.source_shape first in meta, keeping the canonical key order of the result. */
export function withSourceShape(result: ToolResult, shape: string): ToolResult {
  const { attachments, meta, ...head } = result;
  const tagged: ToolResult = { ...head, meta: { source_shape: shape as ToolResultMeta["source_shape"], ...meta } };
  if (attachments !== undefined) tagged.attachments = attachments;
  return tagged;
}

/** Adds human-readable notes (what correx changed or could not do) to meta.notes. */
export function withNotes(result: ToolResult, notes: string[]): ToolResult {
  if (notes.length === 0) return result;
  const previous = Array.isArray(result.meta?.notes) ? (result.meta.notes as string[]) : [];
  const { attachments, meta, ...head } = result;
  const noted: ToolResult = { ...head, meta: { ...meta, notes: [...previous, ...notes] } };
  if (attachments !== undefined) noted.attachments = attachments;
  return noted;
}
