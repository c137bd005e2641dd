// An answer over the SDK client's 10 MiB line (src/mcp/oversized-answer.ts, client-limits.ts fitsClientLine).
import { describe, expect, test } from "vitest";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { parseJsonKeepingNumbers } from "../../src/normalize/lossless-json.js";
import { CLIENT_LINE_ROOM, CLIENT_MAX_LINE_BYTES, fitsClientLine } from "../../src/mcp/client-limits.js";
import { answerWithinLine, type OversizedOptions } from "../../src/mcp/oversized-answer.js";
import { ProxyRouter } from "../../src/mcp/proxy-router.js";

const saved: string[] = [];
const options = (bound: OversizedOptions["bound"] = () => ({})): OversizedOptions => ({
  bound, readToolName: "read_output", newId: () => undefined,
  save: (_raw, textView) => {
    saved.push(textView);
    return "tool_saved";
  },
});

describe("the client's line", () => {
  test("is the installed SDK's read buffer, less the room for the read that ends the line", () => {
    expect(CLIENT_MAX_LINE_BYTES).toBe(STDIO_DEFAULT_MAX_BUFFER_SIZE);
    expect(fitsClientLine(CLIENT_MAX_LINE_BYTES - CLIENT_LINE_ROOM - 1)).toBe(true);
    expect(fitsClientLine(CLIENT_MAX_LINE_BYTES - CLIENT_LINE_ROOM)).toBe(false);
  });
});

describe("answerWithinLine", () => {
  test("a server's error keeps its id and code as written and the head of its message", () => {
    const message = parseJsonKeepingNumbers('{"jsonrpc":"2.0","id":12345678901234567890,"error":{"code":-32602.0,"message":"bad"}}') as Record<string, unknown>;
    const frame = answerWithinLine(message, "tools/call", Buffer.alloc(11 * 1024 * 1024), options());
    expect(frame).toBe(
      '{"jsonrpc":"2.0","id":12345678901234567890,"error":{"code":-32602.0,"message":"bad [correx proxy: the server\'s answer to tools/call was 11534336 bytes, over the client\'s 10 MiB line limit (its stdio transport closes the connection on a longer line); the whole answer is saved: read_output id=tool_saved]"}}',
    );
    expect(saved.at(-1)).toBe("bad");
  });

  test("a resources/read: correx's lines in a block of their own join the content above; the result's other keys kept", () => {
    const message = { jsonrpc: "2.0", id: 1, result: { _meta: { k: 1 }, contents: [{ uri: "file:///a", text: "long" }] } };
    const bound: OversizedOptions["bound"] = () => ({
      outputId: "tool_x",
      result: { content: [{ type: "resource", resource: { uri: "file:///a", text: "head" } }, { type: "text", text: "[… omitted …]" }] },
    });
    const frame = answerWithinLine(message, "resources/read", Buffer.alloc(10), options(bound));
    expect(JSON.parse(frame)).toEqual({ jsonrpc: "2.0", id: 1, result: { _meta: { k: 1 }, contents: [{ uri: "file:///a", text: "head\n[… omitted …]" }] } });
  });

  test("a result it cannot reshape (prompts/get) is the proxy's internal error", () => {
    const frame = answerWithinLine({ jsonrpc: "2.0", id: "p", result: { messages: [] } }, "prompts/get", Buffer.alloc(5), { ...options(), save: () => undefined });
    expect(JSON.parse(frame)).toEqual({ jsonrpc: "2.0", id: "p", error: { code: -32603, message: "correx proxy: the server's answer to prompts/get was 5 bytes, over the client's 10 MiB line limit (its stdio transport closes the connection on a longer line); it was not saved" } });
  });
});

describe("a streamed answer the router sends (ProxyRouter.answerStreamed)", () => {
  test("one still over the line once bounded is a JSON-RPC error to its id, never the frame", () => {
    const sent: string[] = [];
    const router = new ProxyRouter({
      toServer: () => {}, toClient: (frame) => sent.push(frame.toString()), boundResult: () => undefined,
      answerOwn: async () => ({ text: "", isError: false }) as never, log: () => {}, requestTimeoutMs: 0,
    });
    router.fromClient(Buffer.from('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"shot"}}'));
    const huge = { content: [{ type: "image", mimeType: "image/png", data: "A".repeat(CLIENT_MAX_LINE_BYTES) }] };
    expect(router.answerStreamed({ jsonrpc: "2.0", id: 7, result: {} }, () => huge)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32603, message: expect.stringMatching(/^correx proxy: the server's answer to tools\/call was \d+ bytes once bounded, over the client's 10 MiB line limit$/) } });
  });
});
