// Test helper: the MCP SDK's own Client over stdio, spawning the BUILT binary (`node bin/correx …`).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";

/** The package folder (where bin/correx is). */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The launcher the clients start. */
export const CORREX_BIN = join(ROOT, "bin", "correx");

/** The stdio MCP server that misbehaves on purpose (its modes: the file's head). */
export const FLAKY_SERVER = join(ROOT, "test", "fixtures", "bin", "mcp-flaky-server.mjs");

/** A connected client, what the server wrote on stderr, and the protocol errors the client saw. */
export interface Connected {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  errors: Error[];
}

/** A fresh private directory. */
export function temporaryDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Starts `command args…` over stdio and connects an SDK Client to it. */
export async function connect(command: string, args: string[], env: Record<string, string> = {}, clientName = "correx-test"): Promise<Connected> {
  const transport = new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), NO_COLOR: "1", ...env }, stderr: "pipe", cwd: ROOT });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: clientName, version: "1.0.0" });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, errors };
}

/** Connects to `correx ARGS…`. */
export function connectCorrex(args: string[], env: Record<string, string> = {}, clientName?: string): Promise<Connected> {
  return connect(process.execPath, [CORREX_BIN, ...args], env, clientName);
}

/**
 * Connects through `correx proxy FLAGS… -- FLAKY_SERVER ok`, each connection with a spill store of its own (in a
 * `prefix` folder), closed after each test of the file that calls this at its top level.
 */
export function proxiesToFlaky(prefix: string): (flags?: string[]) => Promise<Connected> {
  let open: Connected[] = [];
  afterEach(async () => {
    await Promise.all(open.map((connection) => connection.client.close()));
    open = [];
  });
  return async (flags = []) => {
    const spill = join(temporaryDirectory(prefix), "spill");
    const connection = await connectCorrex(["proxy", "--spill-dir", spill, ...flags, "--", process.execPath, FLAKY_SERVER, "ok"]);
    open.push(connection);
    return connection;
  };
}

/** The text of a CallToolResult's first block. */
export function firstText(result: unknown): string {
  const blocks = (result as { content: { type: string; text?: string }[] }).content;
  const block = blocks[0];
  if (block?.type !== "text" || block.text === undefined) throw new Error(`expected a text block, got ${JSON.stringify(block)}`);
  return block.text;
}
