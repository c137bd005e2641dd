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
  return `${numbered}${open}${hint}${close}\n${page.capNote ? `${open}${page.capNote.trim()}${close}\n` : ""}`;
}

/** A part of one line (--byte-offset) for a person: the text, then the bytes shown and the next command to type. */
export function formatTerminalPart(page: { lines: readonly { n: number; text: string }[]; from_byte?: number; to_byte?: number; line_bytes?: number; next_offset?: number; next_byte_offset?: number; total_lines: number }, id: string, spillDir: string | undefined): string {
  const line = page.lines[0]!;
  const store = spillDir === undefined ? "" : ` --spill-dir ${shellQuote(spillDir)}`;
  const shown = `bytes ${page.from_byte}-${page.to_byte} of line ${line.n} (${page.line_bytes} bytes)`;
  const more = page.next_byte_offset !== undefined
    ? `; more: correx read ${id} --offset ${page.next_offset} --byte-offset ${page.next_byte_offset}${store}`
    : page.next_offset !== undefined ? `; next line: correx read ${id} --offset ${page.next_offset}${store}` : `: end of output`;
  return `${line.text}\n(${shown}${more})\n`;
}
