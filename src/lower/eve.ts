// Lowers a result to eve's ToolModelOutput: `text`, `json`, or `content` of text parts and base64 `file`
// parts (eve's JSON-safe subset of the AI SDK output). eve has no error output: a failure is stated in the text.
import type { Attachment, ToolResult } from "../payload.js";
import { composeBlocks } from "./compose.js";
import { omitAttachment, type Omission } from "./media.js";
import { joinParagraphs, readResultText, stateError } from "./result-text.js";
import { hasKeptParts, layOutGenerically, readSourcePieces } from "./source-layout.js";
import type { JsonValue, Lowered, LowerOptions } from "./types.js";

/** A part of a `content` output. */
export type EveToolModelOutputPart =
  | { type: "text"; text: string }
  | { type: "file"; data: { type: "data"; data: string }; mediaType: string; filename?: string };

/** eve's ToolModelOutput. */
export type EveToolModelOutput =
  | { type: "text"; value: string }
  | { type: "json"; value: JsonValue }
  | { type: "content"; value: EveToolModelOutputPart[] };

function toFilePart(attachment: Attachment): EveToolModelOutputPart | Omission {
  if (attachment.data === undefined) return omitAttachment("eve", attachment, "eve file parts carry base64 data only, not URLs");
  return { type: "file", data: { type: "data", data: attachment.data }, mediaType: attachment.mime, ...(attachment.name ? { filename: attachment.name } : {}) };
}

/** Lowers a result to a ToolModelOutput (`--envelope` changes nothing: eve has no message around it). */
export function lowerToEve(result: ToolResult, _options: LowerOptions): Lowered<EveToolModelOutput> {
  const warnings: string[] = [];
  const text = result.ok ? readResultText(result) : stateError(readResultText(result));
  if (!result.ok) warnings.push("eve: a ToolModelOutput has no error flag; the error is stated in the text");
  if ((result.attachments ?? []).length === 0 && !hasKeptParts(result)) {
    const json = result.ok && result.data !== undefined && typeof result.data !== "string";
    return { payload: json ? { type: "json", value: result.data as JsonValue } : { type: "text", value: text }, warnings };
  }
  const sourcePieces = result.ok ? readSourcePieces(result, "eve") : undefined;
  const composed = composeBlocks<EveToolModelOutputPart>(sourcePieces ?? layOutGenerically(text, result, "eve"), {
    text: (partText) => ({ type: "text", text: partText }),
    attachment: toFilePart,
  });
  warnings.push(...composed.warnings);
  // Nothing but text left (every attachment a URL, said in the text): the text output, as a second pass writes it.
  if (sourcePieces === undefined && composed.mediaCount === 0) return { payload: { type: "text", value: joinParagraphs([text, ...composed.notes]) }, warnings };
  return { payload: { type: "content", value: composed.blocks }, warnings };
}
