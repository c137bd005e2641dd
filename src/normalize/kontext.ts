// Shape `kontext`: Kontext's BaseToolResult `{ success, message }` and the result types that extend it
// (e.g. PythonExecutionResult with `outputs`). The model saw the whole JSON, so extensions stay in the data.
// Kontext sends a result across its boundary as a JSON string: a string (double-encoded JSON) and the tool
// execution around it (`{ tool_call_id, tool_name, result: "<json>" }`, agno's ToolExecution fields) are
// parsed here, at the boundary, as Kontext's ToolResultParser does.
import type { ToolResult } from "../payload.js";
import { joinPath, describeValue, fail, pickExtra, readForced, readOptionalString, readRecord, readString, readsStrictly, rejectUnknownKeys, type ReadMode } from "./check.js";
import { assembleResult, withSourceShape } from "./result.js";

/** Fields of the tool execution around a JSON-string result. */
const EXECUTION_KEYS = ["tool_call_id", "tool_name", "result"];

/** True for an object with a boolean `success` and a string `message` (extension fields allowed), or its JSON text in `result`. */
export function matchesKontext(value: unknown): boolean {
  return readsStrictly(readKontext, value);
}

/** Normalizes a Kontext result; a value that is not one is an InputError naming the JSON path. */
export function normalizeKontext(value: unknown): ToolResult {
  return withSourceShape(readForced(readKontext, "kontext", value), "kontext");
}

function parseEncoded(text: string, path: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return fail(path, `expected the JSON text of a result: ${(error as Error).message}`);
  }
}

/**
 * ok is `success`. A bare `{ success, message }` gives the message as text; with extension fields the
 * body is the object without `success` (message and extensions, as structured JSON).
 */
export function readKontext(value: unknown, mode: ReadMode): ToolResult {
  if (typeof value === "string") return readKontext(parseEncoded(value, "$"), mode);
  const root = readRecord(value, "$");
  if (typeof root.result === "string" && root.success === undefined) return readExecution(root, mode);
  return readResultObject(root, "$");
}

function readResultObject(root: Record<string, unknown>, path: string, meta?: Record<string, unknown>): ToolResult {
  if (typeof root.success !== "boolean") fail(joinPath(path, "success"), `expected a boolean, found ${describeValue(root.success)}`);
  const message = readString(root, "message", path);
  const { success, ...rest } = root;
  const extended = Object.keys(rest).length > 1;
  return assembleResult({ ok: success, body: extended ? rest : message, ...(meta ? { meta } : {}) });
}

function readExecution(root: Record<string, unknown>, mode: ReadMode): ToolResult {
  rejectUnknownKeys(root, EXECUTION_KEYS, "$", mode);
  const callId = readOptionalString(root, "tool_call_id", "$");
  const tool = readOptionalString(root, "tool_name", "$");
  const inner = readRecord(parseEncoded(readString(root, "result", "$"), "$.result"), "$.result");
  const extra = pickExtra(root, EXECUTION_KEYS);
  const result = readResultObject(inner, "$.result", { call_id: callId, wrapper_extra: extra });
  const { ok, ...rest } = result;
  return tool === undefined ? result : { ok, tool, ...rest };
}
