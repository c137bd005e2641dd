import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { InputError } from "../../src/errors.js";
import { findFirstNonBlankByte, JsonDepthError, looksLikeJson, malformedJsonNote, MAX_JSON_DEPTH, parseJsonBytes } from "../../src/normalize/json-input.js";
import { findJsonSyntaxError } from "../../src/normalize/json-syntax.js";
import { catchError } from "./helpers.js";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("parseJsonBytes", () => {
  test("parses JSON, dropping a UTF-8 BOM", () => {
    expect(parseJsonBytes(utf8('\uFEFF{"a":[1,"é"]}'))).toEqual({ a: [1, "é"] });
  });

  test.each([
    ['{"a":}', 5, 'line 1, column 6: expected a value, found "}"'],
    ["[1,2", 4, "line 1, column 5: unexpected end of input"],
    ['{"a" 1}', 5, "line 1, column 6: expected ':' after a property name"],
    ["[1] x", 4, "line 1, column 5: unexpected data after the JSON value"],
    ["", 0, "line 1, column 1: unexpected end of input"],
    ['"abc', 4, "unterminated string"],
    ['{"é":tru}', 6, 'line 1, column 6: expected a value, found "tru"'],
    ["[nullx]", 1, 'expected a value, found "nullx"'],
    ['{\n  "name": "ü",\n  "list": [1, 2,]\n}', 34, "line 3, column 17: expected a value"],
    ['["tab\there"]', 5, "control character in a string"],
    ["[01]", 2, "expected ',' or ']' after an array element"],
    ["[1.]", 3, "digit expected after '.'"],
    ['{"a":1,}', 7, "expected a property name in double quotes"],
    ['["\\x"]', 2, "invalid escape"],
    ["total 8", 0, 'line 1, column 1: expected a value, found "total"'],
  ])("malformed %j: InputError at the byte offset", (text, offset, message) => {
    const error = catchError(() => parseJsonBytes(utf8(text)));
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).where).toBe(`byte ${offset}`);
    expect((error as InputError).message).toContain(message);
  });

  test("depth 100,000 is refused with the offset where it went too deep, without crashing", () => {
    const deep = utf8(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    const error = catchError(() => parseJsonBytes(deep));
    expect(error).toBeInstanceOf(JsonDepthError);
    expect((error as InputError).where).toBe(`byte ${MAX_JSON_DEPTH}`);
    const deepObjects = utf8(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`);
    expect(catchError(() => parseJsonBytes(deepObjects))).toBeInstanceOf(JsonDepthError);
  });

  test("depth up to the limit parses, and brackets inside strings do not count", () => {
    const value = parseJsonBytes(utf8(`${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`));
    expect(JSON.stringify(value).length).toBe(2 * MAX_JSON_DEPTH);
    expect(parseJsonBytes(utf8(JSON.stringify({ text: "[".repeat(5000) + '\\"' })))).toEqual({ text: `${"[".repeat(5000)}\\"` });
  });
});

// JSON texts with any strings: ASCII, whole graphemes, and lone surrogates (which JSON.stringify escapes).
const anyJson = fc.oneof(fc.json(), fc.json({ stringUnit: "grapheme" }), fc.json({ stringUnit: "binary" }));

describe("findJsonSyntaxError", () => {
  test("property: agrees with JSON.parse on valid JSON", () => {
    fc.assert(fc.property(anyJson, (text) => {
      expect(findJsonSyntaxError(utf8(text))).toBeUndefined();
    }));
  });

  test("property: finds an error wherever JSON.parse fails, at an offset inside the input", () => {
    fc.assert(fc.property(anyJson, fc.nat(), fc.constantFrom("", "}", "]", ",", ":", '"', "x", "\u0001", "\\"), (text, at, insert) => {
      const position = at % (text.length + 1);
      const mutated = text.slice(0, position) + insert + text.slice(position);
      let valid = true;
      try {
        JSON.parse(mutated);
      } catch {
        valid = false;
      }
      const bytes = utf8(mutated);
      const problem = findJsonSyntaxError(bytes);
      expect(problem === undefined).toBe(valid);
      if (problem) expect(problem.offset).toBeLessThanOrEqual(bytes.length);
    }));
  });
});

describe("looksLikeJson", () => {
  test("only `{` and `[` after blanks and a BOM", () => {
    expect(looksLikeJson(findFirstNonBlankByte(utf8("\uFEFF \r\n\t{}")))).toBe(true);
    expect(looksLikeJson(findFirstNonBlankByte(utf8("  [1]")))).toBe(true);
    for (const text of ["42", '"hi"', "true", "hello", "", "   "]) expect(looksLikeJson(findFirstNonBlankByte(utf8(text)))).toBe(false);
  });
});

describe("malformedJsonNote", () => {
  test.each([
    ['{"content":[{"type":"text","text":"hi"}', "malformed JSON at line 1, column 40: unexpected end of input: read as text"],
    ['{"content":[{"type":"text","text":"a string cut sho', "malformed JSON at line 1, column 52: unterminated string: read as text"],
    ['{\n  "name": "x",\n  "deps": { "a": 1, }\n}\n', "malformed JSON at line 3, column 21: expected a property name in double quotes: read as text"],
    ['[{"id": 1, "ok": true}, {"id": 2, "ok": tru}]', `malformed JSON at line 1, column 41: expected a value, found "tru": read as text`],
    // a stray end after a whole value: it was read as text without a word (found by the QA sweep)
    ['{"content":[{"type":"text","text":"hi"}],"isError":true}}', "malformed JSON at line 1, column 57: unexpected data after the JSON value: read as text"],
    ['[{"id": 1}, {"id": 2}]],\n', "malformed JSON at line 1, column 23: unexpected data after the JSON value: read as text"],
  ])("JSON plainly meant as such, cut short or broken past its first bytes: %j", (text, note) => {
    expect(malformedJsonNote(utf8(text))).toBe(note);
  });

  test.each([
    ["[INFO] server started\n[WARN] slow\n"],
    ["[2026-12-01T22:00:00Z] GET /health 200\n"],
    ["{'a': 1, 'b': 'a Python dict printed with repr'}"],
    ["{ a: 1, b: 'a JavaScript object from console.log' }"],
    ['{"level":"info","msg":"started"}\n{"level":"warn","msg":"slow"}\n'],
    ["[    0.000000] Linux version 6.1.0 (gcc 12)\n"],
    ['{"content":[{"type":"text","text":"hi"}]}'],
    ["{"],
  ])("undefined for text that starts with a bracket, JSON Lines, and valid JSON: %j", (text) => {
    expect(malformedJsonNote(utf8(text))).toBeUndefined();
  });
});
