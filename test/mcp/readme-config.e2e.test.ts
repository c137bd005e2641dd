// The README's MCP client config blocks work as pasted: each one's command and args are launched exactly, with
// this clone's correx first on PATH, and the SDK's Client talks to what they start.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The environment a client starts a configured server in: this clone's correx and the installed servers on PATH. */
function clientEnvironment(): Record<string, string> {
  const path = `${join(ROOT, "bin")}:${join(ROOT, "node_modules", ".bin")}:${process.env.PATH ?? ""}`;
  return userEnvironment({ PATH: path, CORREX_SPILL_DIR: join(temporaryDirectory("correx-readme-mcp-"), "spill") }) as Record<string, string>;
}

/** Starts what a client config names and checks that it is correx's MCP server, bounded. */
async function launchAndUse(server: { command: string; args: string[] }, maxBytes: number): Promise<void> {
  const { client } = await connect(server.command, server.args, clientEnvironment());
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
    const config = JSON.parse(blockWith("json", '"correx": {')) as { mcpServers: Record<string, { command: string; args: string[] }> };
    await launchAndUse(config.mcpServers.correx!, 51200);
  });
});

/** Starts a configured proxy in front of the filesystem server and reads a large file under /tmp through it. */
async function launchProxyAndRead(server: { command: string; args: string[] }, maxBytes: number): Promise<void> {
  expect(server.args.slice(-2)).toEqual(["mcp-server-filesystem", "/tmp"]);
  const folder = mkdtempSync(join("/tmp", "correx-readme-proxy-"));
  const file = join(folder, "big.txt");
  writeFileSync(file, Array.from({ length: 20_000 }, (_, index) => `line ${index + 1}`).join("\n"));
  const { client, errors } = await connect(server.command, server.args, clientEnvironment());
  try {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("read_text_file");
    expect(names.slice(-2)).toEqual(["read_output", "grep_output"]);
    const result = await client.callTool({ name: "read_text_file", arguments: { path: file } });
    expect(Buffer.byteLength(JSON.stringify(result.content))).toBeLessThanOrEqual(maxBytes);
    expect(firstText(result)).toMatch(/^line 1\n[^]*\[\.\.\. omitted [^]*\nline 20000$/);
    expect(errors).toEqual([]);
  } finally {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("README: correx proxy in an MCP client", () => {
  test("the Codex CLI block wraps the filesystem server and bounds a large read", async () => {
    const server = readTomlTables(blockWith("toml", "[mcp_servers.files]"))["mcp_servers.files"] as { command: string; args: string[] };
    expect(server.command).toBe("correx");
    await launchProxyAndRead(server, 20000);
  });

  test("the mcpServers JSON block does the same", async () => {
    const config = JSON.parse(blockWith("json", '"files": {')) as { mcpServers: Record<string, { command: string; args: string[] }> };
    await launchProxyAndRead(config.mcpServers.files!, 51200);
  });
});
