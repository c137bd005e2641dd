// `correx proxy` in front of a server, reached by the official SDK's Client that names itself as Codex CLI or
// opencode: the client's own cut (test/mcp/client-cuts.ts, written after their code; src/hooks/README.md, "MCP
// results") applied to correx's result changes nothing, so the model reads the kept error lines and the saved
// output's id. Before client-limits.ts knew them, Codex lost the middle of a 51,200-byte result (it keeps 48,000)
// and opencode added its own truncation note past 2,000 lines as it counts them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { codexView, codexViewAsJson, opencodeView } from "./client-cuts.js";
import { CORREX_BIN, connect, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const FLAKY = join(ROOT, "test", "fixtures", "bin", "mcp-flaky-server.mjs");
const RECORDED = join(ROOT, "test", "fixtures", "salience", "npm-workspaces-script-error");
const mustKeep = (): string[] => readFileSync(`${RECORDED}.must-keep.txt`, "utf8").split("\n").filter(Boolean);

let open: Connected | undefined;
beforeAll(() => assertBuilt());
afterEach(async () => {
  await open?.client.close();
  open = undefined;
});

type Result = { content: { type: string; text?: string }[]; isError?: boolean };

/** Calls the flaky server's echo through the proxy as the client named. */
async function echoAs(client: string, args: Record<string, unknown>, flags: string[] = []): Promise<Result> {
  const spill = join(temporaryDirectory("correx-client-cuts-"), "spill");
  open = await connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, ...flags, "--", process.execPath, FLAKY, "ok"], {}, client);
  return (await open.client.callTool({ name: "echo", arguments: args })) as Result;
}

/** The saved output's id that correx's marker names. */
function spillId(text: string): string {
  const id = /\[full output: [^\]]*?(tool_[0-9a-z]+)/.exec(text)?.[1];
  expect(id).toBeDefined();
  return id!;
}

/** 3,000 short lines (16 KB), an error in the middle. */
function shortLines(): string {
  const lines = Array.from({ length: 3000 }, (_, index) => `ok ${index + 1}`);
  lines[1500] = "ERROR: the middle step failed at src/step.ts:12:5";
  return `${lines.join("\n")}\n`;
}

describe("correx proxy: Codex CLI reads the result whole", () => {
  test("a 98 KB failure log: Codex's cut (12,000 tokens, estimated at 4 bytes) changes nothing; the errors and the id are read", async () => {
    const result = await echoAs("codex-mcp-client", { text: readFileSync(`${RECORDED}.txt`, "utf8") });
    const texts = result.content.filter((block) => block.type === "text").map((block) => block.text!);
    expect(codexView(result)).toEqual(texts);
    expect(codexViewAsJson(result)).toBe(JSON.stringify(result.content));
    const seen = codexView(result).join("\n");
    for (const line of mustKeep()) expect(seen).toContain(line);
    expect(seen).toContain(spillId(seen));
  });

  test("an error result gets the same budget (Codex cuts errors alike); --max-bytes still rules", async () => {
    const failed = await echoAs("codex-mcp-client", { text: readFileSync(`${RECORDED}.txt`, "utf8"), isError: true });
    expect(failed.isError).toBe(true);
    expect(codexView(failed)).toEqual(failed.content.map((block) => block.text));
    await open?.client.close();
    const given = await echoAs("codex-mcp-client", { bytes: 45_000 }, ["--max-bytes", "50000"]);
    expect(Buffer.byteLength(given.content[0]!.text!)).toBe(45_000);
  });
});

describe("correx proxy: opencode reads the result whole", () => {
  test("3,000 short lines: opencode's cut (2,000 lines as split by \\n, 51,200 bytes, head) changes nothing; the error and the id are read", async () => {
    const result = await echoAs("opencode", { text: shortLines() });
    const joined = result.content.filter((block) => block.type === "text").map((block) => block.text!).join("\n");
    expect(opencodeView(result)).toBe(joined);
    expect(joined).toContain("ERROR: the middle step failed at src/step.ts:12:5");
    expect(joined).toContain(spillId(joined));
  });

  test("the 98 KB failure log fits opencode's bytes too; --max-lines given is kept as given", async () => {
    const result = await echoAs("opencode", { text: readFileSync(`${RECORDED}.txt`, "utf8") });
    const view = opencodeView(result);
    for (const line of mustKeep()) expect(view).toContain(line);
    expect(view).not.toMatch(/output was truncated/);
    await open?.client.close();
    const given = await echoAs("opencode", { text: shortLines() }, ["--max-lines", "2000"]);
    expect(given.content.map((block) => block.text).join("\n").split("\n").length).toBe(2001);
  });
});
