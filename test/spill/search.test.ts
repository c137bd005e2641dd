import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { readLineWindow } from "../../src/spill/page.js";
import { excerptAround, LINE_WINDOW_BYTES, MAX_MATCH_CHARS, searchLines, type SearchResult } from "../../src/spill/search.js";
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
const search = (content: string | Buffer, pattern: RegExp, max = 100): SearchResult => withFile(content, (fd) => searchLines(fd, { pattern, max, clean: identity }));

/** Lines as sed counts them: a final "\n" ends the last line. */
const splitLines = (text: string): string[] => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));

describe("searchLines", () => {
  test("line numbers as sed counts them, each line once, all counted, max kept", () => {
    expect(search("error one\nok\nerror two error\n\nerror three", /error/, 2)).toEqual({
      total: 3, totalLines: 5, matches: [{ line: 1, text: "error one" }, { line: 3, text: "error two error" }],
    });
  });

  test("an empty file and no match", () => {
    expect(search("", /x/)).toEqual({ total: 0, totalLines: 0, matches: [] });
    expect(search("a\nb\n", /x/)).toEqual({ total: 0, totalLines: 2, matches: [] });
  });

  test("matches what clean makes of a line (escapes stripped)", () => {
    const result = withFile("\x1b[31mFAIL\x1b[0m test\n", (fd) => searchLines(fd, { pattern: /^FAIL test$/, max: 10, clean: (line) => line.replace(/\x1b\[[0-9;]*m/g, "") }));
    expect(result.matches).toEqual([{ line: 1, text: "FAIL test" }]);
  });

  test("invalid UTF-8 never breaks a search", () => {
    expect(search(Buffer.from([0x66, 0xff, 0xfe, 0x0a, 0x6f, 0x6b, 0x0a]), /ok|\uFFFD/)).toEqual({ total: 2, totalLines: 2, matches: [{ line: 1, text: "f\uFFFD\uFFFD" }, { line: 2, text: "ok" }] });
  });

  test("agrees with a whole-file split on random text", () => {
    const text = fc.array(fc.constantFrom("a", "b", "é", "😀", "\n", "ab"), { maxLength: 200 }).map((parts) => parts.join(""));
    fc.assert(fc.property(text, fc.constantFrom(/a/, /b$/, /^$/, /😀/u, /éa/), (content, pattern) => {
      const expected = splitLines(content).flatMap((line, index) => (pattern.test(line) ? [{ line: index + 1, text: line }] : []));
      expect(search(content, pattern, 1000)).toEqual({ total: expected.length, totalLines: splitLines(content).length, matches: expected });
    }), { numRuns: 200 });
  });

  test("a giant line is searched in windows: a match far inside it, or across a window edge, is found", () => {
    const far = `${"x".repeat(3 * LINE_WINDOW_BYTES)}NEEDLE${"y".repeat(5000)}\nshort NEEDLE\n`;
    const result = search(far, /NEEDLE/);
    expect(result.total).toBe(2);
    expect(result.matches[0]).toEqual({ line: 1, text: `...${"x".repeat(200)}NEEDLE${"y".repeat(MAX_MATCH_CHARS - 206)}...` });
    const edge = `${"é".repeat(LINE_WINDOW_BYTES / 2 - 2)}NEEDLE${"z".repeat(LINE_WINDOW_BYTES)}\n`;
    expect(search(edge, /éNEEDLEz/).total).toBe(1);
  });
});

describe("excerptAround", () => {
  test("short lines whole; long lines cut at 2000 characters around the match, never inside a pair", () => {
    expect(excerptAround("short", 0, 1)).toBe("short");
    const long = "a".repeat(3000);
    expect(excerptAround(long, 10, 1)).toBe(`${"a".repeat(2000)}...`);
    expect(excerptAround(long, 2500, 3)).toBe(`...${"a".repeat(700)}`);
    const pairs = "😀".repeat(2000);
    const cut = excerptAround(pairs, 0, 2);
    expect(cut).toBe(`${"😀".repeat(1000)}...`);
    expect(excerptAround(pairs, 2001, 2)).toBe(`...${"😀".repeat(1000)}...`);
    expect(excerptAround("b😀".repeat(1500), 2201, 1)).toBe(`...${"b😀".repeat(666)}b...`);
  });
});

describe("formatSearchText", () => {
  const result = { total: 3, totalLines: 9, matches: [{ line: 2, text: "error a" }, { line: 5, text: "error b" }, { line: 9, text: "error c" }] };
  test("all shown", () => {
    expect(formatSearchText(result, { maxBytes: 51200, savedBytes: 100 })).toBe("Found 3 matches\nLine 2: error a\nLine 5: error b\nLine 9: error c\n");
  });
  test("capped by --max, with how many more", () => {
    expect(formatSearchText({ ...result, matches: result.matches.slice(0, 1) }, { maxBytes: 51200, savedBytes: 100 })).toBe(
      "Found 3 matches (showing first 1)\nLine 2: error a\n\n(Results truncated: showing 1 of 3 matches (2 hidden). Use --max N or a more specific pattern.)\n",
    );
  });
  test("capped by bytes, never over the budget", () => {
    const many = { total: 500, totalLines: 500, matches: Array.from({ length: 500 }, (_, index) => ({ line: index + 1, text: "x".repeat(100) })) };
    const text = formatSearchText(many, { maxBytes: 2000, savedBytes: 1 });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2000);
    expect(text).toMatch(/^Found 500 matches \(showing first 17\)\n/);
  });
  test("no match, and the cap note", () => {
    expect(formatSearchText({ total: 0, totalLines: 3, matches: [] }, { maxBytes: 51200, savedBytes: 1024 })).toBe("No matches found\n");
    expect(formatSearchText({ total: 0, totalLines: 3, matches: [] }, { maxBytes: 51200, savedBytes: 1024, notSavedBytes: 77 })).toBe(
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
