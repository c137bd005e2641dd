// Shape `opencode`, the object a tool's `execute` returns (plugins, MCP tools, built-ins):
// `{ title, output, metadata, attachments? }`. opencode may already have cut `output` to 2,000 lines / 50 KB
// and saved the whole in `metadata.outputPath` (`metadata.truncated: true`): that is kept as correx's own
// `meta.truncated` / `meta.output_path`, so nothing is spilled a second time for a text that fits.
import type { ToolResult } from "../payload.js";
import { isRecord } from "../payload.js";
import { fail, joinPath, pickExtra, readArray, readOptionalString, readRecord, readString, rejectUnknownKeys, type ReadMode } from "./check.js";
import { PartCollector } from "./parts.js";
import { assembleResult } from "./result.js";

/** Top-level keys of an execute result (`content` is the raw MCP content opencode keeps beside an MCP tool's output). */
export const EXECUTE_KEYS = ["title", "output", "metadata", "attachments", "content"];
/** Keys of an attachment FilePart that correx reads; `id`, `sessionID`, `messageID` and others stay in `extra`. */
const FILE_PART_KEYS = ["type", "mime", "url", "filename"];

/** True when the value has the execute result's required fields (a string `output` and an object `metadata`). */
export function looksLikeExecuteResult(root: Record<string, unknown>): boolean {
  return root.type === undefined && typeof root.output === "string" && isRecord(root.metadata);
}

/** output → data; attachments → attachments; `metadata.truncated` / `outputPath` → meta; title and the rest → source_extra. */
export function readExecuteResult(root: Record<string, unknown>, mode: ReadMode): ToolResult {
  rejectUnknownKeys(root, EXECUTE_KEYS, "$", mode);
  const output = readString(root, "output", "$");
  const metadata = readRecord(root.metadata, "$.metadata");
  if (mode === "strict") readString(root, "title", "$");
  else readOptionalString(root, "title", "$");
  const collector = new PartCollector();
  collector.addText(output);
  if (root.attachments !== undefined) {
    readArray(root, "attachments", "$").forEach((value, index) => {
      const path = joinPath("$.attachments", index);
      const part = readRecord(value, path);
      if (part.type !== "file") fail(joinPath(path, "type"), `expected "file", found ${JSON.stringify(part.type)}`);
      collector.addAttachment({
        uri: readString(part, "url", path),
        mime: readString(part, "mime", path),
        name: readOptionalString(part, "filename", path),
        extra: pickExtra(part, FILE_PART_KEYS),
      });
    });
  }
  const { truncated, outputPath, ...restMetadata } = metadata;
  const cut = truncated === true && typeof outputPath === "string";
  if (truncated !== undefined && typeof truncated !== "boolean") fail("$.metadata.truncated", "expected a boolean");
  const sourceExtra = { ...pickExtra(root, ["output", "metadata", "attachments"]), metadata: restMetadata };
  return assembleResult({
    ok: true,
    body: collector.text(),
    collector,
    meta: {
      ...(cut ? { truncated: true, output_path: outputPath } : {}),
      source_extra: sourceExtra,
    },
  });
}
