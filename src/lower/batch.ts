// Several tool results at once (parallel calls): each is lowered, then put together the way the API wants
// them in one turn. OpenAI Chat: every `tool` message first, then one `user` message with all the images and
// PDFs (the API rejects a user message between tool messages). Anthropic, Bedrock, Gemini, AI SDK with `--envelope
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

/** The envelope each result of a batch is lowered with: OpenAI Chat's whole messages (a tool message and its images). */
export function batchEnvelope(to: Provider, envelope: LowerOptions["envelope"]): LowerOptions["envelope"] {
  return to === "openai-chat" ? "message" : envelope;
}

/**
 * The payloads of a batch, each lowered with `batchEnvelope`, put together for one turn (see the file comment). The
 * whole is never longer than the payloads' JSON side by side, with a comma between two and brackets around them.
 */
export function combineBatch(lowered: readonly unknown[], to: Provider, envelope: LowerOptions["envelope"]): unknown[] | Message {
  if (to === "openai-chat") {
    const messages = lowered.flat() as Message[];
    const users = messages.filter((message) => message.role === "user");
    const tools = messages.filter((message) => message.role !== "user");
    return users.length === 0 ? tools : [...tools, mergeMessages(users)];
  }
  if (envelope === "message" && (to === "anthropic" || to === "bedrock" || to === "gemini" || to === "ai-sdk")) return mergeMessages(lowered as Message[]);
  return to === "gemini" ? lowered.flat() : [...lowered];
}

/** Lowers a batch of results for one turn (see the file comment); warnings of all of them, in order. */
export function lowerBatch(results: readonly ToolResult[], to: Provider, options: LowerOptions): Lowered<unknown[] | Message> {
  const warnings: string[] = [];
  const envelope = batchEnvelope(to, options.envelope);
  const lowered = results.map((result) => {
    const one = lower(result, to, { ...options, envelope });
    warnings.push(...one.warnings);
    return one.payload;
  });
  return { payload: combineBatch(lowered, to, options.envelope), warnings };
}
