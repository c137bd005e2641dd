// Searches a stored output line by line in constant memory: `Found N matches`, then `Line N: text`.
import { scanLines } from "./line-scan.js";

/** Matched lines are shown cut to this many characters (UTF-16 code units, as read cuts them). */
export const MAX_MATCH_CHARS = 2000;
/** Characters shown before a match that lies beyond the first MAX_MATCH_CHARS of its line. */
const CONTEXT_CHARS = 200;
/** A line longer than this is searched in windows of this size (so a giant line costs no more memory)... */
export const LINE_WINDOW_BYTES = 1024 * 1024;
/** ...that overlap by this much: a match longer than this inside such a line may be missed. */
export const WINDOW_OVERLAP_BYTES = 64 * 1024;

/** How to search. */
export interface SearchOptions {
  pattern: RegExp;
  /** Most matches to keep (all are counted). */
  max: number;
  /** The text a line is matched and shown as (e.g. escapes stripped); the identity for raw lines. */
  clean: (line: string) => string;
}

/** One matching line: its number (1-based, as `sed -n` counts) and its text, cut around the match. */
export interface SearchMatch {
  line: number;
  text: string;
}

/** Every matching line counted, the first `max` kept. */
export interface SearchResult {
  total: number;
  matches: SearchMatch[];
  totalLines: number;
}

/** Searches an open file from its current position; each line counts once however often it matches. */
export function searchLines(fd: number, options: SearchOptions): SearchResult {
  const matches: SearchMatch[] = [];
  let total = 0;
  let lineNumber = 1;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let windowed = false;
  let matched = false;
  const test = (bytes: Buffer): void => {
    const text = options.clean(bytes.toString("utf8"));
    const match = options.pattern.exec(text);
    if (!match) return;
    matched = true;
    total += 1;
    if (matches.length < options.max) matches.push({ line: lineNumber, text: excerptAround(text, match.index, match[0].length, windowed) });
  };
  const totalLines = scanLines(fd, {
    piece(bytes) {
      if (matched) return;
      pending.push(Buffer.from(bytes));
      pendingBytes += bytes.length;
      if (pendingBytes < LINE_WINDOW_BYTES) return;
      const window = Buffer.concat(pending);
      const cut = charBoundary(window, window.length - 3); // leave a sequence cut by the chunk for the next window
      test(window.subarray(0, cut));
      const keepFrom = charBoundary(window, Math.max(0, cut - WINDOW_OVERLAP_BYTES));
      pending = [window.subarray(keepFrom)];
      pendingBytes = window.length - keepFrom;
      windowed = true;
    },
    end() {
      if (!matched) test(Buffer.concat(pending));
      lineNumber += 1;
      pending = [];
      pendingBytes = 0;
      windowed = false;
      matched = false;
    },
  });
  return { total, matches, totalLines };
}

/** The largest index <= `at` that does not fall inside a UTF-8 sequence. */
function charBoundary(bytes: Buffer, at: number): number {
  let index = Math.min(at, bytes.length);
  while (index > 0 && index < bytes.length && (bytes[index]! & 0xc0) === 0x80) index -= 1;
  return index;
}

const isLowSurrogate = (text: string, index: number): boolean => {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
};

/** The line, or MAX_MATCH_CHARS of it showing the match, with "..." where text was cut (never inside a pair). */
export function excerptAround(text: string, index: number, length: number, startsInside = false): string {
  if (text.length <= MAX_MATCH_CHARS && !startsInside) return text;
  let start = index + length <= MAX_MATCH_CHARS ? 0 : Math.max(0, index - CONTEXT_CHARS);
  if (start > 0 && isLowSurrogate(text, start)) start += 1;
  let end = Math.min(text.length, start + MAX_MATCH_CHARS);
  if (end < text.length && isLowSurrogate(text, end)) end -= 1;
  return `${start > 0 || startsInside ? "..." : ""}${text.slice(start, end)}${end < text.length ? "..." : ""}`;
}
