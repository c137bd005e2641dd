// Compile-time proof (checked by `npx tsc -p tsconfig.json --noEmit`, part of `npm test`) that every payload
// the wire types beside each lowering can describe is a value of the official SDK's own param type.
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
import type { AiSdkToolMessage, AiSdkToolResultOutput } from "../../src/lower/ai-sdk.js";
import type { AnthropicToolResult, AnthropicUserMessage } from "../../src/lower/anthropic.js";
import type { BedrockPayload, BedrockToolResultBlock } from "../../src/lower/bedrock.js";
import type { GeminiContent, GeminiFunctionResponse, GeminiPart } from "../../src/lower/gemini.js";
import type { McpCallToolResult } from "../../src/lower/mcp.js";
import type { OpenAIChatToolMessage, OpenAIChatUserMessage } from "../../src/lower/openai-chat.js";
import type { OpenAIResponsesCustomToolCallOutput, OpenAIResponsesFunctionCallOutput, OpenAIResponsesPayload } from "../../src/lower/openai-responses.js";
import type { JsonObject, JsonValue } from "../../src/lower/types.js";

/** An SDK type as JSON carries it: bytes (Uint8Array in the JS SDK) are base64 strings on the wire. */
export type Wire<T> = T extends Uint8Array
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

type Expect<Condition extends true> = Condition;
type IsAssignable<From, To> = [From] extends [To] ? true : false;
type AllTrue<Flags> = [Flags] extends [true] ? true : false;

/**
 * True when every member of From matches some member of To using only keys To knows, at every depth.
 * Assignability alone lets a misspelled optional field through (most Gemini fields are optional).
 */
type KnowsAllKeys<From, To> = AllTrue<From extends unknown ? (true extends MatchesSome<From, To> ? true : false) : never>;
type MatchesSome<From, To> = To extends unknown ? MatchesOne<From, To> : never;
type IsSame<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** JSON values are data, not field names: their keys are not checked (and their recursion would not end). */
type IsJsonData<T> = true extends IsSame<T, JsonObject> | IsSame<T, JsonValue[]> ? true : false;
type MatchesOne<From, To> = IsJsonData<From> extends true ? true
  : From extends readonly (infer Item)[]
  ? To extends readonly (infer TargetItem)[] ? KnowsAllKeys<Item, TargetItem> : false
  : From extends object
    ? To extends readonly unknown[] ? false
      : To extends object
        ? Exclude<keyof From, keyof To> extends never
          ? AllTrue<{ [Key in keyof From]-?: KnowsAllKeys<NonNullable<From[Key]>, NonNullable<To[Key & keyof To]>> }[keyof From]>
          : false
        : false
    : [From] extends [To] ? true : false;
type Conforms<From, To> = AllTrue<IsAssignable<From, To> | KnowsAllKeys<From, To>>;

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
  Expect<Conforms<AiSdkToolResultOutput, ToolResultPart["output"]>>,
  Expect<Conforms<AiSdkToolResultOutput, LanguageModelV3ToolResultOutput>>,
  Expect<Conforms<AiSdkToolMessage, ToolModelMessage>>,
];
