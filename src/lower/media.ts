// Attachment helpers shared by the lowerings: what kind of media a part is, its data URL, and how an
// attachment a provider cannot take is said in the text and warned about (nothing is dropped silently).
import type { Attachment, Provider } from "../payload.js";
import { formatSize } from "../text/magic.js";

/** The image types that OpenAI, Anthropic and Bedrock accept (and that Gemini 3 takes, minus gif). */
export const WEB_IMAGE_TYPES: readonly string[] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

/** The MIME type without parameters, lower-cased: "Image/PNG; x=1" → "image/png". */
export function baseMime(mime: string): string {
  return (mime.split(";")[0] ?? "").trim().toLowerCase();
}

/** True when the attachment's type is one of `types`. */
export function hasMime(attachment: Attachment, types: readonly string[]): boolean {
  return types.includes(baseMime(attachment.mime));
}

/** True when the attachment's type is in the top-level family: "image", "audio", "video", "text". */
export function isFamily(attachment: Attachment, family: string): boolean {
  return baseMime(attachment.mime).startsWith(`${family}/`);
}

/** The data URL of an inline attachment (`data:MIME;base64,…`), or its URI when it has no inline data. */
export function toDataUrl(attachment: Attachment): string {
  return attachment.data === undefined ? (attachment.uri ?? "") : `data:${attachment.mime};base64,${attachment.data}`;
}

/** True when the URI can be fetched by a provider over the web. */
export function isWebUri(uri: string): boolean {
  return /^https?:\/\//i.test(uri);
}

/** A file name for APIs that need one: the attachment's own, else `attachment-N.EXT` from its type. */
export function fileNameOf(attachment: Attachment, index: number): string {
  if (attachment.name !== undefined && attachment.name !== "") return attachment.name;
  const subtype = (baseMime(attachment.mime).split("/")[1] ?? "bin").replace(/^x-/, "").replace(/\+.*$/, "");
  return `attachment-${index + 1}.${subtype === "plain" ? "txt" : subtype === "jpeg" ? "jpg" : subtype}`;
}

/** Decodes an inline attachment's base64 as UTF-8 text. */
export function decodeText(attachment: Attachment): string {
  return Buffer.from(attachment.data ?? "", "base64").toString("utf8");
}

/** Says which attachment: `"chart.png" (image/png, 1.2 KiB)`, with `at URI` for a linked one. */
export function describeAttachment(attachment: Attachment): string {
  const name = attachment.name === undefined ? "" : `"${attachment.name}" `;
  const size = attachment.data === undefined && attachment.size === 0 ? "" : `, ${formatSize(attachment.size)}`;
  const where = attachment.uri === undefined ? "" : ` at ${attachment.uri}`;
  return `${name}(${attachment.mime}${size})${where}`;
}

/** What a lowering did with an attachment it could not carry: a note for the model and a warning for stderr. */
export interface Omission {
  note: string;
  warning: string;
}

/** Records an attachment the provider cannot take: said in the text (note) and warned about on stderr. */
export function omitAttachment(provider: Provider, attachment: Attachment, reason: string): Omission {
  const which = describeAttachment(attachment);
  return {
    note: `[attachment ${which} not sent: ${reason}]`,
    warning: `${provider}: attachment ${which} not sent: ${reason}; said in the text instead`,
  };
}

/** What a source part correx has no model for is called in notes: its `type`, else its first key. */
function describePart(value: unknown): string {
  if (typeof value !== "object" || value === null) return "part";
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" ? type : (Object.keys(value)[0] ?? "part");
}

/** Records a part kept verbatim from another shape (a search_result block, a provider file id) that `provider` cannot take. */
export function omitForeignPart(provider: Provider, value: unknown, from: string): Omission {
  const which = `${from} ${describePart(value)} part`;
  return {
    note: `[${which} not sent: ${provider} has no equivalent]`,
    warning: `${provider}: ${which} not sent (no equivalent); said in the text instead`,
  };
}
