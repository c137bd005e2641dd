#!/usr/bin/env node
// Builds a Bedrock Converse request body (POST /model/MODEL_ID/converse) around a lowered toolResult read on stdin:
//   correx run -- ls -l | correx lower --to bedrock --call-id tooluse_01 | node examples/request-bedrock.mjs
// (the {toolResult} block, or with --envelope message the user message). Bytes stay base64, as the JSON API
// takes them (the JS SDK wants Uint8Array: Buffer.from(bytes, "base64")). Prints the body; sends nothing.
import { readFileSync } from "node:fs";

const lowered = JSON.parse(readFileSync(0, "utf8"));
const turn = lowered.role === "user" ? lowered : { role: "user", content: [lowered] };
const body = {
  toolConfig: { tools: [{ toolSpec: { name: "run", description: "Run a shell command", inputSchema: { json: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } } } }] },
  messages: [
    { role: "user", content: [{ text: "What is in this folder?" }] },
    { role: "assistant", content: [{ toolUse: { toolUseId: turn.content[0].toolResult.toolUseId, name: "run", input: { command: "ls -l" } } }] },
    turn,
  ],
};
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
