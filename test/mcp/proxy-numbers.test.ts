// The proxy rewrites only tools/list and tools/call answers; what it rewrites keeps every number as the server
// wrote it (big integers, 1.0, -0, 1e999999: SPEC §2), like the frames it passes through untouched.
import { describe, expect, test, vi } from "vitest";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";
import { boundCallToolResult } from "../../src/mcp/result-bound.js";
import { resolveBoundOptions } from "../../src/bound/defaults.js";

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

describe("a large frame costs one parse", () => {
  test("a frame is parsed from its bytes: its text is never encoded back (strings made into buffers are counted)", () => {
    const { proxy, toClient } = router(() => undefined);
    const frame = Buffer.from(JSON.stringify({ jsonrpc: "2.0", method: "notifications/message", params: { data: "x".repeat(500_000), n: 12345678901234567890 } }));
    const from = vi.spyOn(Buffer, "from");
    try {
      proxy.fromServer(frame);
      expect(from.mock.calls.filter(([value]) => typeof value === "string" && value.length > 100_000)).toEqual([]);
    } finally {
      from.mockRestore();
    }
    expect(toClient).toEqual([frame.toString()]);
  });

  test("a result far over the budget is found so without being stringified whole (the longest JSON.stringify is counted)", () => {
    const text = "[12] INFO worker-3 compiled src/module-7.ts in 42 ms\n".repeat(40_000); // about 2 MB a block
    const result = { content: [{ type: "text", text }, { type: "text", text }] };
    const raw = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: 1, result }));
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const bounded = boundCallToolResult(result, raw, { bound: resolveBoundOptions({}), readToolName: "read_output" });
      expect(bounded.result).toBeDefined();
      const longest = Math.max(0, ...stringify.mock.results.map((call) => (typeof call.value === "string" ? call.value.length : 0)));
      expect(longest).toBeLessThan(text.length);
    } finally {
      stringify.mockRestore();
    }
  });
});
