// Several tool results at once (parallel calls): each is lowered, then put together the way the API wants
// them in one turn. OpenAI Chat: every `tool` message first, then one `user` message with all the images (the
// API rejects a user message between tool messages). Anthropic, Bedrock, Gemini, AI SDK with `--envelope
// message`: one message holding every result. Otherwise: the list of payloads, in order.
import type { Provider, ToolResult } from "../payload.js";
import { lower } from "./index.js";
import type { Lowered, LowerOptions } from "./types.js";

type Message = { role: string; content?: unknown[]; parts?: unknown[] };

/** Messages of one role merged into one: their content (or Gemini parts) one after the other. */
function mergeMessages(messages: Message[]): Message {
  const key = messages[0]?.parts !== undefined ? "parts" : "content";
  return { ...messages[0]!, [key]: messages.flatMap((message) => (message[key] as unknown[] | undefined) ?? []) };
}

/** Lowers a batch of results for one turn (see the file comment); warnings of all of them, in order. */
export function lowerBatch(results: readonly ToolResult[], to: Provider, options: LowerOptions): Lowered<unknown[] | Message> {
  const warnings: string[] = [];
  const envelope = to === "openai-chat" ? "message" : options.envelope;
  const lowered = results.map((result) => {
    const one = lower(result, to, { ...options, envelope });
    warnings.push(...one.warnings);
    return one.payload;
  });
  if (to === "openai-chat") {
    const messages = lowered.flat() as Message[];
    const users = messages.filter((message) => message.role === "user");
    const tools = messages.filter((message) => message.role !== "user");
    return { payload: users.length === 0 ? tools : [...tools, mergeMessages(users)], warnings };
  }
  if (options.envelope === "message" && (to === "anthropic" || to === "bedrock" || to === "gemini" || to === "ai-sdk")) {
    return { payload: mergeMessages(lowered as Message[]), warnings };
  }
  return { payload: to === "gemini" ? lowered.flat() : lowered, warnings };
}
