// read / read_file: the file text of the result as one page of numbered lines (see read-page.ts).
import type { ToolResult } from "../payload.js";
import { formatGeneric } from "./generic.js";
import { pickNumber, pickPath, pickString } from "./meta.js";
import { DEFAULT_PAGE_LINES, pageLines, splitFileLines } from "./read-page.js";
import type { FormatContext, ToolText } from "./types.js";

/** Pages `data` (the file text) from meta.offset (1-based, default 1) for meta.limit lines (default 2000). */
export function formatRead(result: ToolResult, context: FormatContext): ToolText {
  if (!result.ok || typeof result.data !== "string") return formatGeneric(result);
  const page = pageLines(splitFileLines(result.data), {
    offset: pickNumber(result.meta, "offset") ?? 1,
    limit: pickNumber(result.meta, "limit") ?? DEFAULT_PAGE_LINES,
    budget: context.budget,
    path: pickPath(result.meta) ?? "(unknown path)",
    type: pickString(result.meta, "type") ?? "file",
    ...(context.measure ? { measure: context.measure } : {}),
  });
  return { header: page.header, body: page.body, footer: page.footer, paged: true };
}
