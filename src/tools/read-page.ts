// Read paging (SPEC §4): consecutive complete numbered lines within a budget, never head and tail spliced.
import type { Budget } from "../bound/types.js";
import { fitItemCount, isLowSurrogateAt, keepWithinBudget, measureUtf8, type Measure } from "./fit.js";

/** Lines longer than this many characters (UTF-16 code units, as opencode counts) are cut. */
export const MAX_LINE_CHARS = 2000;
/** How many lines a page shows when no limit is given. */
export const DEFAULT_PAGE_LINES = 2000;

/** What to page and how much of it. */
export interface PageOptions {
  /** First line to show, 1-based. */
  offset: number;
  /** Most lines to show. */
  limit: number;
  budget: Budget;
  path: string;
  /** What `<type>` says; "file" when absent. */
  type?: string;
  /** Additive cost of written text (default UTF-8 bytes); see FormatContext. */
  measure?: Measure;
}

/** One page: the text in parts (text = header + body + footer) and where it stands in the file. */
export interface Page {
  text: string;
  header: string;
  body: string;
  footer: string;
  /** First line not shown, when lines remain after this page (or when the first line did not fit). */
  nextOffset?: number;
  /** First line shown (the requested offset); shownTo = shownFrom - 1 when no line is shown. */
  shownFrom: number;
  shownTo: number;
  totalLines: number;
}

/** Splits file text into lines: on LF or CRLF, a final newline ending the last line rather than starting one. */
export function splitFileLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** A line cut to `max` characters (never inside a surrogate pair) followed by `suffix`, or the line as it is. */
export function cutLongLine(line: string, max = MAX_LINE_CHARS, suffix = `... (line truncated to ${MAX_LINE_CHARS} chars)`): string {
  if (line.length <= max) return line;
  return line.slice(0, isLowSurrogateAt(line, max) ? max - 1 : max) + suffix;
}

/** Shows lines [offset, offset + limit) of `lines`, as many consecutive whole lines as the budget holds. */
export function pageLines(lines: readonly string[], options: PageOptions): Page {
  const from = Math.max(1, Math.floor(options.offset));
  return pageWindow(lines.slice(from - 1, from - 1 + Math.max(1, Math.floor(options.limit))), lines.length, options);
}

/**
 * pageLines for a file read in part: `window` holds the file's lines from line `offset` on (at least the `limit`
 * that exist), `totalLines` counts them all; memory follows the window, never the file.
 */
export function pageWindow(window: readonly string[], totalLines: number, options: PageOptions): Page {
  const from = Math.max(1, Math.floor(options.offset));
  const limit = Math.max(1, Math.floor(options.limit));
  const header = `<path>${options.path}</path>\n<type>${options.type ?? "file"}</type>\n<content>\n`;
  const most = Math.min(limit, Math.max(0, options.budget.maxLines));
  const candidates = window.slice(0, most).map((line, index) => `${from + index}: ${cutLongLine(line)}`);
  const footerFor = (shown: number): string => {
    const to = from + shown - 1;
    const note =
      from > totalLines && !(totalLines === 0 && from === 1)
        ? `(Offset ${from} is out of range for this file - total ${totalLines} lines)`
        : to >= totalLines
          ? `(End of file - total ${totalLines} lines)`
          : shown === 0
            ? `(Line ${from} does not fit in the output budget; no lines shown.)`
            : `(Showing lines ${from}-${to} of ${totalLines}. Use offset=${to + 1} to continue.)`;
    return `${shown > 0 ? "\n" : ""}</content>\n${note}`;
  };
  const measure = options.measure ?? measureUtf8;
  let shown = fitItemCount(candidates, (count) => ({ header, footer: footerFor(count) }), options.budget, measure);
  if (shown === 0 && candidates.length > 0) {
    // A first line too long for the budget is shown cut to what fits, so the page still moves on (the marker's read
    // command pages at the projection's budget, and a page of no lines left a model nowhere to go).
    const cut = firstLineCut(window[0]!, from, (line) => fitItemCount([line], () => ({ header, footer: footerFor(1) }), options.budget, measure) === 1);
    if (cut !== undefined) {
      candidates[0] = cut;
      shown = 1;
    }
  }
  const body = candidates.slice(0, shown).join("\n");
  const footer = footerFor(shown);
  const shownTo = from + shown - 1;
  const parts = keepWithinBudget({ header, body, footer }, options.budget, measure);
  return {
    text: parts.header + parts.body + parts.footer,
    ...parts,
    ...(from <= totalLines && shownTo < totalLines ? { nextOffset: shownTo + 1 } : {}),
    shownFrom: from,
    shownTo,
    totalLines,
  };
}

/** Line `from` cut to the most characters `fits` accepts, with a note saying so; undefined when not even one does. */
function firstLineCut(line: string, from: number, fits: (numbered: string) => boolean): string | undefined {
  const numbered = (chars: number): string => `${from}: ${cutLongLine(line, chars, `... (line truncated to ${chars} chars to fit the output budget)`)}`;
  let low = 0;
  let high = Math.min(line.length, MAX_LINE_CHARS);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(numbered(middle))) low = middle;
    else high = middle - 1;
  }
  return low > 0 ? numbered(low) : undefined;
}
