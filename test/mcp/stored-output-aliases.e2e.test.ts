// read_output and grep_output take `last` and `last~N` as `correx read` and `correx grep` do: a model that read in the
// README or a marker's command that `last` names the newest output was told "invalid output id: 'last'" by the MCP
// tools (read_output { id: "last" } through the proxy of a remote server, found by the QA sweep).
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { markerId, runCorrex } from "../spill/run-binary.js";
import { connectCorrex, firstText, temporaryDirectory, type Connected } from "./mcp-client.js";

let open: Connected | undefined;

beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

/** Bounds `lines` lines named `name` into `dir`; the saved output's id. */
function save(dir: string, name: string, lines: number): string {
  const bounded = runCorrex(["bound", "--max-lines", "20", "--spill-dir", dir], { input: Array.from({ length: lines }, (_, index) => `${name} line ${index + 1}\n`).join("") });
  expect(bounded.status).toBe(0);
  return markerId(bounded.stdout);
}

describe("read_output and grep_output by position", () => {
  test("last is the newest saved output, last~1 the one before, as correx read takes them", async () => {
    const dir = join(temporaryDirectory("correx-aliases-"), "store");
    const older = save(dir, "older", 300);
    const newer = save(dir, "newer", 400);
    open = await connectCorrex(["mcp", "--spill-dir", dir]);
    const last = await open.client.callTool({ name: "read_output", arguments: { id: "last", offset: 2, limit: 1 } });
    expect(last.isError).toBeUndefined();
    expect(last.structuredContent).toMatchObject({ id: newer, from_line: 2, to_line: 2, total_lines: 400 });
    expect(firstText(last)).toContain("2: newer line 2\n");
    const before = await open.client.callTool({ name: "read_output", arguments: { id: "last~1", limit: 1 } });
    expect(before.structuredContent).toMatchObject({ id: older, total_lines: 300 });
    const grep = await open.client.callTool({ name: "grep_output", arguments: { id: "last", pattern: "line 399$", context: 0 } });
    expect(grep.structuredContent).toMatchObject({ total_matches: 1, outputs: [{ id: newer, lines: [399] }] });
    expect(runCorrex(["read", "last", "--limit", "1", "--spill-dir", dir, "--format", "json"]).stdout).toContain(`"id":"${newer}"`);
  });

  test("past the outputs there are, the store's count; all (the CLI's grep -l all) is told what to give instead", async () => {
    const dir = join(temporaryDirectory("correx-aliases-"), "store");
    save(dir, "only", 300);
    open = await connectCorrex(["mcp", "--spill-dir", dir]);
    const past = await open.client.callTool({ name: "read_output", arguments: { id: "last~1" } });
    expect(past.isError).toBe(true);
    expect(firstText(past)).toBe(`no output last~1 in ${dir}: it holds 1 stored output`);
    const all = await open.client.callTool({ name: "grep_output", arguments: { id: "all", pattern: "line" } });
    expect(all.isError).toBe(true);
    expect(firstText(all)).toBe('invalid arguments for grep_output: id "all" is not an output: omit id to search the newest 20 saved outputs');
    const short = await open.client.callTool({ name: "read_output", arguments: { id: "tool_01m9" } });
    expect(firstText(short)).toContain("or last, last~1, … for the newest outputs");
  });
});
