// The live status line `correx run` keeps on a terminal's stderr while the command runs.
import { formatSize } from "../text/magic.js";
import { renderLine } from "../text/render-line.js";
import type { RunStats } from "./run-stats.js";

let segmenter: Intl.Segmenter | undefined;

/**
 * One line, without newline, at most `width - 1` columns (the last column is left free so that no
 * terminal wraps): `[12.3s  1.2 MiB  4210 lines] last line`, the last line as a terminal would show
 * it (redraws resolved, escapes gone). ASCII punctuation only, so East Asian ambiguous widths cannot
 * push it over. Widths are counted conservatively: a grapheme with a code point from U+1100 up counts
 * two columns, which is never less than a terminal draws.
 */
export function renderStatusLine(stats: RunStats, width: number): string {
  const lines = `${stats.lines} ${stats.lines === 1 ? "line" : "lines"}`;
  const summary = `[${formatElapsed(stats.elapsedMs)}  ${formatSize(stats.bytes)}  ${lines}]`;
  const lastLine = renderLine(stats.lastLine, { stripAnsi: true, collapse: true })
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/gu, " ")
    .trim();
  return cutToColumns(lastLine === "" ? summary : `${summary} ${lastLine}`, width - 1);
}

/** Elapsed time the way a person reads it: `0.4s`, `12.3s`, `2m05s`, `1h02m`. */
export function formatElapsed(milliseconds: number): string {
  const seconds = Math.max(0, milliseconds) / 1000;
  if (seconds < 60) return `${(Math.floor(seconds * 10) / 10).toFixed(1)}s`;
  const wholeSeconds = Math.floor(seconds);
  const pad = (value: number): string => String(value).padStart(2, "0");
  if (wholeSeconds < 3600) return `${Math.floor(wholeSeconds / 60)}m${pad(wholeSeconds % 60)}s`;
  return `${Math.floor(wholeSeconds / 3600)}h${pad(Math.floor(wholeSeconds / 60) % 60)}m`;
}

/** The longest grapheme-aligned prefix that fits the columns. */
function cutToColumns(text: string, columns: number): string {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let used = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(text)) {
    used += isWide(segment) ? 2 : 1;
    if (used > columns) return text.slice(0, index);
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** True when a grapheme may take two columns (conservative: anything from U+1100 up). */
function isWide(grapheme: string): boolean {
  for (const character of grapheme) if ((character.codePointAt(0) ?? 0) >= 0x1100) return true;
  return false;
}
