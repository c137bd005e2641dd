// `correx proxy` and `correx bound --to mcp` (the built binary) with a result whose text and structuredContent are both
// large: the note that structuredContent was cut is written beside the bounded text, and what the client gets holds
// the budget with it (the result without its structuredContent, as the text's budget counts it; the structuredContent
// on its own). Before, a text that fitted whole went over by the note and _meta (2,223 bytes of 2,000), a token-bound
// cut by the note's tokens, and `--to mcp`'s lines by the note's line. With --max-tokens the structuredContent is held
// to the tokens too (the proxy's on its own, `--to mcp`'s to half of them): before, the proxy's went over (its bytes
// only were bounded) and `--to mcp` refused (exit 2, "the smallest budget that works is --max-tokens 5,000 and more").
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { runCli } from "../cli/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { estimateTokens } from "../../src/bound/budget.js";
import { writtenCost } from "./written-cost.js";

const SERVER = join(ROOT, "test", "fixtures", "bin", "mcp-echo-result-server.mjs");
let open: Connected[] = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

const items = Array.from({ length: 20_000 }, (_, index) => index);
const log = Array.from({ length: 3000 }, (_, index) => `line ${index} of the log: {"k":[${index}]}`).join("\n");
const rows = Array.from({ length: 3000 }, (_, id) => ({ id, name: `item ${id}`, desc: `some description text for item number ${id}` }));
const cases: { name: string; flags: string[]; limits: { maxBytes: number; maxLines: number; maxTokens?: number }; o200k?: boolean; result: Record<string, unknown> }[] = [
  { name: "a text that fits whole", flags: ["--max-bytes", "2000"], limits: { maxBytes: 2000, maxLines: 2000 }, result: { content: [{ type: "text", text: "a".repeat(1950) }], structuredContent: { items } } },
  { name: "a token-bound cut", flags: ["--max-tokens", "2000", "--max-bytes", "6000"], limits: { maxBytes: 6000, maxLines: 2000, maxTokens: 2000 }, result: { content: [{ type: "text", text: log }], structuredContent: { items, log } } },
  { name: "a token budget alone", flags: ["--max-tokens", "2000"], limits: { maxBytes: 51200, maxLines: 2000, maxTokens: 2000 }, result: { content: [{ type: "text", text: JSON.stringify({ rows }) }], structuredContent: { rows } } },
  { name: "a token budget counted by o200k", flags: ["--max-tokens", "2000", "--tokenizer", "o200k"], limits: { maxBytes: 51200, maxLines: 2000, maxTokens: 2000 }, o200k: true, result: { content: [{ type: "text", text: JSON.stringify({ rows }) }], structuredContent: { rows } } },
  { name: "a line-bound cut", flags: ["--max-lines", "5"], limits: { maxBytes: 51200, maxLines: 5 }, result: { content: [{ type: "text", text: log }], structuredContent: { items } } },
];

describe("the note that structuredContent was cut is within the budget", () => {
  for (const { name, flags, limits, o200k, result } of cases) {
    const countTokens = o200k ? countO200k : estimateTokens;
    test(`correx proxy, ${name}`, async () => {
      const spill = join(temporaryDirectory("correx-proxy-note-"), "spill");
      const connection = await connect(process.execPath, [CORREX_BIN, "proxy", ...flags, "--spill-dir", spill, "--", process.execPath, SERVER]);
      open.push(connection);
      const answer = await connection.client.callTool({ name: "result", arguments: { result } }, undefined, { timeout: 60_000 });
      expect(CallToolResultSchema.parse(answer)).toEqual(answer);
      const content = answer.content as { text: string }[];
      expect(content.at(-1)!.text).toMatch(/^\[correx: structuredContent was cut at \$\.(items|rows)/);
      const cost = writtenCost(answer, countTokens);
      expect(cost.bytes).toBeLessThanOrEqual(limits.maxBytes);
      expect(cost.lines).toBeLessThanOrEqual(limits.maxLines);
      if (limits.maxTokens !== undefined) expect(cost.tokens).toBeLessThanOrEqual(limits.maxTokens);
      expect(cost.structuredBytes).toBeLessThanOrEqual(limits.maxBytes);
      if (limits.maxTokens !== undefined) expect(cost.structuredTokens).toBeLessThanOrEqual(limits.maxTokens);
    });

    test(`correx bound --to mcp, ${name}`, () => {
      const run = runCli(["bound", "--to", "mcp", ...flags, "--spill-dir", join(temporaryDirectory("correx-bound-note-"), "spill")], JSON.stringify(result));
      expect(run.code).toBe(0);
      const written = JSON.parse(run.text) as Record<string, unknown>;
      expect((written.content as { text: string }[]).at(-1)!.text).toMatch(/^\[correx: structuredContent was cut at \$\.(items|rows)/);
      // The whole output (structuredContent in it) is what the budget counts here: one JSON document.
      expect(run.stdout.byteLength).toBeLessThanOrEqual(limits.maxBytes);
      expect(writtenCost(written).lines).toBeLessThanOrEqual(limits.maxLines);
      if (limits.maxTokens !== undefined) expect(countTokens(run.text)).toBeLessThanOrEqual(limits.maxTokens);
    });
  }
});
