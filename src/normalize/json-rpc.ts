// The JSON-RPC response an MCP client receives for tools/call (`{"jsonrpc":"2.0","id":…,"result":{…}}`, what a
// stdio server prints or a Streamable HTTP server answers), read as the CallToolResult inside it. An error response
// (`"error":{code, message, data?}`) is read only when `--from mcp` forces the shape: it is what the MCP SDK client
// throws as `McpError` ("MCP error -32602: …"), a failed call; auto-detection leaves it to other JSON-RPC services.
import { isRecord, type ToolResult } from "../payload.js";
import { ShapeMismatch, fail, type ShapeReader } from "./check.js";
import { RESPONSE_KEYS } from "./envelope-roles.js";

const ERROR_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "error"]);

/** A JSON-RPC 2.0 response: its result, or its error; undefined for any other value. */
export type JsonRpcResponse = { result: unknown } | { error: Record<string, unknown> };

/** The response `value` is, if it is one: `jsonrpc` "2.0", an `id`, and exactly one of `result` or an `error` object. */
export function readJsonRpcResponse(value: unknown): JsonRpcResponse | undefined {
  if (!isRecord(value) || value.jsonrpc !== "2.0" || !("id" in value)) return undefined;
  const keys = Object.keys(value);
  if ("result" in value && keys.every((key) => RESPONSE_KEYS.has(key))) return { result: value.result };
  if (isRecord(value.error) && keys.every((key) => ERROR_KEYS.has(key))) return { error: value.error };
  return undefined;
}

/** The MCP reader that also reads a tools/call response around the result (see the file comment). */
export function readingJsonRpc(read: ShapeReader<ToolResult>): ShapeReader<ToolResult> {
  return (value, mode) => {
    const response = readJsonRpcResponse(value);
    if (response === undefined) return read(value, mode);
    if ("error" in response) {
      if (mode === "strict") fail("$", "a JSON-RPC error response, not a tool result");
      return read({ content: [{ type: "text", text: errorText(response.error) }], isError: true }, mode);
    }
    try {
      return read(response.result, mode);
    } catch (error) {
      if (error instanceof ShapeMismatch) throw new ShapeMismatch(`$.result${error.path.slice(1)}`, error.message);
      throw error;
    }
  };
}

/** The result inside a response, or the value itself: what `bound` checks for MCP's envelope keys. */
export function withoutJsonRpc(value: unknown): unknown {
  const response = readJsonRpcResponse(value);
  return response !== undefined && "result" in response ? response.result : value;
}

/** As the MCP SDK client words a JSON-RPC error: `MCP error CODE: MESSAGE`, and its data as JSON on the next line. */
function errorText(error: Record<string, unknown>): string {
  const code = typeof error.code === "number" ? error.code : "unknown";
  const message = typeof error.message === "string" ? error.message : "no message";
  const data = error.data === undefined ? "" : `\n${JSON.stringify(error.data)}`;
  return `MCP error ${code}: ${message}${data}`;
}
