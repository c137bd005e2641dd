// Literal payloads typed with the official SDKs' own param types (so `tsc` checks every field name, excess
// properties included) and asserted equal to what the lowerings really produce.
import type { LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import type { MessageParam, ToolResultBlockParam } from "@anthropic-ai/sdk/resources/messages";
import type { Message, ToolResultBlock } from "@aws-sdk/client-bedrock-runtime";
import type { Content, Part } from "@google/genai";
import { CallToolResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolModelMessage, ToolResultPart } from "ai";
import type { ChatCompletionMessageParam, ChatCompletionToolMessageParam } from "openai/resources/chat/completions";
import type { ResponseInputItem } from "openai/resources/responses/responses";
import { describe, expect, test } from "vitest";
import { lower } from "../../src/lower/index.js";
import { ERROR, IMAGE, JSON_RESULT, MIXED, PDF_BASE64, PNG_BASE64, TEXT, WAV_BASE64 } from "./results.js";
import type { Wire } from "./sdk-types.js";

const FAILED_MIX = { ...MIXED, ok: false, error: "2 of 3 renders failed" };
const PNG_URL = `data:image/png;base64,${PNG_BASE64}`;
const TEXT_BODY = "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0.";
const JSON_BODY = { city: "Oslo", temperature: 21.5, tags: ["sunny", null] };

const openAIChatText: ChatCompletionToolMessageParam = { role: "tool", tool_call_id: "call_1", content: TEXT_BODY };
const openAIChatImage: ChatCompletionMessageParam[] = [
  { role: "tool", tool_call_id: "call_1", content: "Captured the window." },
  { role: "user", content: [{ type: "text", text: "Images returned by tool call call_1:" }, { type: "image_url", image_url: { url: PNG_URL } }] },
];
const openAIResponsesError: ResponseInputItem = {
  type: "function_call_output", call_id: "call_1", output: "Error: ENOENT: no such file or directory, open 'missing.txt'",
};
const openAIResponsesMixed: ResponseInputItem.FunctionCallOutput = {
  type: "function_call_output",
  call_id: "call_1",
  output: [
    { type: "input_text", text: "Error: Rendered 3 files.\n\n2 of 3 renders failed\n\n[attachment \"clip.wav\" (audio/wav, 44 B) not sent: OpenAI Responses cannot take audio/wav in a function output]" },
    { type: "input_image", image_url: PNG_URL },
    { type: "input_file", file_data: `data:application/pdf;base64,${PDF_BASE64}`, filename: "report.pdf" },
  ],
};
const anthropicError: ToolResultBlockParam = {
  type: "tool_result", tool_use_id: "call_1", content: "ENOENT: no such file or directory, open 'missing.txt'", is_error: true,
};
const anthropicMixed: MessageParam = {
  role: "user",
  content: [{
    type: "tool_result",
    tool_use_id: "call_1",
    content: [
      { type: "text", text: "Rendered 3 files.\n\n2 of 3 renders failed\n\n[attachment \"clip.wav\" (audio/wav, 44 B) not sent: Anthropic tool results cannot carry audio]" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } },
      { type: "document", source: { type: "base64", media_type: "application/pdf", data: PDF_BASE64 }, title: "report.pdf" },
    ],
    is_error: true,
  }],
};
const geminiJson: Part = { functionResponse: { id: "call_1", name: "get_weather", response: { output: JSON_BODY } } };
const geminiImage: Part = {
  functionResponse: {
    id: "call_1", name: "screenshot", response: { output: "Captured the window." },
    parts: [{ inlineData: { mimeType: "image/png", data: PNG_BASE64, displayName: "chart.png" } }],
  },
};
const geminiSiblingMessage: Content = {
  role: "user",
  parts: [
    { functionResponse: { id: "call_1", name: "render", response: { output: "Rendered 3 files.", error: "2 of 3 renders failed" } } },
    { inlineData: { mimeType: "image/png", data: PNG_BASE64 } },
    { inlineData: { mimeType: "application/pdf", data: PDF_BASE64 } },
    { inlineData: { mimeType: "audio/wav", data: WAV_BASE64 } },
  ],
};
const bedrockJson: { toolResult: Wire<ToolResultBlock> } = { toolResult: { toolUseId: "call_1", content: [{ json: JSON_BODY }], status: "success" } };
const bedrockMixed: Wire<Message> = {
  role: "user",
  content: [{
    toolResult: {
      toolUseId: "call_1",
      content: [
        { text: "Rendered 3 files.\n\n2 of 3 renders failed\n\n[attachment \"clip.wav\" (audio/wav, 44 B) not sent: Bedrock tool results cannot carry audio]" },
        { image: { format: "png", source: { bytes: PNG_BASE64 } } },
        { document: { format: "pdf", name: "report", source: { bytes: PDF_BASE64 } } },
      ],
      status: "error",
    },
  }],
};
const mcpJson: CallToolResult = { content: [{ type: "text", text: JSON.stringify(JSON_BODY) }], structuredContent: JSON_BODY };
const mcpMixed: CallToolResult = {
  content: [
    { type: "text", text: "Rendered 3 files.\n\n2 of 3 renders failed" },
    { type: "image", data: PNG_BASE64, mimeType: "image/png" },
    { type: "resource", resource: { uri: "attachment:report.pdf", mimeType: "application/pdf", blob: PDF_BASE64 } },
    { type: "audio", data: WAV_BASE64, mimeType: "audio/wav" },
  ],
  isError: true,
};
const aiSdkError: ToolResultPart["output"] = { type: "error-text", value: "ENOENT: no such file or directory, open 'missing.txt'" };
const aiSdkImage: LanguageModelV3ToolResultOutput = {
  type: "content", value: [{ type: "text", text: "Captured the window." }, { type: "image-data", data: PNG_BASE64, mediaType: "image/png" }],
};
const aiSdkMessage: ToolModelMessage = {
  role: "tool", content: [{ type: "tool-result", toolCallId: "call_1", toolName: "get_weather", output: { type: "json", value: JSON_BODY } }],
};

const PART = { callId: "call_1", envelope: "part" } as const;
const MESSAGE = { callId: "call_1", envelope: "message" } as const;

describe("lowered payloads equal literals typed with the official SDK types", () => {
  test.each([
    ["openai-chat text", lower(TEXT, "openai-chat", PART).payload, openAIChatText],
    ["openai-chat image", lower(IMAGE, "openai-chat", PART).payload, openAIChatImage],
    ["openai-responses error", lower(ERROR, "openai-responses", PART).payload, openAIResponsesError],
    ["openai-responses mixed", lower(FAILED_MIX, "openai-responses", PART).payload, openAIResponsesMixed],
    ["anthropic error", lower(ERROR, "anthropic", PART).payload, anthropicError],
    ["anthropic mixed message", lower(FAILED_MIX, "anthropic", MESSAGE).payload, anthropicMixed],
    ["gemini json", lower(JSON_RESULT, "gemini", PART).payload, geminiJson],
    ["gemini image", lower(IMAGE, "gemini", PART).payload, geminiImage],
    ["gemini sibling message", lower(FAILED_MIX, "gemini", { ...MESSAGE, geminiInline: "sibling" }).payload, geminiSiblingMessage],
    ["bedrock json", lower(JSON_RESULT, "bedrock", PART).payload, bedrockJson],
    ["bedrock mixed message", lower(FAILED_MIX, "bedrock", MESSAGE).payload, bedrockMixed],
    ["mcp json", lower(JSON_RESULT, "mcp", PART).payload, mcpJson],
    ["mcp mixed", lower(FAILED_MIX, "mcp", PART).payload, mcpMixed],
    ["ai-sdk error", lower(ERROR, "ai-sdk", PART).payload, aiSdkError],
    ["ai-sdk image", lower(IMAGE, "ai-sdk", PART).payload, aiSdkImage],
    ["ai-sdk message", lower(JSON_RESULT, "ai-sdk", MESSAGE).payload, aiSdkMessage],
  ])("%s", (_name, actual, typedLiteral) => {
    expect(actual).toEqual(typedLiteral);
  });

  test("the MCP literals also pass the MCP SDK's runtime schema unchanged", () => {
    expect(CallToolResultSchema.parse(mcpMixed)).toEqual(mcpMixed);
    expect(CallToolResultSchema.parse(mcpJson)).toEqual(mcpJson);
  });
});
