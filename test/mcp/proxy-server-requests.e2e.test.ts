// `correx proxy` and what the server sends the client of its own accord: requests (sampling/createMessage,
// elicitation/create) and notifications (notifications/message). The SDK client's stdio transport reads no line over
// 10 MiB: before, a 12 MiB log notification or sampling request passed as written, the client threw "ReadBuffer
// exceeded maximum size" and closed its connection, every later call "Not connected" (the same without the proxy).
// Now such a message is not passed on (said on stderr), and a request gets a JSON-RPC error the server can read.
// One that fits passes as written: the client answers it and the server gets that answer.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CreateMessageRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { assertBuilt } from "../run/cli-process.js";
import { CORREX_BIN, FLAKY_SERVER, firstText, ROOT, temporaryDirectory } from "./mcp-client.js";

const LARGE = 12 * 1024 * 1024;
let client: Client;
let stderr = "";
const errors: Error[] = [];

beforeAll(async () => {
  assertBuilt();
  const spill = join(temporaryDirectory("correx-proxy-server-requests-"), "spill");
  const transport = new StdioClientTransport({ command: process.execPath, args: [CORREX_BIN, "proxy", "--spill-dir", spill, "--", process.execPath, FLAKY_SERVER, "ok"], stderr: "pipe", cwd: ROOT });
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  // a client that samples: it answers with the length of the message it was given
  client = new Client({ name: "correx-test", version: "1.0.0" }, { capabilities: { sampling: {} } });
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    const content = request.params.messages[0]!.content as { text: string };
    return { model: "test-model", role: "assistant", content: { type: "text", text: `read ${content.text.length} characters` } };
  });
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
});

async function stillConnected(): Promise<void> {
  const after = await client.callTool({ name: "echo", arguments: { text: "still connected" } });
  expect(after.content).toEqual([{ type: "text", text: "still connected" }]);
  expect(errors).toEqual([]);
}

describe("correx proxy: the server's own requests and notifications over the client's line", () => {
  test("a sampling request that fits passes as written: the client answers it, the server reads its answer", async () => {
    const result = await client.callTool({ name: "echo", arguments: { sample_bytes: 1000 } });
    expect(firstText(result)).toBe('sampling answered: {"model":"test-model","role":"assistant","content":{"type":"text","text":"read 1000 characters"}}');
  });

  test("a 12 MiB sampling request: not passed on, the server gets a JSON-RPC error saying why", async () => {
    const result = await client.callTool({ name: "echo", arguments: { sample_bytes: LARGE } });
    expect(firstText(result)).toMatch(/^sampling answered: \{"code":-32603,"message":"correx proxy: the server's request sampling\/createMessage \(\d+ bytes\) is over the client's 10 MiB line limit \(its stdio transport closes the connection on a longer line\): it was not passed on"\}$/);
    expect(stderr).toMatch(/correx proxy: the server's request sampling\/createMessage \(\d+ bytes\) is over the client's 10 MiB line limit/);
    await stillConnected();
  }, 60_000);

  test("a 12 MiB log notification: dropped and said on stderr, the call's answer still comes", async () => {
    const result = await client.callTool({ name: "echo", arguments: { notify_bytes: LARGE, text: "logged" } });
    expect(firstText(result)).toBe("logged");
    expect(stderr).toMatch(/correx proxy: the server's notification notifications\/message \(\d+ bytes\) is over the client's 10 MiB line limit .*: it was not passed on/);
    await stillConnected();
  }, 60_000);
});
