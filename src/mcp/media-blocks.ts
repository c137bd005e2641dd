// The media blocks of a CallToolResult (image, audio, a blob resource): their data, and a text note in the place of
// one left out (by --max-media: capMedia; past the client's line: oversized-call.ts).
import { isRecord } from "../payload.js";
import { formatSize } from "../text/magic.js";

/** A content block of a CallToolResult. */
export type Block = Record<string, unknown>;

/** The base64 data of a media block (image, audio, blob resource). */
export function readMediaData(block: Block): string | undefined {
  if (typeof block.data === "string") return block.data;
  return isRecord(block.resource) && typeof block.resource.blob === "string" ? block.resource.blob : undefined;
}

/**
 * A text block in the place of a media block, its text `say`'s of the block's type, MIME type and decoded size
 * (`image`, `image/png`, `12.0 MiB`); it keeps what the client knows the block by (its annotations and _meta).
 */
export function noteInPlaceOf(block: Block, data: string, say: (type: string, mime: string, size: string) => string): Block {
  const resource = isRecord(block.resource) ? block.resource : undefined;
  const mime = typeof block.mimeType === "string" ? block.mimeType : resource !== undefined ? String(resource.mimeType ?? "application/octet-stream") : "application/octet-stream";
  const kept = Object.fromEntries(Object.entries(block).filter(([key]) => key === "annotations" || key === "_meta"));
  return { type: "text", text: say(String(block.type), mime, formatSize(mediaBytes(data))), ...kept };
}

/**
 * The result with `pending` replaced by `saved` in its text blocks: a note naming the id an answer was to be saved
 * under, when it was not saved after all (`saved` says so in fewer characters, so a budget still holds).
 */
export function namingSaved(result: Record<string, unknown>, pending: string, saved: string): Record<string, unknown> {
  if (!Array.isArray(result.content)) return result;
  const named = (result.content as unknown[]).map((block) => (isRecord(block) && block.type === "text" && typeof block.text === "string" && block.text.includes(pending) ? { ...block, text: block.text.replaceAll(pending, saved) } : block));
  return { ...result, content: named };
}

/** The decoded size of base64 data. */
export function mediaBytes(data: string): number {
  return Math.floor((data.length * 3) / 4);
}

/** The block with its media data emptied (to measure the rest of a result). */
export const blankMedia = (block: Block): Block => {
  if (typeof block.data === "string") return { ...block, data: "" };
  return isRecord(block.resource) && typeof block.resource.blob === "string" ? { ...block, resource: { ...block.resource, blob: "" } } : block;
};

/**
 * Media blocks over the cap become a text note (with the block's annotations and _meta); the others are kept exactly.
 * `dropped` is the data left out.
 */
export function capMedia(content: Block[], maxBytes: number | undefined, saved: string): { content: Block[]; dropped: Set<string> } {
  const dropped = new Set<string>();
  if (maxBytes === undefined) return { content, dropped };
  const capped = content.map((block) => {
    const data = readMediaData(block);
    if (data === undefined || mediaBytes(data) <= maxBytes) return block;
    dropped.add(data);
    return noteInPlaceOf(block, data, (type, mime, size) => `[${type} ${mime}, ${size}: left out by --max-media ${formatSize(maxBytes)}; ${saved}]`);
  });
  return { content: capped, dropped };
}
