// Lowers a result to an MCP `CallToolResult`: text, image, audio, embedded resource and resource_link
// blocks, structuredContent for a JSON object, isError for a failure. MCP carries every attachment; only parts
// kept verbatim from another provider (an Anthropic search_result…) are said in the text instead.
import { UNKNOWN_MIME } from "../normalize/mime.js";
import { isRecord, type Attachment, type ToolResult } from "../payload.js";
import { composeBlocks } from "./compose.js";
import { baseMime, decodeText, fileNameOf, isFamily } from "./media.js";
import { readResultText, stringifyJson } from "./result-text.js";
import { isSameShape, layOutGenerically, readNested, readSourcePieces, readSourceRecord, readSourceType, withoutBookkeeping } from "./source-layout.js";
import type { Lowered, LowerOptions } from "./types.js";

/** Hints for the client about a content block (Annotations). */
export interface McpAnnotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
}

/** Fields every MCP content block may carry, kept from the source in the attachment's `extra`. */
interface McpBlockExtras {
  annotations?: McpAnnotations;
  _meta?: Record<string, unknown>;
}

/** An MCP content block (TextContent | ImageContent | AudioContent | EmbeddedResource | ResourceLink). */
export type McpContentBlock =
  | ({ type: "text"; text: string } & McpBlockExtras)
  | ({ type: "image"; data: string; mimeType: string } & McpBlockExtras)
  | ({ type: "audio"; data: string; mimeType: string } & McpBlockExtras)
  | ({ type: "resource"; resource: McpResourceContents } & McpBlockExtras)
  | ({ type: "resource_link"; uri: string; name: string; mimeType?: string } & McpBlockExtras);

/** The contents of an embedded resource: text or a base64 blob. */
export type McpResourceContents =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: string };

/** The result of tools/call (CallToolResult); a type alias, since the SDK's result type is open to more keys. */
export type McpCallToolResult = {
  content: McpContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** The URI an embedded resource is known by: the source's, else a name-based `attachment:` URI. */
function resourceUri(attachment: Attachment, extra: Record<string, unknown>, index: number): string {
  const kept = readNested(extra, "resource").uri;
  return typeof kept === "string" ? kept : `attachment:${encodeURIComponent(fileNameOf(attachment, index))}`;
}

/** The MIME type to write, left out when the source declared none and nothing better was found. */
function mimeField(attachment: Attachment, extra: Record<string, unknown>): { mimeType?: string } {
  return extra.declared_mime === null && attachment.mime === UNKNOWN_MIME ? {} : { mimeType: attachment.mime };
}

function toMediaBlock(attachment: Attachment, extra: Record<string, unknown>, index: number): McpContentBlock {
  const fields = withoutBookkeeping(extra) as McpBlockExtras;
  const sourceType = readSourceType(extra);
  if (attachment.data === undefined) {
    const uri = attachment.uri ?? "";
    const name = attachment.name ?? (uri.split("/").filter((segment) => segment !== "").pop() || uri);
    return { type: "resource_link", uri, name, ...mimeField(attachment, extra), ...fields };
  }
  const kind = sourceType === "image" || sourceType === "audio" || sourceType === "resource" ? sourceType
    : isFamily(attachment, "image") ? "image" : isFamily(attachment, "audio") ? "audio" : "resource";
  if (kind !== "resource") return { type: kind, data: attachment.data, mimeType: attachment.mime, ...fields };
  const resource = { ...readNested(extra, "resource"), uri: resourceUri(attachment, extra, index), ...mimeField(attachment, extra) };
  const contents: McpResourceContents = sourceType === undefined && baseMime(attachment.mime).startsWith("text/")
    ? { ...resource, text: decodeText(attachment) }
    : { ...resource, blob: attachment.data };
  return { type: "resource", resource: contents, ...fields };
}

/** A text piece: a text block, or the embedded text resource it was in the source. */
function toTextBlock(text: string, extra: Record<string, unknown>): McpContentBlock {
  const fields = withoutBookkeeping(extra) as McpBlockExtras;
  if (readSourceType(extra) !== "resource") return { type: "text", text, ...fields };
  return { type: "resource", resource: { ...readNested(extra, "resource"), text } as McpResourceContents, ...fields };
}

/**
 * structuredContent: what normalization kept beside the text, else the data when it is a JSON object. An MCP
 * source's value comes back whatever it is (2026-07-28 allows any JSON value; older revisions and the
 * installed SDK's types take objects only, which is what other sources get).
 */
function findStructured(result: ToolResult): Record<string, unknown> | undefined {
  const meta = result.meta;
  if (isSameShape(result, "mcp")) {
    if (meta?.structured_content !== undefined) return meta.structured_content as Record<string, unknown>;
    if (meta?.structured_content_is_data === true && result.data !== undefined) return result.data as Record<string, unknown>;
  }
  if (isRecord(meta?.structured_content)) return meta.structured_content;
  return result.ok && isRecord(result.data) ? result.data : undefined;
}

/** Lowers a result to a CallToolResult (already the whole result: `--envelope` changes nothing); failures set isError. */
export function lowerToMcp(result: ToolResult, _options: LowerOptions): Lowered<McpCallToolResult> {
  const structured = findStructured(result);
  const structuredIsData = structured !== undefined && structured === result.data;
  const sourceHadNoText = structuredIsData && isSameShape(result, "mcp") && result.meta?.structured_content_is_data === true;
  const text = sourceHadNoText ? "" : structuredIsData ? stringifyJson(structured) : readResultText(result);
  const pieces = readSourcePieces(result, "mcp") ?? layOutGenerically(text, result, "mcp");
  const { blocks, warnings } = composeBlocks<McpContentBlock>(pieces, { text: toTextBlock, attachment: toMediaBlock });
  const payload: McpCallToolResult = {
    content: blocks,
    ...(structured === undefined ? {} : { structuredContent: structured }),
    ...(result.ok ? {} : { isError: true }),
    ...readSourceRecord(result, "mcp", "source_extra"),
  };
  return { payload, warnings };
}
