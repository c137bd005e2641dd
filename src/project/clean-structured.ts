// Hygiene inside structured JSON: a string value of a JSON result goes to the model as JSON (Bedrock `json`,
// Gemini `output`, MCP `structuredContent`), where the text view's hygiene never sees it (JSON escapes ESC
// as \u001b). Its string values are cleaned the same way; the spill keeps the input as it was.
import type { HygieneOptions } from "../bound/types.js";
import { isRecord, type ToolResult } from "../payload.js";
import { renderLine } from "../text/render-line.js";

/** The value with its strings cleaned; the very same value (no copy) when no string in it changes. */
function cleanValue(value: unknown, clean: (text: string) => string): unknown {
  if (typeof value === "string") return clean(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const cleaned = cleanValue(item, clean);
      if (cleaned !== item) (copy ??= value.slice())[index] = cleaned;
    }
    return copy ?? value;
  }
  if (!isRecord(value)) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    const cleaned = cleanValue(item, clean);
    changed ||= cleaned !== item;
    return [key, cleaned];
  });
  return changed ? Object.fromEntries(entries) : value;
}

/**
 * The result with escape sequences (and carriage-return redraws) removed from the strings of its structured data,
 * error and structured content (unless `structuredWritten` is false: the output does not carry it).
 */
export function cleanStructured(result: ToolResult, hygiene: HygieneOptions, structuredWritten = true): ToolResult {
  if (!hygiene.stripAnsi && !hygiene.collapse) return result;
  const options = { stripAnsi: hygiene.stripAnsi, collapse: hygiene.collapse };
  const clean = (text: string): string => (/[\u001b\u009b\r\b]/.test(text) ? text.split("\n").map((line) => renderLine(line, options)).join("\n") : text);
  const structured = (value: unknown): unknown => (value === undefined || typeof value === "string" ? value : cleanValue(value, clean));
  const cleaned: ToolResult = { ...result };
  if (result.data !== undefined) cleaned.data = structured(result.data);
  if (result.error !== undefined) cleaned.error = structured(result.error);
  if (structuredWritten && result.meta?.structured_content !== undefined) cleaned.meta = { ...result.meta, structured_content: cleanValue(result.meta.structured_content, clean) };
  return cleaned;
}
