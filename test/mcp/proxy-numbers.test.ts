// The proxy rewrites only tools/list and tools/call answers; what it rewrites keeps every number as the server
// wrote it (big integers, 1.0, -0, 1e999999: SPEC §2), like the frames it passes through untouched.
import { describe, expect, test } from "vitest";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";

function router(boundResult: (result: Record<string, unknown>) => Record<string, unknown> | undefined) {
  const toClient: string[] = [];
  const proxy = new ProxyRouter({
    toServer: () => {},
    toClient: (frame) => toClient.push(frame.toString()),
    boundResult,
    answerOwn: async () => ({ text: "", isError: false }) as never,
    log: () => {},
    requestTimeoutMs: 0,
  });
  return { proxy, toClient };
}

describe("numbers in the answers the proxy rewrites", () => {
  test("tools/list: the server's schemas keep their numbers as written", () => {
    const { proxy, toClient } = router(() => undefined);
    proxy.fromClient(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    const schema = '{"type":"object","properties":{"n":{"type":"integer","maximum":12345678901234567890,"default":1.0,"minimum":-0}}}';
    proxy.fromServer(Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"count","inputSchema":${schema}}]}}`));
    expect(toClient).toHaveLength(1);
    expect(toClient[0]).toContain(`"inputSchema":${schema}`);
    expect(toClient[0]).toContain('"name":"read_output"');
  });

  test("tools/call: a bounded result keeps the numbers of what it did not cut", () => {
    const { proxy, toClient } = router((result) => ({ ...result, content: [{ type: "text", text: "cut" }] }));
    proxy.fromClient(Buffer.from('{"jsonrpc":"2.0","id":12345678901234567891,"method":"tools/call","params":{"name":"count"}}'));
    proxy.fromServer(Buffer.from('{"jsonrpc":"2.0","id":12345678901234567891,"result":{"content":[{"type":"text","text":"long"}],"structuredContent":{"total":98765432109876543210,"ratio":1e999999}}}'));
    expect(toClient).toEqual(['{"jsonrpc":"2.0","id":12345678901234567891,"result":{"content":[{"type":"text","text":"cut"}],"structuredContent":{"total":98765432109876543210,"ratio":1e999999}}}']);
  });
});
