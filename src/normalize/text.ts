// Shape `text`: any stdout. The whole text is the data.
import type { ToolResult } from "../payload.js";
import { describeValue, fail, readForced, type ReadMode } from "./check.js";
import { assembleResult, withSourceShape } from "./result.js";

/** True for a string: a tool result that is plain text. */
export function matchesText(value: unknown): boolean {
  return typeof value === "string";
}

/** `{ ok: true, data: text }`. */
export function normalizeText(value: unknown): ToolResult {
  return withSourceShape(readForced(readText, "text", value), "text");
}

/** Reads a string as a text result. */
export function readText(value: unknown, _mode: ReadMode): ToolResult {
  if (typeof value !== "string") fail("$", `expected text, found ${describeValue(value)}`);
  return assembleResult({ ok: true, body: value });
}

/** Decodes input bytes as text: UTF-8 (a BOM dropped, invalid bytes as U+FFFD), or UTF-16 when it starts with its BOM. */
export function decodeTextBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  return new TextDecoder("utf-8").decode(bytes);
}
