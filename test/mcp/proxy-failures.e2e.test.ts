// `correx proxy` when the server misbehaves: a crash, lines that are not JSON-RPC, a server that never answers,
// one that cannot start; the client always gets a clear MCP error, the proxy exits with the server's status and
// leaves no process behind.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt, waitForFile } from "../run/cli-process.js";
import { connect, CORREX_BIN, ROOT, temporaryDirectory, type Connected } from "./mcp-client.js";

const FLAKY = join(ROOT, "test", "fixtures", "bin", "mcp-flaky-server.mjs");
const TRAP_TERM = join(ROOT, "test", "fixtures", "bin", "trap-term");
const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
let open: Connected[] = [];

beforeAll(() => assertBuilt());
afterEach(async () => {
  await Promise.all(open.map((connection) => connection.client.close()));
  open = [];
});

async function proxyTo(mode: string, flags: string[] = [], extra: string[] = []): Promise<Connected> {
  const spill = join(temporaryDirectory("correx-proxy-flaky-"), "spill");
  const connection = await connect(process.execPath, [CORREX_BIN, "proxy", "--spill-dir", spill, ...flags, "--", process.execPath, FLAKY, mode, ...extra]);
  open.push(connection);
  return connection;
}

/** Starts the proxy without a client library: frames in, lines out, and how it exits. */
function startRaw(server: string[], flags: string[] = []) {
  const child = spawn(process.execPath, [CORREX_BIN, "proxy", ...flags, "--", ...server], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    send: (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`),
    lines: () => stdout.split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as Record<string, unknown>),
    stderr: () => stderr,
    exited,
  };
}

describe("correx proxy with a misbehaving server", () => {
  test("a crash mid-call: the pending call gets an error naming the exit, and the proxy exits with the server's status", async () => {
    const proxy = startRaw([process.execPath, FLAKY, "crash"]);
    proxy.send(INITIALIZE);
    proxy.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    proxy.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } });
    expect(await proxy.exited).toBe(3);
    const answer = proxy.lines().find((line) => line.id === 2);
    expect(answer).toEqual({ jsonrpc: "2.0", id: 2, error: { code: -32000, message: expect.stringMatching(/^correx proxy: the server \(.*\) exited with status 3 before answering tools\/call$/) } });
  });

  test("the same through the SDK Client: the call rejects with that message", async () => {
    const { client } = await proxyTo("crash");
    await expect(client.callTool({ name: "echo", arguments: { text: "hi" } })).rejects.toThrow(/exited with status 3 before answering tools\/call/);
  });

  test("lines that are not JSON-RPC are dropped (said on stderr); the answers around them arrive", async () => {
    const connection = await proxyTo("garbage");
    const result = await connection.client.callTool({ name: "echo", arguments: { text: "still here" } });
    expect(result.content).toEqual([{ type: "text", text: "still here" }]);
    expect(connection.errors).toEqual([]);
    expect(connection.stderr()).toContain("correx proxy: the server wrote a line that is not a JSON-RPC message (20 bytes, dropped): this is not JSON-RPC");
  });

  test("a server that never answers: --request-timeout answers the call with an error", async () => {
    const { client } = await proxyTo("silent", ["--request-timeout", "3s"]);
    // the model reads this: it said "(--request-timeout)", a flag as if the tool took it
    await expect(client.callTool({ name: "echo", arguments: { text: "hello?" } })).rejects.toThrow(
      "MCP error -32001: correx proxy: the server did not answer tools/call within 3 s: the proxy stopped waiting and asked the server to cancel it (the limit is correx proxy's --request-timeout, set where the MCP server is configured)",
    );
  });

  test("a client that closes stdin with a call running (a piped script) gets its answer, past --kill-after", async () => {
    const proxy = startRaw([process.execPath, FLAKY, "ok"], ["--kill-after", "200ms"]);
    proxy.send(INITIALIZE);
    proxy.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    proxy.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "echo", arguments: { text: "worth the wait", after_ms: 1500 } } });
    proxy.child.stdin.end();
    // before: the server was stopped 200 ms after stdin ended, and the call answered -32000 ("killed by SIGTERM")
    expect(await proxy.exited).toBe(0);
    expect(proxy.lines().find((line) => line.id === 2)).toEqual({ jsonrpc: "2.0", id: 2, result: { content: [{ type: "text", text: "worth the wait" }] } });
  });

  test("a server that cannot be started: exit 127 and a message", async () => {
    const proxy = startRaw(["/nonexistent/mcp-server"]);
    proxy.send(INITIALIZE);
    expect(await proxy.exited).toBe(127);
    expect(proxy.stderr()).toContain("correx proxy: cannot start /nonexistent/mcp-server");
  });

  // SIGQUIT (Ctrl-\) is passed on too: correx's default action would end it and leave the group running.
  test.each([["SIGTERM", 143], ["SIGQUIT", 131], ["close", 143]] as const)("no orphans: after %s the server's whole group is gone (exit %i)", async (how, code) => {
    const pidFile = join(temporaryDirectory("correx-proxy-orphans-"), "grandchild");
    // `ulimit -c 0`: a server ended by SIGQUIT leaves no core file
    const server = ["/bin/sh", "-c", 'ulimit -c 0; exec "$0" "$@"', process.execPath, FLAKY, "grandchild", pidFile];
    const proxy = startRaw(server, ["--kill-after", "200ms"]);
    proxy.send(INITIALIZE);
    await waitForFile(pidFile);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    expect(isAlive(grandchild)).toBe(true);
    if (how === "close") proxy.child.stdin.end();
    else proxy.child.kill(how);
    expect(await proxy.exited).toBe(code);
    await waitUntil(() => !isAlive(grandchild));
  });

  test("a server that ignores SIGTERM: SIGKILLed --kill-after later, and the proxy exits 143 (before, it ran on)", async () => {
    const marker = `correx-ignores-term-${process.pid}-${Date.now()}`;
    const proxy = startRaw(["/bin/sh", TRAP_TERM, marker], ["--kill-after", "300ms"]);
    await waitUntil(() => proxy.stderr().includes("started"));
    expect(processesWith(marker)).not.toEqual([]);
    const stoppedAt = Date.now();
    proxy.child.kill("SIGTERM");
    const code = await Promise.race([proxy.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 8_000))]);
    if (code === "still running") proxy.child.kill("SIGKILL");
    expect(code).toBe(143);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(proxy.stderr()).toContain("got TERM, ignoring it");
    await waitUntil(() => processesWith(marker).length === 0);
  });

  test("no orphans after a SIGKILL of the proxy, which no handler sees: its watchdog kills the server's group", async () => {
    const pidFile = join(temporaryDirectory("correx-proxy-orphans-"), "grandchild");
    const proxy = startRaw([process.execPath, FLAKY, "grandchild", pidFile]);
    proxy.send(INITIALIZE);
    await waitForFile(pidFile);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    try {
      expect(isAlive(grandchild)).toBe(true);
      proxy.child.kill("SIGKILL");
      await proxy.exited;
      // the server itself reads the end of its stdin and would stay for its child; before, both ran on
      await waitUntil(() => !isAlive(grandchild), 5_000);
    } finally {
      if (isAlive(grandchild)) process.kill(grandchild, "SIGKILL");
    }
  });
});

/** The pids whose command line has `marker`. */
function processesWith(marker: string): number[] {
  return readdirSync("/proc").filter((name) => /^\d+$/.test(name)).filter((name) => {
    try {
      return readFileSync(`/proc/${name}/cmdline`, "latin1").includes(marker) && isAlive(Number(name));
    } catch {
      return false;
    }
  }).map(Number);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, "latin1"));
  } catch {
    return false;
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
