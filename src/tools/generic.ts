// The generic format: the result's own text, for every tool without a formatter of its own.
import { stringifyJson } from "../normalize/lossless-json.js";
import type { ToolResult } from "../payload.js";
import { describeHeldOutput, describeProcessEnd } from "./process-end.js";
import type { ToolText } from "./types.js";

/** The text of a payload value: a string as it is, anything else as JSON indented by 2 spaces. */
export function textOfValue(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return stringifyJson(value, 2);
}

/** The text a result carries: its error when it failed and says why, else its data. */
export function textOfResult(result: ToolResult): string {
  if (!result.ok && result.error !== undefined) return textOfValue(result.error);
  return textOfValue(result.data);
}

/** The footer that reports how a process ended, when the meta says it (`correx run` of any tool), and what still held its output. */
export function formatProcessFooter(result: ToolResult): string {
  const end = describeProcessEnd(result.meta);
  const held = describeHeldOutput(result.meta);
  return end === undefined ? "" : `\n\n${end}${held === undefined ? "" : `\n${held}`}`;
}

/**
 * Generic: the body is the result's text, the footer how its process ended (if it was one). A failure that kept
 * output has that output as its body and its error apart (`error`), so that neither replaces the other.
 */
export function formatGeneric(result: ToolResult): ToolText {
  const footer = formatProcessFooter(result);
  if (!result.ok && result.error !== undefined && result.data !== undefined) {
    return { header: "", body: textOfValue(result.data), footer, paged: false, error: textOfValue(result.error), failed: true };
  }
  return { header: "", body: textOfResult(result), footer, paged: false, ...(result.ok ? {} : { failed: true }) };
}
