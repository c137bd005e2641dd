// Shape `kontext`: Kontext's BaseToolResult `{ success, message }` and the result types that extend it
// (e.g. PythonExecutionResult with `outputs`). The model saw the whole JSON, so extensions stay in the data.
import type { ToolResult } from "../payload.js";
import { joinPath, describeValue, fail, readForced, readRecord, readString, readsStrictly, type ReadMode } from "./check.js";
import { assembleResult, withSourceShape } from "./result.js";

/** True for an object with a boolean `success` and a string `message` (extension fields allowed). */
export function matchesKontext(value: unknown): boolean {
  return readsStrictly(readKontext, value);
}

/** Normalizes a Kontext result; a value that is not one is an InputError naming the JSON path. */
export function normalizeKontext(value: unknown): ToolResult {
  return withSourceShape(readForced(readKontext, "kontext", value), "kontext");
}

/**
 * ok is `success`. A bare `{ success, message }` gives the message as text; with extension fields the
 * body is the object without `success` (message and extensions, as structured JSON).
 */
export function readKontext(value: unknown, _mode: ReadMode): ToolResult {
  const root = readRecord(value, "$");
  if (typeof root.success !== "boolean") fail(joinPath("$", "success"), `expected a boolean, found ${describeValue(root.success)}`);
  const message = readString(root, "message", "$");
  const { success, ...rest } = root;
  const extended = Object.keys(rest).length > 1;
  return assembleResult({ ok: success, body: extended ? rest : message });
}
