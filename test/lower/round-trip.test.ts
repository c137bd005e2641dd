// Round trips (SPEC §6): for every shape X that correx reads and lowers to, `normalize --from X | lower --to X`
// gives back the input for everything X can carry.
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { lower } from "../../src/lower/index.js";
import type { LowerOptions } from "../../src/lower/types.js";
import { normalizeValue } from "../../src/normalize/index.js";
import type { Provider, ToolResult } from "../../src/payload.js";
import { PDF, PNG, WAV } from "./results.js";

const SHAPES_DIR = new URL("../fixtures/shapes/", import.meta.url);
const LOWERABLE: readonly Provider[] = ["openai-chat", "openai-responses", "anthropic", "gemini", "bedrock", "mcp", "ai-sdk"];
const PART: LowerOptions = { envelope: "part" };

/** The provider a fixture file is an example of (`ai-sdk-v6-content.json` → ai-sdk), if correx lowers to it. */
function shapeOf(file: string): Provider | undefined {
  return LOWERABLE.filter((shape) => file.startsWith(`${shape}-`)).sort((a, b) => b.length - a.length)[0];
}

/** Shapes that X reads but does not write as they were: AI SDK v5 `media` parts, a v7 `file` part's URL. */
const UPGRADED = new Set(["ai-sdk-v5-content-media.json", "ai-sdk-v7-file-parts.json"]);

function roundTrip(input: unknown, shape: Provider, options: LowerOptions = PART): unknown {
  return lower(normalizeValue(input, shape), shape, options).payload;
}

const fixtures = readdirSync(SHAPES_DIR)
  .filter((file) => file.endsWith(".json") && shapeOf(file) !== undefined && !UPGRADED.has(file))
  .map((file) => [file, shapeOf(file) as Provider, JSON.parse(readFileSync(new URL(file, SHAPES_DIR), "utf8")) as unknown] as const);

describe("round trips of the recorded examples (test/fixtures/shapes)", () => {
  test("every lowerable shape has examples", () => {
    expect(new Set(fixtures.map(([, shape]) => shape))).toEqual(new Set(LOWERABLE));
  });
  test.each(fixtures)("%s", (file, shape, input) => {
    const isToolResultPart = (input as { type?: unknown }).type === "tool-result";
    if (isToolResultPart) {
      expect(roundTrip(input, shape, { envelope: "message" })).toEqual({ role: "tool", content: [input] });
    } else {
      expect(roundTrip(input, shape)).toEqual(input);
    }
  });
});

const JPEG_BASE64 = "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=";

/** Inputs that use the fields the recorded examples do not: ids, flags set to their defaults, provider extras. */
const EDGE_INPUTS: readonly (readonly [string, Provider, unknown])[] = [
  ["anthropic: is_error false, cache_control, a text document, an image by URL", "anthropic", {
    type: "tool_result",
    tool_use_id: "toolu_01",
    is_error: false,
    cache_control: { type: "ephemeral" },
    content: [
      { type: "document", source: { type: "text", media_type: "text/plain", data: "line one\nline two" }, title: "notes.txt", context: "from the repo" },
      { type: "image", source: { type: "url", url: "https://example.com/a.png" } },
      { type: "text", text: "Two attachments.", cache_control: { type: "ephemeral" } },
    ],
  }],
  ["openai-chat: a name and several text parts", "openai-chat", {
    role: "tool", tool_call_id: "call_9", name: "lookup", content: [{ type: "text", text: "first" }, { type: "text", text: "second\nline" }],
  }],
  ["openai-responses: a file by URL", "openai-responses", {
    type: "function_call_output", call_id: "call_2", output: [{ type: "input_file", file_url: "https://example.com/spec.pdf", filename: "spec.pdf" }],
  }],
  ["gemini: id, error, willContinue, fileData, a part-level field", "gemini", {
    functionResponse: {
      id: "fc_7",
      name: "fetch_report",
      response: { error: { code: 503, message: "upstream unavailable" }, retry_after_s: 30 },
      willContinue: true,
      parts: [{ fileData: { mimeType: "application/pdf", fileUri: "https://generativelanguage.googleapis.com/v1beta/files/r1" } }],
    },
    thoughtSignature: "c2lnbmF0dXJl",
  }],
  ["gemini: an output beside the error", "gemini", {
    functionResponse: { name: "build", response: { output: "partial log", error: "crashed" } },
  }],
  ["gemini: a response with neither output nor error", "gemini", {
    functionResponse: { name: "get_weather", response: { temperature: 21, unit: "C" } },
  }],
  ["bedrock: no status, an s3 image, a video, a text document, a document with context, a json block among text", "bedrock", {
    toolResult: {
      toolUseId: "tooluse_3",
      content: [
        { text: "Frames and notes:" },
        { image: { format: "jpeg", source: { s3Location: { uri: "s3://bucket/frame.jpg", bucketOwner: "111122223333" } } } },
        { video: { format: "mp4", source: { s3Location: { uri: "s3://bucket/clip.mp4" } } } },
        { document: { format: "txt", name: "notes", source: { text: "plain notes" } } },
        { document: { format: "pdf", name: "spec (v2)", source: { bytes: PDF.data }, context: "the signed spec" } },
        { json: { frames: 2 } },
      ],
    },
  }],
  ["bedrock: a lone json array", "bedrock", { toolResult: { toolUseId: "tooluse_4", content: [{ json: [1, 2, 3] }], status: "success" } }],
  ["mcp: isError false, block _meta, a titled resource link, a text resource", "mcp", {
    content: [
      { type: "text", text: "See the linked files.", _meta: { "com.example/source": "search" } },
      { type: "resource_link", uri: "file:///repo/src/main.rs", name: "main.rs", title: "Entry point", description: "The binary's main", mimeType: "text/x-rust" },
      { type: "resource", resource: { uri: "file:///repo/Cargo.toml", mimeType: "application/toml", text: "[package]\nname = \"demo\"\n" } },
    ],
    isError: false,
  }],
  ["ai-sdk: providerOptions on the output and a part, an image by URL", "ai-sdk", {
    type: "content",
    value: [
      { type: "text", text: "Found it.", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } },
      { type: "image-url", url: "https://example.com/found.png" },
      { type: "image-data", data: JPEG_BASE64, mediaType: "image/jpeg" },
    ],
    providerOptions: { openai: { itemId: "fco_1" } },
  }],
];

describe("round trips of the fields the examples do not use", () => {
  test.each(EDGE_INPUTS)("%s", (_name, shape, input) => {
    expect(roundTrip(input, shape)).toEqual(input);
  });
});

describe("AI SDK parts of other versions", () => {
  const read = (file: string): unknown => JSON.parse(readFileSync(new URL(file, SHAPES_DIR), "utf8"));
  test("v5 media → v6 image-data", () => {
    const input = read("ai-sdk-v5-content-media.json") as { value: [unknown, { data: string }] };
    expect(roundTrip(input, "ai-sdk")).toEqual({
      type: "content", value: [input.value[0], { type: "image-data", data: input.value[1].data, mediaType: "image/png" }],
    });
  });
  test("v7 file parts come back as they were (inline data and text, a provider reference) but a URL, a v6 file-url", () => {
    const input = read("ai-sdk-v7-file-parts.json") as { value: unknown[] };
    expect(roundTrip(input, "ai-sdk")).toEqual({
      type: "content",
      value: [
        input.value[0],
        input.value[1],
        { type: "file-url", url: "https://example.com/page.pdf", mediaType: "application/pdf" },
        input.value[3],
        input.value[4],
      ],
    });
  });
  test("a v7 file part's own fields and its data's come back", () => {
    const input = {
      type: "content",
      value: [
        { type: "file", data: { type: "text", text: "a,b\n1,2", extra: 1 }, mediaType: "text/csv", filename: "t.csv", providerOptions: { x: { y: 1 } } },
        { type: "file", data: { type: "data", data: PNG.data }, mediaType: "image/png", providerOptions: { x: { y: 2 } } },
      ],
    };
    expect(roundTrip(input, "ai-sdk")).toEqual(input);
  });
});

/** Any result of the kinds lowering meets: text or JSON data, an error, media with and without names. */
const arbitraryResult: fc.Arbitrary<ToolResult> = fc.record({
  ok: fc.boolean(),
  text: fc.string({ unit: "grapheme", maxLength: 40 }),
  json: fc.option(fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown), { nil: undefined }),
  tool: fc.stringMatching(/^[a-z][a-z_]{0,11}$/),
  attachments: fc.subarray([PNG, PDF, WAV, { ...PNG, name: undefined }]),
}).map(({ ok, text, json, tool, attachments }) => {
  const body = json ?? text;
  const media = attachments.map(({ name, ...attachment }) => (name === undefined ? attachment : { ...attachment, name }));
  const result: ToolResult = ok ? { ok, tool, data: body } : { ok, tool, error: body };
  return media.length === 0 ? result : { ...result, attachments: media };
});

describe("property: normalizing a lowered payload and lowering it again gives the same payload", () => {
  test.each(LOWERABLE)("%s", (shape) => {
    fc.assert(
      fc.property(arbitraryResult, (result) => {
        const first = lower(result, shape, { callId: "call_1", envelope: "part" }).payload;
        // The user message that carries OpenAI Chat images is not a tool result: the tool message round-trips.
        const toolPart = Array.isArray(first) ? first[0] : first;
        expect(roundTrip(toolPart, shape)).toEqual(toolPart);
      }),
      { numRuns: 150 },
    );
  });
});
