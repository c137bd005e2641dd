// MCP 2026-07-28, the stateless revision: no initialize, each request names its protocol version and its client in
// `params._meta`, and every result carries `resultType`; the official SDK v2 client refuses a tools/call result
// without it ("missing required resultType"). Before, the proxy's own answers (read_output, grep_output, and the tool
// error that replaces a result too large for the budget) had none, so a model could not read what a marker named.
import { describe, expect, test, vi } from "vitest";
import { BudgetTooSmallError } from "../../src/errors.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "claude-code", version: "3.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

function router(boundResult: () => Record<string, unknown> | undefined = () => undefined, requestTimeoutMs = 0) {
  const toClient: string[] = [];
  const proxy = new ProxyRouter({
    toServer: () => undefined,
    toClient: (frame) => toClient.push(frame.toString()),
    boundResult,
    answerOwn: async () => ({ text: "1: a line", structured: { next_offset: 2 }, isError: false }),
    log: () => undefined,
    requestTimeoutMs,
  });
  return { proxy, toClient };
}
const frame = (value: unknown) => Buffer.from(JSON.stringify(value));
const answer = (line: string) => (JSON.parse(line) as { result: Record<string, unknown> }).result;

describe("correx proxy and a 2026-07-28 client", () => {
  test("read_output's answer carries resultType: complete; to an earlier revision's request, none", async () => {
    const { proxy, toClient } = router();
    proxy.fromClient(frame({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read_output", arguments: { id: "tool_x" }, _meta: META } }));
    proxy.fromClient(frame({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "grep_output", arguments: { pattern: "a" } } }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answer(toClient[0]!)).toEqual({ resultType: "complete", content: [{ type: "text", text: "1: a line" }], structuredContent: { next_offset: 2, text: "1: a line" } });
    expect(answer(toClient[1]!)).not.toHaveProperty("resultType");
  });

  test("a result too large for even the marker: the tool error in its place keeps its resultType", () => {
    const { proxy, toClient } = router(() => {
      throw new BudgetTooSmallError({ maxBytes: 600 }, { maxBytes: 10 });
    });
    proxy.fromClient(frame({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "big", _meta: META } }));
    proxy.fromServer(frame({ jsonrpc: "2.0", id: 3, result: { resultType: "complete", content: [{ type: "text", text: "x".repeat(100) }] } }));
    expect(answer(toClient[0]!)).toMatchObject({ resultType: "complete", isError: true });
  });

  test("the client is known by the name each request gives (a client's budget: Claude Code's for errors)", () => {
    const { proxy } = router();
    proxy.fromClient(frame({ jsonrpc: "2.0", id: 4, method: "tools/list", params: { _meta: META } }));
    expect(proxy.client).toBe("claude-code");
  });
});

describe("subscriptions/listen (2026-07-28), open for the session", () => {
  test("is never timed out by --request-timeout, and is not waited for; a call beside it still is", () => {
    vi.useFakeTimers();
    try {
      const { proxy, toClient } = router(undefined, 1000);
      proxy.fromClient(frame({ jsonrpc: "2.0", id: "listen:0", method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: META } }));
      expect(proxy.awaited).toBe(0);
      proxy.fromClient(frame({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "slow", _meta: META } }));
      // a long call's answer may stream on past --max-output: only calls are waited for
      expect(proxy.awaitsOnlyCalls()).toBe(true);
      expect(proxy.awaited).toBe(1);
      vi.advanceTimersByTime(60_000);
      // before, the subscription got -32001 after the timeout and the server a cancellation: list_changed went silent
      expect(toClient.map((line) => (JSON.parse(line) as { id: unknown }).id)).toEqual([5]);
      expect(proxy.waiting).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
