// Shape `openai-chat`: a Chat Completions tool message `{ role: "tool", tool_call_id, content }`.
import type { ToolResult } from "../payload.js";
import {
  joinPath, describeValue, fail, pickExtra, readForced, readLiteral, readRecord, readString, readsStrictly,
  rejectUnknownKeys, type ReadMode,
} from "./check.js";
import { PartCollector } from "./parts.js";
import { assembleResult, withSourceShape } from "./result.js";

/** True for `{ role: "tool", tool_call_id, content: string | text parts }`. */
export function matchesOpenaiChat(value: unknown): boolean {
  return readsStrictly(readOpenaiChat, value);
}

/** Normalizes a tool message; a value that is not one is an InputError naming the JSON path. */
export function normalizeOpenaiChat(value: unknown): ToolResult {
  return withSourceShape(readForced(readOpenaiChat, "openai-chat", value), "openai-chat");
}

/** The content is the text (the API has no error flag and takes only text parts in a tool message). */
export function readOpenaiChat(value: unknown, mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  readLiteral(root, "role", "$", ["tool"]);
  const toolCallId = readString(root, "tool_call_id", "$");
  rejectUnknownKeys(root, ["role", "tool_call_id", "content", "name"], "$", mode);
  const meta = { call_id: toolCallId, source_extra: pickExtra(root, ["role", "tool_call_id", "content"]) };
  const content = root.content;
  if (typeof content === "string") return assembleResult({ ok: true, body: content, meta });
  if (!Array.isArray(content)) fail(joinPath("$", "content"), `expected a string or an array of text parts, found ${describeValue(content)}`);
  const collector = new PartCollector();
  content.forEach((value, index) => {
    const path = joinPath("$.content", index);
    const part = readRecord(value, path);
    const type = readString(part, "type", path);
    if (type === "text") collector.addText(readString(part, "text", path), pickExtra(part, ["type", "text"]));
    else if (mode === "lenient") collector.keep(part);
    else fail(joinPath(path, "type"), `expected "text", found ${JSON.stringify(type)}`);
  });
  return assembleResult({ ok: true, body: collector.text(), meta, collector });
}
