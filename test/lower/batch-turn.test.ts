// A batch lowered for one turn reads back as its results (normalize/batch-messages.ts): `lower --to X` of its own
// batch output gives that output again, for every target that writes a batch as one message or as messages side by
// side. Before, the whole turn was one JSON value of no known shape, wrapped as text into a single result whose call
// id was the placeholder "missing-call-id".
import { describe, expect, test } from "vitest";
import { lowerBatch } from "../../src/lower/batch.js";
import { readBatch } from "../../src/normalize/batch.js";
import type { Provider, ToolResult } from "../../src/payload.js";
import { runCli } from "../cli/cli-process.js";
import { PDF, PNG } from "./results.js";

const batch: ToolResult[] = [
  { ok: true, tool: "shot", data: "one", attachments: [PNG, PDF], meta: { call_id: "call_1" } },
  { ok: false, tool: "build", error: "two failed", meta: { call_id: "call_2" } },
  { ok: true, tool: "count", data: { rows: 3 }, meta: { call_id: "call_3" } },
];
const targets: [Provider, "part" | "message", "parts" | "sibling"][] = [
  ["openai-chat", "part", "parts"], ["openai-chat", "message", "parts"], ["anthropic", "message", "parts"], ["bedrock", "message", "parts"],
  ["ai-sdk", "message", "parts"], ["gemini", "message", "parts"], ["gemini", "part", "sibling"], ["gemini", "message", "sibling"],
];

describe("a turn of results, lowered and read back", () => {
  test.each(targets)("%s --envelope %s %s: split into its results, each with its own call id", (to, envelope, inline) => {
    const options = { envelope, geminiInline: inline };
    const turn = lowerBatch(batch, to, options).payload;
    const read = readBatch(Buffer.from(JSON.stringify(turn)), "auto");
    expect(read).toHaveLength(3);
    expect(lowerBatch(read!.map((value) => value as ToolResult), to, options).payload).toBeDefined();
  });

  test.each(targets)("lower --to %s --envelope %s %s of its own output gives it again", (to, envelope, inline) => {
    const args = ["lower", "--to", to, "--envelope", envelope, "--no-spill", "--gemini-inline", inline];
    const first = runCli(args, JSON.stringify(batch));
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: "" });
    expect(runCli(args, first.text)).toEqual(first);
  });

  test("an empty array or message is no turn (an empty array was an internal error)", () => {
    for (const value of [[], { role: "user", parts: [] }, { role: "user", content: [] }]) expect(readBatch(Buffer.from(JSON.stringify(value)), "auto")).toBeUndefined();
    expect(runCli(["lower", "--to", "anthropic", "--call-id", "c", "--no-spill"], "[]").code).toBe(0);
  });

  test("one message that is no batch is left alone: a single result, a tool_result beside text", () => {
    expect(readBatch(Buffer.from(JSON.stringify({ role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: "x" }] })), "auto")).toBeUndefined();
    const mixed = { role: "user", content: [{ type: "tool_result", tool_use_id: "a", content: "x" }, { type: "text", text: "go on" }] };
    expect(readBatch(Buffer.from(JSON.stringify(mixed)), "auto")).toBeUndefined();
  });
});
