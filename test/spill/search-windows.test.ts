// The search over many lines at once (V8's regexps) must find exactly the lines that matching each cleaned line
// on its own with RE2 finds, in linear time whatever the pattern.
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import fc from "fast-check";
import { RE2JS } from "re2js";
import { afterAll, describe, expect, test } from "vitest";
import { controlScanner, isControlByte, SCANNER_BYTES } from "../../src/spill/control-bytes.js";
import { compileSearchPattern } from "../../src/spill/pattern.js";
import { lineCleaner } from "../../src/spill/read-output.js";
import { excerptAround, LINE_WINDOW_BYTES, searchLines, type SearchResult } from "../../src/spill/search.js";
import { SCAN_WINDOW_BYTES } from "../../src/spill/search-windows.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-search-windows-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let counter = 0;

/** Searches `content` as `correx grep` does (lines cleaned unless raw). */
function search(content: string | Buffer, pattern: string, options: { ignoreCase?: boolean; raw?: boolean; max?: number } = {}): SearchResult {
  const file = path.join(dir, `f${(counter += 1)}`);
  fs.writeFileSync(file, content);
  const fd = fs.openSync(file, "r");
  try {
    const compiled = compileSearchPattern(pattern, { ignoreCase: options.ignoreCase ?? false, fixed: false });
    return searchLines(fd, { pattern: compiled, max: options.max ?? 1000, clean: lineCleaner(options.raw ?? false), cleanedOnly: !options.raw });
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file);
  }
}

/** What matching each line on its own gives: cleaned, then RE2 (re2js), the first match of each matching line. */
function expected(content: string, pattern: string, options: { ignoreCase?: boolean; raw?: boolean } = {}): SearchResult {
  const regex = RE2JS.compile(pattern, options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  const clean = lineCleaner(options.raw ?? false);
  const lines = content === "" ? [] : content.replace(/\n$/, "").split("\n");
  const matches = lines.flatMap((line, index) => {
    const text = clean(line);
    const matcher = regex.matcher(text);
    return matcher.find(0) ? [{ line: index + 1, ...excerptAround(text, matcher.start(), matcher.end() - matcher.start()) }] : [];
  });
  return { total: matches.length, matches };
}

describe("V8 runs the patterns that translate, with its linear engine behind it", () => {
  test.each(["(a+)+$", "[0-9]{4}-[0-9]{2}", "^\\s+at ", "ECONN[A-Z]+", "(x+x+)+y", "(a|aa)+$"])("%s runs on V8", (pattern) => {
    expect(compileSearchPattern(pattern, { ignoreCase: false, fixed: false }).engine).toBe("v8");
    expect(compileSearchPattern(pattern, { ignoreCase: true, fixed: false }).engine).toBe("v8");
  });

  test.each(["\\pL+", "(?i)x", "\\Qa\\E", "a{1000}"])("%s stays on re2js", (pattern) => {
    expect(compileSearchPattern(pattern, { ignoreCase: false, fixed: false }).engine).toBe("re2js");
  });

  test("catastrophic patterns on lines a backtracking engine would never finish, over many lines and on one line", () => {
    // 2^5000 paths for a backtracker; the coloured line is matched on its own (cleaning changes it).
    const content = `ok\n${"a".repeat(5000)}b\n\x1b[1m${"a".repeat(5000)}b\x1b[0m\n${`${"a".repeat(40)}b\n`.repeat(2000)}x${"a".repeat(3000)}\n`;
    expect(search(content, "(a+)+$")).toEqual(expected(content, "(a+)+$"));
    expect(search(content, "(a+)+$").total).toBe(1);
    expect(search(content, "(a|aa)+$", { ignoreCase: true }).total).toBe(1);
    expect(search(content, "(x+x+)+y").total).toBe(0);
  });
});

describe("searching many lines at once finds what each line finds on its own", () => {
  const PIECES = ["a", "b", "ab", "at", "  at ", "2026-01-01", "12", "-", "é", "😀", "\r", "\u2028", "\x1b[31m", "\x1b[0m", "\x07", "\u009b", "\b", "\t", " ", "\n", "\n", "\n", "\r\n", "x", "K", "\u212a", "ECONNRESET"];
  const PATTERNS = ["a", "^a", "a$", "^$", "b$", "^\\s+at ", "[0-9]{4}-[0-9]{2}", "(a+)+$", "x[^y]*b", "\\s", "^.{2}$", "a.b", "\\bat\\b", "(?:a|b)*$", "k", "[^a]$", "ECONNRESET", "é|😀", "^"];

  test("random lines: cleaned and raw, with and without -i", () => {
    const content = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((pieces) => pieces.join(""));
    fc.assert(fc.property(content, fc.constantFrom(...PATTERNS), fc.boolean(), fc.boolean(), (text, pattern, ignoreCase, raw) => {
      expect(search(text, pattern, { ignoreCase, raw })).toEqual(expected(text, pattern, { ignoreCase, raw }));
    }), { numRuns: 1500, seed: 1616 });
  });

  test("a match never spans lines: a line's own match is never hidden by one that starts on the line before", () => {
    expect(search("x\nyb\nfoo\n  at bar\n", "x[^y]*b|\\s+at ").matches.map((match) => match.line)).toEqual([4]);
    expect(search("a\nb\n", "a\\s*b").total).toBe(0);
    expect(search("a\n\nb\n", "^$").matches).toEqual([{ line: 2, text: "", column: 0, length: 0 }]);
  });

  test("JavaScript's other line ends: ^ and $ hold only at the line's own ends ('\\r' redraws when cleaned)", () => {
    expect(search("a\rb\nc\u2028b\n", "^b").matches.map((match) => match.line)).toEqual([1]);
    expect(search("a\rb\nc\u2028b\n", "^b", { raw: true }).total).toBe(0);
    expect(search("a\r\n", "a$", { raw: true }).matches).toEqual([{ line: 1, text: "a", column: 0, length: 1 }]);
    expect(search("a\u2029\n", "a$").total).toBe(0);
  });

  test("a control that cleaning removes (BEL, C1) hides no match, whatever the pattern", () => {
    const content = "ECONN\x07RESET\nECONN\u0085RESET\n12\x0034-56\n";
    expect(search(content, "ECONNRESET").matches.map((match) => match.line)).toEqual([1, 2]);
    expect(search(content, "ECONN[A-Z]+T$").matches.map((match) => match.line)).toEqual([1, 2]);
    expect(search(content, "[0-9]{4}-").matches.map((match) => match.line)).toEqual([3]);
  });

  test("line numbers across windows and reads, long lines, a last line without a newline, invalid UTF-8", () => {
    const lines = Array.from({ length: 60_000 }, (_, index) => (index % 7000 === 6999 ? `2026-${index + 1} ${"é".repeat(index % 3)}` : `line ${index + 1} ${"x".repeat(index % 90)}`));
    const content = `${lines.join("\n")}\n${"y".repeat(SCAN_WINDOW_BYTES * 3)} 2026-00\n\xff\xfe 2026-11`;
    expect(search(content, "[0-9]{4}-[0-9]{2}")).toEqual(expected(content, "[0-9]{4}-[0-9]{2}"));
    const bytes = Buffer.concat([Buffer.from("ok\n"), Buffer.from([0x32, 0x30, 0x32, 0x36, 0x2d, 0xff, 0x30, 0x0a]), Buffer.from("1234-56\n")]);
    expect(search(bytes, "^[0-9]{4}-.[0-9]").matches).toEqual([{ line: 2, text: "2026-\uFFFD0", column: 0, length: 7 }, { line: 3, text: "1234-56", column: 0, length: 7 }]);
    expect(search(bytes, "[0-9]{4}-[0-9]{2}", { max: 0 })).toEqual({ total: 1, matches: [] });
  });
});

describe("controlScanner", () => {
  test("reads into WebAssembly memory twice a long line's window, and finds the first control byte as a byte loop does", () => {
    const scanner = controlScanner();
    expect(scanner.buffer.length).toBe(SCANNER_BYTES);
    expect(SCANNER_BYTES).toBe(2 * LINE_WINDOW_BYTES);
    const bytes = fc.array(fc.constantFrom(0x41, 0x09, 0x0a, 0x20, 0x7e, 0xc3, 0xa9, 0x00, 0x1b, 0x0d, 0x7f, 0xc2, 0xe2, 0x80), { maxLength: 100 });
    fc.assert(fc.property(bytes, fc.nat(20), (content, from) => {
      scanner.buffer.set(content, 0);
      const start = Math.min(from, content.length);
      const index = content.findIndex((byte, at) => at >= start && isControlByte(byte));
      expect(scanner.next(start, content.length)).toBe(index === -1 ? content.length : index);
    }), { numRuns: 2000, seed: 16 });
  });
});

// Recorded outputs (colours, CRLF, redraws, overstrikes, CJK and emoji, invalid UTF-8 in a binary): every pattern
// finds, with V8's windows or re2js behind the literal prefilter, exactly the lines RE2 finds on each line alone.
describe("recorded outputs agree with RE2 line by line", () => {
  const fixtures = path.join(__dirname, "..", "fixtures");
  const names = fs.readdirSync(fixtures).filter((name) => /\.(txt|log)$/.test(name) && !name.includes("utf16")).concat("elf.bin");
  const patterns = ["error|warn", "^\\s*$", "\\s$", "\\bts\\b", "^[^ ]+:\\d+", "\\d{2,}\\.\\d", ".\\x{fffd}", "[^\\x00-\\x7f]", "\\x1b\\[", "\\x41", "^.{40}$", "\\pL\\d", "[ks]\\w+", "é|😀|中", "\\x{2026}|…", "x*"];
  test.each(names)("%s", (name) => {
    const content = fs.readFileSync(path.join(fixtures, name));
    const text = content.toString("utf8");
    for (const pattern of patterns) {
      for (const options of [{}, { raw: true }, { ignoreCase: true }, { raw: true, ignoreCase: true }]) {
        expect({ pattern, options, found: search(content, pattern, { ...options, max: 1_000_000 }) }).toEqual({ pattern, options, found: expected(text, pattern, options) });
      }
    }
  });
});
