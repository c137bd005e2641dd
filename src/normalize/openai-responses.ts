// Shape `openai-responses`: a Responses API `function_call_output` or `custom_tool_call_output` input item.
import type { ToolResult } from "../payload.js";
import {
  joinPath, describeValue, fail, pickExtra, readForced, readLiteral, readOptionalString, readRecord, readString,
  readsStrictly, rejectUnknownKeys, type ReadMode,
} from "./check.js";
import { PartCollector } from "./parts.js";
import { assembleResult, withSourceShape } from "./result.js";

const ITEM_TYPES = ["function_call_output", "custom_tool_call_output"] as const;
const ITEM_KEYS = ["type", "call_id", "output", "id", "status", "caller"];

/** True for `{ type: "function_call_output" | "custom_tool_call_output", call_id, output }`. */
export function matchesOpenaiResponses(value: unknown): boolean {
  return readsStrictly(readOpenaiResponses, value);
}

/** Normalizes an output item; a value that is not one is an InputError naming the JSON path. */
export function normalizeOpenaiResponses(value: unknown): ToolResult {
  return withSourceShape(readForced(readOpenaiResponses, "openai-responses", value), "openai-responses");
}

/**
 * A string output is the text; an array gives input_text parts, input_image and input_file attachments
 * (data: URLs and base64 decoded, URLs kept); parts that name only a provider file_id are kept.
 * `type` stays in meta.source_extra, so lowering can tell the two item types apart.
 */
export function readOpenaiResponses(value: unknown, mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  readLiteral(root, "type", "$", ITEM_TYPES);
  const callId = readString(root, "call_id", "$");
  rejectUnknownKeys(root, ITEM_KEYS, "$", mode);
  const meta = { call_id: callId, source_extra: pickExtra(root, ["call_id", "output"]) };
  const output = root.output;
  if (typeof output === "string") return assembleResult({ ok: true, body: output, meta });
  if (!Array.isArray(output)) fail(joinPath("$", "output"), `expected a string or an array, found ${describeValue(output)}`);
  const collector = new PartCollector();
  output.forEach((part, index) => readPart(part, joinPath("$.output", index), collector, mode));
  return assembleResult({ ok: true, body: collector.text(), meta, collector });
}

function readPart(value: unknown, path: string, collector: PartCollector, mode: ReadMode): void {
  const part = readRecord(value, path);
  const type = readString(part, "type", path);
  if (type === "input_text") {
    collector.addText(readString(part, "text", path), pickExtra(part, ["type", "text"]));
    return;
  }
  if (type === "input_image") {
    const url = readOptionalString(part, "image_url", path);
    if (url === undefined) collector.keep(part);
    else collector.addAttachment({ uri: url, extra: { source_type: type, ...pickExtra(part, ["type", "image_url"]) } });
    return;
  }
  if (type === "input_file") {
    readFilePart(part, path, collector);
    return;
  }
  if (mode === "strict") fail(joinPath(path, "type"), `expected input_text, input_image or input_file, found ${JSON.stringify(type)}`);
  collector.keep(part);
}

function readFilePart(part: Record<string, unknown>, path: string, collector: PartCollector): void {
  const fileData = readOptionalString(part, "file_data", path);
  const fileUrl = readOptionalString(part, "file_url", path);
  const name = readOptionalString(part, "filename", path);
  if (fileData !== undefined) {
    const extra = { source_type: "input_file", ...pickExtra(part, ["type", "file_data", "filename"]) };
    collector.addAttachment(/^data:/i.test(fileData) ? { uri: fileData, name, extra } : { base64: fileData, name, extra });
  } else if (fileUrl !== undefined) {
    collector.addAttachment({ uri: fileUrl, name, extra: { source_type: "input_file", ...pickExtra(part, ["type", "file_url", "filename"]) } });
  } else {
    collector.keep(part);
  }
}
