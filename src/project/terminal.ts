// The terminal projection (SPEC §5): lines cut to display columns, the marker dimmed, errors red, a status line.
// The only core file that uses chalk and string-width; colour and width are inputs, never read from the TTY here.
import { Chalk, type ChalkInstance } from "chalk";
import stringWidth from "string-width";
import type { BoundText } from "../bound/types.js";
import { formatSize } from "../text/magic.js";

/** What the terminal shows of one result. */
export interface TerminalView {
  bound: BoundText;
  /** Kept whole above the body (a tool's frame); "" if none. */
  header: string;
  /** Kept whole below the body (e.g. "Command exited with code 1."); red when not ok. */
  footer: string;
  ok: boolean;
  /** What the status line says first, e.g. "exit 1" or "timed out after 5000 ms". */
  status?: string;
  /** Where the full output was saved, named at the end of the status line. */
  outputPath?: string;
}

/** How to render: whether to emit colour codes, and the width in display columns. */
export interface TerminalOptions {
  color: boolean;
  width: number;
}

const ELLIPSIS = "…";
const TAB_STOP = 8;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SGR = /(\x1b\[[0-9;:]*m)/;
/** Every ANSI/VT escape: CSI (also 8-bit), OSC and DCS/PM/APC strings, and two-byte escapes (charset, keypad). */
const ESCAPE = /\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]|\x1b\][\s\S]*?(?:\x07|\x1b\\)|\x1b[P^_][\s\S]*?\x1b\\|\x1b[ -/]*[0-~]/g;
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f-\x9f]/g;
/** Lines that report an error in the usual toolchains' words (tsc, rustc, gcc, Python, npm, test runners). */
const ERROR_LINE = /^\s*(error\b|ERROR\b|fatal\b|panic\b|FAIL\b|Traceback \(most recent call last\)|npm ERR!)|\berror(\[\w+\])?:|: error\b|\b\w*(Error|Exception):/;
const SEGMENTER = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The terminal width to render at: the TTY's columns, else $COLUMNS, else 80. */
export function terminalWidth(columns: number | undefined, env: NodeJS.ProcessEnv): number {
  if (columns !== undefined && Number.isInteger(columns) && columns > 0) return columns;
  const fromEnv = /^\s*\d+\s*$/.test(env.COLUMNS ?? "") ? Number(env.COLUMNS) : 0;
  return fromEnv > 0 ? fromEnv : 80;
}

/** Renders the view as terminal text: one line per output line, none wider than options.width columns but the marker's. */
export function renderTerminal(view: TerminalView, options: TerminalOptions): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const width = Math.max(1, Math.floor(options.width));
  const fit = (line: string): string => fitLine(line, width, options.color);
  const body = (text: string): string[] =>
    splitLines(text).map((line) => {
      const fitted = fit(line);
      return SGR.test(fitted) || !ERROR_LINE.test(fitted) ? fitted : chalk.red(fitted);
    });
  const output = [
    ...trimBlankEdges(splitLines(view.header)).map(fit),
    ...body(view.bound.marker === undefined ? view.bound.head : view.bound.head.replace(/\n$/, "")),
    // The marker is not cut: its path and commands are what a person copies; the terminal wraps it.
    ...trimBlankEdges(splitLines(view.bound.marker ?? "")).map((line) => chalk.dim(line)),
    ...body(view.bound.marker === undefined ? view.bound.tail : view.bound.tail.replace(/^\n/, "")),
    ...trimBlankEdges(splitLines(view.footer)).map((line) => (view.ok ? fit(line) : chalk.red(fit(line)))),
    renderStatus(view, chalk, fit),
  ];
  return `${output.join("\n")}\n`;
}

/** `✓ exit 0 · 12.3 KiB, 420 lines · 380 lines omitted · full output: PATH`, the mark coloured, the rest dimmed. */
function renderStatus(view: TerminalView, chalk: ChalkInstance, fit: (line: string) => string): string {
  const { bound } = view;
  const mark = view.ok ? "✓" : "✗";
  const parts = [
    `${mark}${view.status ? ` ${view.status}` : ""}`,
    `${formatSize(bound.totalBytes)}, ${countOf(bound.totalLines, "line")}`,
    ...(bound.truncated ? [`${countOf(bound.omittedLines, "line")} omitted`] : []),
  ];
  // The path is what a person copies: it is never cut to the width (the terminal wraps it), like the marker.
  const path = view.outputPath ? ` · full output: ${view.outputPath}` : "";
  const line = fit(parts.join(" · ")) + path;
  if (!line.startsWith(mark)) return chalk.dim(line);
  return (view.ok ? chalk.green(mark) : chalk.red(mark)) + chalk.dim(line.slice(mark.length));
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** Lines of a text part; a final newline ends the last line rather than starting an empty one. */
function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === "") start += 1;
  while (end > start && lines[end - 1]!.trim() === "") end -= 1;
  return lines.slice(start, end);
}

/**
 * One line made safe and cut to `width` display columns: escapes removed (colour kept when `color`),
 * other control characters dropped, tabs expanded, and a line too wide cut at a grapheme boundary
 * with "…" so that it takes at most `width` columns (a cut wide character is not split, only left out).
 */
export function fitLine(line: string, width: number, color: boolean): string {
  if (PRINTABLE_ASCII.test(line)) return line.length <= width ? line : line.slice(0, width - 1) + ELLIPSIS;
  const cleaned = line.replace(ESCAPE, (escape) => (color && /^\x1b\[[0-9;:]*m$/.test(escape) ? escape : ""));
  const pieces: { text: string; width: number }[] = [];
  let column = 0;
  let colored = false;
  for (const [index, part] of cleaned.split(SGR).entries()) {
    if (index % 2 === 1) {
      pieces.push({ text: part, width: 0 });
      colored = true;
      continue;
    }
    for (const { segment } of SEGMENTER.segment(part.replace(CONTROL, ""))) {
      // Past the width the line is cut anyway: the rest of it need not be measured.
      if (column > width) break;
      const text = segment === "\t" ? " ".repeat(TAB_STOP - (column % TAB_STOP)) : segment;
      const columns = segment === "\t" ? text.length : stringWidth(text);
      pieces.push({ text, width: columns });
      column += columns;
    }
  }
  const reset = colored ? "\x1b[0m" : "";
  if (column <= width) return pieces.map((piece) => piece.text).join("") + reset;
  let kept = "";
  let used = 0;
  for (const piece of pieces) {
    if (used + piece.width > width - 1) break;
    kept += piece.text;
    used += piece.width;
  }
  return kept + ELLIPSIS + reset;
}
