// A client's frame over the server's line: a server built on the official MCP SDK reads its stdin with the same
// stdio transport as the SDK client (shared/stdio.js ReadBuffer, 10 MiB unread), and a longer line closes its side:
// server-everything and server-filesystem exit at once (a tools/call with an 11 MiB argument, 1.32.2), so the call,
// and every later one, failed with -32000. The proxy passes such a frame to no server: a request is answered here with
// a JSON-RPC error, an answer to a server's request is replaced by an error to the server, a notification dropped.
import { stringifyJson } from "../normalize/lossless-json.js";
import { isRecord } from "../payload.js";
import { CLIENT_LINE_ROOM, CLIENT_LINE_SAID, CLIENT_MAX_LINE_BYTES, fitsClientLine } from "./client-limits.js";
import { errorFrame, INTERNAL_ERROR, INVALID_PARAMS } from "./json-rpc-frames.js";

/** True when a frame of this many bytes (without its newline) is read by an MCP SDK server whatever follows it: its line is the client's. */
export const fitsServerLine = fitsClientLine;
/**
 * A client frame held this long without its newline is over the server's line whatever ends it (a "\r" before the
 * newline is no part of it): read from there on as it arrives (streamed-request.ts), not held.
 */
export const OVER_SERVER_LINE_BYTES = CLIENT_MAX_LINE_BYTES - CLIENT_LINE_ROOM;

const LIMIT = CLIENT_LINE_SAID;
const WHY = "an MCP SDK server's stdio transport closes the connection on a longer line";

/** Where the refusals go. */
export interface RefusalRoutes {
  toClient(frame: string): void;
  toServer(frame: string): void;
  log(message: string): void;
}

/**
 * The client's frame of `bytes` bytes, over the server's line, not passed on: each of its messages (a batch's too)
 * but those `answeredHere` (a call to correx's own tools) refused.
 */
export function refuseOverServerLine(message: unknown, bytes: number, routes: RefusalRoutes, answeredHere: (item: unknown) => boolean): void {
  const batch = Array.isArray(message) ? message.length : undefined;
  for (const item of Array.isArray(message) ? message : [message]) if (!answeredHere(item)) refuseMessage(item, bytes, routes, batch);
}

/**
 * A message of a frame over the server's line that the router reads, not only refuses: a notification (a cancellation
 * is seen) and a call to correx's own tools, answered here, unless `cut` (its params not all kept: a frame read as it
 * arrived, streamed-request.ts), then refused as any other.
 */
export function readHere(item: unknown, cut: boolean, ownTool: (name: unknown) => unknown): item is Record<string, unknown> {
  return isRecord(item) && (typeof item.method !== "string" || !("id" in item) || (!cut && item.method === "tools/call" && isRecord(item.params) && ownTool(item.params.name) !== undefined));
}

/**
 * A message not passed on: a request gets an error from the proxy (saying the size and the limit), an answer (to a
 * sampling or elicitation request of the server) is an error to the server in its place, so that neither side waits
 * for ever; a notification is dropped. Each is said on stderr. `batch`: the frame is a batch of this many messages.
 */
function refuseMessage(message: unknown, bytes: number, routes: RefusalRoutes, batch: number | undefined): void {
  const frame = batch === undefined ? `(${bytes} bytes)` : `(in a batch of ${batch}, ${bytes} bytes)`;
  if (!isRecord(message)) {
    routes.log(`the client wrote a line that is not a JSON-RPC message ${frame}, over the server's ${LIMIT} line limit: it was dropped`);
    return;
  }
  const method = typeof message.method === "string" ? message.method : undefined;
  const kind = method !== undefined ? ("id" in message ? "request" : "notification") : "answer";
  const said = `the client's ${kind}${method === undefined ? ("id" in message ? ` to request ${stringifyJson(message.id)}` : "") : ` ${method}`} ${frame} is over the server's ${LIMIT} line limit (${WHY}): it was not passed on`;
  routes.log(said);
  // a request whose params make it too large for the server: invalid params; an answer too large: the internal error
  if (kind === "request") routes.toClient(errorFrame(message.id, INVALID_PARAMS, `correx proxy: ${said}`));
  else if (kind === "answer" && "id" in message) routes.toServer(errorFrame(message.id, INTERNAL_ERROR, `correx proxy: ${said}`));
}
