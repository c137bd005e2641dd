// The request-building scripts in examples/ run on real lowered output; each request body they print is
// asserted whole, against a literal typed with the official SDK's own request type (and, where a newer major is out,
// checked against its request type too: openai 7, @google/genai 3).
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages";
import type { ConverseRequest } from "@aws-sdk/client-bedrock-runtime";
import type { Content, Tool } from "@google/genai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming } from "openai/resources/responses/responses";
import type { Content as ContentV3, Tool as ToolV3 } from "google-genai-v3";
import type { ChatCompletionCreateParamsNonStreaming as ChatRequestV7 } from "openai-v7/resources/chat/completions";
import type { ResponseCreateParamsNonStreaming as ResponsesRequestV7 } from "openai-v7/resources/responses/responses";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { lower } from "../../src/lower/index.js";
import type { LowerOptions } from "../../src/lower/types.js";
import type { Provider } from "../../src/payload.js";
import { ERROR, IMAGE, PNG_BASE64, TEXT } from "./results.js";
import type { Wire } from "./sdk-types.js";

/** Runs examples/request-<provider>.mjs with the lowered payload on stdin and parses what it prints. */
function runExample(provider: Provider, lowered: unknown): unknown {
  const script = fileURLToPath(new URL(`../../examples/request-${provider}.mjs`, import.meta.url));
  const run = spawnSync(process.execPath, [script], { input: JSON.stringify(lowered), encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout);
}

const ASK = "What is in this folder?";
const COMMAND_SCHEMA = { type: "object", properties: { command: { type: "string" } }, required: ["command"] } as const;
const LISTING = "total 2\n-rw-r--r-- 1 u u 12 notes.txt\n\nCommand exited with code 0.";
const PNG_URL = `data:image/png;base64,${PNG_BASE64}`;
const options = (callId: string, extra: Partial<LowerOptions> = {}): LowerOptions => ({ callId, envelope: "part", ...extra });

describe("examples/ build real request bodies around lowered results", () => {
  test("anthropic", () => {
    const expected: MessageCreateParamsNonStreaming = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      tools: [{ name: "run", description: "Run a shell command", input_schema: { ...COMMAND_SCHEMA, required: ["command"] } }],
      messages: [
        { role: "user", content: ASK },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_01", name: "run", input: { command: "ls -l" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "ENOENT: no such file or directory, open 'missing.txt'", is_error: true }] },
      ],
    };
    expect(runExample("anthropic", lower(ERROR, "anthropic", options("toolu_01")).payload)).toEqual(expected);
  });

  test("openai-chat, with the image in the user message that follows", () => {
    const expected: ChatCompletionCreateParamsNonStreaming = {
      model: "gpt-5",
      tools: [{ type: "function", function: { name: "run", description: "Run a shell command", parameters: { ...COMMAND_SCHEMA, required: ["command"] } } }],
      messages: [
        { role: "user", content: ASK },
        { role: "assistant", content: null, tool_calls: [{ id: "call_01", type: "function", function: { name: "run", arguments: '{"command":"ls -l"}' } }] },
        { role: "tool", tool_call_id: "call_01", content: "Captured the window." },
        { role: "user", content: [{ type: "text", text: "Images returned by tool call call_01:" }, { type: "image_url", image_url: { url: PNG_URL } }] },
      ],
    } satisfies ChatRequestV7;
    expect(runExample("openai-chat", lower(IMAGE, "openai-chat", options("call_01")).payload)).toEqual(expected);
  });

  test("openai-responses", () => {
    const expected: ResponseCreateParamsNonStreaming = {
      model: "gpt-5",
      tools: [{
        type: "function", name: "run", description: "Run a shell command", strict: true,
        parameters: { ...COMMAND_SCHEMA, required: ["command"], additionalProperties: false },
      }],
      input: [
        { role: "user", content: ASK },
        { type: "function_call", call_id: "call_01", name: "run", arguments: '{"command":"ls -l"}' },
        { type: "function_call_output", call_id: "call_01", output: [{ type: "input_text", text: "Captured the window." }, { type: "input_image", image_url: PNG_URL }] },
      ],
    } satisfies ResponsesRequestV7;
    expect(runExample("openai-responses", lower(IMAGE, "openai-responses", options("call_01")).payload)).toEqual(expected);
  });

  test("gemini, with the image as a sibling part for an older model", () => {
    const expected: { tools: Tool[]; contents: Content[] } = {
      tools: [{ functionDeclarations: [{ name: "screenshot", description: "Run a shell command", parametersJsonSchema: COMMAND_SCHEMA }] }],
      contents: [
        { role: "user", parts: [{ text: ASK }] },
        { role: "model", parts: [{ functionCall: { id: "fc_01", name: "screenshot", args: { command: "ls -l" } } }] },
        {
          role: "user",
          parts: [
            { functionResponse: { id: "fc_01", name: "screenshot", response: { output: "Captured the window." } } },
            { inlineData: { mimeType: "image/png", data: PNG_BASE64 } },
          ],
        },
      ],
    } satisfies { tools: ToolV3[]; contents: ContentV3[] };
    expect(runExample("gemini", lower(IMAGE, "gemini", options("fc_01", { model: "gemini-2.5-flash" })).payload)).toEqual(expected);
  });

  test("bedrock, from the message envelope", () => {
    const expected: Wire<Omit<ConverseRequest, "modelId">> = {
      toolConfig: { tools: [{ toolSpec: { name: "run", description: "Run a shell command", inputSchema: { json: { ...COMMAND_SCHEMA, required: ["command"] } } } }] },
      messages: [
        { role: "user", content: [{ text: ASK }] },
        { role: "assistant", content: [{ toolUse: { toolUseId: "tooluse_01", name: "run", input: { command: "ls -l" } } }] },
        { role: "user", content: [{ toolResult: { toolUseId: "tooluse_01", content: [{ text: LISTING }], status: "success" } }] },
      ],
    };
    expect(runExample("bedrock", lower(TEXT, "bedrock", options("tooluse_01", { envelope: "message" })).payload)).toEqual(expected);
  });
});
