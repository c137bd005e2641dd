// The omission marker: what was cut, where the full output is, and the exact commands to read it.
import type { Budget, SpillReport } from "./types.js";

/** What `correx read` pages by default: 2,000 lines or 51,200 bytes, no token limit (cli/read-command.ts). */
export const READ_PAGE: Readonly<Budget> = { maxLines: 2000, maxBytes: 51200 };
/** The smallest `--max-bytes` and `--max-tokens` read takes (room for a page's frame and a line or two). */
export const READ_PAGE_MIN_BYTES = 256;
export const READ_PAGE_MIN_TOKENS = 64;
/** Lines of a page besides the file's: `<path>`, `<type>`, `<content>` before them, `</content>` and the note after. */
export const READ_PAGE_FRAME_LINES = 5;

/**
 * The report with the read command's page held to the budget the projection was bounded to, where that is below
 * read's default: the marker's command then prints a page that fits where the projection fit (an agent shows its
 * tool output whole only up to a size, the reason the projection was bounded to that budget). A page of N lines is
 * N + 5 lines written; its bytes and tokens (its final newline included) are held to the flags by read itself.
 */
export function withReadPage(spill: SpillReport, budget: Budget): SpillReport {
  if (spill.kind !== "saved") return spill;
  const flags: string[] = [];
  if (budget.maxLines < READ_PAGE.maxLines) flags.push(`--limit ${Math.max(1, budget.maxLines - READ_PAGE_FRAME_LINES)}`);
  const pageBytes = budget.maxBytes < READ_PAGE.maxBytes ? Math.max(READ_PAGE_MIN_BYTES, budget.maxBytes) : undefined;
  if (pageBytes !== undefined) flags.push(`--max-bytes ${pageBytes}`);
  if (budget.maxTokens !== undefined) flags.push(`--max-tokens ${Math.max(READ_PAGE_MIN_TOKENS, budget.maxTokens)}`);
  const { pageArguments: _old, pageBytes: _oldBytes, ...rest } = spill;
  return flags.length > 0 ? { ...rest, pageArguments: flags.join(" "), ...(pageBytes !== undefined ? { pageBytes } : {}) } : rest;
}

/** The facts a marker states. Line numbers are 1-based lines of the full (spilled) output. */
export interface Omission {
  /** First and last line that are omitted at least in part. */
  fromLine: number;
  toLine: number;
  /** Lines omitted entirely. */
  wholeLines: number;
  /** True when a line at either edge of the cut is shown only in part. */
  cutInsideLines: boolean;
  /** Which edge alone is shown in part, when only one is (absent: both, or none). */
  partEdge?: "first" | "last";
  omittedBytes: number;
  totalLines: number;
  totalBytes: number;
  /** When a line is cut: the byte of line `fromLine` the omission starts at (0-based), and that byte in the input. */
  fromByte?: number;
  fromPosition?: number;
}

/** Quotes a path for a POSIX shell when it needs it. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

function describeOmission(omission: Omission): string {
  const { fromLine, toLine, wholeLines, omittedBytes, totalLines, totalBytes } = omission;
  const totals = `of ${plural(totalLines, "line")} (${plural(totalBytes, "byte")} in all)`;
  if (!omission.cutInsideLines) {
    return `[... omitted ${plural(wholeLines, "line")}, ${plural(omittedBytes, "byte")}: lines ${fromLine}-${toLine} ${totals} ...]`;
  }
  if (fromLine === toLine) return `[... omitted ${plural(omittedBytes, "byte")} inside line ${fromLine} ${totals} ...]`;
  const partly = omission.partEdge === undefined ? "the first and last partly" : `the ${omission.partEdge} partly`;
  return `[... omitted ${plural(omittedBytes, "byte")}: lines ${fromLine}-${toLine}, ${partly}, ${totals} ...]`;
}

function describeSpill(spill: SpillReport, omission: Omission): string {
  switch (spill.kind) {
    case "saved": {
      const readable = spill.textPath ?? spill.path;
      const partial = describeCap(spill, omission.totalBytes);
      const input = spill.textPath ? ` (as text; the input as read: ${spill.path})` : "";
      const store = spill.readArguments ? ` ${spill.readArguments}` : "";
      const page = spill.pageArguments ? ` ${spill.pageArguments}` : "";
      if (omission.fromLine === omission.toLine && omission.fromByte !== undefined && omission.fromPosition !== undefined && !spill.textPath) {
        // Inside one line: a page of it from the omission's byte (sed -n would print the whole line, of any size).
        const bytes = Math.min(omission.omittedBytes, spill.pageBytes ?? READ_PAGE.maxBytes);
        const part = `correx read ${spill.id}${store} --offset ${omission.fromLine} --byte-offset ${omission.fromByte}${page}`;
        return `[full output: ${readable}${partial}; read the omitted part with: ${part}, or: tail -c +${omission.fromPosition + 1} ${shellQuote(readable)} | head -c ${bytes}]`;
      }
      return `[full output: ${readable}${input}${partial}; read the omitted part with: correx read ${spill.id}${store} --offset ${omission.fromLine}${page}, or: sed -n '${omission.fromLine},${omission.toLine}p' ${shellQuote(readable)}]`;
    }
    case "failed":
      return `[full output not saved${spill.id ? ` (${spill.id})` : ""}: ${spill.reason}]`;
    case "disabled":
      return "[full output not saved (--no-spill)]";
    default: {
      const never: never = spill;
      return never;
    }
  }
}

/**
 * What the per-output cap kept out, if anything: of the bytes as read, and of a text view (whose bytes the totals
 * count), each said in its own bytes.
 */
export function describeCap(spill: Extract<SpillReport, { kind: "saved" }>, totalBytes: number): string {
  const { notSavedBytes, textNotSavedBytes } = spill;
  if (textNotSavedBytes) {
    const asRead = notSavedBytes ? ` and ${spill.savedBytes ?? 0} bytes of the input as read` : "";
    return ` (only the first ${totalBytes - textNotSavedBytes} bytes of the text${asRead} were saved: the per-output cap stopped ${textNotSavedBytes} bytes of the text)`;
  }
  if (!notSavedBytes) return "";
  // Counted in the input's bytes: of a text view (whose sizes the totals count), those of the input as read.
  const asRead = spill.savedBytes !== undefined ? ` of the input as read` : "";
  return ` (only the first ${spill.savedBytes ?? totalBytes - notSavedBytes} bytes${asRead} were saved: the per-output cap stopped ${notSavedBytes} bytes)`;
}

/** The two-line correx marker that stands where the cut is. */
export function formatMarker(omission: Omission, spill: SpillReport): string {
  return `${describeOmission(omission)}\n${describeSpill(spill, omission)}`;
}

/** A marker as long as any marker for these totals can be: the room to reserve before choosing lines. */
export function worstCaseMarker(totalLines: number, totalBytes: number, spill: SpillReport): string {
  const omission: Omission = {
    fromLine: totalLines, toLine: totalLines, wholeLines: totalLines, cutInsideLines: false,
    omittedBytes: totalBytes, totalLines, totalBytes,
  };
  const cut = { ...omission, cutInsideLines: true, fromLine: Math.max(totalLines - 1, 0) };
  const candidates = [formatMarker(omission, spill), formatMarker(cut, spill)];
  return candidates.reduce((longest, candidate) => (Buffer.byteLength(candidate) > Buffer.byteLength(longest) ? candidate : longest));
}
