// Shape `opencode`: opencode's ToolResultValue ({ type: json | text | error | content, value }), its
// ToolOutput ({ content, structured }) and the tool-result message part that carries a ToolResultValue.
import { assertNever } from "../errors.js";
import type { ToolResult } from "../payload.js";
import {
  joinPath, fail, pickExtra, readArray, readForced, readLiteral, readOptionalString, readPresent, readRecord,
  readString, readsStrictly, rejectUnknownKeys, type ReadMode,
} from "./check.js";
import { PartCollector } from "./parts.js";
import { looksLikeExecuteResult, readExecuteResult } from "./opencode-execute.js";
import { assembleResult, withSourceShape, type ResultPieces } from "./result.js";

const VALUE_TYPES = ["json", "text", "error", "content"] as const;
const WRAPPER_KEYS = ["type", "id", "name", "result", "providerExecuted", "cache", "metadata", "providerMetadata"];

/** True for a ToolResultValue, a ToolOutput, a tool-result part `{ type: "tool-result", id, name, result }` or an execute result `{ title, output, metadata, attachments? }`. */
export function matchesOpencode(value: unknown): boolean {
  return readsStrictly(readOpencode, value);
}

/** Normalizes an opencode result; a value that is not one is an InputError naming the JSON path. */
export function normalizeOpencode(value: unknown): ToolResult {
  return withSourceShape(readForced(readOpencode, "opencode", value), "opencode");
}

/** json/text → data, error → error, content and ToolOutput → text parts and file attachments; an execute result (opencode-execute.ts). */
export function readOpencode(value: unknown, mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  if (looksLikeExecuteResult(root)) return readExecuteResult(root, mode);
  if (root.type === "tool-result") {
    rejectUnknownKeys(root, WRAPPER_KEYS, "$", mode);
    const id = readString(root, "id", "$");
    const name = readString(root, "name", "$");
    const pieces = readResultValue(readRecord(root.result, "$.result"), "$.result", mode);
    return assembleResult({
      ...pieces,
      tool: name,
      meta: { call_id: id, ...pieces.meta, wrapper_extra: pickExtra(root, ["type", "id", "name", "result"]) },
    });
  }
  if (root.type === undefined && "content" in root) return assembleResult(readToolOutput(root, mode));
  return assembleResult(readResultValue(root, "$", mode));
}

function readResultValue(record: Record<string, unknown>, path: string, mode: ReadMode): ResultPieces {
  const type = readLiteral(record, "type", path, VALUE_TYPES);
  rejectUnknownKeys(record, ["type", "value"], path, mode);
  const meta = { source_extra: pickExtra(record, ["type", "value"]) };
  switch (type) {
    case "json":
    case "text":
      return { ok: true, body: readPresent(record, "value", path), meta };
    case "error":
      return { ok: false, body: readPresent(record, "value", path), meta };
    case "content": {
      const collector = readContent(readArray(record, "value", path), joinPath(path, "value"), mode);
      return { ok: true, body: collector.text(), meta, collector };
    }
    default:
      return assertNever(type, "opencode result type");
  }
}

function readToolOutput(root: Record<string, unknown>, mode: ReadMode): ResultPieces {
  rejectUnknownKeys(root, ["content", "structured"], "$", mode);
  const collector = readContent(readArray(root, "content", "$"), "$.content", mode);
  const hasStructured = "structured" in root && root.structured !== undefined;
  const structuredIsData = hasStructured && collector.parts.length === 0;
  return {
    ok: true,
    body: structuredIsData ? root.structured : collector.text(),
    collector,
    meta: {
      structured_content: hasStructured && !structuredIsData ? root.structured : undefined,
      structured_content_is_data: structuredIsData ? true : undefined,
      source_extra: pickExtra(root, ["content", "structured"]),
    },
  };
}

function readContent(parts: unknown[], path: string, mode: ReadMode): PartCollector {
  const collector = new PartCollector();
  parts.forEach((value, index) => {
    const partPath = joinPath(path, index);
    const part = readRecord(value, partPath);
    const type = readString(part, "type", partPath);
    if (type === "text") {
      collector.addText(readString(part, "text", partPath), pickExtra(part, ["type", "text"]));
    } else if (type === "file") {
      collector.addAttachment({
        uri: readString(part, "uri", partPath),
        mime: readString(part, "mime", partPath),
        name: readOptionalString(part, "name", partPath),
        extra: pickExtra(part, ["type", "uri", "mime", "name"]),
      });
    } else if (mode === "lenient") {
      collector.keep(part);
    } else {
      fail(joinPath(partPath, "type"), `expected "text" or "file", found ${JSON.stringify(type)}`);
    }
  });
  return collector;
}
