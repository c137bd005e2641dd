// The proxy's view of one JSON-RPC frame: parsed keeping every number as written, the key of an id, a preview for
// logs; and the error frames the proxy writes itself, with the codes it answers with.
import { parseJsonBytesKeepingNumbers, stringifyJson } from "../normalize/lossless-json.js";
import { isRecord } from "../payload.js";

/**
 * The map key of a request id or progress token: its JSON as the peer wrote it (a LosslessNumber writes its source
 * text), so that ids a double cannot tell apart (12345678901234567890, …891) stay two requests.
 */
export function jsonKey(value: unknown): string {
  return stringifyJson(value);
}

/** The frame as a JSON-RPC message object, or a batch's array of them; undefined for anything else. */
export function parseMessage(frame: Buffer): Record<string, unknown> | unknown[] | undefined {
  let value: unknown;
  try {
    value = parseJsonBytesKeepingNumbers(frame);
  } catch {
    return undefined;
  }
  return isRecord(value) || Array.isArray(value) ? value : undefined;
}

/** A frame's first 120 bytes for a log line, control characters as spaces. */
export function preview(frame: Buffer): string {
  const text = frame.subarray(0, 120).toString("utf8").replace(/[\x00-\x1f\x7f]/g, " ");
  return frame.length > 120 ? `${text}…` : text;
}

/** JSON-RPC error codes the proxy answers with: JSON-RPC's own, and the SDK's ConnectionClosed and RequestTimeout. */
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
export const CONNECTION_CLOSED = -32000;
export const REQUEST_TIMEOUT = -32001;

/**
 * A JSON-RPC error frame (without its newline) the proxy writes itself. `id`: the id as parseMessage read it, so that it
 * is written as the peer wrote it (a big integer, `1.50`).
 */
export function errorFrame(id: unknown, code: unknown, message: string): string {
  return stringifyJson({ jsonrpc: "2.0", id, error: { code, message } });
}
