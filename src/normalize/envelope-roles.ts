// The roles of the containers the envelope reader (envelope-stream.ts) opens, and the keys each may hold.

/** The top-level keys of an MCP CallToolResult; any other key ends the streaming (the input is something else). */
export const MCP_KEYS: ReadonlySet<string> = new Set(["content", "structuredContent", "isError", "_meta", "resultType"]);
/** The keys of a JSON-RPC response around the result (`within: "response"`). */
export const RESPONSE_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "result"]);

/** What a container is to the reader. */
export type Role = "response" | "root" | "content" | "block" | "resource" | "other";
/** An open container. */
export interface Frame {
  array: boolean;
  role: Role;
  /** The last key read in an object whose keys matter (root, block, resource). */
  key: string | undefined;
}

/** The role of a container opened inside `parent` (undefined: the input is not an object at all). */
export function roleOf(parent: Frame | undefined, array: boolean): Role | undefined {
  if (parent === undefined) return array ? undefined : "root";
  if (parent.role === "response") return parent.key === "result" && !array ? "root" : "other";
  if (parent.role === "root" && parent.key === "content" && array) return "content";
  if (parent.role === "content" && !array) return "block";
  if (parent.role === "block" && parent.key === "resource" && !array) return "resource";
  return "other";
}

/**
 * Records the key just read in `frame`; why it cannot be there, if it cannot. `mayBeResponse`: the frame is the
 * input's top object, which is a JSON-RPC response around the result when its first key is one of a response's.
 */
export function takeKey(frame: Frame, key: string | undefined, mayBeResponse: boolean): string | undefined {
  if (mayBeResponse && frame.key === undefined && key !== undefined && RESPONSE_KEYS.has(key)) frame.role = "response";
  frame.key = key;
  if (frame.role === "root" && (key === undefined || !MCP_KEYS.has(key))) return "a top-level key an MCP result does not have";
  if (frame.role === "response" && (key === undefined || !RESPONSE_KEYS.has(key))) return "a key a JSON-RPC result response does not have";
  return undefined;
}
