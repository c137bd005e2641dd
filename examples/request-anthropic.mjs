#!/usr/bin/env node
// Builds an Anthropic Messages request body around a lowered tool result read on stdin:
//   correx run -- ls -l | correx lower --to anthropic --call-id toolu_01 | node examples/request-anthropic.mjs
// (the block, or with --envelope message the user message). Prints the body; sends nothing.
import { readFileSync } from "node:fs";

const lowered = JSON.parse(readFileSync(0, "utf8"));
const turn = lowered.role === "user" ? lowered : { role: "user", content: [lowered] };
const result = turn.content[0];
const body = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  tools: [{ name: "run", description: "Run a shell command", input_schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } }],
  messages: [
    { role: "user", content: "What is in this folder?" },
    { role: "assistant", content: [{ type: "tool_use", id: result.tool_use_id, name: "run", input: { command: "ls -l" } }] },
    turn,
  ],
};
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
