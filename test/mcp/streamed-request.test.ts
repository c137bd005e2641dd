// A client's frame over the server's line read as it arrives (src/mcp/streamed-request.ts): what is kept of it is
// refused exactly as the frame parsed whole is, however the frame is cut into chunks, wherever its id comes; and a
// 200 MB line is never held (before, the proxy held the whole line: 2 GiB of peak RSS for a 1 GiB tools/call).
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { describe, expect, test } from "vitest";
import { FrameReader } from "../../src/mcp/frame-reader.js";
import { parseMessage } from "../../src/mcp/json-rpc-frames.js";
import { CLIENT_LINE_ROOM } from "../../src/mcp/client-limits.js";
import { fitsServerLine, OVER_SERVER_LINE_BYTES } from "../../src/mcp/oversized-request.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";
import { KEPT_PARAMS_BYTES, KEPT_SCALAR_BYTES, StreamedRequest, type RequestSummary } from "../../src/mcp/streamed-request.js";

/** What the proxy does with a frame over the server's line, given what was kept of it: frames to each side, stderr. */
async function refusals(summary: RequestSummary): Promise<string[]> {
  const said: string[] = [];
  const proxy = new ProxyRouter({
    toServer: (frame) => said.push(`server ${frame.toString()}`),
    toClient: (frame) => said.push(`client ${frame.toString()}`),
    boundResult: () => undefined,
    answerOwn: async (tool, args) => ({ text: `${tool} ${JSON.stringify(args)}`, isError: false }) as never,
    log: (message) => said.push(`log ${message}`),
    requestTimeoutMs: 0,
  });
  proxy.fromClientOverLine(summary);
  await new Promise((resolve) => setImmediate(resolve));
  return said;
}

/** The frame fed to a StreamedRequest in chunks of `size` bytes (each chunk a reused buffer, as the proxy's reads). */
function streamed(frame: Buffer, size: number): RequestSummary {
  let summary: RequestSummary | undefined;
  const request = new StreamedRequest((ended) => (summary = ended));
  const reused = Buffer.alloc(size);
  for (let at = 0; at < frame.length; at += size) {
    const piece = reused.subarray(0, frame.copy(reused, 0, at, Math.min(frame.length, at + size)));
    request.write(piece);
    piece.fill(0x20);
  }
  request.end();
  return summary!;
}

const whole = (frame: Buffer): RequestSummary => ({ message: parseMessage(frame), bytes: frame.length, cut: () => false });

const FRAMES = [
  '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hello"}}}',
  '{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"message":"a long one"},"name":"echo"},"id":12345678901234567890}',
  ' { "params" : { "name" : "echo" , "arguments" : { "m" : [ 1 , { "}" : "]" } , -2.5e3 , true , null ] } } ,\t"method" : "tools/call" , "id" : 1.50 } ',
  '{"id":"a\\"b\\\\","method":"tools/call","params":{"name":"x\\\\","arguments":{"s":"\\\\\\"}{","t":"\\u0022"}}}',
  '{"i\\u0064":3,"method":"tools/list","params":{}}',
  '{"id":1,"id":2,"method":"a","method":"tools/call","params":{"name":"first"},"params":{"name":"second"}}',
  '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"too long","requestId":41}}',
  '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}',
  '{"jsonrpc":"2.0","id":5,"result":{"model":"m","role":"assistant","content":{"type":"text","text":"sampled"}}}',
  '{"jsonrpc":"2.0","id":null,"error":{"code":-1,"message":"no"}}',
  '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"read_output","arguments":{"id":"tool_x","offset":3}}}',
  '{"jsonrpc":"2.0","id":10,"method":"x","params":[1,"two",{"three":3}]}',
  '{"jsonrpc":"2.0","id":11,"method":42}',
  '{"id":{"an":"object"},"method":"tools/call"}',
  '{}',
  '[{"jsonrpc":"2.0","id":"own","method":"tools/call","params":{"name":"grep_output","arguments":{"pattern":"E"}}},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo"}},5,"str",[1,[2]],{"jsonrpc":"2.0","method":"notifications/progress"},{"id":3,"result":{}}]',
  "[]",
  '"just a string"',
  '{"id":1,"method":"tools/call"',
  '{"id":1,"method":"tools/call"}}',
  '{"id":1,"method":"tools/call"} x',
  '{"id":1 "method":"tools/call"}',
  '{"id":1,"method":"tools/call",}',
  '[{"id":1,"method":"a"},]',
  '{"id":1,"method":"tools/call","params":{"name":"echo","arguments":{"s":"unterminated}}}',
];

describe("a client frame over the server's line, read as it arrives", () => {
  test("is refused as the frame parsed whole is, however it is cut", async () => {
    for (const text of FRAMES) {
      const frame = Buffer.from(text);
      const expected = await refusals(whole(frame));
      for (const size of [1, 2, 3, 5, 7, 16, frame.length]) expect(await refusals(streamed(frame, size)), `${text} in chunks of ${size}`).toEqual(expected);
    }
  });

  test("an id after 200 MB of params is found, the call refused to it; the line is never held", async () => {
    const frames: Buffer[] = [];
    let summary: RequestSummary | undefined;
    let request: StreamedRequest | undefined;
    const reader = new FrameReader({
      onFrame: (frame) => frames.push(frame), streamBytes: OVER_SERVER_LINE_BYTES,
      stream: () => (request = new StreamedRequest((ended) => (summary = ended))),
    });
    const head = '{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"content":"';
    const tail = '"},"name":"write_file"},"id":"the-last-key"}\r\n{"jsonrpc":"2.0","id":8,"method":"tools/list"}\n';
    const chunk = Buffer.alloc(64 * 1024, "x");
    const body = 200 * 1024 * 1024;
    reader.push(Buffer.from(head));
    let largestPending = 0;
    for (let sent = 0; sent < body; sent += chunk.length) {
      reader.push(chunk);
      if (request) largestPending = Math.max(largestPending, reader.heldBytes);
      chunk.fill(0x78);
    }
    reader.push(Buffer.from(tail));
    reader.end();
    expect(largestPending).toBe(0); // the reader holds nothing once the frame is over the line
    expect(request!.largestHeld).toBeLessThanOrEqual(KEPT_PARAMS_BYTES); // the arguments, up to what is kept of them
    expect(summary!.bytes).toBe(head.length + body + tail.indexOf("\r"));
    expect(frames.map(String)).toEqual(['{"jsonrpc":"2.0","id":8,"method":"tools/list"}']);
    const said = await refusals(summary!);
    expect(said[1]).toBe(`client {"jsonrpc":"2.0","id":"the-last-key","error":{"code":-32602,"message":"correx proxy: the client's request tools/call (${summary!.bytes} bytes) is over the server's 10 MiB line limit (an MCP SDK server's stdio transport closes the connection on a longer line): it was not passed on"}}`);
    expect(said[0]).toBe(`log ${JSON.parse(said[1]!.slice("client ".length)).error.message.slice("correx proxy: ".length)}`);
  }, 60_000);

  test("an id too long to keep is answered as null (JSON-RPC's id that could not be read)", async () => {
    const id = "i".repeat(KEPT_SCALAR_BYTES + 1);
    const said = await refusals(streamed(Buffer.from(`{"jsonrpc":"2.0","id":"${id}","method":"tools/call","params":{}}`), 4096));
    expect(JSON.parse(said[1]!.slice("client ".length))).toMatchObject({ id: null, error: { code: -32602 } });
  });

  test("a call to correx's own tools whose arguments are too large to keep is refused, not answered without them", async () => {
    const big = "q".repeat(KEPT_PARAMS_BYTES);
    const said = await refusals(streamed(Buffer.from(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"grep_output","arguments":{"pattern":"${big}"}}}`), 65536));
    expect(said).toHaveLength(2);
    expect(JSON.parse(said[1]!.slice("client ".length))).toMatchObject({ id: 4, error: { code: -32602 } });
  });
});

describe("the client's frames as the proxy reads them", () => {
  /** A router fed by a FrameReader as `correx proxy` wires them; what it wrote to each side and said. */
  function proxyReading(chunks: Buffer[], chunkSize = 65536): { toServer: Buffer[]; said: string[] } {
    const toServer: Buffer[] = [];
    const said: string[] = [];
    const proxy = new ProxyRouter({
      toServer: (frame) => toServer.push(Buffer.from(frame)), toClient: (frame) => said.push(`client ${frame.toString()}`),
      boundResult: () => undefined, answerOwn: async () => ({ text: "page", isError: false }), log: (message) => said.push(`log ${message}`), requestTimeoutMs: 0,
    });
    const reader = new FrameReader({ onFrame: (frame) => proxy.fromClient(frame), streamBytes: OVER_SERVER_LINE_BYTES, stream: () => new StreamedRequest((summary) => proxy.fromClientOverLine(summary)) });
    const bytes = Buffer.concat(chunks);
    for (let at = 0; at < bytes.length; at += chunkSize) reader.push(bytes.subarray(at, at + chunkSize));
    reader.end();
    return { toServer, said };
  }

  /** A tools/call frame of exactly `bytes` bytes. */
  const call = (bytes: number, id: number): Buffer => {
    const head = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"write_file","arguments":{"content":"`;
    return Buffer.from(`${head}${"x".repeat(bytes - head.length - 4)}"}}}`);
  };

  test("the largest frame that fits passes as written, a CR before its newline too; a byte more is refused, streamed or not", () => {
    const largest = STDIO_DEFAULT_MAX_BUFFER_SIZE - CLIENT_LINE_ROOM - 1; // the SDK server's read buffer, less a pipe read
    expect([fitsServerLine(largest), fitsServerLine(largest + 1)]).toEqual([true, false]);
    const fits = call(largest, 1);
    const { toServer, said } = proxyReading([fits, Buffer.from("\r\n"), call(largest + 1, 2), Buffer.from("\r\n"), call(largest + 2, 3), Buffer.from("\n")]);
    expect(toServer).toHaveLength(1);
    expect(toServer[0]!.equals(fits)).toBe(true);
    expect(said.filter((line) => line.startsWith("client")).map((line) => JSON.parse(line.slice("client ".length)))).toEqual([2, 3].map((id) => ({
      jsonrpc: "2.0", id, error: { code: -32602, message: `correx proxy: the client's request tools/call (${largest + id - 1} bytes) is over the server's 10 MiB line limit (an MCP SDK server's stdio transport closes the connection on a longer line): it was not passed on` },
    })));
  });

  test("a batch over the line, one of its items 2 MiB: each item as when the batch is held whole", async () => {
    const batch = Buffer.from(JSON.stringify([
      { jsonrpc: "2.0", id: "own", method: "tools/call", params: { name: "read_output", arguments: { id: "tool_x" } } },
      JSON.parse(call(2 * 1024 * 1024, 2).toString()),
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 41, reason: "y".repeat(OVER_SERVER_LINE_BYTES) } },
    ]));
    const expected = await refusals(whole(batch));
    expect(await refusals(streamed(batch, 65536))).toEqual(expected);
    const frame = `(in a batch of 3, ${batch.length} bytes)`;
    expect(expected).toHaveLength(4);
    expect(expected[0]).toMatch(`log the client's request tools/call ${frame} is over`);
    expect(expected[1]).toMatch(`client {"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"correx proxy: the client's request tools/call ${frame} is over`);
    expect(expected[2]).toMatch(`log the client's notification notifications/cancelled ${frame} is over`);
    expect(JSON.parse(expected[3]!.slice("client ".length))).toEqual({ jsonrpc: "2.0", id: "own", result: { content: [{ type: "text", text: 'read {"id":"tool_x"}' }] } });
  });
});
