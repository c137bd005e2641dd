// Shape `rind`: the unified payload itself. Normalizing a payload is the identity, after validating it;
// only attachments whose base64 or MIME type needs repair are rebuilt (with a note).
import { isRecord, SOURCE_SHAPES, type Attachment, type ToolResult } from "../payload.js";
import { buildAttachment, describeAttachment } from "./attachments.js";
import {
  joinPath, describeValue, fail, readArray, readOptionalBoolean, readOptionalString, readRecord, readString,
  readForced, readsStrictly, rejectUnknownKeys, type ReadMode,
} from "./check.js";
import { withNotes } from "./result.js";

const RESULT_KEYS = ["ok", "tool", "data", "error", "error_type", "meta", "attachments"];
const ATTACHMENT_KEYS = ["mime", "data", "uri", "name", "size", "extra"];

/** True for a payload: boolean `ok`, `data` when ok or `error` when not, and only payload fields. */
export function matchesRind(value: unknown): boolean {
  return readsStrictly(readRind, value);
}

/** Returns the payload itself (attachments repaired if needed); a value that is not one is an InputError. */
export function normalizeRind(value: unknown): ToolResult {
  return readForced(readRind, "rind", value);
}

/** Validates a payload; unknown fields are rejected in both modes, since the payload has a closed schema. */
export function readRind(value: unknown, _mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  const ok = readOptionalBoolean(root, "ok", "$");
  if (ok === undefined) fail(joinPath("$", "ok"), "required field is missing");
  rejectUnknownKeys(root, RESULT_KEYS, "$", "strict");
  const body = ok ? "data" : "error";
  if (!(body in root)) fail(joinPath("$", body), `required field is missing (ok is ${ok})`);
  readOptionalString(root, "tool", "$");
  readOptionalString(root, "error_type", "$");
  if (root.meta !== undefined) readMeta(root.meta);
  if (root.attachments === undefined) return root as unknown as ToolResult;
  readArray(root, "attachments", "$");
  return withCheckedAttachments(root as unknown as ToolResult);
}

/**
 * The result with its attachments checked (SPEC §3: canonical base64, size, the MIME type sniffed from the magic
 * bytes), repaired ones rebuilt with a note; the result itself when none needed it. For results built in code
 * (the library's project() and lower()); unreadable data is an InputError naming its path.
 */
export function checkAttachments(result: ToolResult): ToolResult {
  if (result.attachments === undefined || result.attachments.length === 0) return result;
  return readForced((value) => withCheckedAttachments(value as ToolResult), "rind", result);
}

function withCheckedAttachments(result: ToolResult): ToolResult {
  const original: readonly unknown[] = readArray(result as unknown as Record<string, unknown>, "attachments", "$"); // a result built in code: attachments: "x" is an InputError, not a TypeError
  const notes: string[] = [];
  const checked = original.map((item, index) => checkAttachment(item, joinPath("$.attachments", index), notes));
  if (checked.every((attachment, index) => attachment === original[index])) return result;
  return withNotes({ ...result, attachments: checked }, notes);
}

function readMeta(value: unknown): void {
  const meta = readRecord(value, "$.meta");
  const shape = meta.source_shape;
  if (shape !== undefined && !(SOURCE_SHAPES as readonly unknown[]).includes(shape)) {
    fail("$.meta.source_shape", `expected one of ${SOURCE_SHAPES.join(", ")}, found ${JSON.stringify(shape)}`);
  }
}

function checkAttachment(value: unknown, path: string, notes: string[]): Attachment {
  const attachment = readRecord(value, path);
  rejectUnknownKeys(attachment, ATTACHMENT_KEYS, path, "strict");
  const mime = readString(attachment, "mime", path);
  const data = readOptionalString(attachment, "data", path);
  const uri = readOptionalString(attachment, "uri", path);
  const name = readOptionalString(attachment, "name", path);
  const size = attachment.size;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || size < 0) fail(joinPath(path, "size"), `expected a whole number of bytes, found ${describeValue(size)}`);
  if (attachment.extra !== undefined && !isRecord(attachment.extra)) fail(joinPath(path, "extra"), `expected an object, found ${describeValue(attachment.extra)}`);
  if ((data === undefined) === (uri === undefined)) fail(path, "expected exactly one of `data` and `uri`");
  if (data === undefined) return attachment as unknown as Attachment;
  const outcome = buildAttachment({ base64: data, mime, name, extra: attachment.extra as Record<string, unknown> | undefined });
  if (!outcome.readable) fail(joinPath(path, "data"), outcome.reason);
  const rebuilt = outcome.attachment;
  if (rebuilt.data === data && rebuilt.mime === mime && rebuilt.size === size) return attachment as unknown as Attachment;
  notes.push(...outcome.notes);
  if (rebuilt.size !== size) notes.push(`attachment ${describeAttachment(name, mime)}: size was ${size}, the data holds ${rebuilt.size} bytes`);
  return rebuilt;
}
