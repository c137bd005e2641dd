#!/usr/bin/env node
// Builds an OpenAI Chat Completions request body around a lowered tool result read on stdin:
//   correx run -- ls -l | correx lower --to openai-chat --call-id call_01 | node examples/request-openai-chat.mjs
// (the tool message, or [tool, user] when images follow it). Prints the body; sends nothing.
import { readFileSync } from "node:fs";

const lowered = JSON.parse(readFileSync(0, "utf8"));
const messages = Array.isArray(lowered) ? lowered : [lowered];
const body = {
  model: "gpt-5",
  tools: [{ type: "function", function: { name: "run", description: "Run a shell command", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } } }],
  messages: [
    { role: "user", content: "What is in this folder?" },
    { role: "assistant", content: null, tool_calls: [{ id: messages[0].tool_call_id, type: "function", function: { name: "run", arguments: '{"command":"ls -l"}' } }] },
    ...messages,
  ],
};
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
