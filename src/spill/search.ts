// Searches a stored output in constant memory and linear time. With a literal every match must contain, the raw
// bytes are searched for it (and for the control bytes after which a line's clean text differs from its bytes)
// and only those lines are decoded, cleaned and matched. A pattern V8 runs (see pattern.ts) without a literal, or
// with one found on many lines: its regexp searches many lines at once (search-windows.ts). Otherwise (re2js, no
// literal) every line is matched. Line numbers come from counting newlines (SIMD) as it goes.
import * as fs from "node:fs";
import { countNewlineBytes } from "../text/newline-count.js";
import { utf8CharBoundary } from "../text/utf8.js";
import { controlScanner } from "./control-bytes.js";
import type { SearchPattern } from "./pattern.js";
import { searchWindows } from "./search-windows.js";

/** Matched lines are shown cut to this many characters (UTF-16 code units, as read cuts them). */
export const MAX_MATCH_CHARS = 2000;
/** Characters shown before a match that lies beyond the first MAX_MATCH_CHARS of its line. */
const CONTEXT_CHARS = 200;
/** A line longer than this is searched in windows of this size (so a giant line costs no more memory)... */
export const LINE_WINDOW_BYTES = 1024 * 1024;
/** ...that overlap by this much: a match longer than this inside such a line may be missed. */
export const WINDOW_OVERLAP_BYTES = 64 * 1024;
/** A literal found more often than once in this many bytes: V8 searches the lines many at a time instead. */
const LITERAL_HIT_BYTES = 1024;

/** How to search. */
export interface SearchOptions {
  pattern: SearchPattern;
  /** Most matches to keep (all are counted). */
  max: number;
  /** The text a line is matched and shown as (e.g. escapes stripped); the identity for raw lines. */
  clean: (line: string) => string;
  /** Whether lines are cleaned (escapes, controls) before they are matched; false for raw lines (only a final "\r" goes). */
  cleanedOnly?: boolean;
  /** Stop at the first matching line (grep -l). */
  firstOnly?: boolean;
}

/** One matching line: its number (1-based, as `sed -n` counts), its text cut around the match, and where the match is. */
export interface SearchMatch {
  line: number;
  text: string;
  /** The first match within `text`: UTF-16 start and length (for highlighting). */
  column: number;
  length: number;
}

/** Every matching line counted, the first `max` kept. */
export interface SearchResult {
  total: number;
  matches: SearchMatch[];
}

/** For one buffer filled up to `to`: where the literal next occurs from `from`, or -1. */
type LiteralSearch = (buffer: Buffer, to: number) => (from: number) => number;

/** The literal's search: case-sensitive with Buffer.indexOf, or case-insensitive over a latin1 view (ASCII only). */
function literalSearch(pattern: SearchPattern): LiteralSearch | undefined {
  if (pattern.literal === undefined) return undefined;
  if (!pattern.ignoreCase) {
    const bytes = Buffer.from(pattern.literal, "utf8");
    return (buffer, to) => (from) => {
      const at = buffer.indexOf(bytes, from);
      return at === -1 || at + bytes.length > to ? -1 : at;
    };
  }
  const regex = new RegExp(pattern.literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"); // a literal: no backtracking
  return (buffer, to) => {
    const text = buffer.toString("latin1", 0, to); // one character per byte: indexes are byte offsets
    return (from) => {
      regex.lastIndex = from;
      return regex.exec(text)?.index ?? -1;
    };
  };
}

/** Searches an open file from the start; each line counts once however often it matches. */
export function searchLines(fd: number, options: SearchOptions): SearchResult {
  const matches: SearchMatch[] = [];
  let total = 0;
  // A -i literal is searched over a latin1 copy of each 2 MiB read (twice the memory): V8 searches those windows instead.
  const search = options.pattern.lines && options.pattern.ignoreCase ? undefined : literalSearch(options.pattern);
  const scanner = controlScanner();
  const buffer = scanner.buffer; // SCANNER_BYTES = 2 * LINE_WINDOW_BYTES: read straight into the scanner's memory
  let carry = 0; // bytes of an unfinished line at buffer[0]
  let position = 0;
  let countedLine = 1; // the number of the line that starts at buffer offset `countedAt`
  let countedAt = 0;
  let giantLine: number | undefined; // the number of a line longer than the buffer, searched in overlapping windows
  let giantMatched = false;
  let giantWindows = 0;
  const numbersNeeded = (): boolean => matches.length < options.max;
  const done = (): boolean => options.firstOnly === true && total > 0;

  const numberAt = (start: number): number => {
    countedLine += countNewlineBytes(buffer, countedAt, start);
    countedAt = start;
    return countedLine;
  };
  const testText = (line: string, lineNumber: () => number, startsInside: boolean): boolean => {
    const text = options.clean(line);
    const found = options.pattern.find(text);
    if (!found) return false;
    total += 1;
    if (numbersNeeded()) matches.push({ line: lineNumber(), ...excerptAround(text, found.index, found.length, startsInside) });
    return true;
  };
  const test = (start: number, end: number, lineNumber: () => number, startsInside: boolean): boolean => testText(buffer.toString("utf8", start, end), lineNumber, startsInside);
  const sink = {
    showing: numbersNeeded,
    count: (lines: number) => void (total += lines),
    test: (line: string, lineNumber: () => number) => void testText(line, lineNumber, false),
    done,
    lineAt: numberAt,
  };
  const lines = options.pattern.lines;
  let literalFrequent = false; // found on more than one line a KiB once: the literal prefilter is left for good
  const windowSearch = lines ? { lines, cleaned: options.cleanedOnly !== false, scanner } : undefined;
  /** The lines to match one by one; undefined when V8 can search them and more than one per LITERAL_HIT_BYTES holds the literal. */
  const candidateLines = (from: number, to: number): number[] | undefined => {
    if (!search || literalFrequent) return windowSearch ? undefined : allLineStarts(buffer, from, to);
    const starts = new Set<number>();
    const most = windowSearch ? Math.max(16, (to - from) / LITERAL_HIT_BYTES) : Infinity;
    const add = (hit: number): number => {
      if (starts.size > most) return ((literalFrequent = true), to); // frequent: V8 searches the rest many lines at a time
      starts.add(Math.max(from, hit === 0 ? 0 : buffer.lastIndexOf(10, hit - 1) + 1));
      return buffer.indexOf(10, hit) + 1; // hit < to, and buffer[to - 1] is "\n"
    };
    const find = search(buffer, to);
    for (let hit = find(from); hit !== -1 && hit < to; hit = find(add(hit)));
    if (literalFrequent) return undefined;
    if (options.cleanedOnly !== false) for (let hit = scanner.next(from, to); hit < to; hit = scanner.next(add(hit), to));
    return literalFrequent ? undefined : [...starts].sort((left, right) => left - right);
  };
  const compact = (keep: number, end: number): void => {
    if (numbersNeeded()) numberAt(keep);
    buffer.copy(buffer, 0, keep, end);
    carry = end - keep;
    countedAt = 0;
  };
  const slideGiant = (end: number): void => {
    const cut = utf8CharBoundary(buffer, end - 3); // a sequence cut by the read waits for the next window
    if (!giantMatched) giantMatched = test(0, cut, () => giantLine!, giantWindows > 0);
    giantWindows += 1;
    const keepFrom = utf8CharBoundary(buffer, Math.max(0, cut - WINDOW_OVERLAP_BYTES));
    buffer.copy(buffer, 0, keepFrom, end);
    carry = end - keepFrom;
  };

  for (;;) {
    const read = fs.readSync(fd, buffer, carry, buffer.length - carry, position);
    position += read;
    const end = carry + read;
    if (read === 0) {
      if (carry > 0 && giantLine !== undefined && !giantMatched) test(0, carry, () => giantLine!, giantWindows > 0);
      else if (carry > 0 && giantLine === undefined) test(0, carry, () => numberAt(0), false);
      break;
    }
    let from = 0;
    if (giantLine !== undefined) {
      const newline = buffer.indexOf(10);
      if (newline === -1 || newline >= end) {
        slideGiant(end);
        continue;
      }
      if (!giantMatched) test(0, newline, () => giantLine!, true);
      [countedLine, countedAt, giantLine, giantMatched, giantWindows] = [giantLine + 1, newline + 1, undefined, false, 0];
      from = newline + 1;
      if (done()) break;
    }
    const last = buffer.lastIndexOf(10, end - 1);
    if (last < from) {
      if (from > 0 || end < buffer.length) {
        compact(from, end);
        continue;
      }
      giantLine = numbersNeeded() ? numberAt(0) : 0;
      slideGiant(end);
      continue;
    }
    const candidates = candidateLines(from, last + 1);
    if (!candidates) searchWindows(buffer, from, last + 1, windowSearch!, sink);
    for (const start of candidates ?? []) {
      test(start, buffer.indexOf(10, start), () => numberAt(start), false);
      if (done()) break;
    }
    if (done()) break;
    compact(last + 1, end);
  }
  return { total, matches };
}

/** Every line start in buffer[from, to) (to is just past a "\n"). */
function allLineStarts(buffer: Buffer, from: number, to: number): number[] {
  const starts: number[] = [];
  for (let start = from; start < to; start = buffer.indexOf(10, start) + 1) starts.push(start);
  return starts;
}

const isLowSurrogate = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
};

/** The line, or MAX_MATCH_CHARS of it showing the match, with "..." where text was cut (never inside a pair). */
export function excerptAround(text: string, index: number, length: number, startsInside = false): { text: string; column: number; length: number } {
  if (text.length <= MAX_MATCH_CHARS && !startsInside) return { text, column: index, length };
  let start = index + length <= MAX_MATCH_CHARS ? 0 : Math.max(0, index - CONTEXT_CHARS);
  if (start > 0 && isLowSurrogate(text, start)) start += 1;
  let end = Math.min(text.length, start + MAX_MATCH_CHARS);
  if (end < text.length && isLowSurrogate(text, end)) end -= 1;
  const prefix = start > 0 || startsInside ? "..." : "";
  const column = prefix.length + index - start;
  return { text: `${prefix}${text.slice(start, end)}${end < text.length ? "..." : ""}`, column, length: Math.max(0, Math.min(length, end - index)) };
}
