// The error frames the proxy writes itself (json-rpc-frames.ts errorFrame): the id as the peer wrote it, which a
// double cannot hold (a big integer, 1.50), and a server's own code as it wrote it.
import { describe, expect, test } from "vitest";
import { errorFrame, INTERNAL_ERROR, parseMessage } from "../../src/mcp/json-rpc-frames.js";

function idOf(frame: string): unknown {
  return (parseMessage(Buffer.from(frame)) as Record<string, unknown>).id;
}

describe("an error frame of the proxy", () => {
  test.each(["12345678901234567890", "1.50", "-0", "1e400", '"req-7"', "null"])("keeps the id %s as written", (written) => {
    const id = idOf(`{"jsonrpc":"2.0","id":${written},"method":"tools/call"}`);
    expect(errorFrame(id, INTERNAL_ERROR, "correx proxy: no")).toBe(`{"jsonrpc":"2.0","id":${written},"error":{"code":-32603,"message":"correx proxy: no"}}`);
  });

  test("keeps a server's code as written", () => {
    const error = (parseMessage(Buffer.from('{"jsonrpc":"2.0","id":1,"error":{"code":-32602.0,"message":"bad"}}')) as { error: { code: unknown } }).error;
    expect(errorFrame(1, error.code, 'bad "quoted"\n')).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":-32602.0,"message":"bad \\"quoted\\"\\n"}}');
  });
});
