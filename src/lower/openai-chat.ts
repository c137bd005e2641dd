// Lowers a result to an OpenAI Chat Completions `role:"tool"` message. Tool messages take text only, so
// images follow in one `role:"user"` message of image_url data URLs captioned with the call id.
import type { Attachment, ToolResult } from "../payload.js";
import { requireCallId } from "./identity.js";
import { hasMime, isWebUri, omitAttachment, toDataUrl, WEB_IMAGE_TYPES, type Omission } from "./media.js";
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

/** A part of the user message that carries a tool's images. */
export type OpenAIChatUserPart = OpenAIChatTextPart | { type: "image_url"; image_url: { url: string } };

/** The user message that follows the tool message when the result has images (ChatCompletionUserMessageParam). */
export interface OpenAIChatUserMessage {
  role: "user";
  content: OpenAIChatUserPart[];
}

/** `part`: the tool message, or [tool, user] when images follow; `message`: always the list of messages. */
export type OpenAIChatPayload = OpenAIChatToolMessage | [OpenAIChatToolMessage, ...OpenAIChatUserMessage[]];

/** The caption over the images, so the model knows which call they came from. */
export function captionImages(callId: string): string {
  return `Images returned by tool call ${callId}:`;
}

function isSendableImage(attachment: Attachment): boolean {
  const reachable = attachment.data !== undefined || isWebUri(attachment.uri ?? "");
  return reachable && hasMime(attachment, WEB_IMAGE_TYPES);
}

function explainOmission(attachment: Attachment): Omission {
  const reason = hasMime(attachment, WEB_IMAGE_TYPES)
    ? "OpenAI Chat takes images as data or http(s) URLs only"
    : `OpenAI Chat cannot take ${attachment.mime} from a tool (images only: png, jpeg, gif, webp)`;
  return omitAttachment("openai-chat", attachment, reason);
}

/** Lowers a result to OpenAI Chat messages; failures are stated in the text ("Error: …"), there is no flag. */
export function lowerToOpenAIChat(result: ToolResult, options: LowerOptions): Lowered<OpenAIChatPayload> {
  const warnings: string[] = [];
  const callId = requireCallId("openai-chat", result, options, warnings);
  const text = result.ok ? readResultText(result) : stateError(readResultText(result));
  const sourcePieces = readSourcePieces(result, "openai-chat");
  const pieces = (sourcePieces ?? layOutGenerically(text, result, "openai-chat"))
    .filter((piece) => piece.kind !== "attachment" || !isSendableImage(piece.attachment));
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
  const images = (result.attachments ?? []).filter(isSendableImage);
  if (images.length === 0) return { payload: options.envelope === "message" ? [toolMessage] : toolMessage, warnings };

  const userMessage: OpenAIChatUserMessage = {
    role: "user",
    content: [
      { type: "text", text: captionImages(callId) },
      ...images.map((image): OpenAIChatUserPart => ({ type: "image_url", image_url: { url: toDataUrl(image) } })),
    ],
  };
  return { payload: [toolMessage, userMessage], warnings };
}
