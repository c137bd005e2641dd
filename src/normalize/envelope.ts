// Which JSON `bound` and `run` read as a tool result (SPEC §2): only envelopes that cannot be ordinary data.
// A command's output is data; `{"ok":false,"error":"invalid_auth"}` (Slack) or `{"success":true,"message":…}` is
// what the command printed, so it passes through as text. `normalize` and `lower` detect every shape.
import type { SourceShape } from "../payload.js";
import { isRecord } from "../payload.js";
import { RESPONSE_KEYS } from "./envelope-roles.js";
import { withoutJsonRpc } from "./json-rpc.js";

/**
 * The shapes `bound`/`run` detect, each with every top-level key it may have. Each carries a protocol tag
 * no ordinary JSON document has by accident: MCP's typed `content` blocks, the AI SDK's `{type, value}`
 * output or `tool-result` part, Anthropic's `tool_result` block, OpenAI's `role:"tool"` message and
 * `function_call_output` item, Gemini's `functionResponse` and Bedrock's `toolResult` wrappers.
 */
export const ENVELOPE_KEYS: Readonly<Partial<Record<SourceShape, readonly string[]>>> = {
  mcp: ["content", "structuredContent", "isError", "_meta", "resultType"],
  "ai-sdk": ["type", "value", "reason", "providerOptions", "toolCallId", "toolName", "output", "providerExecuted"],
  anthropic: ["type", "tool_use_id", "content", "is_error", "cache_control"],
  "openai-chat": ["role", "tool_call_id", "content", "name"],
  "openai-responses": ["type", "call_id", "output", "id", "status", "caller"],
  gemini: ["functionResponse"],
  bedrock: ["toolResult"],
};

/** Every key an envelope (or the JSON-RPC response around an MCP result) may have at its top level: any other is data. */
export const ENVELOPE_KEY_SET: ReadonlySet<string> = new Set([...Object.values(ENVELOPE_KEYS).flat(), ...RESPONSE_KEYS]);

/**
 * True when a value detected as `shape` is an envelope `bound` reads as a tool result: the shape is one of
 * ENVELOPE_KEYS, its top-level keys are all the shape's, and an MCP result (alone, or the result of a JSON-RPC
 * response) has at least one content block.
 */
export function isToolEnvelope(shape: SourceShape, detected: unknown): boolean {
  const keys = ENVELOPE_KEYS[shape];
  const value = shape === "mcp" ? withoutJsonRpc(detected) : detected;
  if (keys === undefined || !isRecord(value)) return false;
  if (!Object.keys(value).every((key) => keys.includes(key))) return false;
  if (shape === "mcp") return Array.isArray(value.content) && value.content.length > 0;
  if (shape === "gemini") return isRecord(value.functionResponse);
  if (shape === "bedrock") return isRecord(value.toolResult);
  return true;
}
