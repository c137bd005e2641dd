// JSON input at the edge: detection by the first non-blank byte, the parse cap, a depth limit that keeps
// deeply nested input from overflowing the stack anywhere downstream, and byte offsets for syntax errors.
import { InputError } from "../errors.js";
import { AFTER_VALUE, findJsonSyntaxError, isWhitespace } from "./json-syntax.js";
import { parseLosslessJson, scanJson } from "./lossless-json.js";

/** JSON inputs are parsed whole up to this size (SPEC §2); larger input is treated as text. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;

/**
 * Deeper nesting is refused: V8 parses 100,000 levels, but JSON.stringify and any recursive walk
 * overflow the stack near 5,000, so a parsed value deeper than this would crash whatever comes next.
 */
export const MAX_JSON_DEPTH = 1000;

/** JSON nested deeper than MAX_JSON_DEPTH; `where` is the byte offset of the bracket that went too deep. */
export class JsonDepthError extends InputError {
  constructor(offset: number) {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, `byte ${offset}`);
  }
}

/** The first byte that is not JSON whitespace, after a UTF-8 BOM; undefined for blank input. */
export function findFirstNonBlankByte(bytes: Uint8Array): number | undefined {
  return bytes[firstNonBlankIndex(bytes)];
}

/** Where the first byte that is not JSON whitespace is, after a UTF-8 BOM (the length for blank input). */
function firstNonBlankIndex(bytes: Uint8Array): number {
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (index < bytes.length && isWhitespace(bytes[index]!)) index += 1;
  return index;
}

/** `--from auto` parses input that starts with `{` or `[`; bare scalars (`42`, `"hi"`) stay text. */
export function looksLikeJson(firstNonBlank: number | undefined): boolean {
  return firstNonBlank === 0x7b || firstNonBlank === 0x5b;
}

/**
 * Parses UTF-8 JSON bytes (a BOM is dropped; invalid UTF-8 reads as U+FFFD; numbers a double would change are
 * LosslessNumbers). Malformed JSON is an
 * InputError whose `where` is the byte offset ("byte 1234"); nesting past MAX_JSON_DEPTH is a JsonDepthError.
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  const scan = scanJson(bytes, MAX_JSON_DEPTH);
  if (scan.tooDeepAt >= 0) throw new JsonDepthError(scan.tooDeepAt);
  try {
    return parseLosslessJson(new TextDecoder("utf-8").decode(bytes), bytes, scan);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const utf16 = describeUtf16(bytes);
    if (utf16 !== undefined) throw new InputError(`the input is UTF-16 (${utf16.how}), and JSON is read as UTF-8: convert it first (iconv -f ${utf16.encoding} -t UTF-8)`, "byte 0", { cause: error });
    const problem = findJsonSyntaxError(bytes) ?? { offset: 0, message: error.message };
    throw new InputError(`malformed JSON at ${describePosition(bytes, problem.offset)}: ${problem.message}`, `byte ${problem.offset}`, { cause: error });
  }
}

/**
 * How JSON bytes show they are UTF-16 (PowerShell's Out-File and `>` write UTF-16LE with a byte order mark): the mark,
 * or a NUL beside each of the first ASCII characters; undefined otherwise. Without it such input would read as
 * "malformed JSON at line 1, column 1: expected a value, found "\ufffd"", nothing saying why.
 */
function describeUtf16(bytes: Uint8Array): { how: string; encoding: string } | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { how: "its byte order mark FF FE, little-endian", encoding: "UTF-16" };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { how: "its byte order mark FE FF, big-endian", encoding: "UTF-16" };
  const ascii = (at: number): boolean => bytes[at]! > 0 && bytes[at]! < 0x80;
  if (bytes.length >= 4 && ascii(0) && bytes[1] === 0 && ascii(2) && bytes[3] === 0) return { how: "a NUL after each of its first characters: little-endian, no byte order mark", encoding: "UTF-16LE" };
  if (bytes.length >= 4 && bytes[0] === 0 && ascii(1) && bytes[2] === 0 && ascii(3)) return { how: "a NUL before each of its first characters: big-endian, no byte order mark", encoding: "UTF-16BE" };
  return undefined;
}

/**
 * Why input `--from auto` reads as text is not read as the JSON it is: JSON in UTF-16 (PowerShell's Out-File), which a
 * forced `--from` refuses with the same advice (parseJsonBytes). It was read as text without a word: its transcoded
 * JSON as the tool's text (an MCP result's isError lost), or without a byte order mark as binary output. Undefined for
 * UTF-16 text that is no JSON (its first character not `{` or `[`) and for anything else.
 */
export function utf16JsonNote(bytes: Uint8Array): string | undefined {
  const utf16 = describeUtf16(bytes);
  if (utf16 === undefined) return undefined;
  const bigEndian = utf16.encoding === "UTF-16BE" || bytes[0] === 0xfe;
  const start = new TextDecoder(bigEndian ? "utf-16be" : "utf-16le").decode(bytes.subarray(0, 256)).replace(/^[\ufeff\s]+/, "");
  if (!start.startsWith("{") && !start.startsWith("[")) return undefined;
  return `the input is JSON in UTF-16 (${utf16.how}), and JSON is read as UTF-8: it was not read as JSON; convert it first (iconv -f ${utf16.encoding} -t UTF-8)`;
}

/**
 * Why input that `--from auto` tried to parse as JSON is read as text, when it was plainly meant as JSON: cut
 * short or broken past its first MEANT_AS_JSON_BYTES (`malformed JSON at line 9, column 3: …`). Undefined for
 * text that only starts with a bracket (`[INFO] started`, `{'a': 1}`, `{ a: 1 }`) and for several JSON values in
 * a row (JSON Lines, `[   0.000000] Linux…`): text as they were meant.
 */
export function malformedJsonNote(bytes: Uint8Array): string | undefined {
  const problem = findJsonSyntaxError(bytes);
  if (problem === undefined || (problem.message === AFTER_VALUE && !CLOSERS.has(bytes[problem.offset]!))) return undefined;
  if (problem.offset - firstNonBlankIndex(bytes) < MEANT_AS_JSON_BYTES) return undefined;
  return `malformed JSON at ${describePosition(bytes, problem.offset)}: ${problem.message}: read as text`;
}

/**
 * True when `bytes` end inside a JSON value (an unterminated string, a `}` or `]` still to come): JSON cut short,
 * as an input stopped by a signal mid-value is. Its malformedJsonNote blames the input for what the signal did.
 */
export function endsInsideJson(bytes: Uint8Array): boolean {
  const problem = findJsonSyntaxError(bytes);
  return problem !== undefined && problem.offset >= bytes.length;
}

/**
 * What after a whole value shows one JSON value with a stray end, not several in a row: `}`, `]`, `,`. An MCP result
 * with one `}` too many was read as text without a word, its isError lost.
 */
const CLOSERS: ReadonlySet<number> = new Set([0x7d, 0x5d, 0x2c]);

/** How far into the input a JSON syntax error must be for the input to count as meant as JSON (malformedJsonNote). */
const MEANT_AS_JSON_BYTES = 16;

/** `line 3, column 7` (1-based; the column counts code points) for a byte offset. */
function describePosition(bytes: Uint8Array, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < bytes.length; index += 1) {
    if (bytes[index] === 0x0a) {
      line += 1;
      lineStart = index + 1;
    }
  }
  const column = Array.from(new TextDecoder("utf-8").decode(bytes.subarray(lineStart, offset))).length + 1;
  return `line ${line}, column ${column}`;
}

/**
 * False when the first bytes of an input already cannot be JSON: a syntax error well before where the prefix
 * was cut (a log line like "[INFO] started" or "[000042] ok"). Lets `--from auto` stream such text at once
 * instead of holding it whole as possible JSON. `complete`: the prefix is the whole input, so any error counts.
 */
export function couldBeJson(prefix: Uint8Array, complete = false): boolean {
  const error = findJsonSyntaxError(prefix);
  return error === undefined || (!complete && error.offset >= prefix.length - CUT_SLACK_BYTES);
}

/** How close to the cut a syntax error may be and still be the cut's doing (a literal or number cut short). */
const CUT_SLACK_BYTES = 8;
