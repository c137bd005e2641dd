// Shape `ai-sdk`: the AI SDK's ToolResultOutput (v5 LanguageModelV2, v6 V3, v7 V4), bare or inside its
// `tool-result` part ({ type: "tool-result", toolCallId, toolName, output }).
import { assertNever } from "../errors.js";
import type { ToolResult } from "../payload.js";
import {
  joinPath, fail, mergeExtra, pickExtra, readChild, readForced, readLiteral, readOptionalString, readRecord,
  readString, readsStrictly, rejectUnknownKeys, type ReadMode,
} from "./check.js";
import type { PartCollector } from "./parts.js";
import { assembleResult, withSourceShape, type ResultPieces } from "./result.js";
import { readToolOutput, TOOL_OUTPUT_TYPES } from "./tool-output.js";

const WRAPPER_KEYS = ["type", "toolCallId", "toolName", "output", "providerOptions", "providerExecuted"];
const PART_TYPES = [
  "text", "media", "file-data", "file-url", "file-id", "image-data", "image-url", "image-file-id", "file-reference", "file", "custom",
];
// Parts that point at provider-side files or carry provider-only content: kept verbatim for lowering.
const KEPT_PART_TYPES = ["file-id", "image-file-id", "file-reference", "custom"];

/** True for a ToolResultOutput (every version's output and content-part types) or its tool-result part. */
export function matchesAiSdk(value: unknown): boolean {
  return readsStrictly(readAiSdk, value);
}

/** Normalizes a ToolResultOutput; a value that is not one is an InputError naming the JSON path. */
export function normalizeAiSdk(value: unknown): ToolResult {
  return withSourceShape(readForced(readAiSdk, "ai-sdk", value), "ai-sdk");
}

/** text/json → data; error-text/error-json → error; execution-denied → error_type "denied"; content → parts. */
export function readAiSdk(value: unknown, mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  if (root.type !== "tool-result") return assembleResult(readToolOutput(root, "$", mode, TOOL_OUTPUT_TYPES, readAiSdkPart));
  rejectUnknownKeys(root, WRAPPER_KEYS, "$", mode);
  const toolCallId = readString(root, "toolCallId", "$");
  const toolName = readString(root, "toolName", "$");
  const pieces: ResultPieces = readToolOutput(readChild(root, "output", "$"), "$.output", mode, TOOL_OUTPUT_TYPES, readAiSdkPart);
  return assembleResult({
    ...pieces,
    tool: toolName,
    meta: { call_id: toolCallId, ...pieces.meta, wrapper_extra: pickExtra(root, ["type", "toolCallId", "toolName", "output"]) },
  });
}

/** One content part of any AI SDK version. */
export function readAiSdkPart(value: unknown, path: string, collector: PartCollector, mode: ReadMode): void {
  const part = readRecord(value, path);
  const type = readString(part, "type", path);
  const extra = (consumed: string[]) => ({ source_type: type, ...pickExtra(part, ["type", ...consumed]) });
  switch (type) {
    case "text":
      collector.addText(readString(part, "text", path), pickExtra(part, ["type", "text"]));
      return;
    case "media":
    case "file-data":
    case "image-data":
      collector.addAttachment({
        base64: readString(part, "data", path),
        mime: readString(part, "mediaType", path),
        name: readOptionalString(part, "filename", path),
        extra: extra(["data", "mediaType", "filename"]),
      });
      return;
    case "file-url":
    case "image-url":
      collector.addAttachment({ uri: readString(part, "url", path), mime: readOptionalString(part, "mediaType", path), extra: extra(["url", "mediaType"]) });
      return;
    case "file":
      readTaggedFilePart(part, path, collector, ["data", "url", "text", "reference"]);
      return;
    default:
      if (KEPT_PART_TYPES.includes(type) || mode === "lenient") {
        collector.keep(part);
        return;
      }
      fail(joinPath(path, "type"), `expected one of ${PART_TYPES.join(", ")}, found ${JSON.stringify(type)}`);
  }
}

/**
 * A v7 file part, `{ type: "file", data: { type: "data" | "url" | "reference" | "text", … }, mediaType, filename? }`:
 * inline data and URLs become attachments, inline text becomes a text part, provider references are kept.
 */
export function readTaggedFilePart(
  part: Record<string, unknown>,
  path: string,
  collector: PartCollector,
  dataTypes: readonly ("data" | "url" | "text" | "reference")[],
): void {
  const dataPath = joinPath(path, "data");
  const data = readChild(part, "data", path);
  const dataType = readLiteral(data, "type", dataPath, dataTypes);
  const mime = readString(part, "mediaType", path);
  const name = readOptionalString(part, "filename", path);
  const partExtra = pickExtra(part, ["type", "data", "mediaType", "filename"]);
  switch (dataType) {
    case "data":
    case "url": {
      const field = dataType === "data" ? "data" : "url";
      const source = readString(data, field, dataPath);
      const extra = mergeExtra({ source_type: "file" }, partExtra, wrapExtra(pickExtra(data, ["type", field])));
      collector.addAttachment(dataType === "data" ? { base64: source, mime, name, extra } : { uri: source, mime, name, extra });
      return;
    }
    case "text":
      collector.addText(readString(data, "text", dataPath), mergeExtra({ source_type: "file" }, pickExtra(part, ["type", "data"]), wrapExtra(pickExtra(data, ["type", "text"]))));
      return;
    case "reference":
      collector.keep(part);
      return;
    default:
      assertNever(dataType, "file data type");
  }
}

function wrapExtra(fileDataExtra: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return fileDataExtra && { file_data_extra: fileDataExtra };
}
