// Compile-time proof, as sdk-types.ts gives it for the majors package.json pins, that every payload the wire types
// can describe is a value of the newest SDK majors' own types: openai 7, @google/genai 3, ai 7 and
// @ai-sdk/provider 4, installed as devDependencies under aliases (`openai-v7`, `google-genai-v3`, `ai-v7`,
// `ai-sdk-provider-v4`: their code asks for Node 22, their .d.ts type-check anywhere). Anthropic 1.17 and Bedrock
// 3.1178 are the pinned versions themselves, checked in sdk-types.ts.
import type { LanguageModelV4ToolResultOutput } from "ai-sdk-provider-v4";
import type { ToolModelMessage, ToolResultPart } from "ai-v7";
import type { Content, FunctionResponse, Part } from "google-genai-v3";
import type { ChatCompletionToolMessageParam, ChatCompletionUserMessageParam } from "openai-v7/resources/chat/completions";
import type { ResponseCustomToolCallOutput, ResponseInputItem } from "openai-v7/resources/responses/responses";
import type { AiSdkContentPart, AiSdkToolMessage, AiSdkToolResultOutput, AiSdkV7FilePart } from "../../src/lower/ai-sdk.js";
import type { GeminiContent, GeminiFunctionResponse, GeminiPart } from "../../src/lower/gemini.js";
import type { OpenAIChatToolMessage, OpenAIChatUserMessage } from "../../src/lower/openai-chat.js";
import type { OpenAIResponsesCustomToolCallOutput, OpenAIResponsesFunctionCallOutput, OpenAIResponsesPayload } from "../../src/lower/openai-responses.js";
import type { Conforms, Expect } from "./conforms.js";

/**
 * The AI SDK outputs whose parts are ai 7's own (text, and the file part of a v7 source): what a provider of
 * @ai-sdk/provider 4 is given. ai 7 takes the v6 parts too, and turns them into these before its providers see them.
 */
type WithV7PartsOnly<T> = T extends { type: "content"; value: AiSdkContentPart[] }
  ? Omit<T, "value"> & { value: Extract<AiSdkContentPart, { type: "text" } | AiSdkV7FilePart>[] }
  : T;

export type WireTypesMatchTheNewestSdks = [
  Expect<Conforms<OpenAIChatToolMessage, ChatCompletionToolMessageParam>>,
  Expect<Conforms<OpenAIChatUserMessage, ChatCompletionUserMessageParam>>,
  Expect<Conforms<OpenAIResponsesFunctionCallOutput, ResponseInputItem.FunctionCallOutput>>,
  Expect<Conforms<OpenAIResponsesCustomToolCallOutput, ResponseCustomToolCallOutput>>,
  Expect<Conforms<OpenAIResponsesPayload, ResponseInputItem>>,
  Expect<Conforms<GeminiFunctionResponse, FunctionResponse>>,
  Expect<Conforms<GeminiPart, Part>>,
  Expect<Conforms<GeminiContent, Content>>,
  Expect<Conforms<AiSdkToolResultOutput, ToolResultPart["output"]>>,
  Expect<Conforms<AiSdkToolMessage, ToolModelMessage>>,
  Expect<Conforms<WithV7PartsOnly<AiSdkToolResultOutput>, LanguageModelV4ToolResultOutput>>,
];
