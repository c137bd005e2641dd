// read / read_file: the file text of the result as one page of numbered lines (see read-page.ts).
import type { ToolResult } from "../payload.js";
import { formatGeneric } from "./generic.js";
import { pickNumber, pickPath, pickString } from "./meta.js";
import { formatDirectory } from "./read-directory.js";
import { DEFAULT_PAGE_LINES, pageLines, splitFileLines } from "./read-page.js";
import type { FormatContext, ToolText } from "./types.js";

/** What opencode's read says for a file it returns as an attachment instead of text. */
function describeAttachmentRead(result: ToolResult): string | undefined {
  const first = result.attachments?.[0];
  if (first === undefined || (result.data !== undefined && result.data !== "")) return undefined;
  if (first.mime.startsWith("image/")) return "Image read successfully";
  return first.mime === "application/pdf" ? "PDF read successfully" : undefined;
}

/**
 * Pages `data` (the file text) from meta.offset (1-based, default 1) for meta.limit lines (default 2000). A
 * directory (meta.type "directory") lists its entries unnumbered; an image or PDF read as an attachment
 * says so, as opencode does.
 */
export function formatRead(result: ToolResult, context: FormatContext): ToolText {
  const attached = result.ok ? describeAttachmentRead(result) : undefined;
  if (attached !== undefined) return { header: "", body: attached, footer: "", paged: false };
  if (!result.ok || typeof result.data !== "string") return formatGeneric(result);
  if (pickString(result.meta, "type") === "directory") {
    return formatDirectory(splitFileLines(result.data), {
      path: pickPath(result.meta) ?? "(unknown path)",
      offset: pickNumber(result.meta, "offset") ?? 1,
      limit: pickNumber(result.meta, "limit") ?? DEFAULT_PAGE_LINES,
      budget: context.budget,
      ...(context.measure ? { measure: context.measure } : {}),
    });
  }
  const page = pageLines(splitFileLines(result.data), {
    offset: pickNumber(result.meta, "offset") ?? 1,
    limit: pickNumber(result.meta, "limit") ?? DEFAULT_PAGE_LINES,
    budget: context.budget,
    path: pickPath(result.meta) ?? "(unknown path)",
    type: pickString(result.meta, "type") ?? "file",
    ...(context.measure ? { measure: context.measure } : {}),
  });
  return { header: page.header, body: page.body, footer: page.footer, paged: true, ...(page.nextOffset !== undefined ? { nextOffset: page.nextOffset } : {}) };
}
