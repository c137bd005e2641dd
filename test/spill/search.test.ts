import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readLineWindow } from "../../src/spill/page.js";
import { compileSearchPattern } from "../../src/spill/pattern.js";
import { excerptAround, LINE_WINDOW_BYTES, MAX_MATCH_CHARS, searchLines, type SearchMatch, type SearchResult } from "../../src/spill/search.js";
import { formatSearchText } from "../../src/spill/search-text.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-search-"));
let counter = 0;

/** Runs `use` on a file holding `content`, opened for reading. */
function withFile<T>(content: string | Buffer, use: (fd: number) => T): T {
  const file = path.join(dir, `f${(counter += 1)}`);
  fs.writeFileSync(file, content);
  const fd = fs.openSync(file, "r");
  try {
    return use(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const identity = (line: string): string => line;
const compile = (pattern: string, ignoreCase = false) => compileSearchPattern(pattern, { ignoreCase, fixed: false });
const search = (content: string | Buffer, pattern: string, max = 100): SearchResult => withFile(content, (fd) => searchLines(fd, { pattern: compile(pattern), max, clean: identity }));
/** The line and text of each match (where the match is, is tested apart). */
const lines = (result: SearchResult): { total: number; matches: { line: number; text: string }[] } => ({ total: result.total, matches: result.matches.map(({ line, text }) => ({ line, text })) });

/** Lines as sed counts them: a final "\n" ends the last line. */
const splitLines = (text: string): string[] => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));

describe("searchLines", () => {
  test("line numbers as sed counts them, each line once, all counted, max kept", () => {
    expect(search("error one\nok\nerror two error\n\nerror three", "error", 2)).toEqual({
      total: 3, matches: [{ line: 1, text: "error one", column: 0, length: 5 }, { line: 3, text: "error two error", column: 0, length: 5 }],
    });
  });

  test("an empty file and no match", () => {
    expect(search("", "x")).toEqual({ total: 0, matches: [] });
    expect(search("a\nb\n", "x")).toEqual({ total: 0, matches: [] });
  });

  test("matches what clean makes of a line (escapes stripped)", () => {
    const result = withFile("\x1b[31mFAIL\x1b[0m test\n", (fd) => searchLines(fd, { pattern: compile("^FAIL test$"), max: 10, clean: (line) => line.replace(/\x1b\[[0-9;]*m/g, "") }));
    expect(lines(result).matches).toEqual([{ line: 1, text: "FAIL test" }]);
  });

  test("invalid UTF-8 never breaks a search", () => {
    expect(lines(search(Buffer.from([0x66, 0xff, 0xfe, 0x0a, 0x6f, 0x6b, 0x0a]), "ok|\uFFFD"))).toEqual({ total: 2, matches: [{ line: 1, text: "f\uFFFD\uFFFD" }, { line: 2, text: "ok" }] });
  });

  // The literal prefilter took an escape's argument for text: "\\x41" needed "41", "\\pL" needed "L" (no line matched).
  test("escapes with an argument (hex, Unicode classes, octal) find their lines", () => {
    const content = "Alpha\nbeta\n\u03bb \ufffd\n";
    expect(lines(search(content, "\\x41")).matches).toEqual([{ line: 1, text: "Alpha" }]);
    expect(lines(search(content, "\\x{fffd}")).matches).toEqual([{ line: 3, text: "\u03bb \ufffd" }]);
    expect(search(content, "^\\pL").total).toBe(3);
    expect(search(content, "\\p{Greek}").total).toBe(1);
    expect(search(content, "\\101l").total).toBe(1);
  });

  test("agrees with a whole-file split on random text", () => {
    const text = fc.array(fc.constantFrom("a", "b", "é", "😀", "\n", "ab"), { maxLength: 200 }).map((parts) => parts.join(""));
    fc.assert(fc.property(text, fc.constantFrom("a", "b$", "^$", "😀", "éa", "ab+", "(a|b)b"), (content, pattern) => {
      const regex = new RegExp(pattern, "u");
      const expected = splitLines(content).flatMap((line, index) => (regex.test(line) ? [{ line: index + 1, text: line }] : []));
      expect(lines(search(content, pattern, 1000))).toEqual({ total: expected.length, matches: expected });
    }), { numRuns: 200 });
  });

  test("a giant line is searched in windows: a match far inside it, or across a window edge, is found", () => {
    const far = `${"x".repeat(3 * LINE_WINDOW_BYTES)}NEEDLE${"y".repeat(5000)}\nshort NEEDLE\n`;
    const result = search(far, "NEEDLE");
    expect(result.total).toBe(2);
    expect(result.matches[0]).toEqual({ line: 1, text: `...${"x".repeat(200)}NEEDLE${"y".repeat(MAX_MATCH_CHARS - 206)}...`, column: 203, length: 6 });
    expect(result.matches[1]).toMatchObject({ line: 2, text: "short NEEDLE" });
    const edge = `${"é".repeat(LINE_WINDOW_BYTES / 2 - 2)}NEEDLE${"z".repeat(LINE_WINDOW_BYTES)}\n`;
    expect(search(edge, "éNEEDLEz").total).toBe(1);
  });
});

describe("linear time and the byte prefilter", () => {
  test("(a+)+$ on 40 a's and a b ends (a backtracking engine takes hours); no match", () => {
    expect(search(`${"a".repeat(40)}b\n${"a".repeat(5000)}b\n`, "(a+)+$")).toEqual({ total: 0, matches: [] });
  });

  test("backreferences and lookaround are refused: they cannot run in linear time", () => {
    expect(() => compile("(a)\\1")).toThrow(/invalid value for PATTERN: '\(a\)\\1' \(accepts an RE2 regular expression/);
    expect(() => compile("a(?=b)")).toThrow(/no backreferences or lookaround/);
  });

  test("a line whose clean text holds the literal is found though its bytes do not (escapes, redraws, overstrikes)", () => {
    const clean = (line: string): string => line.replace(/\x1b\[[0-9;]*m/g, "").replace(/.\x08/g, "").replace(/^.*\r/, "");
    const content = "ok\nEC\x1b[1mONNRESET\nECONNRESX\rECONNRESET\nE\bECONNRESET\nplain ECONNRESET\n";
    const result = withFile(content, (fd) => searchLines(fd, { pattern: compile("ECONNRESET"), max: 10, clean }));
    expect(result.matches.map((match) => match.line)).toEqual([2, 3, 4, 5]);
  });

  test.each([
    ["ECONN[A-Z]+", false, [2]],
    ["econnreset", true, [2, 4]],
    ["ECONNRESET|refused", false, [2, 3]],
    ["STATUS=[0-9]{3}", true, [5]],
  ] as const)("%s (ignore case: %s) agrees with a JavaScript regex on every line", (pattern, ignoreCase, expected) => {
    const content = "ok\nread ECONNRESET\nconnection refused\nEconnReset again\nstatus=503\n";
    const result = withFile(content, (fd) => searchLines(fd, { pattern: compile(pattern, ignoreCase), max: 10, clean: identity }));
    const regex = new RegExp(pattern, ignoreCase ? "i" : "");
    expect(result.matches.map((match) => match.line)).toEqual(splitLines(content).flatMap((line, index) => (regex.test(line) ? [index + 1] : [])));
    expect(result.matches.map((match) => match.line)).toEqual(expected);
  });

  test("line numbers stay right across reads of many short lines, with --max past the first read", () => {
    const content = Array.from({ length: 300_000 }, (_, index) => (index % 50_000 === 49_999 ? `hit ${index + 1}` : `line ${index + 1}`)).join("\n");
    expect(lines(search(content, "^hit"))).toEqual({ total: 6, matches: [50_000, 100_000, 150_000, 200_000, 250_000, 300_000].map((line) => ({ line, text: `hit ${line}` })) });
  });

  test("firstOnly stops at the first matching line (grep -l)", () => {
    expect(withFile("a\nx\nx\n", (fd) => searchLines(fd, { pattern: compile("x"), max: 0, clean: identity, firstOnly: true })).total).toBe(1);
  });
});

describe("formatSearchText: one match, context, highlighting", () => {
  test("1 match, not 1 matches", () => {
    expect(formatSearchText({ total: 1, matches: [{ line: 4, text: "boom", column: 0, length: 4 }] }, { maxBytes: 51200, savedBytes: 1 })).toBe("Found 1 match\nLine 4: boom\n");
  });

  test("context lines read Line N- text; -- between groups apart; matches highlighted when asked", () => {
    const matches: SearchMatch[] = [{ line: 3, text: "a error", column: 2, length: 5 }, { line: 4, text: "error b", column: 0, length: 5 }, { line: 10, text: "c error", column: 2, length: 5 }];
    const context = new Map([[2, "two"], [3, "a error"], [4, "error b"], [5, "five"], [9, "nine"], [10, "c error"], [11, "eleven"]]);
    expect(formatSearchText({ total: 3, matches }, { maxBytes: 51200, savedBytes: 1, context, highlight: { open: "[", close: "]" } })).toBe(
      "Found 3 matches\nLine 2- two\nLine 3: a [error]\nLine 4: [error] b\nLine 5- five\n--\nLine 9- nine\nLine 10: c [error]\nLine 11- eleven\n",
    );
  });
});

describe("excerptAround", () => {
  test("short lines whole; long lines cut at 2000 characters around the match, never inside a pair", () => {
    expect(excerptAround("short", 0, 1)).toEqual({ text: "short", column: 0, length: 1 });
    const long = "a".repeat(3000);
    expect(excerptAround(long, 10, 1).text).toBe(`${"a".repeat(2000)}...`);
    expect(excerptAround(long, 2500, 3).text).toBe(`...${"a".repeat(700)}`);
    const pairs = "😀".repeat(2000);
    const cut = excerptAround(pairs, 0, 2).text;
    expect(cut).toBe(`${"😀".repeat(1000)}...`);
    expect(excerptAround(pairs, 2001, 2).text).toBe(`...${"😀".repeat(1000)}...`);
    expect(excerptAround("b😀".repeat(1500), 2201, 1).text).toBe(`...${"b😀".repeat(666)}b...`);
  });
});

describe("formatSearchText", () => {
  const match = (line: number, text: string): SearchMatch => ({ line, text, column: 0, length: 5 });
  const result = { total: 3, matches: [match(2, "error a"), match(5, "error b"), match(9, "error c")] };
  test("all shown", () => {
    expect(formatSearchText(result, { maxBytes: 51200, savedBytes: 100 })).toBe("Found 3 matches\nLine 2: error a\nLine 5: error b\nLine 9: error c\n");
  });
  test("capped by --max, with how many more", () => {
    expect(formatSearchText({ ...result, matches: result.matches.slice(0, 1) }, { maxBytes: 51200, savedBytes: 100 })).toBe(
      "Found 3 matches (showing first 1)\nLine 2: error a\n\n(Results truncated: showing 1 of 3 matches (2 hidden). Use --max N or a more specific pattern.)\n",
    );
  });
  test("capped by bytes, never over the budget", () => {
    const many = { total: 500, matches: Array.from({ length: 500 }, (_, index) => match(index + 1, "x".repeat(100))) };
    const text = formatSearchText(many, { maxBytes: 2000, savedBytes: 1 });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2000);
    expect(text).toMatch(/^Found 500 matches \(showing first 17\)\n/);
  });
  test("no match, and the cap note", () => {
    expect(formatSearchText({ total: 0, matches: [] }, { maxBytes: 51200, savedBytes: 1024 })).toBe("No matches found\n");
    expect(formatSearchText({ total: 0, matches: [] }, { maxBytes: 51200, savedBytes: 1024, notSavedBytes: 77 })).toBe(
      "No matches found\n(Only the first 1.0 KiB of the output were saved and searched: the per-output cap kept the last 77 bytes out.)\n",
    );
  });
});

describe("readLineWindow", () => {
  test("agrees with a whole-file split", () => {
    const text = fc.array(fc.constantFrom("a", "é", "😀", "\n", "\r\n", "xyz"), { maxLength: 100 }).map((parts) => parts.join(""));
    fc.assert(fc.property(text, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (content, offset, limit) => {
      const lines = splitLines(content);
      expect(withFile(content, (fd) => readLineWindow(fd, offset, limit, 5))).toEqual({
        lines: lines.slice(offset - 1, offset - 1 + limit).map((line) => (line.length > 6 ? line.slice(0, 6) : line)),
        totalLines: lines.length,
      });
    }), { numRuns: 200 });
  });
});
