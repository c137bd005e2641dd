// Locates the first JSON syntax error by BYTE offset, iteratively (no recursion, so any depth is safe).
// Used only after JSON.parse has failed, to say exactly where. Its byte classes (whitespace, the end of a scalar) are
// shared with the readers that step over JSON as it streams (envelope-stream.ts, mcp/streamed-request.ts).
import { assertNever } from "../errors.js";

/** Where a JSON text first goes wrong: the byte offset and what was expected there. */
export interface JsonSyntaxError {
  offset: number;
  message: string;
}

/** What the scanner expects next. */
type Expect = "value" | "value-or-close" | "key" | "key-or-close" | "colon" | "after";

/** The error for a second value after a whole one (JSON Lines), which malformedJsonNote reads as text, not broken JSON. */
export const AFTER_VALUE = "unexpected data after the JSON value";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The first syntax error in `bytes` (a UTF-8 BOM is skipped), or undefined when the text is valid JSON. */
export function findJsonSyntaxError(bytes: Uint8Array): JsonSyntaxError | undefined {
  const stack: number[] = [];
  let expect: Expect = "value";
  let index = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const error = (message: string, at = index): JsonSyntaxError => ({ offset: at, message });
  for (;;) {
    while (index < bytes.length && isWhitespace(bytes[index]!)) index += 1;
    if (index >= bytes.length) {
      return stack.length === 0 && expect === "after" ? undefined : error("unexpected end of input");
    }
    const byte = bytes[index]!;
    switch (expect) {
      case "value-or-close":
      case "value":
        if (expect === "value-or-close" && byte === 0x5d) {
          stack.pop();
          index += 1;
          expect = "after";
        } else if (byte === 0x5b || byte === 0x7b) {
          stack.push(byte);
          index += 1;
          expect = byte === 0x5b ? "value-or-close" : "key-or-close";
        } else {
          const end = scanScalar(bytes, index);
          if (typeof end !== "number") return end;
          index = end;
          expect = "after";
        }
        break;
      case "key-or-close":
      case "key":
        if (expect === "key-or-close" && byte === 0x7d) {
          stack.pop();
          index += 1;
          expect = "after";
        } else if (byte === QUOTE) {
          const end = scanString(bytes, index);
          if (typeof end !== "number") return end;
          index = end;
          expect = "colon";
        } else {
          return error("expected a property name in double quotes");
        }
        break;
      case "colon":
        if (byte !== 0x3a) return error("expected ':' after a property name");
        index += 1;
        expect = "value";
        break;
      case "after": {
        const open = stack[stack.length - 1];
        if (open === undefined) return error(AFTER_VALUE);
        const close = open === 0x5b ? 0x5d : 0x7d;
        if (byte === 0x2c) expect = open === 0x5b ? "value" : "key";
        else if (byte === close) stack.pop();
        else return error(open === 0x5b ? "expected ',' or ']' after an array element" : "expected ',' or '}' after a property value");
        index += 1;
        break;
      }
      default:
        assertNever(expect, "scanner state");
    }
  }
}

/** JSON whitespace. */
export function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** True for a byte that ends a number or a literal (a comma, a closing bracket, whitespace) for a reader that steps over it. */
export function endsScalar(byte: number): boolean {
  return byte === 0x2c || byte === 0x7d || byte === 0x5d || isWhitespace(byte);
}

function scanScalar(bytes: Uint8Array, start: number): number | JsonSyntaxError {
  const byte = bytes[start]!;
  if (byte === QUOTE) return scanString(bytes, start);
  if (byte === 0x2d || (byte >= 0x30 && byte <= 0x39)) return scanNumber(bytes, start);
  for (const literal of ["true", "false", "null"]) {
    if (bytes.length - start >= literal.length && Array.from(literal).every((char, offset) => bytes[start + offset] === char.charCodeAt(0))) {
      const end = start + literal.length;
      if (!isWordByte(bytes[end])) return end;
    }
  }
  return { offset: start, message: `expected a value, found ${describeToken(bytes, start)}` };
}

function isWordByte(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f);
}

/** The word (up to 20 bytes) or the single character at `start`, quoted, for messages. */
function describeToken(bytes: Uint8Array, start: number): string {
  let end = start;
  while (end < start + 20 && isWordByte(bytes[end])) end += 1;
  if (end === start) end = start + 1;
  return JSON.stringify(new TextDecoder("utf-8").decode(bytes.subarray(start, end)));
}

function scanString(bytes: Uint8Array, start: number): number | JsonSyntaxError {
  let index = start + 1;
  while (index < bytes.length) {
    const byte = bytes[index]!;
    if (byte === QUOTE) return index + 1;
    if (byte < 0x20) return { offset: index, message: "control character in a string (escape it)" };
    if (byte !== BACKSLASH) {
      index += 1;
      continue;
    }
    const escape = bytes[index + 1];
    if (escape === 0x75) {
      for (let offset = 2; offset < 6; offset += 1) {
        if (!isHexDigit(bytes[index + offset])) return { offset: index + offset, message: "invalid \\u escape (4 hex digits expected)" };
      }
      index += 6;
    } else if (escape !== undefined && '"\\/bfnrt'.includes(String.fromCharCode(escape))) {
      index += 2;
    } else {
      return { offset: index, message: "invalid escape in a string" };
    }
  }
  return { offset: bytes.length, message: "unterminated string" };
}

function scanNumber(bytes: Uint8Array, start: number): number | JsonSyntaxError {
  let index = start;
  if (bytes[index] === 0x2d) index += 1;
  if (bytes[index] === 0x30) index += 1;
  else if (isDigit(bytes[index])) while (isDigit(bytes[index])) index += 1;
  else return { offset: index, message: "invalid number (digit expected)" };
  if (bytes[index] === 0x2e) {
    index += 1;
    if (!isDigit(bytes[index])) return { offset: index, message: "invalid number (digit expected after '.')" };
    while (isDigit(bytes[index])) index += 1;
  }
  if (bytes[index] === 0x65 || bytes[index] === 0x45) {
    index += 1;
    if (bytes[index] === 0x2b || bytes[index] === 0x2d) index += 1;
    if (!isDigit(bytes[index])) return { offset: index, message: "invalid number (digit expected in the exponent)" };
    while (isDigit(bytes[index])) index += 1;
  }
  return index;
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

function isHexDigit(byte: number | undefined): boolean {
  return byte !== undefined && (isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));
}
