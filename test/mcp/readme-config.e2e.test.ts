// The README's MCP client config blocks work as pasted: each one's command and args are launched exactly, with
// this clone's correx first on PATH, and the SDK's Client talks to what they start.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { readFencedBlocks } from "../docs/markdown.js";
import { userEnvironment } from "../docs/run-shell.js";
import { assertBuilt } from "../run/cli-process.js";
import { connect, firstText, ROOT, temporaryDirectory } from "./mcp-client.js";

const README = readFileSync(join(ROOT, "README.md"), "utf8");
const blocks = readFencedBlocks(README);

/** The one fenced block with this info string that contains `marker`. */
function blockWith(info: string, marker: string): string {
  const found = blocks.filter((block) => block.info === info && block.body.includes(marker));
  expect(found, `one \`\`\`${info} block with ${marker}`).toHaveLength(1);
  return found[0]!.body;
}

/** The tables of a TOML document in the subset the README uses: `[table]` then `key = value` (JSON-compatible values). */
function readTomlTables(text: string): Record<string, Record<string, unknown>> {
  const tables: Record<string, Record<string, unknown>> = {};
  let current: Record<string, unknown> | undefined;
  for (const line of text.split("\n").map((item) => item.trim())) {
    if (line === "" || line.startsWith("#")) continue;
    const table = /^\[([^\]]+)\]$/.exec(line);
    if (table) {
      current = tables[table[1]!] = {};
      continue;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    if (!pair || !current) throw new Error(`not in the TOML subset this test reads: ${line}`);
    current[pair[1]!] = JSON.parse(pair[2]!);
  }
  return tables;
}

/** Starts what a client config names and checks that it is correx's MCP server, bounded. */
async function launchAndUse(server: { command: string; args: string[] }, maxBytes: number): Promise<void> {
  const env = userEnvironment({ CORREX_SPILL_DIR: join(temporaryDirectory("correx-readme-mcp-"), "spill") }) as Record<string, string>;
  const { client } = await connect(server.command, server.args, env);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["run", "read_output", "grep_output"]);
    const result = await client.callTool({ name: "run", arguments: { command: "seq 1 100000" } });
    const text = firstText(result);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(maxBytes);
    expect(text).toMatch(/\n100000\n\nCommand exited with code 0\.\n$/);
    expect(result.structuredContent).toMatchObject({ exit_code: 0, truncated: true });
  } finally {
    await client.close();
  }
}

beforeAll(() => assertBuilt());

describe("README: correx mcp in an MCP client", () => {
  test("the Codex CLI block (~/.codex/config.toml) starts a working server with its budget", async () => {
    const server = readTomlTables(blockWith("toml", "[mcp_servers.correx]"))["mcp_servers.correx"] as { command: string; args: string[] };
    expect(server.command).toBe("correx");
    await launchAndUse(server, 20000);
  });

  test("the mcpServers JSON block (Claude Desktop, Cursor) starts a working server", async () => {
    const config = JSON.parse(blockWith("json", '"mcpServers"')) as { mcpServers: Record<string, { command: string; args: string[] }> };
    await launchAndUse(config.mcpServers.correx!, 51200);
  });
});
