// Lowers a result to a Gemini `functionResponse` part: response {output} or {error}; media inside
// functionResponse.parts (Gemini 3) or as sibling inlineData parts of the same content (older models).
import { isRecord, type Attachment, type ToolResult } from "../payload.js";
import { findCallId, requireName } from "./identity.js";
import { baseMime, hasMime, isFamily, omitAttachment, type Omission } from "./media.js";
import { joinParagraphs, readErrorText } from "./result-text.js";
import { isSameShape, plainPartsText, layOutGenerically, readNested, readSourcePieces, readSourceRecord } from "./source-layout.js";
import type { Lowered, LowerOptions } from "./types.js";

/** Inline media bytes (Blob / FunctionResponseBlob); displayName only inside functionResponse.parts. */
export interface GeminiInlineData {
  mimeType: string;
  data: string;
  displayName?: string;
}

/** Media by URI (FileData / FunctionResponseFileData). */
export interface GeminiFileData {
  mimeType: string;
  fileUri: string;
  displayName?: string;
}

/** A media part, inside functionResponse.parts or beside the functionResponse. */
export type GeminiMediaPart = { inlineData: GeminiInlineData } | { fileData: GeminiFileData };

/** The function's answer (FunctionResponse); `response` holds {output} and/or {error}. */
export interface GeminiFunctionResponse {
  id?: string;
  name: string;
  response: Record<string, unknown>;
  parts?: GeminiMediaPart[];
}

/** A part of a Gemini content (Part). */
export type GeminiPart = { functionResponse: GeminiFunctionResponse } | GeminiMediaPart;

/** The user content that carries function responses (Content). */
export interface GeminiContent {
  role: "user";
  parts: GeminiPart[];
}

/** `part`: the functionResponse part (with `--gemini-inline sibling`: it and its media parts); `message`: the content. */
export type GeminiPayload = GeminiPart | GeminiPart[] | GeminiContent;

/** What functionResponse.parts takes on Gemini 3. */
const FUNCTION_RESPONSE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/webp", "application/pdf", "text/plain"];

/** Where media goes: the options say, else the model (before Gemini 3 → sibling), else Gemini 3's parts. */
export function chooseGeminiInline(options: LowerOptions): "parts" | "sibling" {
  if (options.geminiInline !== undefined) return options.geminiInline;
  const older = /(^|\/)(gemini-[12](?![0-9])|gemini-pro|gemma|learnlm)/i;
  return options.model !== undefined && older.test(options.model) ? "sibling" : "parts";
}

/** Files API URIs: every Gemini model fetches them. */
const FILES_API = /^https:\/\/generativelanguage\.googleapis\.com\//i;

/**
 * Why Gemini cannot fetch an attachment's URI, if it cannot: fileData takes Files API URIs, gs:// objects and
 * (since January 2026, on Gemini 2.5 and later) public or signed http(s) URLs; a file:, s3: or correx
 * `attachment:` URI is not fetchable, and Gemini 1.x / 2.0 models take neither plain web URLs.
 */
export function unfetchableUri(attachment: Attachment, model: string | undefined): string | undefined {
  const uri = attachment.uri;
  if (attachment.data !== undefined || uri === undefined) return undefined;
  if (FILES_API.test(uri) || /^gs:\/\//i.test(uri)) return undefined;
  if (!/^https?:\/\//i.test(uri)) return "Gemini fetches files by http(s) URL, Files API URI or gs:// only";
  return model !== undefined && /(^|\/)gemini-(1|2\.0)/i.test(model) ? `${model} takes fileData from the Files API or gs:// only, not web URLs` : undefined;
}

function isCarried(attachment: Attachment, inline: "parts" | "sibling"): boolean {
  if (inline === "parts") return hasMime(attachment, FUNCTION_RESPONSE_TYPES);
  return ["image", "audio", "video", "text"].some((family) => isFamily(attachment, family)) || hasMime(attachment, ["application/pdf"]);
}

function toMediaPart(attachment: Attachment, inline: "parts" | "sibling"): GeminiMediaPart {
  const mimeType = baseMime(attachment.mime);
  const displayName = inline === "parts" && attachment.name !== undefined ? { displayName: attachment.name } : {};
  return attachment.data === undefined
    ? { fileData: { mimeType, fileUri: attachment.uri ?? "", ...displayName } }
    : { inlineData: { mimeType, data: attachment.data, ...displayName } };
}

function explainOmission(attachment: Attachment, inline: "parts" | "sibling"): Omission {
  const reason = inline === "parts"
    ? `Gemini 3 function responses take png, jpeg, webp, pdf and plain text only (try --gemini-inline sibling)`
    : `Gemini cannot take ${baseMime(attachment.mime)}`;
  return omitAttachment("gemini", attachment, reason);
}

/** The response object: {output} for a success, {error} (and {output} when kept) for a failure; notes said in it. */
function buildResponse(result: ToolResult, notes: readonly string[]): Record<string, unknown> {
  if (isSameShape(result, "gemini") && result.meta?.response_form === "object" && result.ok && isRecord(result.data) && notes.length === 0) {
    return result.data;
  }
  const response: Record<string, unknown> = {};
  // An embedded text resource keeps its URI in the text (`[resource URI]`), as on every target but MCP.
  const labelled = (value: unknown): unknown => (typeof value === "string" ? plainPartsText(result, value) : value);
  if (result.ok || result.data !== undefined) response.output = labelled(result.data ?? "");
  if (!result.ok) response.error = result.error === undefined ? readErrorText(result) || result.error_type || "failed" : result.data === undefined ? labelled(result.error) : result.error;
  if (notes.length > 0) {
    const key = result.ok ? "output" : "error";
    const said = response[key];
    if (typeof said === "string") response[key] = joinParagraphs([said, ...notes]);
    else response.notes = [...notes];
  }
  return { ...response, ...readNested(readSourceRecord(result, "gemini", "source_extra"), "response") };
}

/** Lowers a result to a functionResponse part (or the user content around it); failures use the `error` key. */
export function lowerToGemini(result: ToolResult, options: LowerOptions): Lowered<GeminiPayload> {
  const warnings: string[] = [];
  const inline = chooseGeminiInline(options);
  const name = requireName("gemini", result, options, warnings);
  const id = findCallId(result, options);
  const pieces = readSourcePieces(result, "gemini", "") ?? layOutGenerically("", result, "gemini");
  const media: GeminiMediaPart[] = [];
  const omissions: Omission[] = [];
  for (const piece of pieces) {
    if (piece.kind === "kept") media.push(piece.value as GeminiMediaPart);
    else if (piece.kind === "attachment" && unfetchableUri(piece.attachment, options.model) !== undefined) {
      omissions.push(omitAttachment("gemini", piece.attachment, unfetchableUri(piece.attachment, options.model)!));
    } else if (piece.kind === "attachment" && isCarried(piece.attachment, inline)) media.push(toMediaPart(piece.attachment, inline));
    else if (piece.kind === "attachment") omissions.push(explainOmission(piece.attachment, inline));
    else if (piece.kind === "omitted") omissions.push(piece.omission);
  }
  warnings.push(...omissions.map((omission) => omission.warning));

  const { response: _response, ...sourceRest } = readSourceRecord(result, "gemini", "source_extra");
  const functionResponse: GeminiFunctionResponse = {
    ...(id === undefined ? {} : { id }),
    name,
    response: buildResponse(result, omissions.map((omission) => omission.note)),
    ...(inline === "parts" && media.length > 0 ? { parts: media } : {}),
    ...sourceRest,
  };
  const part: GeminiPart = { functionResponse, ...readSourceRecord(result, "gemini", "wrapper_extra") };
  const parts: GeminiPart[] = [part, ...(inline === "sibling" ? media : [])];
  if (options.envelope === "message") return { payload: { role: "user", parts }, warnings };
  return { payload: inline === "sibling" ? parts : part, warnings };
}
