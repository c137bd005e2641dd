// The RE2 → JavaScript translation must find what RE2 finds, where RE2 finds it, on every line; where it cannot be
// exact it must say so (undefined) and RE2 keeps the search.
import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, test } from "vitest";
import { translatePattern } from "../../src/spill/pattern-translate.js";

/** RE2's first match in `line`: [start, end) in UTF-16 units, or null. */
function re2Find(pattern: string, line: string, ignoreCase: boolean): [number, number] | null {
  const matcher = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0).matcher(line);
  return matcher.find(0) ? [matcher.start(), matcher.end()] : null;
}

/** The translation's first match in `line` (the source for text without pairs when the line has none). */
function jsFind(pattern: string, line: string, ignoreCase: boolean): [number, number] | null | "untranslated" {
  const translation = translatePattern(pattern, ignoreCase);
  if (!translation) return "untranslated";
  const source = /[\ud800-\udfff]/.test(line) ? translation.full : translation.bmp;
  const found = new RegExp(source, "").exec(line);
  return found ? [found.index, found.index + found[0].length] : null;
}

/** Both agree, or the pattern is left to RE2. */
function agree(pattern: string, line: string, ignoreCase = false): void {
  const ours = jsFind(pattern, line, ignoreCase);
  if (ours !== "untranslated") expect([pattern, line, ignoreCase, ours]).toEqual([pattern, line, ignoreCase, re2Find(pattern, line, ignoreCase)]);
}

const LINES = ["", "a", "ab", "aab", "K", "k", "\u212a", "s", "S", "\u017f", " \t\f\v\r", "\u00a0x", "\u2028", "x\u2029y", "😀", "a😀b", "a😀😀b", "é", "É", "]", "[", "-", "{", "}", "{,5}", "a{2}", "\\", ".", "$", "^", "a\rb", "\x1b[31m", "foo_bar baz", "12-34", "2026-01-01", "  at x", "_", "\uFFFD"];

describe("translatePattern agrees with RE2", () => {
  test.each([
    "a", "ab|c", "(a+)+$", "^\\s+at ", "[0-9]{4}-[0-9]{2}", "\\s", "\\S+", "\\w+", "\\W", "\\d\\D", "\\bfoo\\b", "\\Bo", ".", "^.$", "^..$", "a.b", "[^a]", "^[^a]$", "^[^a]{2}$",
    "[]a]", "[a-]", "[-a]", "[a-c-e]", "[\\d-z]", "a{,5}", "{", "}", "]", "a{2}", "a{2,}", "a{1,2}?", "a*?b", "(?:ab)+", "(?P<x>a)b", "(?<x>a)b", "\\Aa", "a\\z", "\\x41", "\\x{1F600}", "\\x{e9}",
    "[[:alpha:]]+", "[[:^alpha:]]", "[^[:space:]]", "[[:punct:]]", "\\.", "\\$", "\\{", "[\\]]", "[\\x00-\\x{10FFFF}]", "^[\\x00-\\x{FFFF}]$", "^[^\\x00-\\x7f]$", "😀+", "é", "\\t", "\\v", "\\a", "\\f", "a|", "()", "^*", "$+",
    "\\pL", "\\p{Greek}", "(?i)a", "\\Qa.b\\E", "\\101", "\\C",
  ])("%s", (pattern) => {
    for (const line of LINES) for (const ignoreCase of [false, true]) agree(pattern, line, ignoreCase);
  });

  test("what cannot be exact is left to RE2", () => {
    for (const pattern of ["\\B", "\\pL", "\\p{Greek}", "(?i)a", "(?s).", "\\Qa.b\\E", "\\101", "\\C", "[\\x{1F600}-\\x{1F64F}]"]) expect(translatePattern(pattern, false)).toBeUndefined();
    expect(translatePattern("é", true)).toBeUndefined();
    expect(translatePattern("\\x{e9}", true)).toBeUndefined();
    expect(translatePattern("(a+)+$", false)).toEqual({ bmp: "(?:a+)+$", full: "(?:a+)+$" });
    expect(translatePattern("😀+.", false)).toEqual({ bmp: "[]+[\\u0000-\\u0009\\u000b-\\ud7ff\\ue000-\\uffff]", full: "(?:\\ud83d\\ude00)+(?:[\\u0000-\\u0009\\u000b-\\ud7ff\\ue000-\\uffff]|[\\ud800-\\udbff][\\udc00-\\udfff])" });
  });

  test("-i folds k to the Kelvin sign and s to the long s, in literals, classes and \\w, as RE2 does", () => {
    for (const [pattern, line] of [["k", "\u212a"], ["S", "\u017f"], ["[a-z]", "\u212a"], ["\\w", "\u017f"], ["[^k]", "\u212a"], ["\\W", "\u212a"], ["[[:^alpha:]]", "\u017f"], ["[[:lower:]]", "K"]] as const) {
      expect([pattern, line, jsFind(pattern, line, true)]).toEqual([pattern, line, re2Find(pattern, line, true)]);
    }
  });

  test("random patterns on random lines", () => {
    const atom = fc.constantFrom("a", "b", "k", "s", "é", "😀", ".", "\\s", "\\S", "\\w", "\\W", "\\d", "\\b", "\\B", "^", "$", "[^a]", "[a-c]", "[^\\s]", "[[:alpha:]]", "[]-]", "\\x{17f}", "-", "\\.", "(?:a|b)", "(a|)", " ");
    const quantifier = fc.constantFrom("", "", "", "*", "+", "?", "*?", "+?", "{2}", "{1,2}", "{0,}");
    const piece = fc.tuple(atom, quantifier).map(([a, q]) => (q !== "" && /^[\^$]|\\[bB]$/.test(a) ? `(?:${a})${q}` : `${a}${q}`));
    const pattern = fc.array(piece, { minLength: 1, maxLength: 5 }).chain((pieces) => fc.constantFrom(pieces.join(""), `(?:${pieces.join("")})+`, `${pieces.slice(0, 2).join("")}|${pieces.slice(2).join("")}`));
    const line = fc.array(fc.constantFrom("a", "b", "k", "K", "\u212a", "s", "S", "\u017f", "é", "😀", " ", "\t", "\r", "\v", "\u00a0", "-", "]", "1", "_", "."), { maxLength: 12 }).map((chars) => chars.join(""));
    fc.assert(fc.property(pattern, line, fc.boolean(), (source, text, ignoreCase) => {
      agree(source, text, ignoreCase);
    }), { numRuns: 3000, seed: 16 });
  });
});
