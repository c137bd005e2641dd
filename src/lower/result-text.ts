// The one text every provider gives the model for a result, so that no two lowerings read it differently.
import { UnrepresentableError } from "../errors.js";
import { DENIED_WITHOUT_REASON } from "../normalize/tool-output.js";
import { stringifyJson as writeJson } from "../normalize/lossless-json.js";
import type { ToolResult } from "../payload.js";
import { plainPartsText } from "./source-layout.js";

/** What a denied execution says when the result gives no reason (the same words normalization uses). */
export const DENIED_TEXT = DENIED_WITHOUT_REASON;

/** Compact JSON text of a value; a value JSON cannot write (too deep, a cycle) cannot be lowered at all. */
export function stringifyJson(value: unknown): string {
  try {
    return writeJson(value);
  } catch (cause) {
    throw new UnrepresentableError(`cannot write the result as JSON text: ${(cause as Error).message}`, { cause });
  }
}

/** A value as the model reads it: a string as is, anything else as compact JSON; nothing is "". */
export function readValueText(value: unknown): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : stringifyJson(value);
}

/** True when the result is an execution the user or a policy refused. */
export function isDenied(result: ToolResult): boolean {
  return !result.ok && result.error_type === "denied";
}

/** The error as text: the message, its JSON, or (when the result says nothing) the denial or the error type. */
export function readErrorText(result: ToolResult): string {
  if (result.error !== undefined) return readValueText(result.error);
  if (isDenied(result)) return DENIED_TEXT;
  return result.data === undefined ? (result.error_type ?? "") : "";
}

/**
 * The text the model reads: the data for a success; for a failure the output (when the result kept one) and
 * then the error, a blank line apart. The bounder's truncation marker and spill path are already inside.
 */
export function readResultText(result: ToolResult): string {
  if (result.ok) return typeof result.data === "string" ? plainPartsText(result, result.data) : readValueText(result.data);
  const error = typeof result.error === "string" && result.data === undefined ? plainPartsText(result, result.error) : readErrorText(result);
  return joinParagraphs([readValueText(result.data), error]);
}

/** Joins the non-empty pieces with a blank line, as notes follow the text they belong to. */
export function joinParagraphs(pieces: readonly string[]): string {
  return pieces.filter((piece) => piece !== "").join("\n\n");
}

/** States a failure in the text for APIs without an error flag (OpenAI): "Error: " unless it already says so. */
export function stateError(text: string): string {
  if (/^error\b/i.test(text)) return text;
  return text === "" ? "Error" : `Error: ${text}`;
}
