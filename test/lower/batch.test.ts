// Several tool results for one turn (issue 14): OpenAI Chat puts every tool message before the one user message
// with the images; a batch arrives on stdin as a JSON array of results or as JSON Lines, for every target.
import { describe, expect, test } from "vitest";
import { lowerBatch } from "../../src/lower/batch.js";
import { PROVIDERS, type ToolResult } from "../../src/payload.js";
import { runCli } from "../cli/cli-process.js";
import { PNG, PNG_BASE64 } from "./results.js";

const first: ToolResult = { ok: true, data: "one", attachments: [PNG], meta: { call_id: "call_1" } };
const second: ToolResult = { ok: true, data: "two", attachments: [PNG], meta: { call_id: "call_2" } };
const image = { type: "image_url", image_url: { url: `data:image/png;base64,${PNG_BASE64}` } };

describe("lowerBatch", () => {
  test("openai-chat: every tool message first, then one user message with all the images", () => {
    expect(lowerBatch([first, second], "openai-chat", { envelope: "part" }).payload).toEqual([
      { role: "tool", tool_call_id: "call_1", content: "one" },
      { role: "tool", tool_call_id: "call_2", content: "two" },
      { role: "user", content: [{ type: "text", text: "Images returned by tool call call_1:" }, image, { type: "text", text: "Images returned by tool call call_2:" }, image] },
    ]);
  });
  test("anthropic --envelope message: one user message holding every tool_result", () => {
    const payload = lowerBatch([first, second], "anthropic", { envelope: "message" }).payload as { role: string; content: { tool_use_id: string }[] };
    expect(payload.role).toBe("user");
    expect(payload.content.map((block) => block.tool_use_id)).toEqual(["call_1", "call_2"]);
  });
  test.each(PROVIDERS)("%s: a batch gives one payload per result, or one message with them all", (to) => {
    const payload = lowerBatch([first, second], to, { envelope: "part", name: "t" }).payload;
    expect(JSON.stringify(payload)).toContain("one");
    expect(JSON.stringify(payload)).toContain("two");
  });
});

describe("a batch on stdin", () => {
  const results = [
    { role: "tool", tool_call_id: "c1", content: "first" },
    { type: "tool_result", tool_use_id: "c2", content: "second" },
  ];
  test("a JSON array of results", () => {
    const run = runCli(["lower", "--to", "bedrock", "--envelope", "message", "--no-spill"], JSON.stringify(results));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.text)).toEqual({
      role: "user",
      content: [
        { toolResult: { toolUseId: "c1", content: [{ text: "first" }], status: "success" } },
        { toolResult: { toolUseId: "c2", content: [{ text: "second" }], status: "success" } },
      ],
    });
  });
  test("JSON Lines", () => {
    const run = runCli(["lower", "--to", "openai-chat", "--no-spill"], results.map((result) => JSON.stringify(result)).join("\n") + "\n");
    expect(JSON.parse(run.text)).toEqual([
      { role: "tool", tool_call_id: "c1", content: "first" },
      { role: "tool", tool_call_id: "c2", content: "second" },
    ]);
  });
  test("an array that is ordinary data is one result, and OpenAI Chat's own [tool, user] pair is one result", () => {
    expect(JSON.parse(runCli(["lower", "--to", "mcp", "--no-spill"], "[1,2,3]").text)).toEqual({ content: [{ type: "text", text: "[1,2,3]" }] });
    const pair = JSON.stringify([{ role: "tool", tool_call_id: "c", content: "x" }, { role: "user", content: [{ type: "text", text: "Images returned by tool call c:" }, image] }]);
    expect(JSON.parse(runCli(["lower", "--to", "openai-chat", "--no-spill"], pair).text)).toEqual(JSON.parse(pair));
  });
});
