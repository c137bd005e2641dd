// The media blocks of a CallToolResult (image, audio, a blob resource): their data, and a text note in the place of
// one left out (by --max-media: result-bound.ts; past the client's line: oversized-call.ts).
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

/** The decoded size of base64 data. */
export function mediaBytes(data: string): number {
  return Math.floor((data.length * 3) / 4);
}
