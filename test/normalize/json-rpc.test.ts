// The JSON-RPC response around an MCP CallToolResult (what a stdio server prints for tools/call, what a Streamable
// HTTP server answers) reads as the result inside it; an error response only when --from mcp forces the shape.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { InputError } from "../../src/errors.js";
import { isToolEnvelope } from "../../src/normalize/envelope.js";
import { detectShape, normalizeValue } from "../../src/normalize/index.js";
import { readJsonRpcResponse } from "../../src/normalize/json-rpc.js";
import { catchError } from "./helpers.js";

const recorded = (name: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/json/${name}`, import.meta.url), "utf8"));
const call = { content: [{ type: "text", text: "3 files\na.txt\nb.txt" }], isError: false };
const response = (result: unknown, id: unknown = 7): unknown => ({ jsonrpc: "2.0", id, result });

describe("a tools/call response", () => {
  test("reads as the result inside it, detected or forced (a real server's line, `result` first)", () => {
    const line = recorded("mcp-response-read-text-file.jsonl") as { result: unknown };
    expect(Object.keys(line)).toEqual(["result", "jsonrpc", "id"]);
    expect(detectShape(line)).toBe("mcp");
    expect(normalizeValue(line, "auto")).toEqual(normalizeValue(line.result, "auto"));
    expect(normalizeValue(line, "mcp")).toEqual(normalizeValue(line.result, "mcp"));
    expect(normalizeValue(response(call, "req-1"), "auto")).toEqual(normalizeValue(call, "auto"));
  });

  test("a real server's isError result reads as a failed call", () => {
    const result = normalizeValue(recorded("mcp-response-unknown-tool.jsonl"), "auto");
    expect(result.ok).toBe(false);
    expect(result.error).toBe("MCP error -32602: Tool no_such_tool not found");
  });

  test("is an envelope bound reads as a tool result only when the result is MCP's", () => {
    expect(isToolEnvelope("mcp", response(call))).toBe(true);
    expect(isToolEnvelope("mcp", response({ content: [] }))).toBe(false);
    expect(detectShape(response({ balance: "0x1" }))).toBe("json");
  });

  test("is only a JSON-RPC 2.0 response: a version, an id, and nothing else beside the result", () => {
    expect(readJsonRpcResponse(response(call))).toEqual({ result: call });
    expect(readJsonRpcResponse(response(call, null))).toEqual({ result: call });
    for (const value of [{ id: 1, result: call }, { jsonrpc: "1.0", id: 1, result: call }, { jsonrpc: "2.0", result: call }, { ...(response(call) as object), method: "x" }]) {
      expect(readJsonRpcResponse(value)).toBeUndefined();
      expect(detectShape(value)).toBe("json");
    }
  });

  test("a result that is not a CallToolResult names the path inside the response when forced", () => {
    const error = catchError(() => normalizeValue(response({ content: "text" }), "mcp"));
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).where).toBe("$.result.content");
  });
});

describe("a JSON-RPC error response", () => {
  const failure = { jsonrpc: "2.0", id: 3, error: { code: -32602, message: "Invalid params", data: { field: "path" } } };

  test("is data to auto-detection (any JSON-RPC service answers so)", () => {
    expect(detectShape(failure)).toBe("json");
    expect(isToolEnvelope("json", failure)).toBe(false);
  });

  test("with --from mcp is a failed call, worded as the MCP SDK client words it", () => {
    const result = normalizeValue(failure, "mcp");
    expect(result.ok).toBe(false);
    expect(result.error).toBe('MCP error -32602: Invalid params\n{"field":"path"}');
    expect(result.meta?.source_shape).toBe("mcp");
    expect(normalizeValue({ jsonrpc: "2.0", id: 3, error: { message: 5 } }, "mcp").error).toBe("MCP error unknown: no message");
  });
});
