// Builds checked attachments from what sources carry (base64 text, bytes, a URI, a data: URL), so that
// every attachment in a payload is canonical base64 with a truthful MIME type and size, or is said in text.
import { Buffer } from "node:buffer";
import type { Attachment } from "../payload.js";
import { sniffType } from "../text/magic.js";
import { chooseMime, guessMimeFromName, UNKNOWN_MIME } from "./mime.js";

/** What a source says about one file part. */
export interface AttachmentInput {
  /** Base64 as the source wrote it: possibly non-canonical, possibly a whole data: URL. */
  base64?: string;
  bytes?: Uint8Array;
  /** Where the file is; a data: URL is decoded into `data`. */
  uri?: string;
  /** The MIME type the source declared, if any. */
  mime?: string;
  name?: string;
  /** Source fields the Attachment has no place for (annotations, provider options…). */
  extra?: Record<string, unknown>;
}

/** An attachment and what was repaired on the way, or the line of text that replaces an unreadable part. */
export type AttachmentOutcome =
  | { readable: true; attachment: Attachment; notes: string[] }
  | { readable: false; reason: string; line: string };

/** Base64 that decodes: its bytes, and whether the text was already canonical (padded, standard alphabet, no spaces). */
export interface DecodedBase64 {
  bytes: Uint8Array;
  canonical: boolean;
}

const CANONICAL_CHARACTERS = /^[A-Za-z0-9+/]*={0,2}$/;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
// Enough base64 for the first 512 bytes, which is all sniffType looks at.
const SNIFF_CHARACTERS = 684;

/**
 * True for canonical base64: standard alphabet, length a multiple of 4, padding only at the end, and
 * zero bits after the last byte (so re-encoding the bytes gives the same text).
 */
export function isCanonicalBase64(text: string): boolean {
  if (text.length % 4 !== 0 || !CANONICAL_CHARACTERS.test(text)) return false;
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  if (padding === 0) return true;
  const last = ALPHABET.indexOf(text[text.length - padding - 1]!);
  return (last & (padding === 2 ? 0x0f : 0x03)) === 0;
}

/** Decodes standard or URL-safe base64 (whitespace and missing padding tolerated); undefined when it is not base64. */
export function decodeBase64(text: string): DecodedBase64 | undefined {
  if (isCanonicalBase64(text)) return { bytes: Buffer.from(text, "base64"), canonical: true };
  const compact = text.replace(/\s+/g, "").replace(/-/g, "+").replace(/_/g, "/").replace(/={1,2}$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(compact) || compact.length % 4 === 1) return undefined;
  return { bytes: Buffer.from(compact, "base64"), canonical: false };
}

/** A decoded `data:` URL: its declared MIME type and bytes; undefined when malformed. */
export function decodeDataUrl(uri: string): { mime: string | undefined; decoded: DecodedBase64 } | undefined {
  const comma = uri.indexOf(",");
  if (!/^data:/i.test(uri) || comma < 0) return undefined;
  const parameters = uri.slice(5, comma).split(";");
  const mime = parameters[0]?.trim() || undefined;
  const payload = uri.slice(comma + 1);
  if (parameters.slice(1).some((parameter) => parameter.trim().toLowerCase() === "base64")) {
    const decoded = decodeBase64(payload);
    return decoded && { mime, decoded };
  }
  const bytes = decodePercent(payload);
  return bytes && { mime, decoded: { bytes, canonical: true } };
}

function decodePercent(payload: string): Uint8Array | undefined {
  const chunks: Buffer[] = [];
  for (const piece of payload.split(/(%[0-9A-Fa-f]{2})/)) {
    if (/^%[0-9A-Fa-f]{2}$/.test(piece)) chunks.push(Buffer.from([Number.parseInt(piece.slice(1), 16)]));
    else if (piece.includes("%")) return undefined;
    else chunks.push(Buffer.from(piece, "utf8"));
  }
  return Buffer.concat(chunks);
}

/** `"name" (mime)` or `(mime)`: how notes and unreadable lines name an attachment. */
export function describeAttachment(name: string | undefined, mime: string | undefined): string {
  const type = mime ?? "unknown type";
  return name === undefined ? `(${type})` : `${JSON.stringify(name)} (${type})`;
}

/** Checks and builds one attachment; never throws on bad data (it becomes an unreadable outcome). */
export function buildAttachment(input: AttachmentInput): AttachmentOutcome {
  if (input.bytes !== undefined) return fromBytes(input, input.bytes, input.mime, []);
  if (input.base64 !== undefined) {
    if (/^data:/i.test(input.base64)) {
      const dataUrl = decodeDataUrl(input.base64);
      if (dataUrl === undefined) return unreadable(input, "invalid data: URL");
      const note = `attachment ${describeAttachment(input.name, input.mime ?? dataUrl.mime)}: a data: URL stood where base64 was expected; decoded`;
      return fromBytes(input, dataUrl.decoded.bytes, input.mime ?? dataUrl.mime, [note]);
    }
    if (isCanonicalBase64(input.base64)) return fromCanonical(input, input.base64);
    const decoded = decodeBase64(input.base64);
    if (decoded === undefined) return unreadable(input, "invalid base64");
    const note = `attachment ${describeAttachment(input.name, input.mime)}: base64 was not canonical; re-encoded`;
    return fromBytes(input, decoded.bytes, input.mime, [note]);
  }
  if (input.uri !== undefined) {
    if (/^data:/i.test(input.uri)) {
      const dataUrl = decodeDataUrl(input.uri);
      if (dataUrl === undefined) return unreadable(input, "invalid data: URL");
      const notes = dataUrl.decoded.canonical ? [] : [`attachment ${describeAttachment(input.name, input.mime ?? dataUrl.mime)}: base64 was not canonical; re-encoded`];
      return fromBytes(input, dataUrl.decoded.bytes, input.mime ?? dataUrl.mime, notes);
    }
    return fromUri(input, input.uri);
  }
  return unreadable(input, "it has neither data nor a URI");
}

// Canonical base64 is kept as it is: only its head is decoded (to sniff) and its size computed.
function fromCanonical(input: AttachmentInput, base64: string): AttachmentOutcome {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  const head = Buffer.from(base64.slice(0, SNIFF_CHARACTERS), "base64");
  return completeAttachment(input, base64, head, (base64.length / 4) * 3 - padding, input.mime, []);
}

function fromBytes(input: AttachmentInput, bytes: Uint8Array, declared: string | undefined, notes: string[]): AttachmentOutcome {
  return completeAttachment(input, Buffer.from(bytes).toString("base64"), bytes, bytes.length, declared, notes);
}

function completeAttachment(input: AttachmentInput, data: string, head: Uint8Array, size: number, declared: string | undefined, notes: string[]): AttachmentOutcome {
  const sniffed = sniffType(head.subarray(0, 512));
  const choice = chooseMime(declared, sniffed);
  if (choice.corrected && declared !== undefined && declared.trim() !== "") {
    notes.push(`attachment ${describeAttachment(input.name, declared)}: its bytes are ${sniffed?.name ?? "of another type"}; MIME set to ${choice.mime}`);
  }
  const extra = withDeclaredMime(input.extra, choice.corrected, declared);
  return { readable: true, attachment: orderAttachment({ mime: choice.mime, data, name: input.name, size, extra }), notes };
}

function fromUri(input: AttachmentInput, uri: string): AttachmentOutcome {
  const declared = input.mime?.trim() ? input.mime : undefined;
  const mime = declared ?? guessMimeFromName(input.name ?? "") ?? guessMimeFromName(uri) ?? UNKNOWN_MIME;
  const extra = withDeclaredMime(input.extra, declared === undefined, input.mime);
  return { readable: true, attachment: orderAttachment({ mime, uri, name: input.name, size: 0, extra }), notes: [] };
}

/** The attachment in canonical key order (mime, data | uri, name, size, extra), without absent fields. */
function orderAttachment(fields: Attachment): Attachment {
  const ordered: Record<string, unknown> = { mime: fields.mime };
  if (fields.data !== undefined) ordered.data = fields.data;
  else ordered.uri = fields.uri;
  if (fields.name !== undefined) ordered.name = fields.name;
  ordered.size = fields.size;
  if (fields.extra !== undefined) ordered.extra = fields.extra;
  return ordered as unknown as Attachment;
}

function withDeclaredMime(extra: Record<string, unknown> | undefined, corrected: boolean, declared: string | undefined): Record<string, unknown> | undefined {
  if (!corrected) return extra;
  return { ...extra, declared_mime: declared ?? null };
}

function unreadable(input: AttachmentInput, reason: string): AttachmentOutcome {
  const mime = input.mime ?? guessMimeFromName(input.name ?? "");
  return { readable: false, reason, line: `[attachment ${describeAttachment(input.name, mime)} could not be read: ${reason}]` };
}
