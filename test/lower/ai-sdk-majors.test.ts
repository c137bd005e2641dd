// `--to ai-sdk` as ai 6 and ai 7 themselves read it: each recorded result's lowered tool message goes through the
// SDK's own generateText with its own mock model (ai/test), which records the prompt a provider would get. ai 7
// (installed as `ai-v7`) runs on Node 20 here though its engines ask for 22.
import { readdirSync, readFileSync } from "node:fs";
import { generateText as generateText6 } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { generateText as generateText7 } from "ai-v7";
import { MockLanguageModelV4 } from "ai-v7/test";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { lower } from "../../src/lower/index.js";
import { normalizeValue } from "../../src/normalize/index.js";

const FIXTURES = new URL("../fixtures/", import.meta.url);
const V7_SOURCE = "shapes/ai-sdk-v7-file-parts.json";
/** Recorded results in ai 7's own shape (eve's ToolModelOutput is one): lowered to ai-sdk, they stay in it. */
const V7_SHAPED = [V7_SOURCE, "shapes/eve-content.json"];

/** Every recorded tool result: the shapes' examples and the MCP servers' recorded answers. */
const recorded = [
  ...readdirSync(new URL("shapes/", FIXTURES)).filter((file) => file.endsWith(".json")).map((file) => `shapes/${file}`),
  ...readdirSync(new URL("json/", FIXTURES)).filter((file) => /^mcp-.*\.json$/.test(file)).map((file) => `json/${file}`),
];

function lowered(file: string): unknown {
  const value: unknown = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
  return lower(normalizeValue(value, "auto"), "ai-sdk", { envelope: "message", callId: "call_1", name: "tool" }).payload;
}

interface Sent {
  /** The tool result's output as the provider gets it, or the error generateText threw. */
  output?: { type: string; value?: { type: string }[] };
  error?: string;
}

const DONE = { content: [{ type: "text" as const, text: "ok" }], finishReason: { unified: "stop" as const, raw: "stop" }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] };

/** A call and its result as the conversation before correx's tool message; URLs are the model's to fetch (no download). */
function messagesWith(toolMessage: unknown): never {
  return [
    { role: "user", content: "go" },
    { role: "assistant", content: [{ type: "tool-call", toolCallId: "call_1", toolName: "tool", input: {} }] },
    toolMessage,
  ] as never;
}

async function send(major: 6 | 7, toolMessage: unknown): Promise<Sent> {
  let prompt: { content: unknown }[] = [];
  const doGenerate = async (options: { prompt: { content: unknown }[] }) => {
    prompt = options.prompt;
    return DONE;
  };
  try {
    const settings = { supportedUrls: { "*": [/.*/] }, doGenerate };
    if (major === 6) await generateText6({ model: new MockLanguageModelV3(settings as never), messages: messagesWith(toolMessage) });
    else await generateText7({ model: new MockLanguageModelV4(settings as never), messages: messagesWith(toolMessage) });
  } catch (error) {
    return { error: (error as Error).name };
  }
  const content = prompt.at(-1)?.content as { output: Sent["output"] }[];
  return { output: content[0]?.output };
}

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (logged: { warnings: { setting?: string; message?: string }[] }) => {
    warnings.push(...logged.warnings.map((warning) => warning.setting ?? warning.message ?? ""));
  };
});
afterEach(() => {
  delete (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS;
});

describe("ai-sdk payloads of every recorded result, read by ai 6 and ai 7", () => {
  test.each(recorded.filter((file) => !V7_SHAPED.includes(file)))("%s: both take it; ai 7's provider gets only text, file and custom parts", async (file) => {
    const message = lowered(file);
    expect(await send(6, message)).not.toHaveProperty("error");
    const sent = await send(7, message);
    expect(sent).not.toHaveProperty("error");
    for (const part of sent.output?.type === "content" ? sent.output.value ?? [] : []) expect(["text", "file", "custom"]).toContain(part.type);
  });
});

describe("a v7 output normalized and lowered again", () => {
  test("ai 7 gets its file parts back: the inline image and the named HTML text file, deprecated only for the URL JSON cannot carry", async () => {
    const source = JSON.parse(readFileSync(new URL(V7_SOURCE, FIXTURES), "utf8")) as { value: { data: { data?: string } }[] };
    const sent = await send(7, lowered(V7_SOURCE));
    expect(sent.output).toEqual({
      type: "content",
      value: [
        { type: "text", text: "Here is the rendered page and its source." },
        { type: "file", data: { type: "data", data: source.value[1]?.data.data }, mediaType: "image/png", filename: "page.png" },
        { type: "file", data: { type: "url", url: new URL("https://example.com/page.pdf") }, mediaType: "application/pdf" },
        { type: "file", data: { type: "reference", reference: { openai: "file-xyz789" } }, mediaType: "application/pdf" },
        { type: "file", data: { type: "text", text: "<html><body>Hello</body></html>" }, mediaType: "text/html", filename: "page.html" },
      ],
    });
    expect(warnings).toEqual(['"tool-result" content of type "file-url"']);
  });
  test.each(V7_SHAPED)("%s: ai 7 takes it; ai 6 rejects it, as it rejects the v7 input itself", async (file) => {
    expect(await send(7, lowered(file))).not.toHaveProperty("error");
    expect(await send(6, lowered(file))).toEqual({ error: "AI_InvalidPromptError" });
  });
});
