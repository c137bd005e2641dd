// `correx proxy` in front of a remote (Streamable HTTP) server, as users put one behind it: `correx proxy -- npx -y
// mcp-remote http://HOST/mcp`, mcp-remote (devDependency, from npm) bridging stdio to the real server-everything
// listening over HTTP. The SDK client sees the server's tools and correx's, a large result bounded and saved and its
// omitted lines read back, progress, cancellation, the server's sampling, elicitation and roots requests; and when
// the server goes away mid-call (mcp-remote then never answers the call), --request-timeout answers it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readFencedBlocks } from "../docs/markdown.js";
import { assertBuilt } from "../run/cli-process.js";
import { connectCorrex, CORREX_BIN, firstText, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const EVERYTHING = join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
/** mcp-remote's entry point (MCP_REMOTE_DIR: its package installed elsewhere, `npm install --prefix DIR mcp-remote`). */
const MCP_REMOTE = join(process.env.MCP_REMOTE_DIR ?? mcpRemotePackage(), "dist", "proxy.js");

function mcpRemotePackage(): string {
  try {
    return dirname(createRequire(join(ROOT, "package.json")).resolve("mcp-remote/package.json"));
  } catch (error) {
    throw new Error(`mcp-remote, a devDependency, is not installed (npm install): ${(error as Error).message}`);
  }
}
/** mcp-remote keeps its OAuth state here (else ~/.mcp-auth). */
const AUTH_DIR = temporaryDirectory("correx-remote-auth-");

/** A server-everything over Streamable HTTP. */
interface Remote {
  child: ChildProcess;
  url: string;
}

const started: ChildProcess[] = [];
const open: Connected[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRemote(): Promise<Remote> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, "streamableHttp"], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] });
  started.push(child);
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`listening on port ${port}`)) resolve();
    });
    child.on("exit", () => reject(new Error(`server-everything exited: ${stderr}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/mcp` };
}

async function proxyTo(remote: Remote, flags: string[] = []): Promise<Connected> {
  const spill = join(temporaryDirectory("correx-proxy-remote-"), "spill");
  const connection = await connectCorrex(["proxy", "--spill-dir", spill, ...flags, "--", process.execPath, MCP_REMOTE, remote.url], { MCP_REMOTE_CONFIG_DIR: AUTH_DIR });
  open.push(connection);
  return connection;
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; !condition(); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
  }
}

let remote: Remote;
let proxied: Connected;

beforeAll(async () => {
  assertBuilt();
  remote = await startRemote();
  proxied = await proxyTo(remote);
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  for (const child of started) child.kill("SIGKILL");
});

describe("correx proxy -- mcp-remote URL (server-everything over Streamable HTTP)", () => {
  test("tools/list: the remote server's tools, then read_output and grep_output", async () => {
    const { tools } = await proxied.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo", "get-sum", "trigger-long-running-operation"]));
    expect(tools.slice(-2).map((tool) => tool.name)).toEqual(["read_output", "grep_output"]);
  });

  test("a large result is bounded with the marker and saved; read_output and grep_output read the omitted lines", async () => {
    const message = Array.from({ length: 5000 }, (_, index) => `line ${index + 1} of the remote output`).join("\n");
    const result = await proxied.client.callTool({ name: "echo", arguments: { message } });
    const text = firstText(result);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(51_200);
    expect(text).toMatch(/^Echo: line 1 of the remote output\n/);
    expect(text).toMatch(/line 5000 of the remote output$/);
    const id = /\[\.\.\. omitted \d+ lines[^\n]*\n[^\n]*(tool_[0-9a-z]{26})/.exec(text)?.[1];
    expect(id).toBeDefined();
    const page = await proxied.client.callTool({ name: "read_output", arguments: { id, offset: 2500, limit: 2 } });
    expect(firstText(page)).toContain("2500: line 2500 of the remote output\n2501: line 2501 of the remote output\n");
    const grep = await proxied.client.callTool({ name: "grep_output", arguments: { id: "last", pattern: "^line 2999 ", context: 0 } });
    expect(grep.structuredContent).toMatchObject({ total_matches: 1, outputs: [{ id, lines: [2999] }] });
  });

  test("progress reaches the client; a cancelled call rejects and the connection goes on", async () => {
    const reports: number[] = [];
    const before = proxied.errors.length;
    const result = await proxied.client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 0.3, steps: 3 } }, undefined, { onprogress: (report) => reports.push(report.progress) });
    expect(firstText(result)).toContain("Long running operation completed");
    // the last report may come after the result (the SDK client then reports it as for an unknown token)
    const late = proxied.errors.splice(before).map((error) => Number(/"progress":(\d+)/.exec(error.message)?.[1]));
    expect([...reports, ...late]).toEqual([1, 2, 3]);
    const cancel = new AbortController();
    const call = proxied.client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 30, steps: 30 } }, undefined, { signal: cancel.signal });
    cancel.abort("changed my mind");
    await expect(call).rejects.toThrow(/changed my mind/);
    expect(firstText(await proxied.client.callTool({ name: "get-sum", arguments: { a: 1, b: 2 } }))).toBe("The sum of 1 and 2 is 3.");
    expect(proxied.errors).toEqual([]);
  });

  test("the server's own requests reach the client and its answers the server: sampling, elicitation, roots", async () => {
    const spill = join(temporaryDirectory("correx-proxy-remote-"), "spill");
    const args = [CORREX_BIN, "proxy", "--spill-dir", spill, "--", process.execPath, MCP_REMOTE, remote.url];
    const transport = new StdioClientTransport({ command: process.execPath, args, env: { ...(process.env as Record<string, string>), MCP_REMOTE_CONFIG_DIR: AUTH_DIR }, stderr: "pipe" });
    const client = new Client({ name: "correx-test", version: "1.0.0" }, { capabilities: { sampling: {}, elicitation: {}, roots: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({ model: "test-model", role: "assistant", content: { type: "text", text: "sampled through two proxies" } }));
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: "accept", content: { color: "teal" } }));
    client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: "file:///srv/project", name: "project" }] }));
    await client.connect(transport);
    try {
      const sampled = await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "hi", maxTokens: 10 } });
      expect(firstText(sampled)).toContain("sampled through two proxies");
      const elicited = await client.callTool({ name: "trigger-elicitation-request", arguments: {} });
      expect(JSON.stringify(elicited.content)).toContain("Favorite Color: teal");
      const roots = await client.callTool({ name: "get-roots-list", arguments: {} });
      expect(firstText(roots)).toContain("URI: file:///srv/project");
    } finally {
      await client.close();
    }
  });

  test("the server goes away mid-call: mcp-remote never answers it, --request-timeout does", async () => {
    const leaving = await startRemote();
    const connection = await proxyTo(leaving, ["--request-timeout", "3s"]);
    // its first progress report: the call's answer stream is open (killed before, mcp-remote answers "fetch failed")
    const reports: number[] = [];
    const call = connection.client.callTool({ name: "trigger-long-running-operation", arguments: { duration: 60, steps: 60 } }, undefined, { timeout: 60_000, onprogress: (report) => reports.push(report.progress) });
    await waitFor(() => reports.length > 0, "the call's first progress");
    leaving.child.kill("SIGKILL");
    await expect(call).rejects.toThrow(/correx proxy: the server did not answer tools\/call within 3 s: the proxy stopped waiting/);
    // mcp-remote stays up: later calls fail with its own error, and read_output still answers from the store
    await expect(connection.client.callTool({ name: "get-sum", arguments: { a: 1, b: 2 } })).rejects.toThrow(/mcp-remote|fetch failed|within 3 s/);
    const read = await connection.client.callTool({ name: "read_output", arguments: { id: "tool_01m91d2513ff4dc7wyzy38h4d9" } });
    expect(read.isError).toBe(true);
  });

  test("the README's block runs as written, the server's URL for its example's and mcp-remote installed for npx's", async () => {
    const blocks = readFencedBlocks(readFileSync(join(ROOT, "README.md"), "utf8")).filter((block) => block.info === "json" && block.body.includes('"remote": {'));
    expect(blocks).toHaveLength(1);
    const server = (JSON.parse(blocks[0]!.body) as { mcpServers: { remote: { command: string; args: string[] } } }).mcpServers.remote;
    expect(server.command).toBe("correx");
    expect(server.args.slice(-4)).toEqual(["npx", "-y", "mcp-remote", "https://example.com/mcp"]);
    const spill = join(temporaryDirectory("correx-proxy-remote-"), "spill");
    const connection = await connectCorrex([...server.args.slice(0, -4), process.execPath, MCP_REMOTE, remote.url], { CORREX_SPILL_DIR: spill, MCP_REMOTE_CONFIG_DIR: AUTH_DIR });
    open.push(connection);
    const result = await connection.client.callTool({ name: "echo", arguments: { message: Array.from({ length: 9000 }, (_, index) => `row ${index}`).join("\n") } });
    expect(firstText(result)).toMatch(/^Echo: row 0\n[^]*\[\.\.\. omitted [^]*\nrow 8999$/);
  });
});
