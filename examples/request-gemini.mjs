#!/usr/bin/env node
// Builds a Gemini generateContent request body around a lowered functionResponse read on stdin:
//   correx run -- ls -l | correx lower --to gemini --name run --call-id fc_01 | node examples/request-gemini.mjs
// (the part, the parts with --gemini-inline sibling, or the content with --envelope message). Prints the body; sends nothing.
import { readFileSync } from "node:fs";

const lowered = JSON.parse(readFileSync(0, "utf8"));
const turn = lowered.role === "user" ? lowered : { role: "user", parts: Array.isArray(lowered) ? lowered : [lowered] };
const { id, name } = turn.parts[0].functionResponse;
const body = {
  tools: [{ functionDeclarations: [{ name, description: "Run a shell command", parametersJsonSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } }] }],
  contents: [
    { role: "user", parts: [{ text: "What is in this folder?" }] },
    { role: "model", parts: [{ functionCall: { ...(id === undefined ? {} : { id }), name, args: { command: "ls -l" } } }] },
    turn,
  ],
};
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
