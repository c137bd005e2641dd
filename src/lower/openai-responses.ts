// Lowers a result to an OpenAI Responses `function_call_output` item (or the `custom_tool_call_output` it was
// normalized from): a string, or input_text / input_image / input_file parts when attachments go with it.
// The item is already a whole input item: `--envelope` changes nothing.
import type { Attachment, ToolResult } from "../payload.js";
import { composeBlocks } from "./compose.js";
import { requireCallId } from "./identity.js";
import { baseMime, fileNameOf, hasMime, isFamily, isWebUri, omitAttachment, toDataUrl, WEB_IMAGE_TYPES, type Omission } from "./media.js";
import { joinParagraphs, readResultText, stateError } from "./result-text.js";
import { layOutGenerically, readSourcePieces, readSourceRecord, withoutBookkeeping } from "./source-layout.js";
import type { Lowered, LowerOptions } from "./types.js";

/** One part of a function call's output (ResponseFunctionCallOutputItem). */
export type OpenAIResponsesOutputPart =
  | { type: "input_text"; text: string }
  | { type: "input_image"; image_url: string; detail?: "low" | "high" | "auto" | "original" }
  | { type: "input_file"; file_data: string; filename: string }
  | { type: "input_file"; file_url: string; filename?: string };

/** The input item that answers a function call (ResponseInputItem.FunctionCallOutput). */
export interface OpenAIResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string | OpenAIResponsesOutputPart[];
}

/** The input item that answers a custom tool call (ResponseCustomToolCallOutput): images there need `detail`. */
export interface OpenAIResponsesCustomToolCallOutput {
  type: "custom_tool_call_output";
  call_id: string;
  output: string | (Exclude<OpenAIResponsesOutputPart, { type: "input_image" }> | { type: "input_image"; image_url: string; detail: "low" | "high" | "auto" | "original" })[];
}

/** A function_call_output item, or a custom_tool_call_output when the result was normalized from one. */
export type OpenAIResponsesPayload = OpenAIResponsesFunctionCallOutput | OpenAIResponsesCustomToolCallOutput;

/** Document types that input_file takes besides text/*. */
const FILE_TYPES: readonly string[] = [
  "application/pdf", "application/json", "application/rtf", "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
];

function toOutputPart(attachment: Attachment, index: number): OpenAIResponsesOutputPart | Omission {
  const uri = attachment.uri ?? "";
  if (attachment.data === undefined && !isWebUri(uri)) {
    return omitAttachment("openai-responses", attachment, "OpenAI Responses takes files as data or http(s) URLs only");
  }
  if (hasMime(attachment, WEB_IMAGE_TYPES)) return { type: "input_image", image_url: toDataUrl(attachment) };
  if (!hasMime(attachment, FILE_TYPES) && !isFamily(attachment, "text")) {
    const kind = isFamily(attachment, "image") ? "image" : baseMime(attachment.mime);
    return omitAttachment("openai-responses", attachment, `OpenAI Responses cannot take ${kind} in a function output`);
  }
  if (attachment.data === undefined) {
    return attachment.name === undefined ? { type: "input_file", file_url: uri } : { type: "input_file", file_url: uri, filename: attachment.name };
  }
  return { type: "input_file", file_data: toDataUrl(attachment), filename: fileNameOf(attachment, index) };
}

/** Lowers a result to an output item; failures are stated in the text ("Error: …"), there is no flag. */
export function lowerToOpenAIResponses(result: ToolResult, options: LowerOptions): Lowered<OpenAIResponsesPayload> {
  const warnings: string[] = [];
  const callId = requireCallId("openai-responses", result, options, warnings);
  const text = result.ok ? readResultText(result) : stateError(readResultText(result));
  const sourcePieces = readSourcePieces(result, "openai-responses");
  const composed = composeBlocks<OpenAIResponsesOutputPart>(sourcePieces ?? layOutGenerically(text, result, "openai-responses"), {
    text: (partText, extra) => ({ type: "input_text", text: partText, ...withoutBookkeeping(extra) }),
    attachment: (attachment, extra, index) => {
      const part = toOutputPart(attachment, index);
      return "note" in part ? part : ({ ...part, ...withoutBookkeeping(extra) } as OpenAIResponsesOutputPart);
    },
  });
  warnings.push(...composed.warnings);

  const output = sourcePieces === undefined && composed.mediaCount === 0 ? joinParagraphs([text, ...composed.notes]) : composed.blocks;
  const { type: sourceType, ...sourceRest } = readSourceRecord(result, "openai-responses", "source_extra");
  if (sourceType !== "custom_tool_call_output") {
    return { payload: { type: "function_call_output", call_id: callId, output, ...sourceRest }, warnings };
  }
  const customOutput = typeof output === "string" ? output : output.map((part) => (part.type === "input_image" ? { detail: "auto" as const, ...part } : part));
  return { payload: { type: "custom_tool_call_output", call_id: callId, output: customOutput, ...sourceRest }, warnings };
}
