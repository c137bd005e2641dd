// An answer the SDK client would die on: a frame over its 10 MiB line (client-limits.ts CLIENT_MAX_LINE_BYTES), which
// closes its connection for good. The proxy passes every other answer as written; this one is reshaped to fit: a
// resources/read result bounded as a tools/call result is (each text, the marker and the spill), a blob too large left
// out with a note; a tool result's media too large likewise (oversized-call.ts); anything else (prompts/get, a
// JSON-RPC error, any other result) becomes a JSON-RPC error saying so.
import { BudgetTooSmallError } from "../errors.js";
import { stringifyJson } from "../normalize/lossless-json.js";
import { isRecord } from "../payload.js";
import { formatSize } from "../text/magic.js";
import { CLIENT_LINE_SAID, fitsClientLine, MEDIA_KEPT_CHARS } from "./client-limits.js";
import { errorFrame, INTERNAL_ERROR } from "./json-rpc-frames.js";
import { mediaBytes } from "./media-blocks.js";
import type { CheckStructured } from "./output-schemas.js";
import { callWithinLine, largestLeftOut } from "./oversized-call.js";

/** What reshaping needs from the proxy: its bounding of a CallToolResult and its spill. */
export interface OversizedOptions {
  /**
   * Bounds a CallToolResult (result-bound.ts): undefined result = it fits as it is; the id it was saved under.
   * `savedAs`: the id to save it under, which a note in it names already (from `newId`).
   */
  bound(result: Record<string, unknown>, raw: Buffer, savedAs?: string): { result?: Record<string, unknown>; outputId?: string };
  /** Saves the whole answer with a text view (what read_output pages), under `savedAs` when given; its id, undefined when it was not saved. */
  save(raw: Buffer, textView: string, savedAs?: string): string | undefined;
  /** An id to save an answer under, chosen before it is saved (a note names it); undefined when nothing can be saved. */
  newId(): string | undefined;
  /** The name read_output has for the client. */
  readToolName: string;
}

/** A resources/read answer keeps its blobs while they add up to at most this many base64 characters. */
const BLOBS_KEPT_CHARS = MEDIA_KEPT_CHARS;
/** How much of a server's own error message the proxy's error keeps. */
const ERROR_HEAD_CHARS = 1_000;
const LIMIT = CLIENT_LINE_SAID;

/**
 * An answer as the router routed it (`routed`, undefined: `raw` as written), unless its frame is over the client's
 * line: then `overLine`'s frame (said on stderr).
 */
export function withinLine(
  message: Record<string, unknown>, method: string | undefined, raw: Buffer, routed: string | undefined,
  options: { overLine?(message: Record<string, unknown>, method: string | undefined, raw: Buffer, readToolName: string, check?: CheckStructured): string; log(message: string): void },
  readToolName: string, check?: CheckStructured,
): string | undefined {
  if (options.overLine === undefined || fitsClientLine(routed === undefined ? raw.length : Buffer.byteLength(routed))) return routed;
  options.log(`the server's answer${method === undefined ? "" : ` to ${method}`} (${raw.length} bytes) is over the client's ${LIMIT} line limit: it was reshaped to fit`);
  return options.overLine(message, method, raw, readToolName, check);
}

/**
 * The frame of a streamed answer once bounded (streamed-result.ts has left out the media that would not fit): should
 * it still be over the client's line, a -32603 error to the request's id (as the client wrote it) instead, never a frame the client dies on.
 */
export function boundedWithinLine(message: Record<string, unknown>, rewritten: Record<string, unknown>, request: { id: unknown; method: string }): string {
  const frame = stringifyJson({ ...message, result: rewritten });
  const bytes = Buffer.byteLength(frame);
  if (fitsClientLine(bytes)) return frame;
  return errorFrame(request.id, INTERNAL_ERROR, `correx proxy: the server's answer to ${request.method} was ${bytes} bytes once bounded, over the client's ${CLIENT_LINE_SAID} line limit`);
}

/**
 * True when a request or notification of the server (sampling/createMessage, elicitation/create,
 * notifications/message…) fits the client's line, to pass as written; else it is not passed on (said on stderr), and
 * a request gets a JSON-RPC error from the proxy, so that the server does not wait for an answer for ever.
 */
export function messageWithinLine(message: Record<string, unknown>, raw: Buffer, options: { toServer(frame: string): void; log(message: string): void }): boolean {
  if (fitsClientLine(raw.length)) return true;
  const what = typeof message.method === "string" ? message.method : "message";
  const said = `the server's ${"id" in message ? "request" : "notification"} ${what} (${raw.length} bytes) is over the client's ${LIMIT} line limit (its stdio transport closes the connection on a longer line): it was not passed on`;
  options.log(said);
  if ("id" in message && typeof message.method === "string") options.toServer(errorFrame(message.id, INTERNAL_ERROR, `correx proxy: ${said}`));
  return false;
}

/**
 * The frame to send for an answer whose frame is over the client's line: a bounded
 * resources/read result when it can be reshaped so, else a JSON-RPC error to the same id. `method`: the request it
 * answers (undefined: no request the proxy knows).
 */
export function answerWithinLine(message: Record<string, unknown>, method: string | undefined, raw: Buffer, options: OversizedOptions): string {
  const read = method === "resources/read" && isRecord(message.result) ? message.result : undefined;
  if (read !== undefined && Array.isArray(read.contents)) {
    const contents: unknown[] = read.contents;
    const result = reshaped(() => readWithinLine(read, contents, raw, options));
    const frame = result === undefined ? undefined : stringifyJson({ ...message, result });
    if (frame !== undefined && fitsClientLine(Buffer.byteLength(frame))) return frame;
  }
  const call = (method === "tools/call" || method === "tasks/result") && isRecord(message.result) ? message.result : undefined;
  if (call !== undefined) {
    const result = reshaped(() => callWithinLine(call, raw, options, BLOBS_KEPT_CHARS, LIMIT));
    const frame = result === undefined ? undefined : stringifyJson({ ...message, result });
    if (frame !== undefined && fitsClientLine(Buffer.byteLength(frame))) return frame;
  }
  const error = isRecord(message.error) ? message.error : undefined;
  const serverMessage = typeof error?.message === "string" ? error.message : undefined;
  const id = options.save(raw, serverMessage ?? stringifyJson(message.result ?? message.error ?? message, 2));
  const where = id === undefined ? "it was not saved" : `the whole answer is saved: ${options.readToolName} id=${id}`;
  const said = `correx proxy: the server's answer${method === undefined ? "" : ` to ${method}`} was ${raw.length} bytes, over the client's ${LIMIT} line limit (its stdio transport closes the connection on a longer line); ${where}`;
  // a server's error keeps its code and the head of its message; anything else is the proxy's internal error
  const code = error?.code ?? INTERNAL_ERROR;
  const text = serverMessage === undefined ? said : `${serverMessage.slice(0, ERROR_HEAD_CHARS)}${serverMessage.length > ERROR_HEAD_CHARS ? " …" : ""} [${said}]`;
  return errorFrame(message.id ?? null, code, text);
}

/**
 * A resources/read result bounded as a CallToolResult of embedded resources is (its texts bounded as one, put back
 * into their contents, the marker naming the saved answer); blobs kept while they fit (BLOBS_KEPT_CHARS), the
 * largest first left out, each a text content of the same uri that says so. Undefined: it has nothing to reshape.
 */
function readWithinLine(result: Record<string, unknown>, contents: unknown[], raw: Buffer, options: OversizedOptions): Record<string, unknown> | undefined {
  if (!contents.every(isRecord)) return undefined;
  const items = contents as Record<string, unknown>[];
  const left = largestLeftOut(items.map((item) => (typeof item.blob === "string" ? item.blob.length : undefined)), BLOBS_KEPT_CHARS);
  // a blob left out is bounded as an empty one (media data is not counted) and replaced once the id is known
  const blocks = items.map((item, index) => ({ type: "resource", resource: left.has(index) ? { ...item, blob: "" } : item }));
  const outcome = options.bound({ content: blocks }, raw);
  const textView = items.map((item) => (typeof item.text === "string" ? item.text : "")).join("\n");
  const id = outcome.outputId ?? (left.size > 0 ? options.save(raw, textView) : undefined);
  const saved = id === undefined ? "it was not saved" : `the whole answer is saved: ${options.readToolName} id=${id}`;
  const noteFor = (item: Record<string, unknown>): Record<string, unknown> => {
    const size = formatSize(mediaBytes(item.blob as string));
    const mime = typeof item.mimeType === "string" ? item.mimeType : "application/octet-stream";
    const kept = isRecord(item._meta) ? { _meta: item._meta } : {};
    return { uri: item.uri, mimeType: "text/plain", text: `[correx: this resource's ${mime} blob (${size}) was left out: the answer was ${raw.length} bytes, over the client's ${LIMIT} line limit; ${saved}]`, ...kept };
  };
  const bounded = outcome.result === undefined ? blocks : Array.isArray(outcome.result.content) ? (outcome.result.content as unknown[]) : undefined;
  if (bounded === undefined) return undefined;
  const queue = [...left].map((index) => items[index]!);
  const out: Record<string, unknown>[] = [];
  for (const block of bounded) {
    if (!isRecord(block)) return undefined;
    if (block.type === "resource" && isRecord(block.resource)) {
      const resource = block.resource;
      out.push(resource.blob === "" && queue[0] !== undefined && resource.uri === queue[0].uri ? noteFor(queue.shift()!) : resource);
    } else if (block.type === "text" && typeof block.text === "string") {
      // correx's own lines in a block of their own (a content for the user only): they join the content above
      const above = out.at(-1);
      if (above !== undefined && typeof above.text === "string") out[out.length - 1] = { ...above, text: `${above.text}\n${block.text}` };
      else out.push({ uri: above?.uri ?? items[0]?.uri ?? "correx:note", mimeType: "text/plain", text: block.text });
    } else return undefined;
  }
  const { contents: _whole, ...rest } = result;
  return { ...rest, contents: out };
}

/** What `reshape` gives, undefined when the budget cannot hold even its marker (then the answer is an error). */
function reshaped<T>(reshape: () => T | undefined): T | undefined {
  try {
    return reshape();
  } catch (error) {
    if (error instanceof BudgetTooSmallError) return undefined;
    throw error;
  }
}
