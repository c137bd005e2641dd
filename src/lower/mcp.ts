// Lowers a result to an MCP `CallToolResult`: text, image, audio, embedded resource and resource_link
// blocks, structuredContent for a JSON object, isError for a failure. MCP carries every attachment; only parts
// kept verbatim from another provider (an Anthropic search_result…) are said in the text instead.
import { UNKNOWN_MIME } from "../normalize/mime.js";
import { isRecord, type Attachment, type ToolResult } from "../payload.js";
import { composeBlocks } from "./compose.js";
import { baseMime, decodeText, fileNameOf, isFamily } from "./media.js";
import { readResultText, stringifyJson } from "./result-text.js";
import { cutSegments, type CutLines, type CutSegment } from "./mcp-cut.js";
import { isSameShape, layOutGenerically, readNested, readSourcePieces, readSourceRecord, readSourceType, withoutBookkeeping, type Piece } from "./source-layout.js";
import type { PartLayout } from "../normalize/parts.js";
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

/** False for a block the model is not shown: annotations with an audience that leaves out "assistant". */
function forModel(extra: Record<string, unknown> | undefined): boolean {
  const annotations = extra?.annotations;
  const audience = isRecord(annotations) ? annotations.audience : undefined;
  return !Array.isArray(audience) || audience.includes("assistant");
}

/** The cut text's segments (mcp-cut.ts) over the source's text parts; a resource none of whose lines is shown gets a note. */
type TextPart = Extract<PartLayout, { type: "text" }>;

function segmentsOf(textParts: readonly TextPart[], cut: CutLines): CutSegment[] | undefined {
  const known = cut.partLines === undefined ? { text: cut.text, partLines: textParts.map(() => 1) } : cut;
  return cutSegments(known, (part) => forModel(textParts[part]!.extra), (part) => readSourceType(textParts[part]!.extra ?? {}) === "resource");
}

/**
 * How many embedded resources of an MCP result a cut shows by a note alone (none of their lines shown): each adds a
 * line beside the cut text (output.ts counts them against the line budget). 0 when the cut does not fit the result.
 */
export function resourceNoteCount(result: ToolResult, cut: CutLines): number {
  const parts = result.meta?.parts;
  if (!isSameShape(result, "mcp") || !Array.isArray(parts) || cut.lineSources === undefined) return 0;
  const textParts = (parts as PartLayout[]).filter((part): part is TextPart => part.type === "text");
  if (textParts.length === 0 || (cut.partLines !== undefined && cut.partLines.length !== textParts.length)) return 0;
  return segmentsOf(textParts, cut)?.filter((segment) => segment.note).length ?? 0;
}

/**
 * The source's blocks in order with a cut text put back into them (mcp-cut.ts): each text part that is still shown
 * with its own lines and fields (a resource its uri; one wholly cut with a note for its text), attachments and kept
 * blocks where they were. Undefined when the result is not an MCP result with its layout, or the cut does not fit it.
 */
function cutPieces(result: ToolResult, text: string, cut: CutLines): Piece[] | undefined {
  const parts = result.meta?.parts;
  if (!isSameShape(result, "mcp") || !Array.isArray(parts) || cut.text !== text) return undefined;
  const layout = parts as PartLayout[];
  const textParts = layout.filter((part): part is TextPart => part.type === "text");
  const attachments = result.attachments ?? [];
  if (textParts.length === 0 || attachments.length !== layout.length - textParts.length - layout.filter((part) => part.type === "kept").length) return undefined;
  if (cut.partLines !== undefined && cut.partLines.length !== textParts.length) return undefined;
  const segments = segmentsOf(textParts, cut);
  if (segments === undefined) return undefined;
  const pieces: Piece[] = [];
  let textIndex = 0;
  for (const part of layout) {
    if (part.type === "kept") pieces.push({ kind: "kept", value: part.value });
    else if (part.type === "attachment") {
      const attachment = attachments[part.index];
      if (attachment === undefined) return undefined;
      pieces.push({ kind: "attachment", attachment, extra: attachment.extra ?? {} });
    } else {
      const ordinal = textIndex++;
      for (const segment of segments) if (segment.part === ordinal) pieces.push({ kind: "text", text: segment.text, extra: segment.own ? {} : (part.extra ?? {}) });
    }
  }
  return pieces;
}

/**
 * Lowers a result to a CallToolResult (already the whole result: `--envelope` changes nothing); failures set isError.
 * `cut`: the bounded text and where its lines come from, so that a cut MCP result keeps its blocks (mcp-cut.ts).
 */
export function lowerToMcp(result: ToolResult, _options: LowerOptions, cut?: CutLines): Lowered<McpCallToolResult> {
  const structured = findStructured(result);
  const structuredIsData = structured !== undefined && structured === result.data;
  const sourceHadNoText = structuredIsData && isSameShape(result, "mcp") && result.meta?.structured_content_is_data === true;
  const text = sourceHadNoText ? "" : structuredIsData ? stringifyJson(structured) : readResultText(result);
  const cutLayout = cut === undefined || structuredIsData ? undefined : () => cutPieces(result, text, cut);
  const pieces = readSourcePieces(result, "mcp") ?? cutLayout?.() ?? layOutGenerically(text, result, "mcp");
  const { blocks, warnings } = composeBlocks<McpContentBlock>(pieces, { text: toTextBlock, attachment: toMediaBlock });
  const payload: McpCallToolResult = {
    content: blocks,
    ...(structured === undefined ? {} : { structuredContent: structured }),
    ...(result.ok ? {} : { isError: true }),
    ...readSourceRecord(result, "mcp", "source_extra"),
  };
  return { payload, warnings };
}
