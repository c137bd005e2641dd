// A batch as `lower --to X` writes it for one turn, read back as its results (lower/batch.ts combineBatch): the one
// message holding every result (Anthropic and Bedrock `{role:"user", content:[…]}`, AI SDK `{role:"tool", content:
// […]}`, Gemini `{role:"user", parts:[…]}`), Gemini's parts side by side (`--gemini-inline sibling`), and OpenAI
// Chat's tool messages followed by one user message with every call's images and PDFs under its caption. Read as one value
// they were none of the shapes, and `lower` wrapped the whole batch as JSON text in one result with a placeholder id.
import { isRecord } from "../payload.js";

const CAPTION = /^(?:Images|Files) returned by tool call (.*):$/;

/** The results of a batch written as one turn, or undefined when `value` is not one (one result, or other JSON). */
export function splitTurn(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return splitGeminiParts(value) ?? splitChatMessages(value);
  if (!isRecord(value) || Object.keys(value).some((key) => key !== "role" && key !== "content" && key !== "parts")) return undefined;
  if (value.role === "user" && Array.isArray(value.parts)) return splitGeminiParts(value.parts)?.map((parts) => ({ role: "user", parts }));
  if (!Array.isArray(value.content) || value.content.length < 2 || !value.content.every(isRecord)) return undefined;
  const parts = value.content as Record<string, unknown>[];
  if (value.role === "user" && parts.every((part) => part.type === "tool_result")) return parts;
  if (value.role === "user" && parts.every((part) => isRecord(part.toolResult) && Object.keys(part).length === 1)) return parts;
  if (value.role === "tool" && parts.every((part) => part.type === "tool-result")) return parts.map((part) => ({ role: "tool", content: [part] }));
  return undefined;
}

/** Gemini parts holding two functionResponses or more: each with the media parts after it. */
function splitGeminiParts(parts: unknown[]): unknown[][] | undefined {
  if (parts.length === 0 || !parts.every(isRecord) || !("functionResponse" in (parts[0] as object))) return undefined;
  const groups: unknown[][] = [];
  for (const part of parts as Record<string, unknown>[]) {
    if ("functionResponse" in part) groups.push([part]);
    else groups.at(-1)!.push(part);
  }
  return groups.length >= 2 ? groups : undefined;
}

/** OpenAI Chat: two tool messages or more, then at most one user message of captioned images, split by caption. */
function splitChatMessages(messages: unknown[]): unknown[] | undefined {
  const tools = messages.filter((message) => isRecord(message) && message.role === "tool") as Record<string, unknown>[];
  const rest = messages.slice(tools.length);
  if (tools.length < 2 || rest.length > 1 || !messages.slice(0, tools.length).every((message) => tools.includes(message as Record<string, unknown>))) return undefined;
  const images = new Map<string, unknown[]>();
  if (rest.length === 1) {
    const user = rest[0];
    if (!isRecord(user) || user.role !== "user" || !Array.isArray(user.content)) return undefined;
    let current: unknown[] | undefined;
    for (const part of user.content) {
      const caption = isRecord(part) && part.type === "text" && typeof part.text === "string" ? CAPTION.exec(part.text) : null;
      if (caption) images.set(caption[1]!, (current = [part]));
      else if (current) current.push(part);
      else return undefined;
    }
  }
  return tools.map((tool) => {
    const own = typeof tool.tool_call_id === "string" ? images.get(tool.tool_call_id) : undefined;
    return own ? [tool, { role: "user", content: own }] : tool;
  });
}
