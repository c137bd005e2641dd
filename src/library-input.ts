// What the library's entry points are given, checked where a harness's mistake would otherwise pass silently or fail
// deep inside: project("text") projected "Error" (no `ok`, so a failure with no message), normalize(buffer) read a
// Buffer as the JSON object {"type":"Buffer","data":[…]} and the model got its byte values, bound(stream) failed with
// "The first argument must be of type string or an instance of Buffer…".
import { UsageError } from "./errors.js";
import { isRecord, type ToolResult } from "./payload.js";

/** What a value that is not the expected input is, as a harness would name it: "a Node stream", "a Promise". */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== "object" && typeof value !== "function") return `a ${typeof value}`;
  const object = value as Record<string, unknown>;
  if (typeof object.then === "function") return "a Promise (await it first)";
  if (typeof object.getReader === "function") return "a web ReadableStream (write each chunk to a BoundSession, then finish())";
  if (typeof object.pipe === "function" || typeof object.on === "function") return "a Node stream (write each chunk to a BoundSession, then finish())";
  if (value instanceof ArrayBuffer) return "an ArrayBuffer (wrap it: new Uint8Array(buffer))";
  return `${Array.isArray(value) ? "an array" : "an object"}`;
}

/** Throws UsageError unless `input` is a whole output: a string or a Uint8Array. */
export function checkBoundInput(input: unknown): void {
  if (typeof input !== "string" && !(input instanceof Uint8Array)) {
    throw new UsageError(`bound() takes the whole output as a string or a Uint8Array, not ${describeValue(input)}`);
  }
}

/** Throws UsageError for bytes: normalize() reads a parsed value or text, and no tool-result shape is a byte array. */
export function checkNormalizeValue(value: unknown): void {
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) {
    throw new UsageError("normalize() takes a parsed value or text, not bytes: for a tool's JSON, normalize(parseJsonBytes(bytes)); for its text, normalize(new TextDecoder().decode(bytes))");
  }
}

/** Throws UsageError unless `result` is a ToolResult (an object whose `ok` is true or false), for `what` ("project"). */
export function checkToolResult(result: unknown, what: string): asserts result is ToolResult {
  if (isRecord(result) && typeof result.ok === "boolean") {
    if (result.tool === undefined || typeof result.tool === "string") return;
    throw new UsageError(`${what}() takes a ToolResult whose tool is a tool's name, a string, not ${describeValue(result.tool)}`); // a TypeError deep in the formatter
  }
  const got = typeof result === "string" ? "a string" : isRecord(result) ? "an object without ok: true or false" : describeValue(result);
  throw new UsageError(`${what}() takes a ToolResult ({ ok: true, data } or { ok: false, error }; normalize(value) makes one from any tool result or text), not ${got}`);
}
