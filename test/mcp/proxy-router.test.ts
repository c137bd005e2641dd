// The router's own bookkeeping: request ids kept exactly in the replies it makes, a paginated tools/list extended
// once, and task-augmented calls (tasks/result) bounded like tools/call.
import { describe, expect, test, vi } from "vitest";
import { BudgetTooSmallError } from "../../src/errors.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";

function router(boundResult: (result: Record<string, unknown>) => Record<string, unknown> | undefined = () => undefined, requestTimeoutMs = 0) {
  const toClient: string[] = [];
  const toServer: string[] = [];
  const proxy = new ProxyRouter({
    toServer: (frame) => toServer.push(frame.toString()),
    toClient: (frame) => toClient.push(frame.toString()),
    boundResult,
    answerOwn: async () => ({ text: "page", isError: false }) as never,
    log: () => {},
    requestTimeoutMs,
  });
  return { proxy, toClient, toServer };
}
const frame = (value: string) => Buffer.from(value);

describe("the proxy's own replies carry the id as the client wrote it", () => {
  test("answers to read_output, and the -32000 error when the server ends", async () => {
    const { proxy, toClient } = router();
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":12345678901234567890,"method":"tools/call","params":{"name":"read_output","arguments":{}}}'));
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":12345678901234567891,"method":"tools/call","params":{"name":"slow"}}'));
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":1.50,"method":"tools/call","params":{"name":"slow"}}'));
    await Promise.resolve();
    proxy.serverEnded("the server exited");
    expect(toClient.map((line) => line.slice(0, line.indexOf(',"', 20)))).toEqual([
      '{"jsonrpc":"2.0","id":12345678901234567890',
      '{"jsonrpc":"2.0","id":12345678901234567891',
      '{"jsonrpc":"2.0","id":1.50',
    ]);
    expect(toClient[1]).toContain('"code":-32000');
  });

  test("ids a double cannot tell apart stay two requests; the -32001 timeout and the cancellation keep the id", () => {
    vi.useFakeTimers();
    try {
      const { proxy, toClient, toServer } = router(undefined, 1000);
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":12345678901234567890,"method":"tools/call","params":{"name":"a"}}'));
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":12345678901234567891,"method":"tools/call","params":{"name":"b"}}'));
      proxy.fromServer(frame('{"jsonrpc":"2.0","id":12345678901234567890,"result":{"content":[]}}'));
      expect(proxy.waiting).toBe(1);
      vi.advanceTimersByTime(1001);
      expect(toClient[1]).toMatch(/^\{"jsonrpc":"2\.0","id":12345678901234567891,"error":\{"code":-32001,/);
      expect(toServer.at(-1)).toContain('"requestId":12345678901234567891');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a paginated tools/list", () => {
  const page = (id: number, names: string[], next?: string) =>
    frame(JSON.stringify({ jsonrpc: "2.0", id, result: { tools: names.map((name) => ({ name, inputSchema: { type: "object" } })), ...(next ? { nextCursor: next } : {}) } }));
  const names = (line: string) => (JSON.parse(line) as { result: { tools: { name: string }[] } }).result.tools.map((tool) => tool.name);

  test("correx's tools come once, on the last page, named against every page of the listing", () => {
    const { proxy, toClient } = router();
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
    proxy.fromServer(page(1, ["read_output", "a"], "p2"));
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"p2"}}'));
    proxy.fromServer(page(2, ["b"]));
    expect(names(toClient[0]!)).toEqual(["read_output", "a"]);
    expect(names(toClient[1]!)).toEqual(["b", "correx_read_output", "grep_output"]);
    // A listing without a cursor starts over: the earlier listing's names no longer count.
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":3,"method":"tools/list"}'));
    proxy.fromServer(page(3, ["c"]));
    expect(names(toClient[2]!)).toEqual(["c", "correx_read_output", "grep_output"]);
  });
});

describe("task-augmented tool calls", () => {
  test("the CallToolResult answering tasks/result is bounded; another answer passes as written", () => {
    const seen: Record<string, unknown>[] = [];
    const { proxy, toClient } = router((result) => {
      seen.push(result);
      return Array.isArray(result.content) ? { ...result, content: [{ type: "text", text: "cut" }] } : undefined;
    });
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":1,"method":"tasks/result","params":{"taskId":"t1"}}'));
    proxy.fromServer(frame('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"long"}],"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}}'));
    expect(toClient[0]).toBe('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"cut"}],"_meta":{"io.modelcontextprotocol/related-task":{"taskId":"t1"}}}}');
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":2,"method":"tasks/get","params":{"taskId":"t1"}}'));
    proxy.fromServer(frame('{"jsonrpc":"2.0","id":2,"result":{"taskId":"t1","status":"completed"}}'));
    expect(toClient[1]).toBe('{"jsonrpc":"2.0","id":2,"result":{"taskId":"t1","status":"completed"}}');
    expect(seen).toHaveLength(1);
  });
});

describe("a budget too small for a result's marker", () => {
  test("the call is answered with a tool error that says so, and the proxy goes on routing", () => {
    const refuse = () => {
      throw new BudgetTooSmallError({ maxBytes: 553 }, { maxBytes: 500 });
    };
    const { proxy, toClient } = router(refuse);
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"big"}}'));
    proxy.fromServer(frame('{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"x"}]}}'));
    const answer = JSON.parse(toClient[0]!) as { id: number; result: { isError: boolean; content: { text: string }[] } };
    expect(answer.id).toBe(7);
    expect(answer.result.isError).toBe(true);
    expect(answer.result.content[0]!.text).toBe("correx proxy: the result was not passed on: --max-bytes 500 cannot hold even the marker of this output (with its frame, envelope or status line); the smallest budget that works is --max-bytes 553");
    proxy.fromServer(frame('{"jsonrpc":"2.0","method":"notifications/message","params":{}}'));
    expect(toClient[1]).toBe('{"jsonrpc":"2.0","method":"notifications/message","params":{}}');
  });
});

// JSON-RPC batches (MCP 2025-03-26). Before, a batch passed as written, untracked: a tools/call answered in a batch
// from the server reached the client unbounded, then the server's end answered it again (-32000), two responses for
// one id; a client's batch was not waited for, so its calls' answers were never bounded.
describe("JSON-RPC batches", () => {
  const cut = (result: Record<string, unknown>) => ({ ...result, content: [{ type: "text", text: "cut" }] });

  test("a tools/call answered inside a server's batch is bounded there and no longer waited for", () => {
    const { proxy, toClient } = router(cut);
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"big"}}'));
    proxy.fromServer(frame('[{"jsonrpc":"2.0","method":"notifications/message","params":{"data":1.0}},{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"long"}],"n":1.0}}]'));
    expect(toClient).toEqual(['[{"jsonrpc":"2.0","method":"notifications/message","params":{"data":1.0}},{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"cut"}],"n":1.0}}]']);
    expect(proxy.waiting).toBe(0);
    proxy.serverEnded("the server exited");
    expect(toClient).toHaveLength(1);
  });

  test("a batch with nothing to change passes as written", () => {
    const { proxy, toClient } = router(() => undefined);
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"small"}}'));
    const written = '[ {"jsonrpc":"2.0","id":2,"result":{"content":[]}} ]';
    proxy.fromServer(frame(written));
    expect(toClient).toEqual([written]);
    expect(proxy.waiting).toBe(0);
  });

  test("a client's batch is waited for, each answer bounded; a call to correx's own tools in it is answered here", async () => {
    const { proxy, toClient, toServer } = router(cut);
    proxy.fromClient(frame('[{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"big"}},{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"read_output","arguments":{}}}]'));
    await Promise.resolve();
    expect(toServer).toEqual(['[{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"big"}}]']);
    expect(toClient[0]).toMatch(/^\{"jsonrpc":"2\.0","id":4,"result":/);
    proxy.fromServer(frame('{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"long"}]}}'));
    expect(toClient[1]).toBe('{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"cut"}]}}');
  });
});

describe("a late answer to a request the client no longer waits for", () => {
  test("cancelled by the client: dropped, alone or in a batch; an answer to an id never cancelled still passes", () => {
    const { proxy, toClient, toServer } = router(() => ({ content: [{ type: "text", text: "cut" }] }));
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"slow"}}'));
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"slow"}}'));
    proxy.fromClient(frame('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"a"}}'));
    proxy.fromClient(frame('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"b"}}'));
    expect(toServer).toHaveLength(4);
    proxy.fromServer(frame('{"jsonrpc":"2.0","id":"a","result":{"content":[{"type":"text","text":"too late"}]}}'));
    proxy.fromServer(frame('[{"jsonrpc":"2.0","id":"b","result":{"content":[]}},{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}]'));
    proxy.fromServer(frame('{"jsonrpc":"2.0","id":"zz","result":{}}'));
    expect(toClient).toEqual(['[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}]', '{"jsonrpc":"2.0","id":"zz","result":{}}']);
    // an id cancelled, then used again by a new request: the answer to it is passed on
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":"c","method":"ping"}'));
    proxy.fromClient(frame('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c"}}'));
    proxy.fromClient(frame('{"jsonrpc":"2.0","id":"c","method":"ping"}'));
    proxy.fromServer(frame('{"jsonrpc":"2.0","id":"c","result":{}}'));
    expect(toClient.at(-1)).toBe('{"jsonrpc":"2.0","id":"c","result":{}}');
  });

  test("answered by the proxy on --request-timeout: the server's answer is not a second answer to the id", () => {
    vi.useFakeTimers();
    try {
      const { proxy, toClient } = router(undefined, 1000);
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow"}}'));
      vi.advanceTimersByTime(1001);
      proxy.fromServer(frame('{"jsonrpc":"2.0","id":7,"result":{"content":[]}}'));
      expect(toClient).toHaveLength(1);
      expect(toClient[0]).toContain('"code":-32001');
      // a streamed answer is dropped the same way, without being bounded
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"slow"}}'));
      vi.advanceTimersByTime(1001);
      const bound = vi.fn(() => ({ content: [] }));
      expect(proxy.answerStreamed({ jsonrpc: "2.0", id: 8, result: { content: [] } }, bound)).toBe(true);
      expect(bound).not.toHaveBeenCalled();
      expect(toClient).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test("initialize is never timed out: a server slow to start (npx's first download of mcp-remote) is waited for", () => {
    vi.useFakeTimers();
    try {
      const { proxy, toClient, toServer } = router(undefined, 1000);
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"claude-code","version":"2"}}}'));
      vi.advanceTimersByTime(60_000);
      expect(toClient).toEqual([]);
      expect(toServer).toHaveLength(1);
      proxy.fromServer(frame('{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"s","version":"1"}}}'));
      expect(toClient).toHaveLength(1);
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'));
      vi.advanceTimersByTime(1001);
      expect(toClient[1]).toContain('"code":-32001');
    } finally {
      vi.useRealTimers();
    }
  });

  test("the server's progress for a call the proxy answered, or the client cancelled, is dropped; a token used again passes", () => {
    vi.useFakeTimers();
    try {
      const { proxy, toClient } = router(undefined, 1000);
      const progress = (token: string) => frame(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${token},"progress":1}}`);
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"slow","_meta":{"progressToken":"t7"}}}'));
      proxy.fromServer(progress('"t7"'));
      expect(toClient).toHaveLength(1);
      vi.advanceTimersByTime(1001);
      expect(toClient[1]).toContain('"code":-32001');
      proxy.fromServer(progress('"t7"'));
      proxy.fromServer(progress('"t7"'));
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"slow","_meta":{"progressToken":8}}}'));
      proxy.fromClient(frame('{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}}'));
      proxy.fromServer(progress("8"));
      expect(toClient).toHaveLength(2);
      // a token no request had passes as the server wrote it; so does one a new request uses again
      proxy.fromServer(progress('"other"'));
      proxy.fromClient(frame('{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"slow","_meta":{"progressToken":"t7"}}}'));
      proxy.fromServer(progress('"t7"'));
      expect(toClient.slice(2)).toEqual([progress('"other"').toString(), progress('"t7"').toString()]);
    } finally {
      vi.useRealTimers();
    }
  });
});
