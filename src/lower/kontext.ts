// Lowers a result to Kontext's BaseToolResult `{ success, message, …extensions }`. `--envelope message` gives
// the tool execution Kontext's frontend sends back: `{ tool_call_id, tool_name, result }` with the result as a
// JSON string (agno's ToolExecution fields). Kontext results carry no files: attachments are said in the message.
import { isRecord, type ToolResult } from "../payload.js";
import { requireCallId, requireName } from "./identity.js";
import { omitAttachment } from "./media.js";
import { joinParagraphs, readResultText, stringifyJson } from "./result-text.js";
import { keptPartOmissions } from "./source-layout.js";
import type { JsonValue, Lowered, LowerOptions } from "./types.js";

/** A Kontext result: BaseToolResult and whatever extension fields its type adds. */
export interface KontextToolResult {
  success: boolean;
  message: string;
  [extension: string]: JsonValue;
}

/** The tool execution around a result sent back across Kontext's boundary: the result as JSON text. */
export interface KontextToolExecution {
  tool_call_id: string;
  tool_name: string;
  result: string;
}

/** `part`: the result object; `message`: the tool execution with the result as a JSON string. */
export type KontextPayload = KontextToolResult | KontextToolExecution;

function toResult(result: ToolResult, warnings: string[]): KontextToolResult {
  const omissions = [
    ...(result.attachments ?? []).map((attachment) => omitAttachment("kontext", attachment, "Kontext tool results carry no files")),
    ...keptPartOmissions(result, "kontext"),
  ];
  warnings.push(...omissions.map((omission) => omission.warning));
  const notes = omissions.map((omission) => omission.note);
  const data = result.ok ? result.data : undefined;
  if (isRecord(data) && typeof data.message === "string") {
    return { success: true, ...(data as Record<string, JsonValue>), message: joinParagraphs([data.message, ...notes]) };
  }
  return { success: result.ok, message: joinParagraphs([readResultText(result), ...notes]) };
}

/** Lowers a result to a Kontext result (part) or the tool execution carrying it as a JSON string (message). */
export function lowerToKontext(result: ToolResult, options: LowerOptions): Lowered<KontextPayload> {
  const warnings: string[] = [];
  const payload = toResult(result, warnings);
  if (options.envelope !== "message") return { payload, warnings };
  const toolCallId = requireCallId("kontext", result, options, warnings);
  const toolName = requireName("kontext", result, options, warnings);
  return { payload: { tool_call_id: toolCallId, tool_name: toolName, result: stringifyJson(payload) }, warnings };
}
