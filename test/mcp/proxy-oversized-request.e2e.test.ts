// `correx proxy` and a client's frame over the server's line: a server built on the official MCP SDK reads its stdin
// with the same stdio transport as the SDK client, which holds at most 10 MiB unread. Before, a tools/call with an
// 11 MiB argument went to the server as written: server-everything (from the registry) exited, the call was answered
// -32000 "the server exited" and every later one failed, as without the proxy. Now the proxy answers such a request
// itself with a JSON-RPC error saying the size and the limit, drops such a notification, and gives the server an error
// in the place of such an answer of the client (to its sampling request); the server lives on. Frames that fit pass.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { CORREX_BIN, firstText, ROOT, temporaryDirectory } from "./mcp-client.js";

const EVERYTHING = join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
const LARGE = 11 * 1024 * 1024;
let open: Client[] = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((client) => client.close()));
  open = [];
});

/** A client that samples with `answer` (its text), through the proxy to server-everything. */
async function start(answer = "a short answer"): Promise<{ client: Client; stderr: () => string; errors: Error[] }> {
  const spill = join(temporaryDirectory("correx-proxy-request-"), "spill");
  const transport = new StdioClientTransport({ command: process.execPath, args: [CORREX_BIN, "proxy", "--spill-dir", spill, "--", process.execPath, EVERYTHING, "stdio"], stderr: "pipe", cwd: ROOT });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "correx-test", version: "1.0.0" }, { capabilities: { sampling: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({ model: "test-model", role: "assistant", content: { type: "text", text: answer } }));
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr, errors };
}

/** The server still answers. */
async function stillConnected(client: Client, errors: Error[]): Promise<void> {
  const after = await client.callTool({ name: "echo", arguments: { message: "still connected" } });
  expect(firstText(after)).toBe("Echo: still connected");
  expect(errors).toEqual([]);
}

describe("correx proxy: a client's frame over the server's 10 MiB line", () => {
  test("an 11 MiB tools/call: a JSON-RPC error from the proxy saying the size and the limit; the server lives on", async () => {
    const { client, stderr, errors } = await start();
    await expect(client.callTool({ name: "echo", arguments: { message: "x".repeat(LARGE) } })).rejects.toThrow(
      /^MCP error -32602: correx proxy: the client's request tools\/call \(\d{8} bytes\) is over the server's 10 MiB line limit \(an MCP SDK server's stdio transport closes the connection on a longer line\): it was not passed on$/,
    );
    expect(stderr()).toMatch(/correx proxy: the client's request tools\/call \(\d{8} bytes\) is over the server's 10 MiB line limit/);
    await stillConnected(client, errors);
  }, 60_000);

  test("an 11 MiB notification is dropped and said on stderr; the server lives on", async () => {
    const { client, stderr, errors } = await start();
    await client.notification({ method: "notifications/cancelled", params: { requestId: 424242, reason: "x".repeat(LARGE) } });
    await stillConnected(client, errors);
    expect(stderr()).toMatch(/correx proxy: the client's notification notifications\/cancelled \(\d{8} bytes\) is over the server's 10 MiB line limit .*: it was not passed on/);
  }, 60_000);

  test("an 11 MiB answer to the server's sampling request: the server gets an error in its place and lives on", async () => {
    const { client, stderr, errors } = await start("y".repeat(LARGE));
    const result = await client.callTool({ name: "trigger-sampling-request", arguments: { prompt: "say something long" } });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toMatch(/correx proxy: the client's answer to request \d+ \(\d{8} bytes\) is over the server's 10 MiB line limit/);
    expect(stderr()).toMatch(/the client's answer to request \d+ \(\d{8} bytes\) is over the server's 10 MiB line limit/);
    await stillConnected(client, errors);
  }, 60_000);

  test("a 9 MiB tools/call fits: the server reads it whole and answers it", async () => {
    const { client, stderr, errors } = await start();
    const message = `${"z".repeat(9 * 1024 * 1024)} the end`;
    const result = await client.callTool({ name: "echo", arguments: { message } });
    // the answer, 9 MiB, is bounded: its end is the end of what the server read
    expect(firstText(result)).toMatch(/^Echo: zzz/);
    expect(firstText(result)).toMatch(/ the end$/);
    expect(stderr()).not.toMatch(/over the server's/);
    await stillConnected(client, errors);
  }, 60_000);
});

describe("correx proxy: a client's line far over the server's, read as it arrives", () => {
  /**
   * A 200 MB tools/call whose id is its last key, written to `correx proxy` (a V8 heap of 48 MiB: the line held whole
   * and decoded would not fit) in front of server-everything, then a small call; the answers in the order they came.
   */
  async function hugeCall(): Promise<{ answers: Record<string, unknown>[]; stderr: string; ended: { code: number | null; signal: string | null } }> {
    const spill = join(temporaryDirectory("correx-proxy-huge-"), "spill");
    const child = spawn(process.execPath, ["--max-old-space-size=48", CORREX_BIN, "proxy", "--spill-dir", spill, "--", process.execPath, EVERYTHING, "stdio"], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const answers: Record<string, unknown>[] = [];
    let pending = "";
    const answered = new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        const lines = (pending + chunk.toString("utf8")).split("\n");
        pending = lines.pop()!;
        for (const line of lines) answers.push(JSON.parse(line) as Record<string, unknown>);
        if (answers.some((answer) => answer.id === 8)) resolve();
      });
      child.once("exit", () => resolve());
    });
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    // a proxy that died (its heap exhausted) drains nothing more: its exit is what the test sees
    const write = (bytes: Buffer | string): Promise<unknown> => Promise.race([exited, new Promise<void>((resolve) => (child.stdin.write(bytes) ? resolve() : child.stdin.once("drain", resolve)))]);
    child.stdin.on("error", () => undefined);
    await write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "piped", version: "1" } } })}\n`);
    await write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
    await write('{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{"message":"');
    const block = Buffer.alloc(1024 * 1024, "x");
    for (let sent = 0; sent < 200 * 1024 * 1024 && child.exitCode === null && child.signalCode === null; sent += block.length) await write(block);
    await write('"}},"id":7}\n');
    await write(`${JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "echo", arguments: { message: "after" } } })}\n`);
    await answered;
    child.stdin.end();
    return { answers, stderr, ended: await exited };
  }

  test("a 200 MB tools/call with its id last: the same error, to that id, in flat memory; the server lives on", async () => {
    const { answers, stderr, ended } = await hugeCall();
    const bytes = 200 * 1024 * 1024 + '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{"message":""}},"id":7}'.length;
    const said = `the client's request tools/call (${bytes} bytes) is over the server's 10 MiB line limit (an MCP SDK server's stdio transport closes the connection on a longer line): it was not passed on`;
    expect(answers.find((answer) => answer.id === 7)).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32602, message: `correx proxy: ${said}` } });
    expect(answers.find((answer) => answer.id === 8)).toMatchObject({ result: { content: [{ type: "text", text: "Echo: after" }] } });
    expect(stderr).toContain(`correx proxy: ${said}\n`);
    expect(ended).toEqual({ code: 0, signal: null });
  }, 120_000);
});
