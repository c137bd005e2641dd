// Lowers a result to an OpenAI Chat Completions `role:"tool"` message. Tool messages take text only, so
// images and PDFs follow in one `role:"user"` message (image_url parts, PDFs as file parts of a data: URL)
// captioned with the call id.
import type { Attachment, ToolResult } from "../payload.js";
import { requireCallId } from "./identity.js";
import { fileNameOf, hasMime, isWebUri, omitAttachment, toDataUrl, WEB_IMAGE_TYPES, type Omission } from "./media.js";
import { composeBlocks } from "./compose.js";
import { joinParagraphs, readResultText, stateError } from "./result-text.js";
import { layOutGenerically, readSourcePieces, readSourceRecord, withoutBookkeeping } from "./source-layout.js";
import type { Lowered, LowerOptions } from "./types.js";

/** A text part of a tool message (ChatCompletionContentPartText). */
export interface OpenAIChatTextPart {
  type: "text";
  text: string;
}

/** The tool message that answers a tool call (ChatCompletionToolMessageParam); text parts only when the source had them. */
export interface OpenAIChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string | OpenAIChatTextPart[];
}

/** A part of the user message that carries a tool's images and PDFs. */
export type OpenAIChatUserPart =
  | OpenAIChatTextPart
  | { type: "image_url"; image_url: { url: string } }
  | { type: "file"; file: { file_data: string; filename: string } };

/** The user message that follows the tool message when the result has images or PDFs (ChatCompletionUserMessageParam). */
export interface OpenAIChatUserMessage {
  role: "user";
  content: OpenAIChatUserPart[];
}

/** `part`: the tool message, or [tool, user] when images follow; `message`: always the list of messages. */
export type OpenAIChatPayload = OpenAIChatToolMessage | [OpenAIChatToolMessage, ...OpenAIChatUserMessage[]];

/** The caption over the files, so the model knows which call they came from: "Images" unless a PDF is among them. */
export function captionImages(callId: string, withDocuments = false): string {
  return `${withDocuments ? "Files" : "Images"} returned by tool call ${callId}:`;
}

const PDF = ["application/pdf"];

/** A web image (as data or an http(s) URL), or a PDF as data: Chat Completions' file part has no URL field. */
function isSendable(attachment: Attachment): boolean {
  if (hasMime(attachment, PDF)) return attachment.data !== undefined;
  return (attachment.data !== undefined || isWebUri(attachment.uri ?? "")) && hasMime(attachment, WEB_IMAGE_TYPES);
}

function explainOmission(attachment: Attachment): Omission {
  const reason = hasMime(attachment, WEB_IMAGE_TYPES)
    ? "OpenAI Chat takes images as data or http(s) URLs only"
    : hasMime(attachment, PDF)
      ? "OpenAI Chat takes PDFs as data only"
      : `OpenAI Chat cannot take ${attachment.mime} from a tool (images: png, jpeg, gif, webp; PDF)`;
  return omitAttachment("openai-chat", attachment, reason);
}

function toUserPart(attachment: Attachment, index: number): OpenAIChatUserPart {
  if (!hasMime(attachment, PDF)) return { type: "image_url", image_url: { url: toDataUrl(attachment) } };
  return { type: "file", file: { file_data: toDataUrl(attachment), filename: fileNameOf(attachment, index) } };
}

/** Lowers a result to OpenAI Chat messages; failures are stated in the text ("Error: …"), there is no flag. */
export function lowerToOpenAIChat(result: ToolResult, options: LowerOptions): Lowered<OpenAIChatPayload> {
  const warnings: string[] = [];
  const callId = requireCallId("openai-chat", result, options, warnings);
  const text = result.ok ? readResultText(result) : stateError(readResultText(result));
  const sourcePieces = readSourcePieces(result, "openai-chat");
  const pieces = (sourcePieces ?? layOutGenerically(text, result, "openai-chat"))
    .filter((piece) => piece.kind !== "attachment" || !isSendable(piece.attachment));
  const composed = composeBlocks<OpenAIChatTextPart>(pieces, {
    text: (partText, extra) => ({ type: "text", text: partText, ...withoutBookkeeping(extra) }),
    attachment: explainOmission,
  });
  warnings.push(...composed.warnings);

  const toolMessage: OpenAIChatToolMessage = {
    role: "tool",
    tool_call_id: callId,
    content: sourcePieces === undefined ? joinParagraphs([text, ...composed.notes]) : composed.blocks,
    ...readSourceRecord(result, "openai-chat", "source_extra"),
  };
  const sent = (result.attachments ?? []).map((attachment, index) => ({ attachment, index })).filter(({ attachment }) => isSendable(attachment));
  if (sent.length === 0) return { payload: options.envelope === "message" ? [toolMessage] : toolMessage, warnings };

  const userMessage: OpenAIChatUserMessage = {
    role: "user",
    content: [
      { type: "text", text: captionImages(callId, sent.some(({ attachment }) => hasMime(attachment, PDF))) },
      ...sent.map(({ attachment, index }) => toUserPart(attachment, index)),
    ],
  };
  return { payload: [toolMessage, userMessage], warnings };
}
