// write / write_file: one line saying which file was written, and whether it is new (opencode's wording).
import type { ToolResult } from "../payload.js";
import { formatGeneric } from "./generic.js";
import { pickBoolean, pickPath } from "./meta.js";
import type { ToolText } from "./types.js";

/** `Created file successfully: PATH` for a new file (meta.created, or meta.exists false), else `Wrote file successfully: PATH`. */
export function formatWrite(result: ToolResult): ToolText {
  const path = pickPath(result.meta);
  if (!result.ok || path === undefined) return formatGeneric(result);
  const created = pickBoolean(result.meta, "created") ?? (pickBoolean(result.meta, "exists") === false);
  const line = `${created ? "Created" : "Wrote"} file successfully: ${path}`;
  return { header: "", body: line, footer: "", paged: false };
}
