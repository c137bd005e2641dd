// Shape `mcp`: an MCP CallToolResult, spec revisions 2025-03-26, 2025-06-18, 2025-11-25 and 2026-07-28.
import type { ToolResult } from "../payload.js";
import {
  joinPath, fail, mergeExtra, pickExtra, readArray, readChild, readForced, readOptionalBoolean, readOptionalString,
  readRecord, readString, readsStrictly, rejectUnknownKeys, type ReadMode,
} from "./check.js";
import { extractFileName } from "./mime.js";
import { MCP_PART_SEPARATOR, PartCollector } from "./parts.js";
import { assembleResult, withSourceShape } from "./result.js";

const RESULT_KEYS = ["content", "structuredContent", "isError", "_meta", "resultType"];
const BLOCK_TYPES = ["text", "image", "audio", "resource_link", "resource"];

/** True for a CallToolResult: `content` an array of MCP content blocks and no keys MCP does not define. */
export function matchesMcp(value: unknown): boolean {
  return readsStrictly(readMcp, value);
}

/** Normalizes a CallToolResult; a value that is not one is an InputError naming the JSON path. */
export function normalizeMcp(value: unknown): ToolResult {
  return withSourceShape(readForced(readMcp, "mcp", value), "mcp");
}

/**
 * Text blocks and embedded text resources are the text; image, audio, blob resources and resource links
 * are attachments. structuredContent stays in meta.structured_content, or is the data itself when
 * there is no text block. isError: true makes the text the error.
 */
export function readMcp(value: unknown, mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  // The MCP SDK defaults a missing `content` to [] (a result with only structuredContent).
  const content = root.content === undefined && "structuredContent" in root ? [] : readArray(root, "content", "$");
  rejectUnknownKeys(root, RESULT_KEYS, "$", mode);
  const isError = readOptionalBoolean(root, "isError", "$");
  readOptionalString(root, "resultType", "$");
  const collector = new PartCollector(MCP_PART_SEPARATOR);
  content.forEach((block, index) => readBlock(block, joinPath(joinPath("$", "content"), index), collector, mode));
  const hasStructured = "structuredContent" in root;
  const structuredIsData = hasStructured && !collector.hasText();
  return assembleResult({
    ok: isError !== true,
    body: structuredIsData ? root.structuredContent : collector.text(),
    collector,
    meta: {
      structured_content: hasStructured && !structuredIsData ? root.structuredContent : undefined,
      structured_content_is_data: structuredIsData ? true : undefined,
      source_extra: mergeExtra(pickExtra(root, ["content", "structuredContent", "isError"]), isError === false ? { isError } : undefined),
    },
  });
}

function readBlock(value: unknown, path: string, collector: PartCollector, mode: ReadMode): void {
  const block = readRecord(value, path);
  const type = readString(block, "type", path);
  switch (type) {
    case "text":
      collector.addText(readString(block, "text", path), pickExtra(block, ["type", "text"]));
      return;
    case "image":
    case "audio":
      collector.addAttachment({
        base64: readString(block, "data", path),
        mime: readString(block, "mimeType", path),
        extra: { source_type: type, ...pickExtra(block, ["type", "data", "mimeType"]) },
      });
      return;
    case "resource_link":
      collector.addAttachment({
        uri: readString(block, "uri", path),
        mime: readOptionalString(block, "mimeType", path),
        name: readString(block, "name", path),
        extra: { source_type: type, ...pickExtra(block, ["type", "uri", "mimeType", "name"]) },
      });
      return;
    case "resource":
      readEmbeddedResource(block, path, collector);
      return;
    default:
      if (mode === "strict") fail(joinPath(path, "type"), `expected one of ${BLOCK_TYPES.join(", ")}, found ${JSON.stringify(type)}`);
      collector.keep(block);
  }
}

function readEmbeddedResource(block: Record<string, unknown>, path: string, collector: PartCollector): void {
  const resourcePath = joinPath(path, "resource");
  const resource = readChild(block, "resource", path);
  const uri = readString(resource, "uri", resourcePath);
  const mime = readOptionalString(resource, "mimeType", resourcePath);
  const blockExtra = pickExtra(block, ["type", "resource"]);
  if (typeof resource.text === "string") {
    collector.addText(resource.text, { source_type: "resource", resource: pickExtra(resource, ["text"]), ...blockExtra });
    return;
  }
  if (typeof resource.blob !== "string") fail(resourcePath, "expected a text or blob resource (a string `text` or `blob`)");
  // `attachment:NAME` is the URI correx writes for a file that had none: the name comes back, the URI does not.
  const own = /^attachment:/.test(uri);
  const resourceExtra = pickExtra(resource, own ? ["blob", "mimeType", "uri"] : ["blob", "mimeType"]);
  collector.addAttachment({
    base64: resource.blob,
    mime,
    name: own ? decodeAttachmentName(uri) : extractFileName(uri),
    extra: { source_type: "resource", ...(resourceExtra ? { resource: resourceExtra } : {}), ...blockExtra },
  });
}

/** The name in correx's own `attachment:NAME` URI (percent-decoded). */
function decodeAttachmentName(uri: string): string {
  const name = uri.slice("attachment:".length);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
