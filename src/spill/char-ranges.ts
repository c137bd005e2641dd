// Sets of code points for the RE2 → JavaScript translation (pattern-translate.ts): sorted inclusive ranges, their
// complement, RE2's ASCII case folding, the Perl and POSIX classes RE2 knows, and a set written as JavaScript
// classes — one for text without surrogate pairs, one that matches an astral code point as its pair.

/** A set of code points as sorted, disjoint, inclusive ranges. */
export type Ranges = [number, number][];

/** The last Unicode code point. */
export const MAX_CODE_POINT = 0x10ffff;
const ASCII_WORD: Ranges = [[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]];
/** RE2's \d, \s and \w (ASCII; RE2's \s has no \v). */
export const PERL_CLASSES: Record<string, Ranges> = { d: [[0x30, 0x39]], s: [[0x09, 0x0a], [0x0c, 0x0d], [0x20, 0x20]], w: ASCII_WORD };
/** RE2's [[:name:]] classes (ASCII). */
export const POSIX_CLASSES: Record<string, Ranges> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]], alpha: [[0x41, 0x5a], [0x61, 0x7a]], ascii: [[0, 0x7f]], blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0, 0x1f], [0x7f, 0x7f]], digit: [[0x30, 0x39]], graph: [[0x21, 0x7e]], lower: [[0x61, 0x7a]], print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]], space: [[0x09, 0x0d], [0x20, 0x20]], upper: [[0x41, 0x5a]], word: ASCII_WORD,
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
};
/** The ranges sorted and merged. */
export function normalize(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((left, right) => left[0] - right[0]);
  const merged: Ranges = [];
  for (const [low, high] of sorted) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  return merged;
}

/** Every code point not in the ranges. */
export function negate(ranges: Ranges): Ranges {
  const result: Ranges = [];
  let next = 0;
  for (const [low, high] of normalize(ranges)) {
    if (low > next) result.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

/** RE2's case folding, for ASCII: a letter and its other case, plus the Kelvin sign for k and the long s for s. */
export function fold(ranges: Ranges): Ranges {
  const extra: Ranges = [];
  const has = (code: number): boolean => ranges.some(([low, high]) => low <= code && code <= high);
  for (let code = 0x41; code <= 0x7a; code += 1) {
    if (code > 0x5a && code < 0x61) continue;
    if (has(code)) extra.push([code ^ 0x20, code ^ 0x20]);
  }
  if (has(0x4b) || has(0x6b)) extra.push([0x212a, 0x212a]);
  if (has(0x53) || has(0x73)) extra.push([0x17f, 0x17f]);
  return normalize([...ranges, ...extra]);
}

/** A UTF-16 unit as a JavaScript regexp escape. */
export const hex4 = (code: number): string => `\\u${code.toString(16).padStart(4, "0")}`;

/** The ranges minus [low, high]. */
export function cut(ranges: Ranges, low: number, high: number): Ranges {
  return ranges.flatMap(([from, to]): Ranges => {
    if (to < low || from > high || from > to) return from > to ? [] : [[from, to]];
    return [...(from < low ? [[from, low - 1] as [number, number]] : []), ...(to > high ? [[high + 1, to] as [number, number]] : [])];
  });
}

/**
 * The set as JavaScript classes: BMP ranges without "\n" and surrogates (`bmp`), plus any astral code point as a
 * surrogate pair when the set holds them all (`full`); undefined for a set of some astral code points only.
 */
export function classSources(ranges: Ranges): { bmp: string; full: string } | undefined {
  const bmp: string[] = [];
  let astral = false;
  for (const [low, high] of ranges) {
    if (high > 0xffff) {
      if (low > 0x10000 || high < MAX_CODE_POINT) return undefined;
      astral = true;
    }
    for (const [from, to] of cut(cut([[low, Math.min(high, 0xffff)]], 0x0a, 0x0a), 0xd800, 0xdfff)) bmp.push(from === to ? hex4(from) : `${hex4(from)}-${hex4(to)}`);
  }
  const set = `[${bmp.join("")}]`;
  return { bmp: set, full: astral ? `(?:${set}|[\\ud800-\\udbff][\\udc00-\\udfff])` : set };
}
