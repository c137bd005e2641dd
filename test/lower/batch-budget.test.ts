// A batch (parallel calls) lowered by the built binary holds the whole budget as written, keeps numbers as written,
// and a refusal names the whole budget that works. Before: each result got a share of the bytes and lines but the
// whole --max-tokens (3 results at --max-tokens 1500 wrote 8,063 bytes, over 2,000 tokens), the numbers went through
// a double (12345678901234567890 became 12345678901234567000, 1.0 became 1), and a refusal named the share
// (`--max-bytes 300 … the smallest budget that works is --max-bytes 728` for a given --max-bytes 900).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import { beforeAll, describe, expect, test } from "vitest";
import { estimateTokens } from "../../src/bound/budget.js";
import { PROVIDERS } from "../../src/payload.js";
import { assertBuilt } from "../run/cli-process.js";
import { runCli } from "../cli/cli-process.js";

beforeAll(() => assertBuilt());

// One store for every run: its path is in each marker, and its random letters would change the tokens from run to run.
const spillDir = join(mkdtempSync(join(tmpdir(), "correx-batch-budget-")), "spill");
const log = Array.from({ length: 3000 }, (_, index) => `row ${index} value ${(index * 7919) % 1000}: checked`).join("\n");
const batch = JSON.stringify(["a", "b", "c"].map((id) => ({ type: "tool_result", tool_use_id: `toolu_${id}`, content: log })));
const lower = (args: string[], input = batch) => runCli(["lower", "--name", "f", "--spill-dir", spillDir, ...args], input);

describe("a batch holds the whole budget", () => {
  test.each(PROVIDERS)("--to %s: --max-tokens and --max-bytes on what is written", (to) => {
    for (const flags of [["--max-tokens", "2000"], ["--max-bytes", "6000"], ["--max-tokens", "2000", "--envelope", "message"]]) {
      const run = lower(["--to", to, ...flags]);
      expect(run.code, run.stderr).toBe(0);
      const limit = Number(flags[1]);
      if (flags[0] === "--max-tokens") expect(estimateTokens(run.text)).toBeLessThanOrEqual(limit);
      else expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(limit);
      expect(run.text.match(/row 0 value 0/g)).toHaveLength(3);
    }
  });

  test("with --tokenizer o200k, the exact count holds", () => {
    const run = lower(["--to", "anthropic", "--max-tokens", "1500", "--tokenizer", "o200k"]);
    expect(run.code, run.stderr).toBe(0);
    expect(countO200k(run.text)).toBeLessThanOrEqual(1500);
  });

  test("a budget too small names the smallest whole budget, which works", () => {
    for (const [flag, value] of [["--max-bytes", "900"], ["--max-tokens", "300"]] as const) {
      const refused = lower(["--to", "anthropic", flag, value]);
      expect(refused.code).toBe(2);
      const named = new RegExp(`^correx: ${flag} ${value} cannot hold .* the smallest budget that works is ${flag} (\\d+) \\(a batch of 3 results`).exec(refused.stderr);
      expect(named, refused.stderr).not.toBeNull();
      const smallest = named![1]!;
      expect(lower(["--to", "anthropic", flag, smallest]).code).toBe(0);
      expect(lower(["--to", "anthropic", flag, String(Number(smallest) - 1)]).code).toBe(2);
    }
  });
});

describe("a batch keeps numbers as written", () => {
  const results = [
    { toolResult: { toolUseId: "u", content: [{ json: { a: "1.0", b: "12345678901234567890" } }] } },
    { toolResult: { toolUseId: "v", content: [{ text: "x" }] } },
  ].map((result) => JSON.stringify(result).replace('"1.0"', "1.0").replace('"12345678901234567890"', "12345678901234567890"));

  test("a JSON array", () => {
    const run = lower(["--to", "bedrock"], `[${results.join(",")}]`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.text).toBe(`[${results.join(",")}]\n`);
  });

  test("JSON Lines, in one message", () => {
    const run = lower(["--to", "bedrock", "--envelope", "message"], `${results.join("\n")}\n`);
    expect(run.code, run.stderr).toBe(0);
    expect(run.text).toContain('{"json":{"a":1.0,"b":12345678901234567890}}');
  });
});
