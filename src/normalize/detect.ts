// `--from auto`: which shape a parsed JSON value is. The registry is tried in order; the first shape
// whose strict reader accepts the value wins, and `json` takes everything else.
//
// | order | shape            | decided by (strict: any other top-level key → not this shape, unless noted)                          |
// | ----- | ---------------- | ---------------------------------------------------------------------------------------------------- |
// | –     | text             | the value is a string (the CLI never parses non-JSON text)                                            |
// | 1     | rind             | boolean `ok`; `data` (ok) or `error` (not ok); only ok/tool/data/error/error_type/meta/attachments     |
// | 2     | mcp              | `content`: array of text/image/audio/resource_link/resource blocks; only content/structuredContent/    |
// |       |                  | isError/_meta/resultType; or the JSON-RPC response around one (`jsonrpc`, `id`, `result`)             |
// | 3     | ai-sdk           | `type` text/json/error-text/error-json/execution-denied/content with `value` (`reason`), only          |
// |       |                  | type/value/providerOptions, every content part an AI SDK part type (v5, v6, v7); or the tool-result    |
// |       |                  | part `{type:"tool-result", toolCallId, toolName, output}`                                              |
// | 4     | eve              | never reached: every eve ToolModelOutput is also an AI SDK v7 output (`--from eve` checks it)        |
// | 5     | opencode         | `type` json/text/error/content with `value` (file parts `{uri, mime}`); `{content, structured}`; or    |
// |       |                  | `{type:"tool-result", id, name, result}`                                                               |
// | 6     | kontext          | boolean `success` and string `message` (extension fields allowed)                                    |
// | 7     | anthropic        | `type:"tool_result"` and string `tool_use_id` (other fields kept, not rejected)                        |
// | 8     | openai-chat      | `role:"tool"`, string `tool_call_id`, `content` string or text parts                                   |
// | 9     | openai-responses | `type` function_call_output/custom_tool_call_output, string `call_id`, `output` string or parts      |
// | 10    | gemini           | `functionResponse` object with an object `response`                                                    |
// | 11    | bedrock          | `toolResult` object (or the bare block) with string `toolUseId` and array `content`                   |
// | 12    | json             | anything else                                                                                          |
//
// Overlaps are settled by the order: `{type:"text", value:"…"}` is valid ai-sdk, eve and opencode and is
// reported as ai-sdk (all three normalize it the same way); `{content:[text blocks]}` without `structured`
// is MCP. JSON that merely resembles a shape (a missing required field, an unknown key, an unknown part
// type, a wrongly typed field) fails the strict reader and stays `json`.
import type { SourceShape, ToolResult } from "../payload.js";
import { readAiSdk } from "./ai-sdk.js";
import { readAnthropic } from "./anthropic.js";
import { readBedrock } from "./bedrock.js";
import { ShapeMismatch, type ShapeReader } from "./check.js";
import { readingEnvelopes } from "./envelopes.js";
import { readEve } from "./eve.js";
import { readGemini } from "./gemini.js";
import { readJson } from "./json.js";
import { readingJsonRpc } from "./json-rpc.js";
import { readKontext } from "./kontext.js";
import { readMcp } from "./mcp.js";
import { readOpenaiChat } from "./openai-chat.js";
import { readOpenaiResponses } from "./openai-responses.js";
import { readOpencode } from "./opencode.js";
import { readRind } from "./rind.js";
import { readText } from "./text.js";

/** Every shape with its reader, in detection order (text and json are the ends, not tried in between). */
export const SHAPE_REGISTRY: readonly { shape: SourceShape; read: ShapeReader<ToolResult> }[] = [
  { shape: "rind", read: readRind },
  { shape: "mcp", read: readingJsonRpc(readMcp) },
  { shape: "ai-sdk", read: readingEnvelopes("ai-sdk", readAiSdk) },
  { shape: "eve", read: readEve },
  { shape: "opencode", read: readOpencode },
  { shape: "kontext", read: readKontext },
  { shape: "anthropic", read: readingEnvelopes("anthropic", readAnthropic) },
  { shape: "openai-chat", read: readingEnvelopes("openai-chat", readOpenaiChat) },
  { shape: "openai-responses", read: readOpenaiResponses },
  { shape: "gemini", read: readingEnvelopes("gemini", readGemini) },
  { shape: "bedrock", read: readingEnvelopes("bedrock", readBedrock) },
];

/** The reader of one shape (text and json included). */
export function findReader(shape: SourceShape): ShapeReader<ToolResult> {
  if (shape === "text") return readText;
  if (shape === "json") return readJson;
  const entry = SHAPE_REGISTRY.find((candidate) => candidate.shape === shape);
  if (entry === undefined) throw new Error(`no reader registered for shape ${shape}`);
  return entry.read;
}

/** Detects the shape and reads it in one pass: the first strict match, else `json` (a string is `text`). */
export function readDetected(value: unknown): { shape: SourceShape; result: ToolResult } {
  if (typeof value === "string") return { shape: "text", result: readText(value, "strict") };
  for (const { shape, read } of SHAPE_REGISTRY) {
    try {
      return { shape, result: read(value, "strict") };
    } catch (error) {
      if (!(error instanceof ShapeMismatch)) throw error;
    }
  }
  return { shape: "json", result: readJson(value, "strict") };
}

/** The shape `--from auto` reads `value` as. */
export function detectShape(value: unknown): SourceShape {
  return readDetected(value).shape;
}
