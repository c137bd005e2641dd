// Shape `bedrock`: a Bedrock Converse `toolResult` content block (or the bare ToolResultBlock).
import type { ToolResult } from "../payload.js";
import {
  joinPath, mergeExtra, pickExtra, readArray, readChild, readForced, readLiteral, readOptionalString, readRecord,
  readString, readsStrictly, rejectUnknownKeys, type ReadMode,
} from "./check.js";
import { stringifyJson } from "./lossless-json.js";
import { PartCollector } from "./parts.js";
import { assembleResult, withSourceShape } from "./result.js";

const FORMAT_MIMES: Record<string, Record<string, string>> = {
  image: { png: "image/png", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" },
  document: {
    pdf: "application/pdf", csv: "text/csv", doc: "application/msword", html: "text/html", txt: "text/plain", md: "text/markdown",
    docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", xls: "application/vnd.ms-excel",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  video: {
    mkv: "video/x-matroska", mov: "video/quicktime", mp4: "video/mp4", webm: "video/webm", flv: "video/x-flv",
    mpeg: "video/mpeg", mpg: "video/mpeg", wmv: "video/x-ms-wmv", three_gp: "video/3gpp",
  },
};

/** True for `{ toolResult: { toolUseId, content: [...], status? } }` or the bare `{ toolUseId, content, status? }`. */
export function matchesBedrock(value: unknown): boolean {
  return readsStrictly(readBedrock, value);
}

/** Normalizes a toolResult block; a value that is not one is an InputError naming the JSON path. */
export function normalizeBedrock(value: unknown): ToolResult {
  return withSourceShape(readForced(readBedrock, "bedrock", value), "bedrock");
}

/**
 * `status: "error"` makes the text the error. A lone `{json}` block is the data itself; otherwise text
 * blocks and json blocks (as compact JSON text) are the text, images, documents and videos attachments.
 */
export function readBedrock(value: unknown, mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  const wrapped = "toolResult" in root;
  const path = wrapped ? "$.toolResult" : "$";
  if (wrapped) rejectUnknownKeys(root, ["toolResult"], "$", mode);
  const block = wrapped ? readChild(root, "toolResult", "$") : root;
  const toolUseId = readString(block, "toolUseId", path);
  const content = readArray(block, "content", path);
  rejectUnknownKeys(block, ["toolUseId", "content", "status", "type"], path, mode);
  const status = block.status === undefined ? undefined : readLiteral(block, "status", path, ["success", "error"]);
  const meta = {
    call_id: toolUseId,
    source_extra: pickExtra(block, ["toolUseId", "content", ...(status === "error" ? ["status"] : [])]),
    wrapper_extra: wrapped ? pickExtra(root, ["toolResult"]) : undefined,
  };
  const only = content.length === 1 ? readRecord(content[0], joinPath(path, "content") + "[0]") : undefined;
  if (only !== undefined && "json" in only && Object.keys(only).length === 1) return assembleResult({ ok: status !== "error", body: only.json, meta });
  const collector = new PartCollector();
  content.forEach((item, index) => readBlock(item, `${joinPath(path, "content")}[${index}]`, collector));
  return assembleResult({ ok: status !== "error", body: collector.text(), meta, collector });
}

function readBlock(value: unknown, path: string, collector: PartCollector): void {
  const block = readRecord(value, path);
  if (typeof block.text === "string") {
    collector.addText(block.text, pickExtra(block, ["text"]));
  } else if ("json" in block) {
    collector.addText(stringifyJson(block.json), mergeExtra({ source_type: "json" }, pickExtra(block, ["json"])));
  } else {
    const kind = ["image", "document", "video"].find((key) => key in block);
    if (kind === undefined) collector.keep(block);
    else readMediaBlock(block, kind, path, collector);
  }
}

function readMediaBlock(block: Record<string, unknown>, kind: string, path: string, collector: PartCollector): void {
  const mediaPath = joinPath(path, kind);
  const media = readChild(block, kind, path);
  const format = readOptionalString(media, "format", mediaPath);
  const mapped = format === undefined ? undefined : FORMAT_MIMES[kind]?.[format];
  const sourcePath = joinPath(mediaPath, "source");
  const source = readChild(media, "source", mediaPath);
  const name = readOptionalString(media, "name", mediaPath);
  const extra = mergeExtra(
    { source_type: kind },
    pickExtra(media, ["source", "name", ...(mapped === undefined ? [] : ["format"])]),
    pickExtra(block, [kind]),
  );
  if ("bytes" in source) {
    const bytes = source.bytes;
    collector.addAttachment(typeof bytes === "string" ? { base64: bytes, mime: mapped, name, extra } : { bytes: decodeByteArray(bytes), mime: mapped, name, extra });
  } else if ("s3Location" in source) {
    const location = readChild(source, "s3Location", sourcePath);
    const uri = readString(location, "uri", joinPath(sourcePath, "s3Location"));
    collector.addAttachment({ uri, mime: mapped, name, extra: mergeExtra(extra, { s3Location: pickExtra(location, ["uri"]) }) });
  } else if (kind === "document" && typeof source.text === "string") {
    collector.addText(source.text, mergeExtra({ source_type: kind }, pickExtra(block, [kind]), { [kind]: pickExtra(media, ["source"]) }));
  } else {
    collector.keep(block);
  }
}

/** Bytes written by a JSON serializer that did not base64 them: a number array, or Node's `{ type: "Buffer", data }`. */
function decodeByteArray(value: unknown): Uint8Array | undefined {
  const numbers = Array.isArray(value) ? value : (value as { type?: unknown; data?: unknown } | null)?.type === "Buffer" ? (value as { data: unknown }).data : undefined;
  if (!Array.isArray(numbers) || !numbers.every((item) => Number.isInteger(item) && item >= 0 && item <= 255)) return undefined;
  return Uint8Array.from(numbers as number[]);
}
