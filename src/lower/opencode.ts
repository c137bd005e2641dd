// Lowers a result to opencode: `--envelope part` gives the object a tool's `execute` returns
// (`{ title, output, metadata, attachments }`, what plugins and MCP tools hand opencode); `--envelope message`
// gives the `tool-result` message part with its ToolResultValue (`text`, `json`, `error` or `content`).
import { isRecord, type Attachment, type ToolResult } from "../payload.js";
import { requireCallId, requireName } from "./identity.js";
import { toDataUrl } from "./media.js";
import { joinParagraphs, readResultText, stateError } from "./result-text.js";
import { isSameShape, keptPartOmissions, readSourceRecord, withoutBookkeeping } from "./source-layout.js";
import type { JsonValue, Lowered, LowerOptions } from "./types.js";

/** An attachment of an execute result (a FilePart without the session's ids). */
export interface OpencodeFilePart {
  type: "file";
  mime: string;
  url: string;
  filename?: string;
}

/** What a tool's `execute` returns; `metadata.truncated` says whether `output` was cut, `outputPath` where the whole is. */
export interface OpencodeExecuteResult {
  title: string;
  output: string;
  metadata: { [key: string]: JsonValue | undefined; truncated: boolean; outputPath?: string };
  attachments?: OpencodeFilePart[];
}

/** An item of a `content` ToolResultValue. */
export type OpencodeToolContent = { type: "text"; text: string } | { type: "file"; uri: string; mime: string; name?: string };

/** opencode's ToolResultValue. */
export type OpencodeToolResultValue =
  | { type: "json"; value: JsonValue }
  | { type: "text"; value: string }
  | { type: "error"; value: string }
  | { type: "content"; value: OpencodeToolContent[] };

/** The `tool-result` message part. */
export interface OpencodeToolResultPart {
  type: "tool-result";
  id: string;
  name: string;
  result: OpencodeToolResultValue;
}

/** `part`: the execute result; `message`: the tool-result part. */
export type OpencodePayload = OpencodeExecuteResult | OpencodeToolResultPart;

function toFilePart(attachment: Attachment): OpencodeFilePart {
  const fields = isRecord(attachment.extra) ? withoutBookkeeping(attachment.extra) : {};
  return { type: "file", mime: attachment.mime, url: toDataUrl(attachment), ...(attachment.name ? { filename: attachment.name } : {}), ...fields };
}

/** The model text, with a line for each part kept from another shape that opencode has no place for. */
function readText(result: ToolResult, warnings: string[]): string {
  const omissions = keptPartOmissions(result, "opencode");
  warnings.push(...omissions.map((omission) => omission.warning));
  return joinParagraphs([readResultText(result), ...omissions.map((omission) => omission.note)]);
}

function toExecuteResult(result: ToolResult, warnings: string[]): OpencodeExecuteResult {
  const text = readText(result, warnings);
  if (!result.ok) warnings.push("opencode: an execute result has no error flag; the error is stated in the output");
  const source = readSourceRecord(result, "opencode", "source_extra");
  const keptMetadata = isSameShape(result, "opencode") && isRecord(source.metadata) ? (source.metadata as Record<string, JsonValue>) : {};
  const outputPath = result.meta?.output_path;
  const truncated = result.meta?.truncated === true;
  const attachments = (result.attachments ?? []).map(toFilePart);
  const { metadata: _metadata, title, ...sourceRest } = source;
  return {
    title: typeof title === "string" ? title : "",
    output: result.ok ? text : stateError(text),
    metadata: { ...keptMetadata, truncated, ...(truncated && typeof outputPath === "string" ? { outputPath } : {}) },
    ...(attachments.length > 0 ? { attachments } : {}),
    ...sourceRest,
  };
}

function toResultValue(result: ToolResult, warnings: string[]): OpencodeToolResultValue {
  const text = readText(result, warnings);
  if (!result.ok) return { type: "error", value: text };
  const attachments = result.attachments ?? [];
  if (attachments.length === 0) {
    return result.data !== undefined && typeof result.data !== "string" ? { type: "json", value: result.data as JsonValue } : { type: "text", value: text };
  }
  const files = attachments.map((attachment): OpencodeToolContent => ({
    type: "file", uri: toDataUrl(attachment), mime: attachment.mime, ...(attachment.name ? { name: attachment.name } : {}),
  }));
  return { type: "content", value: [...(text === "" ? [] : [{ type: "text" as const, text }]), ...files] };
}

/** Lowers a result to an opencode execute result (part) or tool-result part (message); every attachment is carried. */
export function lowerToOpencode(result: ToolResult, options: LowerOptions): Lowered<OpencodePayload> {
  const warnings: string[] = [];
  if (options.envelope !== "message") return { payload: toExecuteResult(result, warnings), warnings };
  const id = requireCallId("opencode", result, options, warnings);
  const name = requireName("opencode", result, options, warnings);
  return { payload: { type: "tool-result", id, name, result: toResultValue(result, warnings) }, warnings };
}
