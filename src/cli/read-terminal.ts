// The page `correx read` shows a person on a terminal: numbered lines as `cat -n` prints them, then where the
// output goes on, as a command to type (not the model's "Use offset=N").
import { shellQuote } from "../bound/marker.js";

/** What a terminal page shows. */
export interface TerminalPage {
  /** The id as the user typed it (`last` stays `last`). */
  id: string;
  lines: readonly string[];
  /** Number of the first line shown. */
  from: number;
  total: number;
  nextOffset: number | undefined;
  /** A note that the per-output cap kept the end out (empty when not). */
  capNote: string;
  color: boolean;
  spillDir: string | undefined;
}

const DIM = ["\x1b[2m", "\x1b[0m"] as const;

/** `cat -n`-style lines, then one hint line: the next command, or where the output ends. */
export function formatTerminalPage(page: TerminalPage): string {
  const [open, close] = page.color ? DIM : ["", ""];
  const numbered = page.lines.map((line, index) => `${open}${String(page.from + index).padStart(6)}${close}\t${line}\n`).join("");
  const to = page.from + page.lines.length - 1;
  const store = page.spillDir === undefined ? "" : ` --spill-dir ${shellQuote(page.spillDir)}`;
  const shown = page.lines.length === 0 ? `no line ${page.from}` : `lines ${page.from}-${to}`;
  const hint = page.nextOffset !== undefined
    ? `(${shown} of ${page.total}; more: correx read ${page.id} --offset ${page.nextOffset}${store})`
    : `(${shown} of ${page.total}: end of output)`;
  return `${numbered}${open}${hint}${close}${page.capNote ? `${open}${page.capNote.trim()}${close}\n` : ""}\n`;
}
