// Shape `json`: any JSON that matches no other shape. The value is the data, as it is.
import type { ToolResult } from "../payload.js";
import { readForced, type ReadMode } from "./check.js";
import { assembleResult, withSourceShape } from "./result.js";

/** Every JSON value is valid `json`; auto-detection picks it only when no other shape matches. */
export function matchesJson(_value: unknown): boolean {
  return true;
}

/** `{ ok: true, data: value }`. */
export function normalizeJson(value: unknown): ToolResult {
  return withSourceShape(readForced(readJson, "json", value), "json");
}

/** Reads any value as structured data. */
export function readJson(value: unknown, _mode: ReadMode): ToolResult {
  return assembleResult({ ok: true, body: value });
}
