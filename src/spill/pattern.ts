// Search patterns for `correx grep`: RE2 syntax, matched in linear time whatever the pattern (`(a+)+$` cannot blow
// up), plus the literal every match contains, for a byte prefilter. A pattern that translates exactly to a
// JavaScript regexp runs on V8's compiled regexps, with V8's linear-time engine taking over any search that
// backtracks too much; the others run on re2js (pure JS RE2: linear, but several times slower).
import { RE2JS } from "re2js";
import { UsageError } from "../errors.js";
import { translatePattern } from "./pattern-translate.js";
import { requiredLiteral } from "./required-literal.js";
import { setV8Flags } from "../lazy-builtin.js";

/** How PATTERN is read. */
export interface PatternOptions {
  ignoreCase: boolean;
  /** PATTERN is a literal string (-F). */
  fixed: boolean;
  /** How the caller asks for a literal, named in the error of a pattern that does not compile (default `-F`). */
  fixedOption?: string;
  /** What the caller calls the pattern, named in that error too (default `PATTERN`, the CLI's; `pattern`, the grep_output tool's argument). */
  patternName?: string;
}

/** A compiled pattern: where it matches in a line, and what a line must contain to match at all. */
export interface SearchPattern {
  source: string;
  ignoreCase: boolean;
  /** The first match in `text`, or undefined. */
  find(text: string, from?: number): { index: number; length: number } | undefined;
  /** Every match of the pattern must contain this literal (matched case-insensitively with ignoreCase). */
  literal?: string;
  /** What runs it: V8's regexps (with the linear-time fallback) or re2js. */
  engine: "v8" | "re2js";
  /**
   * With engine "v8": the pattern over many lines at once (flags "gm": `^` and `$` at each "\n", and no match spans
   * one), `bmp` for text without surrogate pairs, `full` for any. A line found this way matches unless it holds
   * one of search-windows.ts's RAW_LINE_CHARACTERS (where `^`/`$` also hold, or cleaning changes the line): check those with find.
   */
  lines?: { bmp: RegExp; full: RegExp };
}

const SURROGATE = /[\ud800-\udfff]/;

/** Backtracks one V8 regexp search may take before V8 runs it again on its linear-time engine (V8's default). */
const BACKTRACKS_BEFORE_FALLBACK = 50_000;

let linearFallback: boolean | undefined;

/**
 * Turns on V8's linear-time engine for regexps that backtrack too much (it runs any regexp without backreferences
 * or lookaround, without the i and u flags); false when this V8 does not take the flags at run time.
 */
function enableLinearFallback(): boolean {
  if (linearFallback === undefined) {
    try {
      setV8Flags("--enable-experimental-regexp-engine");
      setV8Flags("--enable-experimental-regexp-engine-on-excessive-backtracks");
      setV8Flags(`--regexp-backtracks-before-fallback=${BACKTRACKS_BEFORE_FALLBACK}`);
      linearFallback = new RegExp("a", "l").test("a");
    } catch {
      linearFallback = false;
    }
  }
  return linearFallback;
}

/** The regexp, when V8's linear engine can run it (then a search that backtracks too much falls back to it). */
function linearRegExp(source: string, flags: string): RegExp | undefined {
  try {
    new RegExp(source, `l${flags}`);
  } catch {
    return undefined;
  }
  return new RegExp(source, flags);
}

/** The V8 regexps for a translated pattern, or undefined when it does not translate or V8 cannot bound its time. */
function v8Regexps(source: string, ignoreCase: boolean): { find: { bmp: RegExp; full: RegExp }; lines: { bmp: RegExp; full: RegExp } } | undefined {
  const translation = translatePattern(source, ignoreCase);
  if (!translation || !enableLinearFallback()) return undefined;
  const same = translation.bmp === translation.full; // one regexp serves both when surrogate pairs change nothing
  const [findBmp, linesBmp] = [linearRegExp(translation.bmp, "g"), linearRegExp(translation.bmp, "gm")];
  const [findFull, linesFull] = same ? [findBmp, linesBmp] : [linearRegExp(translation.full, "g"), linearRegExp(translation.full, "gm")];
  if (!findBmp || !findFull || !linesBmp || !linesFull) return undefined;
  return { find: { bmp: findBmp, full: findFull }, lines: { bmp: linesBmp, full: linesFull } };
}

/** Letters that RE2's case folding maps to non-ASCII ones (k: the Kelvin sign, s: the long s): no prefilter on them. */
const FOLDS_BEYOND_ASCII = /[ks]/i;

/** The usable part of a literal for a byte prefilter under -i: the longest ASCII run without k or s. */
function caseFoldableLiteral(literal: string): string | undefined {
  const pieces = literal.split(/[^\x20-\x7e]|[ks]/i);
  const best = pieces.reduce((longest, piece) => (piece.length > longest.length ? piece : longest), "");
  return best.length > 0 && !FOLDS_BEYOND_ASCII.test(best) ? best : undefined;
}

/** PATTERN for `correx grep` and the MCP `grep_output` tool (compileSearchPattern under its older name). */
export function compilePattern(pattern: string, options: PatternOptions): SearchPattern {
  return compileSearchPattern(pattern, options);
}

/** Compiles PATTERN (RE2 syntax, or a literal with -F); a pattern RE2 cannot run in linear time is a usage error. */
export function compileSearchPattern(pattern: string, options: PatternOptions): SearchPattern {
  const source = options.fixed ? RE2JS.quote(pattern) : pattern;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (error) {
    const reason = (error as Error).message;
    throw new UsageError(`invalid value for ${options.patternName ?? "PATTERN"}: '${pattern}' (accepts an RE2 regular expression, as grep -E mostly: no backreferences or lookaround, which cannot run in linear time; or a literal string with ${options.fixedOption ?? "-F"}: ${reason})`);
  }
  const raw = options.fixed ? (pattern.length > 0 ? pattern : undefined) : requiredLiteral(pattern);
  const literal = raw === undefined || raw.includes("\uFFFD") ? undefined : options.ignoreCase ? caseFoldableLiteral(raw) : raw;
  const common = { source: pattern, ignoreCase: options.ignoreCase, ...(literal ? { literal } : {}) };
  const regexps = v8Regexps(source, options.ignoreCase);
  if (regexps) {
    const { bmp, full } = regexps.find;
    return {
      ...common,
      engine: "v8",
      lines: regexps.lines,
      find(text, from = 0) {
        const regex = bmp !== full && SURROGATE.test(text) ? full : bmp;
        regex.lastIndex = from;
        const found = regex.exec(text);
        return found ? { index: found.index, length: found[0].length } : undefined;
      },
    };
  }
  return {
    ...common,
    engine: "re2js",
    find(text, from = 0) {
      const matcher = compiled.matcher(text);
      if (!matcher.find(from)) return undefined;
      return { index: matcher.start(), length: matcher.end() - matcher.start() };
    },
  };
}
