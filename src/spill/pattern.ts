// Search patterns for `correx grep`: RE2 syntax run by re2js, which matches in linear time whatever the pattern
// (`(a+)+$` cannot backtrack), plus the literal every match contains, for a byte prefilter.
import { RE2JS } from "re2js";
import { UsageError } from "../errors.js";
import { requiredLiteral } from "./required-literal.js";

/** How PATTERN is read. */
export interface PatternOptions {
  ignoreCase: boolean;
  /** PATTERN is a literal string (-F). */
  fixed: boolean;
}

/** A compiled pattern: where it matches in a line, and what a line must contain to match at all. */
export interface SearchPattern {
  source: string;
  ignoreCase: boolean;
  /** The first match in `text`, or undefined. */
  find(text: string, from?: number): { index: number; length: number } | undefined;
  /** Every match of the pattern must contain this literal (matched case-insensitively with ignoreCase). */
  literal?: string;
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
    throw new UsageError(`invalid value for PATTERN: '${pattern}' (accepts an RE2 regular expression, as grep -E mostly: no backreferences or lookaround, which cannot run in linear time; or a literal string with -F: ${reason})`);
  }
  const raw = options.fixed ? (pattern.length > 0 ? pattern : undefined) : requiredLiteral(pattern);
  const literal = raw === undefined || raw.includes("\uFFFD") ? undefined : options.ignoreCase ? caseFoldableLiteral(raw) : raw;
  return {
    source: pattern,
    ignoreCase: options.ignoreCase,
    ...(literal ? { literal } : {}),
    find(text, from = 0) {
      const matcher = compiled.matcher(text);
      if (!matcher.find(from)) return undefined;
      return { index: matcher.start(), length: matcher.end() - matcher.start() };
    },
  };
}
