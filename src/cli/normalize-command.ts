// `correx normalize` and the input side of every command: bytes in, the unified payload out.
import { InputError } from "../errors.js";
import type { SourceShape, ToolResult } from "../payload.js";
import { formatSize } from "../text/magic.js";
import {
  findFirstNonBlankByte, JsonDepthError, looksLikeJson, malformedJsonNote, MAX_JSON_BYTES, MAX_JSON_DEPTH, normalizeText, normalizeValue,
  parseJsonBytes,
} from "../normalize/index.js";
import { readDetected } from "../normalize/detect.js";
import { endsInsideJson, utf16JsonNote } from "../normalize/json-input.js";
import { isToolEnvelope } from "../normalize/envelope.js";
import { withNotes, withSourceShape } from "../normalize/result.js";
import { decodeTextBytes } from "../normalize/text.js";

/** Options of one normalization of input bytes. */
export interface NormalizeBytesOptions {
  /** JSON input larger than this is not parsed (default MAX_JSON_BYTES, 64 MiB). */
  maxJsonBytes?: number;
  /** `envelopes` (bound, run): `auto` reads only tool-result envelopes (isToolEnvelope); any other JSON is text. */
  detect?: "all" | "envelopes";
  /** The input was cut short by a signal: JSON that ends inside a value is read as text without the malformed-JSON note. */
  interrupted?: boolean;
}

/**
 * Normalizes input bytes. `auto`: input whose first non-blank byte is `{` or `[` is parsed and its shape
 * detected (with `detect: "envelopes"`, JSON that is no tool-result envelope is text); anything else, malformed
 * JSON included, is text; JSON over the cap or nested too deep, or malformed where it was plainly meant as JSON
 * (cut short, or broken past its first bytes: malformedJsonNote), is text with a note in meta.notes. A forced
 * structured `--from` parses whatever comes: malformed JSON is an InputError at a byte offset, a shape mismatch one
 * at a JSON path, input over the cap one too.
 */
export async function normalizeBytes(bytes: Uint8Array, from: SourceShape | "auto", options: NormalizeBytesOptions = {}): Promise<ToolResult> {
  const maxJsonBytes = options.maxJsonBytes ?? MAX_JSON_BYTES;
  if (from === "text") return normalizeText(decodeTextBytes(bytes));
  if (from === "auto") return normalizeAuto(bytes, maxJsonBytes, options.detect ?? "all", options.interrupted === true);
  if (bytes.length > maxJsonBytes) {
    throw new InputError(`input is ${formatSize(bytes.length)}, over the ${formatSize(maxJsonBytes)} limit for parsing JSON; use --from text`, `byte ${maxJsonBytes}`);
  }
  return normalizeParsed(parseJsonBytes(bytes), from, "all")!;
}

function normalizeAuto(bytes: Uint8Array, maxJsonBytes: number, detect: "all" | "envelopes", interrupted: boolean): ToolResult {
  if (!looksLikeJson(findFirstNonBlankByte(bytes))) {
    const note = detect === "all" ? utf16JsonNote(bytes) : undefined;
    const text = normalizeText(decodeTextBytes(bytes));
    return note === undefined ? text : withNotes(text, [note]);
  }
  if (bytes.length > maxJsonBytes) {
    const note = `input is ${formatSize(bytes.length)}, over the ${formatSize(maxJsonBytes)} limit for parsing JSON: read as text`;
    return withNotes(normalizeText(decodeTextBytes(bytes)), [note]);
  }
  let value: unknown;
  try {
    value = parseJsonBytes(bytes);
  } catch (error) {
    if (error instanceof JsonDepthError) {
      return withNotes(normalizeText(decodeTextBytes(bytes)), [`JSON nested deeper than ${MAX_JSON_DEPTH} levels (${error.where}): read as text`]);
    }
    if (error instanceof InputError) {
      const note = interrupted && endsInsideJson(bytes) ? undefined : malformedJsonNote(bytes);
      const text = normalizeText(decodeTextBytes(bytes));
      return note === undefined ? text : withNotes(text, [note]);
    }
    throw error;
  }
  return normalizeParsed(value, "auto", detect) ?? normalizeText(decodeTextBytes(bytes));
}

/** The result of a parsed JSON input as normalizeBytes reads it; undefined when `envelopes` detection reads it as text. */
export function normalizeParsed(value: unknown, from: SourceShape | "auto", detect: "all" | "envelopes"): ToolResult | undefined {
  if (from !== "auto") return normalizeValue(value, from);
  if (detect === "all") return normalizeValue(value, "auto");
  const { shape, result } = readDetected(value);
  return isToolEnvelope(shape, value) ? withSourceShape(result, shape) : undefined;
}
