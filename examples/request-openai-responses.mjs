#!/usr/bin/env node
// Builds an OpenAI Responses request body around a lowered function_call_output item read on stdin:
//   correx run -- ls -l | correx lower --to openai-responses --call-id call_01 | node examples/request-openai-responses.mjs
// Prints the body; sends nothing.
import { readFileSync } from "node:fs";

const output = JSON.parse(readFileSync(0, "utf8"));
const body = {
  model: "gpt-5",
  tools: [{ type: "function", name: "run", description: "Run a shell command", strict: true, parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"], additionalProperties: false } }],
  input: [
    { role: "user", content: "What is in this folder?" },
    { type: "function_call", call_id: output.call_id, name: "run", arguments: '{"command":"ls -l"}' },
    output,
  ],
};
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
