// Shape `anthropic`: a Messages API `tool_result` content block.
import type { ToolResult } from "../payload.js";
import {
  joinPath, describeValue, fail, mergeExtra, pickExtra, readChild, readForced, readLiteral, readOptionalBoolean,
  readOptionalString, readRecord, readString, readsStrictly, type ReadMode,
} from "./check.js";
import { PartCollector } from "./parts.js";
import { assembleResult, withSourceShape } from "./result.js";

/** True for `{ type: "tool_result", tool_use_id, content?, is_error? }`. */
export function matchesAnthropic(value: unknown): boolean {
  return readsStrictly(readAnthropic, value);
}

/** Normalizes a tool_result block; a value that is not one is an InputError naming the JSON path. */
export function normalizeAnthropic(value: unknown): ToolResult {
  return withSourceShape(readForced(readAnthropic, "anthropic", value), "anthropic");
}

/**
 * String content is the text; block content gives text parts, base64/url images and PDFs as attachments,
 * plain-text documents as text parts; file-id sources and other blocks (search_result…) are kept.
 * `type` and `tool_use_id` decide the shape, so other fields are kept, never rejected.
 */
export function readAnthropic(value: unknown, _mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  readLiteral(root, "type", "$", ["tool_result"]);
  const toolUseId = readString(root, "tool_use_id", "$");
  const isError = readOptionalBoolean(root, "is_error", "$");
  const meta = {
    call_id: toolUseId,
    source_extra: mergeExtra(pickExtra(root, ["type", "tool_use_id", "content", "is_error"]), isError === false ? { is_error: false } : undefined),
  };
  const content = root.content;
  if (content === undefined || typeof content === "string") return assembleResult({ ok: isError !== true, body: content ?? "", meta });
  if (!Array.isArray(content)) fail(joinPath("$", "content"), `expected a string or an array, found ${describeValue(content)}`);
  const collector = new PartCollector();
  content.forEach((block, index) => readBlock(block, joinPath("$.content", index), collector));
  return assembleResult({ ok: isError !== true, body: collector.text(), meta, collector });
}

function readBlock(value: unknown, path: string, collector: PartCollector): void {
  const block = readRecord(value, path);
  const type = readString(block, "type", path);
  if (type === "text") {
    collector.addText(readString(block, "text", path), pickExtra(block, ["type", "text"]));
  } else if (type === "image" || type === "document") {
    readSourceBlock(block, type, path, collector);
  } else {
    collector.keep(block);
  }
}

function readSourceBlock(block: Record<string, unknown>, type: "image" | "document", path: string, collector: PartCollector): void {
  const sourcePath = joinPath(path, "source");
  const source = readChild(block, "source", path);
  const sourceType = readString(source, "type", sourcePath);
  const name = type === "document" ? readOptionalString(block, "title", path) : undefined;
  const extra = { source_type: type, ...pickExtra(block, ["type", "source", "title"]) };
  switch (sourceType) {
    case "base64":
      collector.addAttachment({ base64: readString(source, "data", sourcePath), mime: readString(source, "media_type", sourcePath), name, extra });
      return;
    case "url":
      collector.addAttachment({ uri: readString(source, "url", sourcePath), mime: type === "document" ? "application/pdf" : undefined, name, extra });
      return;
    case "text":
      if (type === "document") {
        collector.addText(readString(source, "data", sourcePath), { source_type: type, source: pickExtra(source, ["data"]), ...pickExtra(block, ["type", "source"]) });
        return;
      }
  }
  collector.keep(block);
}
