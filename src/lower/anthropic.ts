// Lowers a result to an Anthropic Messages `tool_result` block: a string, or text + image (png/jpeg/gif/webp)
// + document (pdf, plain text) blocks; failures flagged with is_error.
import type { Attachment, ToolResult } from "../payload.js";
import { composeBlocks } from "./compose.js";
import { requireCallId } from "./identity.js";
import { baseMime, decodeText, describeAttachment, hasMime, isFamily, isWebUri, omitAttachment, WEB_IMAGE_TYPES, type Omission } from "./media.js";
import { joinParagraphs, readResultText } from "./result-text.js";
import { layOutGenerically, readNested, readSourcePieces, readSourceRecord, readSourceType, withoutBookkeeping } from "./source-layout.js";
import type { Lowered, LowerOptions } from "./types.js";

/** The image types Anthropic accepts. */
export type AnthropicImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** A block inside a tool_result's content (TextBlockParam | ImageBlockParam | DocumentBlockParam). */
export type AnthropicContentBlock =
  | { type: "text"; text: string }
  | { type: "image"; source: { type: "base64"; media_type: AnthropicImageType; data: string } | { type: "url"; url: string } }
  | { type: "document"; source: AnthropicDocumentSource; title?: string };

/** Where a document's content comes from (Base64PDFSource | PlainTextSource | URLPDFSource). */
export type AnthropicDocumentSource =
  | { type: "base64"; media_type: "application/pdf"; data: string }
  | { type: "text"; media_type: "text/plain"; data: string }
  | { type: "url"; url: string };

/** The tool_result block (ToolResultBlockParam). */
export interface AnthropicToolResult {
  type: "tool_result";
  tool_use_id: string;
  content: string | AnthropicContentBlock[];
  is_error?: boolean;
}

/** The user message that carries tool results (MessageParam); results come first in it. */
export interface AnthropicUserMessage {
  role: "user";
  content: AnthropicToolResult[];
}

/** `part`: the tool_result block; `message`: the user message around it. */
export type AnthropicPayload = AnthropicToolResult | AnthropicUserMessage;

/** Why Anthropic cannot take an attachment that is reachable (inline or by http(s) URL). */
function explainRefusal(attachment: Attachment): string {
  if (isFamily(attachment, "image")) return "Anthropic takes png, jpeg, gif and webp images only";
  if (isFamily(attachment, "text")) return "Anthropic takes text documents inline only, not by URL";
  const kind = ["audio", "video"].find((family) => isFamily(attachment, family)) ?? baseMime(attachment.mime);
  return `Anthropic tool results cannot carry ${kind}`;
}

function toMediaBlock(attachment: Attachment, warnings: string[]): AnthropicContentBlock | Omission {
  const inline = attachment.data !== undefined;
  const title = attachment.name === undefined ? {} : { title: attachment.name };
  if (!inline && !isWebUri(attachment.uri ?? "")) {
    return omitAttachment("anthropic", attachment, "Anthropic takes media as base64 or http(s) URLs only");
  }
  if (hasMime(attachment, WEB_IMAGE_TYPES)) {
    const media_type = baseMime(attachment.mime) as AnthropicImageType;
    return { type: "image", source: inline ? { type: "base64", media_type, data: attachment.data ?? "" } : { type: "url", url: attachment.uri ?? "" } };
  }
  if (hasMime(attachment, ["application/pdf"])) {
    const source: AnthropicDocumentSource = inline
      ? { type: "base64", media_type: "application/pdf", data: attachment.data ?? "" }
      : { type: "url", url: attachment.uri ?? "" };
    return { type: "document", source, ...title };
  }
  if (isFamily(attachment, "text") && inline) {
    if (baseMime(attachment.mime) !== "text/plain") {
      warnings.push(`anthropic: attachment ${describeAttachment(attachment)} sent as a text/plain document`);
    }
    return { type: "document", source: { type: "text", media_type: "text/plain", data: decodeText(attachment) }, ...title };
  }
  return omitAttachment("anthropic", attachment, explainRefusal(attachment));
}

/** A text piece: a text block, or the plain-text document it was in the source. */
function toTextBlock(text: string, extra: Record<string, unknown>): AnthropicContentBlock {
  if (readSourceType(extra) !== "document") return { type: "text", text, ...withoutBookkeeping(extra) };
  const source = { type: "text", media_type: "text/plain", ...readNested(extra, "source"), data: text } as AnthropicDocumentSource;
  return { type: "document", source, ...withoutBookkeeping(extra) };
}

/** The text content: never empty on a failure (the API rejects that with is_error), where it says what Bedrock's says. */
function statedText(result: ToolResult, text: string): string {
  return text === "" && !result.ok ? (result.error_type ?? "failed") : text;
}

/** Lowers a result to a tool_result block (or the user message around it); failures set is_error. */
export function lowerToAnthropic(result: ToolResult, options: LowerOptions): Lowered<AnthropicPayload> {
  const warnings: string[] = [];
  const toolUseId = requireCallId("anthropic", result, options, warnings);
  const sourcePieces = readSourcePieces(result, "anthropic");
  const composed = composeBlocks(sourcePieces ?? layOutGenerically(readResultText(result), result, "anthropic"), {
    text: toTextBlock,
    takesNotes: (extra) => readSourceType(extra) !== "document",
    attachment: (attachment, extra) => {
      const block = toMediaBlock(attachment, warnings);
      return "note" in block ? block : ({ ...block, ...withoutBookkeeping(extra) } as AnthropicContentBlock);
    },
  });
  warnings.push(...composed.warnings);

  const content = sourcePieces === undefined && composed.mediaCount === 0 ? statedText(result, joinParagraphs([readResultText(result), ...composed.notes])) : composed.blocks;
  const block: AnthropicToolResult = {
    type: "tool_result",
    tool_use_id: toolUseId,
    content,
    ...(result.ok ? {} : { is_error: true }),
    ...readSourceRecord(result, "anthropic", "source_extra"),
  };
  return { payload: options.envelope === "message" ? { role: "user", content: [block] } : block, warnings };
}
