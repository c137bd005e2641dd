// Lowers a result to a Vercel AI SDK v6 `ToolResultOutput`: text, json, error-text, error-json,
// execution-denied, or content parts when attachments go with it.
import type { Attachment, ToolResult } from "../payload.js";
import { requireCallId, requireName } from "./identity.js";
import { isFamily } from "./media.js";
import { isDenied, readErrorText, readResultText, stateError } from "./result-text.js";
import type { JsonValue, Lowered, LowerOptions } from "./types.js";

/** A part of a `content` output. */
export type AiSdkContentPart =
  | { type: "text"; text: string }
  | { type: "image-data"; data: string; mediaType: string }
  | { type: "image-url"; url: string }
  | { type: "file-data"; data: string; mediaType: string; filename?: string }
  | { type: "file-url"; url: string; mediaType?: string };

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

function toContentPart(attachment: Attachment): AiSdkContentPart {
  const image = isFamily(attachment, "image");
  if (attachment.data === undefined) {
    const url = attachment.uri ?? "";
    return image ? { type: "image-url", url } : { type: "file-url", url, mediaType: attachment.mime };
  }
  if (image) return { type: "image-data", data: attachment.data, mediaType: attachment.mime };
  const filename = attachment.name === undefined ? {} : { filename: attachment.name };
  return { type: "file-data", data: attachment.data, mediaType: attachment.mime, ...filename };
}

/** The output without attachments: each kind of result has its own output type. */
function toPlainOutput(result: ToolResult): AiSdkToolResultOutput {
  if (isDenied(result)) {
    return result.error === undefined ? { type: "execution-denied" } : { type: "execution-denied", reason: readErrorText(result) };
  }
  if (!result.ok) {
    const structured = result.data === undefined && result.error !== undefined && typeof result.error !== "string";
    return structured ? { type: "error-json", value: result.error as JsonValue } : { type: "error-text", value: readResultText(result) };
  }
  if (result.data === undefined || typeof result.data === "string") return { type: "text", value: result.data ?? "" };
  return { type: "json", value: result.data as JsonValue };
}

/** The output with attachments: content parts, where a failure can only be stated in the text. */
function toContentOutput(result: ToolResult, attachments: Attachment[], warnings: string[]): AiSdkToolResultOutput {
  const text = result.ok ? readResultText(result) : stateError(readResultText(result));
  if (!result.ok) warnings.push("ai-sdk: a content output has no error flag; the error is stated in the text");
  const textParts: AiSdkContentPart[] = text === "" ? [] : [{ type: "text", text }];
  return { type: "content", value: [...textParts, ...attachments.map(toContentPart)] };
}

/** Lowers a result to a ToolResultOutput (or the tool message around it); failures use error-* and execution-denied. */
export function lowerToAiSdk(result: ToolResult, options: LowerOptions): Lowered<AiSdkPayload> {
  const warnings: string[] = [];
  const attachments = result.attachments ?? [];
  const output = attachments.length === 0 ? toPlainOutput(result) : toContentOutput(result, attachments, warnings);
  if (options.envelope === "part") return { payload: output, warnings };
  const toolCallId = requireCallId("ai-sdk", result, options, warnings);
  const toolName = requireName("ai-sdk", result, options, warnings);
  return { payload: { role: "tool", content: [{ type: "tool-result", toolCallId, toolName, output }] }, warnings };
}
