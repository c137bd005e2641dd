// What the tools say of a call that went wrong names the tool's arguments, which are all a model can give, never the
// CLI's flags, and a number past a limit is told the limit. Before: `argv: ["npm test"]` (a command line in one
// element) was told "run it with --shell"; `timeout_ms: 1e308`, `limit: 1e308` were told "must be a whole number >= 0"
// (and >= 1), which they are; a pattern that does not compile was "invalid value for PATTERN", the CLI's name for it;
// a budget too small for the marker named the saved output as "correx read ID"; grep_output without id, its matches
// too long for the answer, said "No matches found".
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connectCorrex, firstText, proxiesToFlaky, temporaryDirectory, type Connected } from "./mcp-client.js";

let open: Connected | undefined;

beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

async function correxMcp(flags: string[] = []): Promise<Connected> {
  open = await connectCorrex(["mcp", "--spill-dir", `${temporaryDirectory("correx-words-")}/store`, ...flags]);
  return open;
}

describe("correx mcp", () => {
  test("run with a whole command line as argv's one element says to give it as command", async () => {
    const { client } = await correxMcp();
    const result = await client.callTool({ name: "run", arguments: { argv: ["npm test"] } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe("npm test: command not found (a whole command line in one argument: run it with the command argument instead of argv)\n\nCommand exited with code 127.\n");
  });

  test("run with timeout_ms past the longest a timer waits says that limit and what 0 means; the limit itself runs", async () => {
    const { client } = await correxMcp();
    for (const timeout of [1e308, 2 ** 31]) {
      const result = await client.callTool({ name: "run", arguments: { command: "echo ran", timeout_ms: timeout } });
      expect(result.isError).toBe(true);
      expect(firstText(result)).toBe(`invalid arguments for run: timeout_ms must be a whole number from 0 to 2147483647 (milliseconds, 24.8 days at most; 0 = no limit) (got ${JSON.stringify(timeout)})`);
    }
    const longest = await client.callTool({ name: "run", arguments: { command: "echo ran", timeout_ms: 2 ** 31 - 1 } });
    expect(firstText(longest)).toBe("ran\n\nCommand exited with code 0.\n");
  });

  test("read_output and grep_output with a number too large for any limit say the largest they take", async () => {
    const { client } = await correxMcp();
    const page = await client.callTool({ name: "read_output", arguments: { id: "tool_01jdq3v2m8x4k7c9r5t0w2y6ab", limit: 1e308 } });
    expect(firstText(page)).toBe("invalid arguments for read_output: limit must be a whole number from 1 to 9007199254740991 (got 1e+308)");
    const found = await client.callTool({ name: "grep_output", arguments: { pattern: "x", max_matches: 1e308 } });
    expect(firstText(found)).toBe("invalid arguments for grep_output: max_matches must be a whole number from 1 to 9007199254740991 (got 1e+308)");
    const below = await client.callTool({ name: "read_output", arguments: { id: "tool_01jdq3v2m8x4k7c9r5t0w2y6ab", offset: 0 } });
    expect(firstText(below)).toBe("invalid arguments for read_output: offset must be a whole number >= 1 (got 0)");
  });
});

describe("correx mcp with a budget too small for the marker", () => {
  test("run's refusal names the saved output as read_output reads it, not with the CLI's correx read", async () => {
    const { client } = await correxMcp(["--max-bytes", "300"]);
    const result = await client.callTool({ name: "run", arguments: { command: "seq 1 100000" } });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    const id = /\(read it with read_output id=(tool_[0-9a-z]+)\)/.exec(text)?.[1];
    expect(text).not.toContain("correx read");
    expect(id).toBeDefined();
    const page = await client.callTool({ name: "read_output", arguments: { id, limit: 2 } });
    expect(page.isError).toBeUndefined();
    expect((page.structuredContent as { id?: string }).id).toBe(id);
  });
});

describe("correx mcp's grep_output without id, at a budget too small for an output's matches", () => {
  test("says how many matched where and how to see them, not 'No matches found'", async () => {
    const { client } = await correxMcp(["--max-bytes", "1000"]);
    const ran = await client.callTool({ name: "run", arguments: { command: "seq 1 100000" } });
    const id = (ran.structuredContent as { output_id: string }).output_id;
    const found = await client.callTool({ name: "grep_output", arguments: { pattern: "1" } });
    expect(firstText(found)).toBe(`40952 matches in ${id}, not shown, too long for this answer: search it alone with id, and a smaller max_matches or context\n`);
    expect(found.structuredContent).toMatchObject({ total_matches: 40952, outputs: [{ id, total_matches: 40952 }] });
    const alone = await client.callTool({ name: "grep_output", arguments: { pattern: "1", id, max_matches: 2, context: 0 } });
    expect(firstText(alone)).toContain("Found 40952 matches (showing first 2)\nLine 1: 1\n");
  });
});

describe("correx proxy's grep_output", () => {
  const proxy = proxiesToFlaky("correx-words-");

  test("a pattern that does not compile is named by its argument, pattern, and a literal by fixed_strings", async () => {
    const { client } = await proxy();
    const result = await client.callTool({ name: "grep_output", arguments: { pattern: "(" } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      "invalid arguments for grep_output: invalid value for pattern: '(' (accepts an RE2 regular expression, as grep -E mostly: no backreferences or lookaround, " +
        "which cannot run in linear time; or a literal string with fixed_strings: true: error parsing regexp: missing closing ): `(`)",
    );
  });
});
