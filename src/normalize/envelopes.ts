// The `--envelope message` payloads correx writes, read back: the message around a tool-result part
// (Anthropic and Bedrock `{role:"user", content:[block]}`, AI SDK `{role:"tool", content:[part]}`, Gemini
// `{role:"user", parts:[functionResponse, media…]}` or the bare array of parts) and OpenAI Chat's
// `[tool message, user message with the images]`. The part is read by its shape's reader; media that
// travelled beside it become attachments.
import { isRecord, type SourceShape, type ToolResult } from "../payload.js";
import { fail, joinPath, readRecord, readString, type ReadMode, type ShapeReader } from "./check.js";
import type { PartLayout } from "./parts.js";
import { PartCollector } from "./parts.js";

/** The part inside an envelope and what travelled beside it. */
interface Unwrapped {
  inner: unknown;
  beside: unknown[];
}

function onlyKeys(record: Record<string, unknown>, keys: readonly string[]): boolean {
  return Object.keys(record).every((key) => keys.includes(key));
}

/** `{ role, content: [one part] }`. */
function singlePart(value: unknown, role: string): Unwrapped | undefined {
  if (!isRecord(value) || value.role !== role || !onlyKeys(value, ["role", "content"])) return undefined;
  const content = value.content;
  return Array.isArray(content) && content.length === 1 ? { inner: content[0], beside: [] } : undefined;
}

function geminiParts(value: unknown): Unwrapped | undefined {
  const parts = Array.isArray(value) ? value : isRecord(value) && value.role === "user" && onlyKeys(value, ["role", "parts"]) ? value.parts : undefined;
  if (!Array.isArray(parts) || parts.length === 0 || !isRecord(parts[0]) || !("functionResponse" in parts[0])) return undefined;
  return { inner: parts[0], beside: parts.slice(1) };
}

function openaiChatMessages(value: unknown): Unwrapped | undefined {
  if (!Array.isArray(value) || value.length === 0 || !isRecord(value[0]) || value[0].role !== "tool") return undefined;
  const rest = value.slice(1);
  return rest.every((message) => isRecord(message) && message.role === "user") ? { inner: value[0], beside: rest } : undefined;
}

const UNWRAPPERS: Partial<Record<SourceShape, (value: unknown) => Unwrapped | undefined>> = {
  anthropic: (value) => singlePart(value, "user"),
  bedrock: (value) => singlePart(value, "user"),
  "ai-sdk": (value) => singlePart(value, "tool"),
  gemini: geminiParts,
  "openai-chat": openaiChatMessages,
};

/** Gemini sibling media go where Gemini 3 puts them: into `functionResponse.parts`. */
function mergeGeminiParts(unwrapped: Unwrapped): unknown {
  if (unwrapped.beside.length === 0) return unwrapped.inner;
  const part = unwrapped.inner as Record<string, unknown>;
  const response = readRecord(part.functionResponse, "$[0].functionResponse");
  const own = Array.isArray(response.parts) ? response.parts : [];
  return { ...part, functionResponse: { ...response, parts: [...own, ...unwrapped.beside] } };
}

/** correx's caption over the images and PDFs that follow an OpenAI Chat tool message. */
const CHAT_CAPTION = /^(?:Images|Files) returned by tool call /;

/** A Chat Completions file part as correx writes it, `{type: "file", file: {file_data: "data:…", filename}}`. */
function readChatFile(part: Record<string, unknown>, path: string): { uri: string; name?: string } {
  const file = readRecord(part.file, joinPath(path, "file"));
  const name = typeof file.filename === "string" ? { name: file.filename } : {};
  return { uri: readString(file, "file_data", joinPath(path, "file")), ...name };
}

/** The images and PDFs of the user messages that follow an OpenAI Chat tool message (the caption line is correx's own). */
function readChatImages(result: ToolResult, messages: unknown[], mode: ReadMode): ToolResult {
  const collector = new PartCollector();
  messages.forEach((message, messageIndex) => {
    const path = joinPath("$", messageIndex + 1);
    const content = (message as Record<string, unknown>).content;
    if (!Array.isArray(content)) return fail(joinPath(path, "content"), "expected an array of parts");
    content.forEach((value, index) => {
      const partPath = joinPath(joinPath(path, "content"), index);
      const part = readRecord(value, partPath);
      if (part.type === "image_url") collector.addAttachment({ uri: readString(readRecord(part.image_url, joinPath(partPath, "image_url")), "url", partPath) });
      else if (part.type === "file") collector.addAttachment(readChatFile(part, partPath));
      else if (part.type === "text" && typeof part.text === "string" && CHAT_CAPTION.test(part.text)) return;
      else if (mode === "lenient") collector.keep(part);
      else fail(partPath, "expected an image_url or file part, or the caption");
    });
  });
  const offset = result.attachments?.length ?? 0;
  const added: PartLayout[] = collector.parts.map((part) => (part.type === "attachment" ? { type: "attachment", index: part.index + offset } : part));
  const meta = { ...result.meta };
  if (Array.isArray(meta.parts)) meta.parts = [...(meta.parts as PartLayout[]), ...added];
  if (collector.notes.length > 0) meta.notes = [...(Array.isArray(meta.notes) ? (meta.notes as string[]) : []), ...collector.notes];
  const attachments = [...(result.attachments ?? []), ...collector.attachments];
  return { ...result, meta, ...(attachments.length > 0 ? { attachments } : {}) };
}

/** A shape's reader that also reads that shape's message envelope (see the file comment). */
export function readingEnvelopes(shape: SourceShape, read: ShapeReader<ToolResult>): ShapeReader<ToolResult> {
  const unwrap = UNWRAPPERS[shape];
  if (unwrap === undefined) return read;
  return (value, mode) => {
    const unwrapped = unwrap(value);
    if (unwrapped === undefined) return read(value, mode);
    if (shape === "gemini") return read(mergeGeminiParts(unwrapped), mode);
    const result = read(unwrapped.inner, mode);
    return shape === "openai-chat" ? readChatImages(result, unwrapped.beside, mode) : result;
  };
}
