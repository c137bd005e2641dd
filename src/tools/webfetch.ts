// webfetch: the fetched content itself, bounded like any body (opencode shows it raw).
import type { ToolResult } from "../payload.js";
import { formatGeneric } from "./generic.js";
import { pickString } from "./meta.js";
import type { ToolText } from "./types.js";

/** The content as the body: data itself when text, or its `content` / `output` / `text` field; else generic. */
export function formatWebfetch(result: ToolResult): ToolText {
  const content = result.ok ? pickString(result.data, "content", "output", "text") : undefined;
  if (content === undefined) return formatGeneric(result);
  return { ...formatGeneric(result), body: content };
}
