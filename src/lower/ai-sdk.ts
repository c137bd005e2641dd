// Lowers a result to a Vercel AI SDK `ToolResultOutput`: text, json, error-text, error-json, execution-denied, or
// content parts when attachments go with it. The parts are v6's, which ai 6 and ai 7 both take (ai 7 calls them
// deprecated and turns them into its `file` parts); a v7 output normalized and lowered again gets its v7 `file`
// parts back, which ai 6 rejects (README "AI SDK versions").
import { UNKNOWN_MIME } from "../normalize/mime.js";
import type { Attachment, ToolResult } from "../payload.js";
import { composeBlocks } from "./compose.js";
import { requireCallId, requireName } from "./identity.js";
import { isFamily } from "./media.js";
import { isDenied, readErrorText, readResultText, stateError } from "./result-text.js";
import { hasKeptParts, isSameShape, plainPartsText, layOutGenerically, readSourcePieces, readSourceRecord, readNested, readSourceType, withoutBookkeeping, type Piece } from "./source-layout.js";
import type { JsonValue, Lowered, LowerOptions } from "./types.js";

/** A part of a `content` output. */
export type AiSdkContentPart =
  | { type: "text"; text: string }
  | { type: "image-data"; data: string; mediaType: string }
  | { type: "image-url"; url: string }
  | { type: "file-data"; data: string; mediaType: string; filename?: string }
  | { type: "file-url"; url: string; mediaType?: string }
  | AiSdkV7FilePart;

/**
 * ai 7's file part (LanguageModelV4's), written only for a v7 source's inline bytes or text: a URL in it must be a
 * URL object, which JSON cannot carry, so a URL goes out as a `file-url` part.
 */
export interface AiSdkV7FilePart {
  type: "file";
  data: { type: "data"; data: string } | { type: "text"; text: string };
  mediaType: string;
  filename?: string;
}

/** The output of a tool call as the AI SDK sends it to a model (ToolResultOutput / LanguageModelV3ToolResultOutput). */
export type AiSdkToolResultOutput =
  | { type: "text"; value: string }
  | { type: "json"; value: JsonValue }
  | { type: "error-text"; value: string }
  | { type: "error-json"; value: JsonValue }
  | { type: "execution-denied"; reason?: string }
  | { type: "content"; value: AiSdkContentPart[] };

/** The tool message around it (ToolModelMessage). */
export interface AiSdkToolMessage {
  role: "tool";
  content: { type: "tool-result"; toolCallId: string; toolName: string; output: AiSdkToolResultOutput }[];
}

/** `part`: the ToolResultOutput; `message`: the tool message with one tool-result part. */
export type AiSdkPayload = AiSdkToolResultOutput | AiSdkToolMessage;

/** The part type a same-shape source used, when this lowering can write it (v5 `media` becomes a v6 part). */
function readPartType(extra: Record<string, unknown>): string | undefined {
  const type = readSourceType(extra);
  return type === "file-data" || type === "image-data" || type === "file-url" || type === "image-url" || type === "file" ? type : undefined;
}

/** A v7 source's inline text file (`{type: "file", data: {type: "text", text}}`), read back from its text piece. */
function toV7TextFile(text: string, extra: Record<string, unknown>): AiSdkContentPart {
  const { mediaType, filename, ...fields } = withoutBookkeeping(extra);
  const name = typeof filename === "string" ? { filename } : {};
  return { type: "file", data: { type: "text", text, ...readNested(extra, "file_data_extra") }, mediaType: String(mediaType), ...name, ...fields };
}

function toContentPart(attachment: Attachment, extra: Record<string, unknown>): AiSdkContentPart {
  const image = isFamily(attachment, "image");
  const fields = withoutBookkeeping(extra);
  const type = readPartType(extra) ?? (attachment.data === undefined ? (image ? "image-url" : "file-url") : image ? "image-data" : "file-data");
  const url = attachment.uri ?? "";
  const data = attachment.data ?? "";
  const mediaType = extra.declared_mime === null && attachment.mime === UNKNOWN_MIME ? {} : { mediaType: attachment.mime };
  const filename = attachment.name === undefined ? {} : { filename: attachment.name };
  if (type === "file" && attachment.data !== undefined) {
    return { type: "file", data: { type: "data", data, ...readNested(extra, "file_data_extra") }, mediaType: attachment.mime, ...filename, ...fields };
  }
  if (attachment.data === undefined || type === "file-url" || type === "image-url") {
    return type === "image-url" ? { type, url, ...fields } : { type: "file-url", url, ...mediaType, ...fields };
  }
  if (type === "image-data") return { type, data, mediaType: attachment.mime, ...fields };
  return { type: "file-data", data, mediaType: attachment.mime, ...filename, ...fields };
}

/** The output without attachments: each kind of result has its own output type. */
function toPlainOutput(result: ToolResult): AiSdkToolResultOutput {
  if (isDenied(result)) {
    const absent = result.error === undefined || (isSameShape(result, "ai-sdk") && result.meta?.denied_reason_absent === true);
    return absent ? { type: "execution-denied" } : { type: "execution-denied", reason: readErrorText(result) };
  }
  if (!result.ok) {
    const structured = result.data === undefined && result.error !== undefined && typeof result.error !== "string";
    return structured ? { type: "error-json", value: result.error as JsonValue } : { type: "error-text", value: readResultText(result) };
  }
  // An embedded text resource keeps its URI in the text, as on every target but MCP.
  if (result.data === undefined || typeof result.data === "string") return { type: "text", value: plainPartsText(result, result.data ?? "") };
  return { type: "json", value: result.data as JsonValue };
}

/** The output as content parts (the source's, or the text then the attachments): a failure can only be stated in the text. */
function toContentOutput(result: ToolResult, pieces: Piece[] | undefined, warnings: string[]): AiSdkToolResultOutput {
  const text = result.ok ? readResultText(result) : stateError(readResultText(result));
  if (!result.ok) warnings.push("ai-sdk: a content output has no error flag; the error is stated in the text");
  const composed = composeBlocks<AiSdkContentPart>(pieces ?? layOutGenerically(text, result, "ai-sdk"), {
    text: (partText, extra) => (readSourceType(extra) === "file" ? toV7TextFile(partText, extra) : { type: "text", text: partText, ...(readSourceType(extra) === undefined ? withoutBookkeeping(extra) : {}) }),
    attachment: toContentPart,
  });
  warnings.push(...composed.warnings);
  return { type: "content", value: composed.blocks };
}

/** Lowers a result to a ToolResultOutput (or the tool message around it); failures use error-* and execution-denied. */
export function lowerToAiSdk(result: ToolResult, options: LowerOptions): Lowered<AiSdkPayload> {
  const warnings: string[] = [];
  const pieces = readSourcePieces(result, "ai-sdk");
  const plain = pieces === undefined && (result.attachments ?? []).length === 0 && !hasKeptParts(result);
  const output = { ...(plain ? toPlainOutput(result) : toContentOutput(result, pieces, warnings)), ...readSourceRecord(result, "ai-sdk", "source_extra") };
  if (options.envelope !== "message") return { payload: output, warnings };
  const toolCallId = requireCallId("ai-sdk", result, options, warnings);
  const toolName = requireName("ai-sdk", result, options, warnings);
  const part = { type: "tool-result" as const, toolCallId, toolName, output, ...readSourceRecord(result, "ai-sdk", "wrapper_extra") };
  return { payload: { role: "tool", content: [part] }, warnings };
}
