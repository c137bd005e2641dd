// `correx proxy` bounds a result to what its client shows whole, the client known by `initialize`'s clientInfo.name:
// Claude Code cuts an MCP error's text past 11,024 characters to its first and last 5,000, Gemini CLI a result's one
// text part past 40,000 characters to its first 20 % and last 80 % (src/hooks/README.md, "MCP results").
import { spawn } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { connect, CORREX_BIN, firstText, ROOT, temporaryDirectory } from "./mcp-client.js";

const FLAKY = join(ROOT, "test", "fixtures", "bin", "mcp-flaky-server.mjs");

beforeAll(() => assertBuilt());

/** Calls echo once through the proxy as the client named, and gives back the result's text and isError. */
async function callAs(client: string, args: Record<string, unknown>, flags: string[] = []): Promise<{ text: string; isError: unknown }> {
  const spill = join(temporaryDirectory("correx-proxy-client-"), "spill");
  const child = spawn(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, ...flags, "--", process.execPath, FLAKY, "ok"], { stdio: ["pipe", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: client, version: "1" } } });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: args } });
  const answer = await new Promise<Record<string, unknown>>((resolve) => {
    child.stdout.on("data", () => {
      const line = stdout.split("\n").filter((part) => part !== "").map((part) => JSON.parse(part) as Record<string, unknown>).find((message) => message.id === 2);
      if (line) resolve(line);
    });
  });
  child.stdin.end();
  child.kill();
  const result = answer.result as { content: { text: string }[]; isError?: unknown };
  return { text: result.content.map((block) => block.text).join("\n"), isError: result.isError };
}

describe("correx proxy: a result fits what its client shows whole", () => {
  test("Claude Code: an error result of 40,000 bytes is bounded to 10,000 bytes, its marker kept (it would cut the middle past 11,024)", async () => {
    const { text, isError } = await callAs("claude-code", { bytes: 40_000, isError: true });
    expect(isError).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(10_000);
    expect(text).toMatch(/\[full output: /);
  });

  test("Claude Code: a successful result of 40,000 bytes passes as it was (25,000 tokens is its limit there)", async () => {
    const { text } = await callAs("claude-code", { bytes: 40_000 });
    expect(Buffer.byteLength(text)).toBe(40_000);
  });

  test("Gemini CLI: a successful result of 45,000 bytes is bounded to 40,000 (it would cut the middle past 40,000 characters)", async () => {
    const { text } = await callAs("gemini-cli-mcp-client", { bytes: 45_000 });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(40_000);
    expect(text).toMatch(/\[full output: /);
  });

  // A frame over 1 MiB is read as it arrives (mcp/streamed-result.ts): `isError` comes after the text, so the smaller
  // budget is given when the result ends (past --max-output too, where the frame could not be read back whole).
  test("Claude Code: an error result over 1 MiB, read as it arrives, is bounded to 10,000 bytes, past --max-output too", async () => {
    for (const flags of [[], ["--max-output", "2MiB"]]) {
      const { text, isError } = await callAs("claude-code", { bytes: 3 * 1024 * 1024, isError: true }, flags);
      expect(isError).toBe(true);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(10_000);
      expect(text).toMatch(/\[full output: /);
    }
  });

  test("--failure-max-bytes: an error result over 1 MiB, read as it arrives, is bounded to it, past --max-output too", async () => {
    for (const flags of [[], ["--max-output", "2MiB"]]) {
      const { text, isError } = await callAs("other", { bytes: 3 * 1024 * 1024, isError: true }, ["--failure-max-bytes", "8000", ...flags]);
      expect(isError).toBe(true);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8_000);
      expect(text).toMatch(/\[full output: /);
    }
  });

  test("Gemini CLI: a successful result over 1 MiB, read as it arrives, is bounded to 40,000 bytes", async () => {
    const { text } = await callAs("gemini-cli-mcp-client", { bytes: 3 * 1024 * 1024 });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(40_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(30_000);
    expect(text).toMatch(/\[full output: /);
  });

  test("another client: an error result under the budget passes as it was; --failure-max-bytes bounds it", async () => {
    expect(Buffer.byteLength((await callAs("other", { bytes: 40_000, isError: true })).text)).toBe(40_000);
    const { text, isError } = await callAs("other", { bytes: 40_000, isError: true }, ["--failure-max-bytes", "8000"]);
    expect(isError).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8_000);
  });
});

describe("correx proxy: read_output pages within what the client shows whole, as the result that named the output", () => {
  test.each([
    ["gemini-cli-mcp-client", 40_000],
    ["codex-mcp-client", 40_000],
  ])("%s: a page of a cut result fits its %d bytes", async (client, limit) => {
    const spill = join(temporaryDirectory("correx-proxy-client-"), "spill");
    const open = await connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, "--", process.execPath, FLAKY, "ok"], {}, client);
    try {
      const result = await open.client.callTool({ name: "echo", arguments: { bytes: 400_000 } });
      const cut = /read the omitted part with: correx read (tool_\w+) --spill-dir \S+ --offset (\d+) --max-bytes 40000, or/.exec(firstText(result));
      expect(cut, firstText(result).slice(0, 2000)).not.toBeNull();
      const page = (await open.client.callTool({ name: "read_output", arguments: { id: cut![1], offset: Number(cut![2]) } })) as { content: { type: string; text?: string }[]; structuredContent: unknown };
      expect(firstText(page)).toContain(`\n${cut![2]}: `);
      expect(Buffer.byteLength(firstText(page))).toBeLessThanOrEqual(limit);
      expect(Buffer.byteLength(firstText(page))).toBeGreaterThan(limit - 5_000);
      expect(Buffer.byteLength(JSON.stringify(page.structuredContent))).toBeLessThanOrEqual(limit);
    } finally {
      await open.client.close();
    }
  });
});
