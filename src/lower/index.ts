// One entry point for every provider lowering (SPEC §6): picks the provider's pure function.
import { assertNever } from "../errors.js";
import type { Provider, ToolResult } from "../payload.js";
import { lowerToAiSdk } from "./ai-sdk.js";
import { lowerToAnthropic } from "./anthropic.js";
import { lowerToBedrock } from "./bedrock.js";
import { lowerToGemini } from "./gemini.js";
import { lowerToMcp } from "./mcp.js";
import { lowerToOpenAIChat } from "./openai-chat.js";
import { lowerToOpenAIResponses } from "./openai-responses.js";
import { lowerToEve } from "./eve.js";
import { lowerToKontext } from "./kontext.js";
import { lowerToOpencode } from "./opencode.js";
import type { Lowered, LowerOptions } from "./types.js";

export type { Lowered, LowerOptions } from "./types.js";

/** Lowers a result to the exact wire JSON of `to`; lossy steps are in `warnings`, unrepresentable input throws. */
export function lower(result: ToolResult, to: Provider, options: LowerOptions): Lowered {
  switch (to) {
    case "openai-chat":
      return lowerToOpenAIChat(result, options);
    case "openai-responses":
      return lowerToOpenAIResponses(result, options);
    case "anthropic":
      return lowerToAnthropic(result, options);
    case "gemini":
      return lowerToGemini(result, options);
    case "bedrock":
      return lowerToBedrock(result, options);
    case "mcp":
      return lowerToMcp(result, options);
    case "ai-sdk":
      return lowerToAiSdk(result, options);
    case "opencode":
      return lowerToOpencode(result, options);
    case "kontext":
      return lowerToKontext(result, options);
    case "eve":
      return lowerToEve(result, options);
    default:
      return assertNever(to, "provider");
  }
}
