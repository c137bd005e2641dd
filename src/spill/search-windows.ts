// Finds the matching lines of a buffer of whole lines many at a time: each window of about 64 KiB is decoded once
// (V8 keeps strings that small out of its large-object space) and searched with one regexp (flags "gm") whose
// matches never span a "\n"; a match's line is counted and the search resumes at the next line. Lines that
// cleaning may change, or where JavaScript's `^`/`$` also hold ("\r", U+2028, U+2029), are matched on their own.
import { isAscii } from "node:buffer";
import type { ControlScanner } from "./control-bytes.js";

/** Bytes decoded and searched at once (cut at the next line end). */
export const SCAN_WINDOW_BYTES = 64 * 1024;

/** Lines that must be matched on their own: cleaning changes them (controls), or `^`/`$` hold inside them. */
const CLEANED_LINE_CHARACTERS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]/g;
/** The same for raw lines (only a final "\r" is dropped, and JavaScript's other line ends). */
const RAW_LINE_CHARACTERS = /[\r\u2028\u2029]/g;

/** What the window search reports to its caller. */
export interface WindowSink {
  /** Whether the next matching lines are shown (then they go to `test`, which finds where the match is). */
  showing(): boolean;
  /** Lines found by the search over many lines that need no second look: counted. */
  count(lines: number): void;
  /** A line to match on its own (it is cleaned first); `number` gives its line number. */
  test(text: string, number: () => number): void;
  /** Whether the search is over (grep -l found its line). */
  done(): boolean;
  /** The number of the line that starts at byte `offset` of the buffer (offsets asked in increasing order). */
  lineAt(offset: number): number;
}

/** How to search: the pattern's regexps over many lines, and whether lines are cleaned before they are matched. */
export interface WindowSearch {
  lines: { bmp: RegExp; full: RegExp };
  cleaned: boolean;
  scanner: ControlScanner;
}

/** Searches the whole lines buffer[from, to) (buffer[to - 1] is "\n"), window by window. */
export function searchWindows(buffer: Buffer, from: number, to: number, search: WindowSearch, sink: WindowSink): void {
  for (let start = from; start < to && !sink.done(); ) {
    const cut = start + SCAN_WINDOW_BYTES >= to ? -1 : buffer.indexOf(10, start + SCAN_WINDOW_BYTES);
    const end = cut === -1 || cut >= to ? to : cut + 1;
    searchWindow(buffer, start, end, search, sink);
    start = end;
  }
}

function searchWindow(buffer: Buffer, start: number, end: number, search: WindowSearch, sink: WindowSink): void {
  const ascii = isAscii(buffer.subarray(start, end));
  const text = ascii ? buffer.toString("latin1", start, end) : buffer.toString("utf8", start, end);
  const regex = ascii ? search.lines.bmp : search.lines.full;
  // A window without any byte the scanner flags holds no line to match on its own: every match is a line.
  const careful = search.scanner.next(start, end) < end;
  const special = careful ? (search.cleaned ? CLEANED_LINE_CHARACTERS : RAW_LINE_CHARACTERS) : undefined;
  let numbered = { at: 0, line: 0 }; // the line number at text index `at` (a line start), once asked
  const numberAt = (index: number): number => {
    if (numbered.line === 0) numbered = { at: 0, line: sink.lineAt(start) };
    for (let next = text.indexOf("\n", numbered.at); next !== -1 && next < index; next = text.indexOf("\n", next + 1)) numbered.line += 1;
    numbered.at = index;
    return numbered.line;
  };
  const nextSpecial = (from: number): number => {
    if (!special) return Infinity;
    special.lastIndex = from;
    return special.exec(text)?.index ?? Infinity;
  };
  if (!special && !sink.showing()) {
    sink.count(countMatchingLines(text, regex));
    return;
  }
  let position = 0;
  let matchEnd = -1; // where the regexp's next match at or after `position` ends (found once, used until passed)
  let specialAt = nextSpecial(0);
  while (position < text.length && !sink.done()) {
    if (matchEnd < position) {
      regex.lastIndex = position;
      matchEnd = regex.test(text) ? regex.lastIndex : Infinity; // test, not exec: no array per line
    }
    if (specialAt < position) specialAt = nextSpecial(position);
    // A match holds no "\n", so the line it lies in is the one its end is in (an empty match at a "\n" ends that line).
    const matchLine = matchEnd >= text.length ? Infinity : matchEnd === 0 ? 0 : text.lastIndexOf("\n", matchEnd - 1) + 1;
    const at = Math.min(matchLine, specialAt);
    if (at >= text.length) break; // none, or `^`/`$` just past the last "\n": no line starts there
    const lineStart = at === matchLine ? at : at === 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
    const lineEnd = text.indexOf("\n", at === matchLine ? matchEnd : at);
    if (specialAt < lineEnd || sink.showing()) sink.test(text.slice(lineStart, lineEnd), () => numberAt(lineStart));
    else sink.count(1);
    position = lineEnd + 1;
  }
}

/** The lines of `text` (whole lines, none to look at twice) where `regex` matches: one test and one indexOf a line. */
function countMatchingLines(text: string, regex: RegExp): number {
  let count = 0;
  regex.lastIndex = 0;
  while (regex.test(text)) {
    const end = regex.lastIndex; // the match's line ends at the first "\n" from its end (no match holds one)
    if (end >= text.length) break; // `^`/`$` just past the last "\n"
    count += 1;
    regex.lastIndex = text.indexOf("\n", end) + 1;
  }
  return count;
}
