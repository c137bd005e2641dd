// MIME decisions for attachments: trust the declared type unless the magic bytes contradict it.
import type { SniffedType } from "../text/magic.js";

/** The MIME type used when nothing is declared and nothing can be sniffed. */
export const UNKNOWN_MIME = "application/octet-stream";

const ALIASES: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/x-png": "image/png",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "audio/mp3": "audio/mpeg",
  "audio/x-mpeg": "audio/mpeg",
  "application/x-pdf": "application/pdf",
  "application/x-gzip": "application/gzip",
  "application/x-zip-compressed": "application/zip",
  "image/x-ms-bmp": "image/bmp",
  "image/vnd.microsoft.icon": "image/x-icon",
};

const EXTENSIONS: Record<string, string> = {
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp",
  bmp: "image/bmp", svg: "image/svg+xml", ico: "image/x-icon", tif: "image/tiff", tiff: "image/tiff",
  avif: "image/avif", heic: "image/heic",
  pdf: "application/pdf", txt: "text/plain", md: "text/markdown", markdown: "text/markdown",
  html: "text/html", htm: "text/html", csv: "text/csv", json: "application/json", xml: "application/xml",
  yaml: "application/yaml", yml: "application/yaml", log: "text/plain",
  doc: "application/msword", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg", flac: "audio/flac", m4a: "audio/mp4",
  mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime", mkv: "video/x-matroska",
  zip: "application/zip", gz: "application/gzip", tar: "application/x-tar",
};

/** Lower-cased, parameters dropped, common aliases resolved: `Image/JPG; q=1` → `image/jpeg`. */
export function canonicalizeMime(mime: string): string {
  const bare = mime.split(";")[0]!.trim().toLowerCase();
  return ALIASES[bare] ?? bare;
}

/** A MIME type guessed from a file name's or URI's extension, or undefined. */
export function guessMimeFromName(name: string): string | undefined {
  const path = name.split(/[?#]/)[0] ?? "";
  const match = /\.([A-Za-z0-9]+)$/.exec(path);
  return match ? EXTENSIONS[match[1]!.toLowerCase()] : undefined;
}

/** The last path segment of a URI, for naming an attachment; undefined when there is none. */
export function extractFileName(uri: string): string | undefined {
  const path = uri.split(/[?#]/)[0] ?? "";
  const segment = path.slice(path.lastIndexOf("/") + 1);
  if (segment === "") return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// Signatures that many formats share (zip-based office files, ISO media): they only fill an unknown type.
const CONTAINER_SNIFFS = new Set(["application/zip", "video/mp4"]);
// A weak signature (MPEG frame sync) that other audio formats can start with by chance.
const WEAK_SNIFFS = new Set(["audio/mpeg"]);

/**
 * The MIME an attachment should carry: the declared one unless it is absent, generic, or contradicted
 * by the magic bytes. `corrected` is true when the result differs from what was declared.
 */
export function chooseMime(declared: string | undefined, sniffed: SniffedType | undefined): { mime: string; corrected: boolean } {
  const declaredCanonical = declared === undefined ? "" : canonicalizeMime(declared);
  if (sniffed !== undefined && sniffed.mime !== declaredCanonical) {
    const generic = declaredCanonical === "" || declaredCanonical === UNKNOWN_MIME || declaredCanonical === "binary/octet-stream";
    const container = CONTAINER_SNIFFS.has(sniffed.mime) && !declaredCanonical.startsWith("image/") && declaredCanonical !== "application/pdf";
    const weak = WEAK_SNIFFS.has(sniffed.mime) && declaredCanonical.startsWith("audio/");
    if (generic || !(container || weak)) return { mime: sniffed.mime, corrected: true };
  }
  if (declared === undefined || declaredCanonical === "") return { mime: UNKNOWN_MIME, corrected: true };
  return { mime: declared, corrected: false };
}
