// Lowers a result to a Bedrock Converse `toolResult` block: text / json / image / document / video content
// and status "success" | "error". Bytes are base64 strings, as in the Converse JSON API (the JS SDK wants
// Uint8Array: decode them there). S3 URIs travel as s3Location.
import { parseLosslessJson } from "../normalize/lossless-json.js";
import { isRecord, type Attachment, type ToolResult } from "../payload.js";
import { requireCallId } from "./identity.js";
import { baseMime, isFamily, omitAttachment, type Omission } from "./media.js";
import { composeBlocks } from "./compose.js";
import { readResultText, stateError } from "./result-text.js";
import { isSameShape, layOutGenerically, readNested, readSourcePieces, readSourceRecord, readSourceType, withoutBookkeeping, type Piece } from "./source-layout.js";
import type { JsonObject, Lowered, LowerOptions } from "./types.js";

/** Where media bytes come from: inline base64, or an S3 object. */
export type BedrockSource = { bytes: string } | { s3Location: { uri: string } };

/** One block of a tool result's content (ToolResultContentBlock). */
export type BedrockToolResultContent =
  | { text: string }
  | { json: JsonObject }
  | { image: { format: "png" | "jpeg" | "gif" | "webp"; source: BedrockSource } }
  | { document: { format: BedrockDocumentFormat; name: string; source: BedrockSource } }
  | { video: { format: BedrockVideoFormat; source: BedrockSource } };

/** The document formats Bedrock takes (DocumentFormat). */
export type BedrockDocumentFormat = "pdf" | "csv" | "doc" | "docx" | "xls" | "xlsx" | "html" | "txt" | "md";
/** The video formats Bedrock takes (VideoFormat). */
export type BedrockVideoFormat = "mkv" | "mov" | "mp4" | "webm" | "flv" | "mpeg" | "mpg" | "wmv" | "three_gp";

/** The tool result (ToolResultBlock); status is left out for models that reject it (see --model). */
export interface BedrockToolResultBlock {
  toolUseId: string;
  content: BedrockToolResultContent[];
  status?: "success" | "error";
}

/** `part`: the content block {toolResult}; `message`: the user message around it. */
export type BedrockPayload = { toolResult: BedrockToolResultBlock } | { role: "user"; content: { toolResult: BedrockToolResultBlock }[] };

const IMAGE_FORMATS: Record<string, "png" | "jpeg" | "gif" | "webp"> = { "image/png": "png", "image/jpeg": "jpeg", "image/gif": "gif", "image/webp": "webp" };
const DOCUMENT_FORMATS: Record<string, BedrockDocumentFormat> = {
  "application/pdf": "pdf", "text/csv": "csv", "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.ms-excel": "xls", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "text/html": "html", "text/plain": "txt", "text/markdown": "md",
};
const VIDEO_FORMATS: Record<string, BedrockVideoFormat> = {
  "video/x-matroska": "mkv", "video/quicktime": "mov", "video/mp4": "mp4", "video/webm": "webm", "video/x-flv": "flv",
  "video/mpeg": "mpeg", "video/mpg": "mpg", "video/x-ms-wmv": "wmv", "video/3gpp": "three_gp",
};

/** True when the model takes toolResult.status: unknown models (assumed to), Anthropic Claude and Amazon Nova. */
export function acceptsStatus(model: string | undefined): boolean {
  return model === undefined || /anthropic|claude|nova/i.test(model);
}

/** A document name Bedrock accepts: letters, digits, single spaces, hyphens, parentheses, brackets. */
export function toDocumentName(name: string | undefined, format: BedrockDocumentFormat): string {
  const stem = (name ?? "").replace(new RegExp(`\\.${format}$`, "i"), "");
  const cleaned = stem.replace(/[^A-Za-z0-9\s\-()[\]]/g, "-").replace(/\s+/g, " ").trim();
  return cleaned === "" ? "document" : cleaned;
}

/** Document names made unique within the message (Converse rejects duplicates): a repeat gets ` (2)`, ` (3)`… */
export function uniqueDocumentNames(blocks: BedrockToolResultContent[]): BedrockToolResultContent[] {
  const used = new Set<string>();
  return blocks.map((block) => {
    if (!("document" in block) || typeof block.document?.name !== "string") return block;
    let name = block.document.name;
    for (let count = 2; used.has(name.toLowerCase()); count += 1) name = `${block.document.name} (${count})`;
    used.add(name.toLowerCase());
    return name === block.document.name ? block : { ...block, document: { ...block.document, name } };
  });
}

function toSource(attachment: Attachment, extra: Record<string, unknown>): BedrockSource | undefined {
  if (attachment.data !== undefined) return { bytes: attachment.data };
  const uri = attachment.uri ?? "";
  return /^s3:\/\//i.test(uri) ? { s3Location: { uri, ...readNested(extra, "s3Location") } } : undefined;
}

function toMediaBlock(attachment: Attachment, extra: Record<string, unknown>): BedrockToolResultContent | Omission {
  const source = toSource(attachment, extra);
  if (source === undefined) return omitAttachment("bedrock", attachment, "Bedrock takes media as bytes or s3:// URIs only");
  const mime = baseMime(attachment.mime);
  const fields = withoutBookkeeping(extra);
  const image = IMAGE_FORMATS[mime];
  if (image !== undefined) return { image: { format: image, source, ...fields } };
  const document = DOCUMENT_FORMATS[mime];
  if (document !== undefined) return { document: { format: document, name: toDocumentName(attachment.name, document), source, ...fields } };
  const video = VIDEO_FORMATS[mime];
  if (video !== undefined) return { video: { format: video, source, ...fields } };
  const kind = isFamily(attachment, "audio") ? "audio" : mime;
  return omitAttachment("bedrock", attachment, `Bedrock tool results cannot carry ${kind}`);
}

/** A text piece: a text block, or the json block or text document it was in the source. */
function toTextBlock(text: string, extra: Record<string, unknown>): BedrockToolResultContent {
  const fields = withoutBookkeeping(extra);
  switch (readSourceType(extra)) {
    case "json":
      return { json: parseLosslessJson(text, Buffer.from(text, "utf8")) as JsonObject, ...fields };
    case "document":
      return { document: { ...readNested(extra, "document"), source: { text } } as never, ...fields };
    default:
      return { text, ...fields };
  }
}

/** The pieces before the media: a JSON object as {json}, else the text; a failure never has empty content. */
function layOutBody(result: ToolResult, flagged: boolean): Piece[] {
  if (result.ok && (isRecord(result.data) || (isSameShape(result, "bedrock") && result.data !== undefined && typeof result.data !== "string"))) {
    return [{ kind: "kept", value: { json: result.data } }];
  }
  // A structured error stays a {json} block where the status flag says it failed.
  if (flagged && !result.ok && result.data === undefined && isRecord(result.error)) return [{ kind: "kept", value: { json: result.error } }];
  const text = readResultText(result);
  const stated = flagged || result.ok ? text : stateError(text);
  if (stated === "" && !result.ok) return [{ kind: "text", text: result.error_type ?? "failed", extra: {} }];
  return stated === "" ? [] : [{ kind: "text", text: stated, extra: {} }];
}

/** The status: kept from a Bedrock source (absent when it had none), else success/error; none for models without it. */
function chooseStatus(result: ToolResult, flagged: boolean): { status?: "success" | "error" } {
  if (!flagged) return {};
  if (!result.ok) return { status: "error" };
  if (!isSameShape(result, "bedrock")) return { status: "success" };
  return readSourceRecord(result, "bedrock", "source_extra").status === "success" ? { status: "success" } : {};
}

/** Lowers a result to a toolResult block (or the user message around it); failures set status "error". */
export function lowerToBedrock(result: ToolResult, options: LowerOptions): Lowered<BedrockPayload> {
  const warnings: string[] = [];
  const toolUseId = requireCallId("bedrock", result, options, warnings);
  const flagged = acceptsStatus(options.model);
  const body = layOutBody(result, flagged);
  const sourcePieces = flagged ? readSourcePieces(result, "bedrock") : undefined;
  const generic = [...body, ...layOutGenerically("", result, "bedrock")];
  const composed = composeBlocks<BedrockToolResultContent>(sourcePieces ?? generic, {
    text: toTextBlock,
    attachment: toMediaBlock,
    takesNotes: (extra) => readSourceType(extra) === undefined,
  });
  warnings.push(...composed.warnings);

  const { status: _status, ...sourceRest } = readSourceRecord(result, "bedrock", "source_extra");
  const toolResult: BedrockToolResultBlock = { toolUseId, content: uniqueDocumentNames(composed.blocks), ...chooseStatus(result, flagged), ...sourceRest };
  const wrapped = { toolResult, ...readSourceRecord(result, "bedrock", "wrapper_extra") };
  return { payload: options.envelope === "message" ? { role: "user", content: [wrapped] } : wrapped, warnings };
}
