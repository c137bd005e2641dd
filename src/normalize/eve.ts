// Shape `eve`: eve's ToolModelOutput — text, json, or content of text parts and base64 file parts
// `{ type: "file", data: { type: "data", data }, mediaType, filename? }`. It is a strict subset of the AI
// SDK v7 output, so auto-detection reports such values as `ai-sdk`; `--from eve` checks eve's narrower union.
import type { ToolResult } from "../payload.js";
import { joinPath, fail, pickExtra, readForced, readRecord, readString, readsStrictly, type ReadMode } from "./check.js";
import { readAiSdkPart, readTaggedFilePart } from "./ai-sdk.js";
import type { PartCollector } from "./parts.js";
import { assembleResult, withSourceShape } from "./result.js";
import { readToolOutput } from "./tool-output.js";

/** The AI SDK's file parts of other versions, read as files by `--from eve`. */
const AI_SDK_FILE_PARTS = ["image-data", "file-data", "media", "image-url", "file-url"];

/** True for a ToolModelOutput (auto-detection tries `ai-sdk` first, which accepts every eve output). */
export function matchesEve(value: unknown): boolean {
  return readsStrictly(readEve, value);
}

/** Normalizes a ToolModelOutput; a value that is not one is an InputError naming the JSON path. */
export function normalizeEve(value: unknown): ToolResult {
  return withSourceShape(readForced(readEve, "eve", value), "eve");
}

/** text → data, json → data, content → text parts and attachments. */
export function readEve(value: unknown, mode: ReadMode): ToolResult {
  return assembleResult(readToolOutput(readRecord(value, "$"), "$", mode, ["text", "json", "content"], readEvePart));
}

function readEvePart(value: unknown, path: string, collector: PartCollector, mode: ReadMode): void {
  const part = readRecord(value, path);
  const type = readString(part, "type", path);
  if (type === "text") {
    collector.addText(readString(part, "text", path), pickExtra(part, ["type", "text"]));
  } else if (type === "file") {
    readTaggedFilePart(part, path, collector, ["data"]);
  } else if (mode === "lenient" && AI_SDK_FILE_PARTS.includes(type)) {
    // `--from eve` on an AI SDK output (what eve forwards unchanged): its file parts are files too.
    readAiSdkPart(part, path, collector, mode);
  } else if (mode === "lenient") {
    collector.keep(part);
  } else {
    fail(joinPath(path, "type"), `expected "text" or "file", found ${JSON.stringify(type)}`);
  }
}
