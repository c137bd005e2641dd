// The text `correx grep` writes: `Found N matches`, `Line N: text`, capped by count and bytes, with a note.
import { formatSize } from "../text/magic.js";
import type { SearchResult } from "./search.js";

/** What the text must respect and mention. */
export interface SearchTextOptions {
  /** Byte budget of the whole text. */
  maxBytes: number;
  /** Bytes of the output that the per-output cap kept out of the file (so they were not searched). */
  notSavedBytes?: number;
  savedBytes: number;
  /** How one match is written (default `Line N: text`); may span lines (context). */
  renderMatch?: (match: SearchResult["matches"][number], index: number) => string;
  /** What the truncation note suggests (default: the CLI's `--max N`). */
  moreHint?: string;
}

/** The search result for a model or a person; "No matches found" when nothing matched. */
export function formatSearchText(result: SearchResult, options: SearchTextOptions): string {
  const capNote = options.notSavedBytes
    ? `\n(Only the first ${formatSize(options.savedBytes)} of the output were saved and searched: the per-output cap kept the last ${options.notSavedBytes} bytes out.)`
    : "";
  if (result.total === 0) return `No matches found${capNote}\n`;
  const header = (shown: number): string => `Found ${result.total} matches${shown < result.total ? ` (showing first ${shown})` : ""}\n`;
  const footer = (shown: number): string =>
    (shown < result.total ? `\n\n(Results truncated: showing ${shown} of ${result.total} matches (${result.total - shown} hidden). ${options.moreHint ?? "Use --max N or a more specific pattern."})` : "") + capNote;
  const lines = result.matches.map(options.renderMatch ?? ((match) => `Line ${match.line}: ${match.text}`));
  let shown = 0;
  let bodyBytes = 0;
  for (const line of lines) {
    const cost = Buffer.byteLength(line) + (shown > 0 ? 1 : 0);
    const next = shown + 1;
    if (Buffer.byteLength(header(next)) + bodyBytes + cost + Buffer.byteLength(footer(next)) + 1 > options.maxBytes) break;
    bodyBytes += cost;
    shown = next;
  }
  return `${header(shown)}${lines.slice(0, shown).join("\n")}${footer(shown)}\n`;
}
