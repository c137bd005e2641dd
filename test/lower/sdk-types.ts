// Compile-time proof (checked by `npx tsc -p tsconfig.json --noEmit`, part of `npm test`) that every payload
// the wire types beside each lowering can describe is a value of the official SDK's own param type, for the SDK
// majors package.json pins (the newest majors: sdk-types-newest.ts).
// A renamed or mistyped field in src/lower/*.ts breaks the build here. Literal fixtures checked field by
// field (excess properties included) are in sdk-conformance.test.ts.
import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { ContentBlock, Message, ToolResultBlock } from "@aws-sdk/client-bedrock-runtime";
import type { Content, FunctionResponse, Part } from "@google/genai";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolModelMessage, ToolResultPart } from "ai";
import type { ChatCompletionToolMessageParam, ChatCompletionUserMessageParam } from "openai/resources/chat/completions";
import type { ResponseCustomToolCallOutput, ResponseInputItem } from "openai/resources/responses/responses";
import type { AiSdkToolMessage, AiSdkToolResultOutput, AiSdkV7FilePart } from "../../src/lower/ai-sdk.js";
import type { AnthropicToolResult, AnthropicUserMessage } from "../../src/lower/anthropic.js";
import type { BedrockPayload, BedrockToolResultBlock } from "../../src/lower/bedrock.js";
import type { GeminiContent, GeminiFunctionResponse, GeminiPart } from "../../src/lower/gemini.js";
import type { McpCallToolResult } from "../../src/lower/mcp.js";
import type { OpenAIChatToolMessage, OpenAIChatUserMessage } from "../../src/lower/openai-chat.js";
import type { OpenAIResponsesCustomToolCallOutput, OpenAIResponsesFunctionCallOutput, OpenAIResponsesPayload } from "../../src/lower/openai-responses.js";
import type { Conforms, Expect, Wire } from "./conforms.js";

export type { Wire } from "./conforms.js";

/** The AI SDK payloads without ai 7's file part, which correx writes only for a v7 source (ai 6 has none). */
type WithoutV7Parts<T> = T extends { type: "content"; value: (infer Part)[] } ? Omit<T, "value"> & { value: Exclude<Part, AiSdkV7FilePart>[] }
  : T extends { content: (infer Item)[] } ? Omit<T, "content"> & { content: (Item extends { output: infer Output } ? Omit<Item, "output"> & { output: WithoutV7Parts<Output> } : Item)[] }
  : T;

/** Bedrock's ContentBlock member that holds a tool result, as JSON. */
type BedrockToolResultMember = Wire<Extract<ContentBlock, { toolResult: unknown }>>;

export type WireTypesMatchTheSdks = [
  Expect<Conforms<OpenAIChatToolMessage, ChatCompletionToolMessageParam>>,
  Expect<Conforms<OpenAIChatUserMessage, ChatCompletionUserMessageParam>>,
  Expect<Conforms<OpenAIResponsesFunctionCallOutput, ResponseInputItem.FunctionCallOutput>>,
  Expect<Conforms<OpenAIResponsesCustomToolCallOutput, ResponseCustomToolCallOutput>>,
  Expect<Conforms<OpenAIResponsesPayload, ResponseInputItem>>,
  Expect<Conforms<AnthropicToolResult, ToolResultBlockParam>>,
  Expect<Conforms<AnthropicUserMessage, MessageParam>>,
  Expect<Conforms<GeminiFunctionResponse, FunctionResponse>>,
  Expect<Conforms<GeminiPart, Part>>,
  Expect<Conforms<GeminiContent, Content>>,
  Expect<Conforms<BedrockToolResultBlock, Wire<ToolResultBlock>>>,
  Expect<Conforms<Extract<BedrockPayload, { toolResult: unknown }>, BedrockToolResultMember>>,
  Expect<Conforms<Extract<BedrockPayload, { role: "user" }>, Wire<Message>>>,
  Expect<Conforms<McpCallToolResult, CallToolResult>>,
  Expect<Conforms<WithoutV7Parts<AiSdkToolResultOutput>, ToolResultPart["output"]>>,
  Expect<Conforms<WithoutV7Parts<AiSdkToolResultOutput>, LanguageModelV3ToolResultOutput>>,
  Expect<Conforms<WithoutV7Parts<AiSdkToolMessage>, ToolModelMessage>>,
];
