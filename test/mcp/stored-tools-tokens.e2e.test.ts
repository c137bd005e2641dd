// `read_output` and `grep_output` (correx mcp, and the proxy's own) hold --max-tokens as they hold --max-bytes: their
// structuredContent (the facts and the text again, which clients such as Codex CLI give the model alone) and their
// text. Before, only the bytes were held: a read_output page at --max-tokens 800 was 45,993 estimated tokens.
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { assertBuilt } from "../run/cli-process.js";
import { connectCorrex, temporaryDirectory, type Connected } from "./mcp-client.js";

let open: Connected[] = [];
beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

const command = `seq 1 20000 | sed 's/$/ {"k":[1,2,3]},x/'`;

describe("read_output and grep_output within --max-tokens", () => {
  for (const [name, flags, countTokens] of [["the estimate", [], estimateTokens], ["o200k", ["--tokenizer", "o200k"], (text: string) => countO200k(text)]] as const) {
    test(`correx mcp --max-tokens 800, counted by ${name}`, async () => {
      const connection = await connectCorrex(["mcp", "--max-tokens", "800", ...flags, "--spill-dir", temporaryDirectory("correx-stored-tokens-")]);
      open.push(connection);
      const ran = await connection.client.callTool({ name: "run", arguments: { command } });
      const id = (ran.structuredContent as { output_id: string }).output_id;
      expect(id).toMatch(/^tool_/);
      for (const [tool, args] of [["read_output", { id, limit: 2000 }], ["grep_output", { id, pattern: "1" }]] as const) {
        const answer = await connection.client.callTool({ name: tool, arguments: args });
        const text = (answer.content as { text: string }[])[0]!.text;
        expect(answer.isError ?? false).toBe(false);
        expect(text.length).toBeGreaterThan(100);
        expect(countTokens(JSON.stringify(answer.structuredContent)), tool).toBeLessThanOrEqual(800);
        expect(countTokens(text), tool).toBeLessThanOrEqual(800);
      }
    });
  }
});
