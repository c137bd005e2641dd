// A client's frame over the server's line (src/mcp/oversized-request.ts, routed by proxy-router.ts): the largest frame
// that fits passes to the server as the very bytes the client wrote; one byte more is answered by the proxy.
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { describe, expect, test } from "vitest";
import { CLIENT_LINE_ROOM } from "../../src/mcp/client-limits.js";
import { fitsServerLine } from "../../src/mcp/oversized-request.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";

function router() {
  const toClient: string[] = [];
  const toServer: (Buffer | string)[] = [];
  const logged: string[] = [];
  const proxy = new ProxyRouter({
    toServer: (frame) => toServer.push(frame),
    toClient: (frame) => toClient.push(frame.toString()),
    boundResult: () => undefined,
    answerOwn: async () => ({ text: "page", isError: false }) as never,
    log: (message) => logged.push(message),
    requestTimeoutMs: 0,
  });
  return { proxy, toClient, toServer, logged };
}

/** A tools/call frame of exactly `bytes` bytes. */
function call(bytes: number, id = "12345678901234567890"): Buffer {
  const head = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"write_file","arguments":{"content":"`;
  const tail = '"}}}';
  return Buffer.from(`${head}${"x".repeat(bytes - head.length - tail.length)}${tail}`);
}

const LARGEST = STDIO_DEFAULT_MAX_BUFFER_SIZE - CLIENT_LINE_ROOM - 1;

describe("the server's line", () => {
  test("is the SDK server's read buffer, less the room for the read that ends the line", () => {
    expect(fitsServerLine(LARGEST)).toBe(true);
    expect(fitsServerLine(LARGEST + 1)).toBe(false);
  });

  test("the largest request that fits passes as written, and is waited for", () => {
    const { proxy, toServer, toClient } = router();
    const frame = call(LARGEST);
    proxy.fromClient(frame);
    expect(toServer).toHaveLength(1);
    expect(toServer[0]).toBe(frame); // the client's own bytes
    expect(toClient).toEqual([]);
    expect(proxy.waiting).toBe(1);
  });

  test("a byte more: the proxy answers it with an error to the id as written, and does not wait for it", () => {
    const { proxy, toServer, toClient, logged } = router();
    proxy.fromClient(call(LARGEST + 1));
    expect(toServer).toEqual([]);
    expect(proxy.waiting).toBe(0);
    expect(toClient).toEqual([
      `{"jsonrpc":"2.0","id":12345678901234567890,"error":{"code":-32602,"message":"correx proxy: the client's request tools/call (${LARGEST + 1} bytes) is over the server's 10 MiB line limit (an MCP SDK server's stdio transport closes the connection on a longer line): it was not passed on"}}`,
    ]);
    expect(logged).toEqual([JSON.parse(toClient[0]!).error.message.replace("correx proxy: ", "")]);
  });

  test("a batch over it: a call to correx's own tools answered, a request refused, a notification dropped", async () => {
    const { proxy, toServer, toClient, logged } = router();
    const own = { jsonrpc: "2.0", id: "own", method: "tools/call", params: { name: "read_output", arguments: { id: "tool_x" } } };
    const batch = [own, JSON.parse(call(LARGEST, "2").toString()), { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } }];
    proxy.fromClient(Buffer.from(JSON.stringify(batch)));
    await Promise.resolve();
    expect(toServer).toEqual([]);
    expect(toClient.map((frame) => JSON.parse(frame).id)).toEqual([2, "own"]);
    expect(toClient[0]).toMatch(/^\{"jsonrpc":"2\.0","id":2,"error":\{"code":-32602,"message":"correx proxy: the client's request tools\/call \(in a batch of 3, \d+ bytes\)/);
    expect(JSON.parse(toClient[1]!).result.content).toEqual([{ type: "text", text: "page" }]);
    expect(logged[1]).toMatch(/^the client's notification notifications\/progress \(in a batch of 3, \d+ bytes\) is over the server's 10 MiB line limit/);
  });

  test("an answer of the client over it: the server gets an error to its request in its place", () => {
    const { proxy, toServer, toClient } = router();
    const answer = { jsonrpc: "2.0", id: 7, result: { model: "m", role: "assistant", content: { type: "text", text: "y".repeat(LARGEST) } } };
    proxy.fromClient(Buffer.from(JSON.stringify(answer)));
    expect(toClient).toEqual([]);
    expect(toServer).toHaveLength(1);
    expect(JSON.parse(toServer[0]!.toString())).toMatchObject({ id: 7, error: { code: -32603, message: expect.stringMatching(/^correx proxy: the client's answer to request 7 \(\d+ bytes\) is over the server's 10 MiB line limit/) } });
  });
});
