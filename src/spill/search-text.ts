// The text `correx grep` writes: `Found N matches`, `Line N: text` (context lines `Line N- text`, groups apart
// with `--`, as grep does), capped by count and bytes, with a note. Matches are highlighted when asked (a TTY).
import { formatSize } from "../text/magic.js";
import type { SearchMatch, SearchResult } from "./search.js";

/** What the text must respect and mention. */
export interface SearchTextOptions {
  /** Byte budget of the whole text. */
  maxBytes: number;
  /** Bytes of the output that the per-output cap kept out of the file (so they were not searched). */
  notSavedBytes?: number;
  savedBytes: number;
  /** Lines around each shown match: line number → text (from -A/-B/-C). */
  context?: ReadonlyMap<number, string>;
  /** What the truncation note suggests (default: the CLI's `--max N`). */
  moreHint?: string;
  /** Wrap each match in these (e.g. SGR bold red and reset) on a terminal. */
  highlight?: { open: string; close: string };
}

/** "1 match", "2 matches". */
export const countMatches = (count: number): string => `${count} ${count === 1 ? "match" : "matches"}`;

function matchLine(match: SearchMatch, highlight: SearchTextOptions["highlight"]): string {
  if (!highlight || match.length === 0) return `Line ${match.line}: ${match.text}`;
  const { text, column, length } = match;
  return `Line ${match.line}: ${text.slice(0, column)}${highlight.open}${text.slice(column, column + length)}${highlight.close}${text.slice(column + length)}`;
}

interface Group {
  rows: string[];
  first: number;
  last: number;
}

/** The rows of each shown match: its context before (not already shown), itself, its context after. */
function renderGroups(matches: readonly SearchMatch[], options: SearchTextOptions): Group[] {
  const context = options.context ?? new Map<number, string>();
  const matched = new Set(matches.map((match) => match.line));
  const groups: Group[] = [];
  let shownUpTo = 0;
  for (const match of matches) {
    let first = match.line;
    while (first - 1 > shownUpTo && context.has(first - 1) && !matched.has(first - 1)) first -= 1;
    const rows: string[] = [];
    for (let line = first; line < match.line; line += 1) rows.push(`Line ${line}- ${context.get(line)!}`);
    rows.push(matchLine(match, options.highlight));
    let last = match.line;
    while (context.has(last + 1) && !matched.has(last + 1)) rows.push(`Line ${last + 1}- ${context.get((last += 1))!}`);
    groups.push({ rows, first, last });
    shownUpTo = last;
  }
  return groups;
}

/** The groups joined, with "--" between groups that are not adjacent when context is shown (as grep -C does). */
function joinGroups(groups: readonly Group[], withContext: boolean): string {
  return groups.map((group, index) => (withContext && index > 0 && group.first > groups[index - 1]!.last + 1 ? `--\n${group.rows.join("\n")}` : group.rows.join("\n"))).join("\n");
}

/** The search result for a model or a person; "No matches found" when nothing matched. */
export function formatSearchText(result: SearchResult, options: SearchTextOptions): string {
  const capNote = options.notSavedBytes
    ? `\n(Only the first ${formatSize(options.savedBytes)} of the output were saved and searched: the per-output cap kept the last ${options.notSavedBytes} bytes out.)`
    : "";
  if (result.total === 0) return `No matches found${capNote}\n`;
  const header = (shown: number): string => `Found ${countMatches(result.total)}${shown < result.total ? ` (showing first ${shown})` : ""}\n`;
  const footer = (shown: number): string =>
    (shown < result.total ? `\n\n(Results truncated: showing ${shown} of ${countMatches(result.total)} (${result.total - shown} hidden). ${options.moreHint ?? "Use --max N or a more specific pattern."})` : "") + capNote;
  const withContext = options.context !== undefined && options.context.size > 0;
  const groups = renderGroups(result.matches, options);
  let shown = 0;
  let bodyBytes = 0;
  for (const [index, group] of groups.entries()) {
    const separated = withContext && index > 0 && group.first > groups[index - 1]!.last + 1;
    const cost = Buffer.byteLength(group.rows.join("\n")) + (index > 0 ? 1 : 0) + (separated ? 3 : 0);
    const next = shown + 1;
    if (Buffer.byteLength(header(next)) + bodyBytes + cost + Buffer.byteLength(footer(next)) + 1 > options.maxBytes) break;
    bodyBytes += cost;
    shown = next;
  }
  return `${header(shown)}${joinGroups(groups.slice(0, shown), withContext)}${footer(shown)}\n`;
}
