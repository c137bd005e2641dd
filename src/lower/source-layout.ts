// Round trips: when a result was normalized from the same shape it is lowered to, normalization kept the
// source's part order and its extra fields in meta (src/normalize/README.md); this module reads them back,
// so that `normalize --from X | lower --to X` gives back the input. Any other result is laid out generically.
import type { PartLayout } from "../normalize/parts.js";
import { partSeparatorOf } from "../normalize/parts.js";
import { isRecord, type Attachment, type Provider, type ToolResult } from "../payload.js";
import { omitForeignPart, type Omission } from "./media.js";

/**
 * One piece of a result in the order the model reads it; `extra` holds the source's fields for the piece.
 * `kept` is a source part written back verbatim (same shape only); `omitted` one from another shape.
 */
export type Piece =
  | { kind: "text"; text: string; extra: Record<string, unknown> }
  | { kind: "attachment"; attachment: Attachment; extra: Record<string, unknown> }
  | { kind: "kept"; value: unknown }
  | { kind: "omitted"; omission: Omission };

/** Keys normalization adds to extras for its own bookkeeping: never written to a wire payload as they are. */
const BOOKKEEPING_KEYS = new Set(["source_type", "declared_mime", "unreadable", "resource", "s3Location", "file_data_extra", "source", "document"]);

/** True when the result was normalized from the very shape it is lowered to. */
export function isSameShape(result: ToolResult, provider: Provider): boolean {
  return result.meta?.source_shape === provider;
}

/** A meta record (source_extra, wrapper_extra, …) kept from the same shape; {} otherwise. */
export function readSourceRecord(result: ToolResult, provider: Provider, key: "source_extra" | "wrapper_extra"): Record<string, unknown> {
  const value = result.meta?.[key];
  return isSameShape(result, provider) && isRecord(value) ? value : {};
}

/** The source's fields of a piece or a block, without normalization's bookkeeping keys. */
export function withoutBookkeeping(extra: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(extra ?? {}).filter(([key]) => !BOOKKEEPING_KEYS.has(key)));
}

/** The kind of block the source had for a piece (`source_type` in its extra), if normalization recorded it. */
export function readSourceType(extra: Record<string, unknown>): string | undefined {
  return typeof extra.source_type === "string" ? extra.source_type : undefined;
}

/** A nested record of an extra (an MCP resource's fields, an S3 location's), or {}. */
export function readNested(extra: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = extra[key];
  return isRecord(value) ? value : {};
}

function splitText(text: string, parts: readonly PartLayout[], separator: string): string[] | undefined {
  const lengths = parts.flatMap((part) => (part.type === "text" ? [part.chars] : []));
  const expected = lengths.reduce((sum, length) => sum + length, 0) + Math.max(0, lengths.length - 1) * separator.length;
  if (expected !== text.length) return undefined;
  let offset = 0;
  return lengths.map((length) => {
    const piece = text.slice(offset, offset + length);
    offset += length + separator.length;
    return piece;
  });
}

/** The text the source's text parts were joined into: the data of a success, the error of a failure. */
export function readJoinedText(result: ToolResult): string {
  const body = result.ok ? result.data : result.error;
  return typeof body === "string" ? body : "";
}

/**
 * The source's pieces in source order, when the result came from `provider`, kept its part layout, and its
 * text still splits exactly into the source's text parts (it does not once the bounder cut it).
 * `text` is the text the parts were joined into (the data or the error).
 */
export function readSourcePieces(result: ToolResult, provider: Provider, text = readJoinedText(result)): Piece[] | undefined {
  const parts = result.meta?.parts;
  if (!isSameShape(result, provider) || !Array.isArray(parts) || result.meta?.truncated === true) return undefined;
  const layout = parts as PartLayout[];
  const texts = splitText(text, layout, partSeparatorOf(provider));
  const attachments = result.attachments ?? [];
  if (texts === undefined) return undefined;
  const pieces: Piece[] = [];
  let textIndex = 0;
  for (const part of layout) {
    if (part.type === "text") pieces.push({ kind: "text", text: texts[textIndex++] ?? "", extra: part.extra ?? {} });
    else if (part.type === "kept") pieces.push({ kind: "kept", value: part.value });
    else {
      const attachment = attachments[part.index];
      if (attachment === undefined) return undefined;
      pieces.push({ kind: "attachment", attachment, extra: attachment.extra ?? {} });
    }
  }
  return pieces.length === layout.length && attachments.length === layout.filter((part) => part.type === "attachment").length ? pieces : undefined;
}

/** True when normalization kept source parts verbatim (meta.parts entries of type "kept"). */
export function hasKeptParts(result: ToolResult): boolean {
  const parts = result.meta?.parts;
  return Array.isArray(parts) && (parts as PartLayout[]).some((part) => part.type === "kept");
}

/**
 * The generic layout: the whole text first (when there is any), then every attachment in order, then the
 * parts normalization kept verbatim: written back for the same shape, said in the text for another.
 */
export function layOutGenerically(text: string, result: ToolResult, provider: Provider): Piece[] {
  const same = isSameShape(result, provider);
  const textPieces: Piece[] = text === "" ? [] : [{ kind: "text", text, extra: {} }];
  const attachments = (result.attachments ?? []).map((attachment): Piece => ({ kind: "attachment", attachment, extra: same ? (attachment.extra ?? {}) : {} }));
  const parts = Array.isArray(result.meta?.parts) ? (result.meta.parts as PartLayout[]) : [];
  const from = result.meta?.source_shape ?? "source";
  const kept = parts.flatMap((part): Piece[] => {
    if (part.type !== "kept") return [];
    return [same ? { kind: "kept", value: part.value } : { kind: "omitted", omission: omitForeignPart(provider, part.value, from) }];
  });
  return [...textPieces, ...attachments, ...kept];
}

/** The parts normalization kept verbatim, as omissions for a target that has no place for any of them. */
export function keptPartOmissions(result: ToolResult, provider: Provider): Omission[] {
  const parts = Array.isArray(result.meta?.parts) ? (result.meta.parts as PartLayout[]) : [];
  const from = result.meta?.source_shape ?? "source";
  return parts.flatMap((part) => (part.type === "kept" ? [omitForeignPart(provider, part.value, from)] : []));
}

/**
 * The source's text parts as one plain text, for targets that take plain text: each MCP embedded text resource
 * headed by its URI (`[resource URI]`; without it the URI would be lost outside MCP), and empty text parts left
 * out (joined, they would leave a blank separator behind: a whitespace-only text block, which Anthropic and
 * Bedrock reject). Unchanged when there is neither or the text was cut.
 */
export function plainPartsText(result: ToolResult, text: string): string {
  const parts = result.meta?.parts;
  if (!Array.isArray(parts) || result.meta?.truncated === true) return text;
  const layout = parts as PartLayout[];
  const uriOf = (part: PartLayout): string | undefined => {
    if (part.type !== "text" || readSourceType(part.extra ?? {}) !== "resource") return undefined;
    const uri = readNested(part.extra ?? {}, "resource").uri;
    return typeof uri === "string" ? uri : undefined;
  };
  const textParts = layout.filter((part) => part.type === "text");
  const hasEmpty = textParts.length > 1 && textParts.some((part) => part.chars === 0);
  if (!hasEmpty && !layout.some((part) => uriOf(part) !== undefined)) return text;
  const separator = partSeparatorOf(result.meta?.source_shape);
  const texts = splitText(text, layout, separator);
  if (texts === undefined) return text;
  const labelled = textParts.map((part, index) => (uriOf(part) === undefined ? texts[index]! : `[resource ${uriOf(part)}]\n${texts[index]}`));
  return labelled.filter((piece) => piece !== "").join(separator);
}
