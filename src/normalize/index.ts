// Normalization: every tool-result shape in, one payload out (SPEC §3). See README.md for what goes where.
import type { SourceShape, ToolResult } from "../payload.js";
import { readForced } from "./check.js";
import { readDetected, findReader } from "./detect.js";
import { withSourceShape } from "./result.js";

export { detectShape, SHAPE_REGISTRY } from "./detect.js";
export { normalizeText } from "./text.js";
export { MAX_JSON_BYTES, MAX_JSON_DEPTH, JsonDepthError, looksLikeJson, findFirstNonBlankByte, malformedJsonNote, parseJsonBytes } from "./json-input.js";
export type { PartLayout } from "./parts.js";
export { PART_SEPARATOR } from "./parts.js";
export type { NormalizeMeta } from "./meta.js";
export { DENIED_WITHOUT_REASON } from "./tool-output.js";

/**
 * The unified payload for a parsed value, read as `from` (or detected). Sets meta.source_shape, except
 * for a payload (`rind`), which comes back as it is. A forced shape that does not match is an InputError
 * whose `where` is the JSON path that failed.
 */
export function normalizeValue(value: unknown, from: SourceShape | "auto"): ToolResult {
  if (from === "auto") {
    const { shape, result } = readDetected(value);
    return shape === "rind" ? result : withSourceShape(result, shape);
  }
  const result = readForced(findReader(from), from, value);
  return from === "rind" ? result : withSourceShape(result, from);
}
