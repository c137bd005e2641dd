// Pages a stored output in the read-tool format (SPEC §4), for `correx read` and the MCP `read_output` tool.
import { closeSync, readSync } from "node:fs";
import { NotFoundError } from "../errors.js";
import { describeBinary, looksBinary } from "../text/binary.js";
import { estimateTokens } from "../bound/budget.js";
import { formatSize } from "../text/magic.js";
import { renderLine } from "../text/render-line.js";
import { MAX_LINE_CHARS, pageWindow } from "../tools/read-page.js";
import { changedWarning } from "./integrity.js";
import { openOutput, type OpenedOutput } from "./lookup.js";
import { pageInsideLine } from "./line-page.js";
import { indexedLineCount, readLineWindow } from "./page.js";
import type { SpillStore } from "./store.js";

/** Raw characters read of a long line before it is cleaned and cut to MAX_LINE_CHARS (room for escapes). */
const RAW_LINE_CHARS = MAX_LINE_CHARS * 4;

/** Which page, within what budget, and whether lines are shown as stored. */
export interface ReadOutputOptions {
  /** First line (1-based); a negative offset counts from the end (-1: the last line). */
  offset: number;
  limit: number;
  maxBytes: number;
  /** Token budget of the page (the bounder's estimate, an upper bound of o200k and cl100k); none when absent. */
  maxTokens?: number;
  /** Line budget of the page text, its frame's 5 lines included; `limit` + 8 (no line limit beyond `limit`) when absent. */
  maxLines?: number;
  /** Lines as stored (escape sequences and redraws kept) instead of cleaned as the model projection shows them. */
  raw: boolean;
  /** Also hash the data (sha256) against its record (the cheap checks of sizes and times are always made). */
  verify?: boolean;
  /** Page inside line `offset` from this byte of it (0-based): the middle of a line too long for one page. */
  byteOffset?: number;
}

/** One page: the text, and the facts `--format json` and `structuredContent` carry. */
export interface OutputPage {
  id: string;
  path: string;
  text: string;
  from_line: number;
  to_line: number;
  total_lines: number;
  next_offset?: number;
  /** Inside a line (byteOffset): the byte of line `next_offset` the next page starts at, when the line goes on. */
  next_byte_offset?: number;
  /** Inside a line: the bytes of it shown ([from_byte, to_byte), 0-based) and its length in bytes. */
  from_byte?: number;
  to_byte?: number;
  line_bytes?: number;
  not_saved_bytes?: number;
  /** A run's output read no further than this many ms after its command exited: a background job held it (the record's). */
  output_held_ms?: number;
  /** What differs between the output's files now and as saved (a line of the text says so too). */
  warning?: string;
  /** The lines shown, each with its number. */
  lines: { n: number; text: string }[];
}

/** A binary output as read would summarize it: its size and type (never its bytes as U+FFFD soup). */
export interface BinaryOutput {
  id: string;
  path: string;
  size: number;
  summary: string;
  /** Bytes the per-output cap kept out of the saved file (its record's `not_saved_bytes`), when any. */
  notSavedBytes?: number;
  /** What differs between the output's files now and as saved. */
  warning?: string;
}

const SNIFF_BYTES = 8192;

/** The summary of an output when it is binary (NUL bytes, control density), else undefined. */
function sniffOpened(output: OpenedOutput, id: string): BinaryOutput | undefined {
  const head = Buffer.alloc(SNIFF_BYTES);
  const sniffed = head.subarray(0, readSync(output.fd, head, 0, SNIFF_BYTES, 0));
  if (!looksBinary(sniffed)) return undefined;
  const notSaved = output.record.not_saved_bytes ? { notSavedBytes: output.record.not_saved_bytes } : {};
  const warning = output.differences.length > 0 ? { warning: changedWarning(id, output.differences) } : {};
  return { id, path: output.path, size: output.record.size, summary: describeBinary(sniffed, output.record.size), ...notSaved, ...warning };
}

/** What `correx read` shows of output `id`: its summary when it is binary, else a page of its lines (its files opened once). */
export function readStoredOutput(store: SpillStore, id: string, options: ReadOutputOptions): { binary: BinaryOutput } | { page: OutputPage } {
  const output = openOutput(store, id, { verify: options.verify === true });
  let binary: BinaryOutput | undefined;
  try {
    binary = sniffOpened(output, id);
  } catch (error) {
    closeSync(output.fd);
    throw error;
  }
  if (binary) {
    closeSync(output.fd);
    return { binary };
  }
  return { page: pageOpened(output, id, options) };
}

/** The number of lines saved (from the line index when there is one, else one scan). */
function countLines(output: OpenedOutput): number {
  return output.index ? indexedLineCount(output.fd, output.index) : readLineWindow(output.fd, Number.MAX_SAFE_INTEGER, 1, 0).totalLines;
}

/** How a stored line is shown: escapes stripped and redraws collapsed as in the model projection, or as stored. */
export function lineCleaner(raw: boolean): (line: string) => string {
  return raw ? (line) => line.replace(/\r$/, "") : (line) => renderLine(line, { stripAnsi: true, collapse: true });
}

/** The saved model projection of output `id` (replay); NotFoundError when it was stored without one. */
export function readSavedProjection(store: SpillStore, id: string): string {
  const output = openOutput(store, id);
  closeSync(output.fd);
  const projection = output.record.projection;
  if (projection === undefined) throw new NotFoundError(`output ${id} has no saved projection (it was stored without one)`);
  return projection;
}

/** Lines [offset, offset + limit) of output `id`, consecutive and complete within the byte budget. */
export function readOutputPage(store: SpillStore, id: string, options: ReadOutputOptions): OutputPage {
  return pageOpened(openOutput(store, id, { verify: options.verify === true }), id, options);
}

/** readOutputPage on an opened output (whose descriptor it closes). */
function pageOpened(output: OpenedOutput, id: string, options: ReadOutputOptions): OutputPage {
  const { limit, maxBytes } = options;
  let window;
  let offset = options.offset;
  try {
    if (offset < 0) offset = Math.max(1, countLines(output) + offset + 1);
    if (options.byteOffset !== undefined) return insideLine(output, id, offset, options);
    window = readLineWindow(output.fd, offset, limit, RAW_LINE_CHARS, output.index, !options.raw);
  } finally {
    closeSync(output.fd);
  }
  const { record, path } = output;
  const notSaved = output.notSavedBytes;
  if (notSaved > 0 && offset > window.totalLines && offset <= record.lines) {
    throw new NotFoundError(`line ${offset} of output ${id} was never saved: the per-output cap stopped the spill after ${formatSize(output.savedBytes)} (${window.totalLines} lines); the last ${notSaved} bytes were not saved`);
  }
  const warning = output.differences.length > 0 ? changedWarning(id, output.differences) : undefined;
  // The warning is written after the page's end whichever page it is: a model reads on a changed file knowingly.
  const warningNote = warning === undefined ? "" : `\n(Warning: ${warning})`;
  const capNote = notSaved > 0 ? `\n(Only the first ${formatSize(output.savedBytes)} of the output were saved: the per-output cap kept the last ${notSaved} bytes out.)` : "";
  const held = record.output_held_ms;
  const heldNote = held === undefined ? "" : `\n${heldOutputNote(held)}`;
  const clean = lineCleaner(options.raw);
  const lines = window.lines.map(clean);
  // A line cut at MAX_LINE_CHARS says how to read all of it (--byte-offset); the note is kept room for, and written
  // when that line is shown. The cap note, written after the last page, and the warning are one more line each.
  const cutAt = lines.slice(0, limit).findIndex((line) => line.length > MAX_LINE_CHARS);
  const cutNote = cutAt < 0 ? "" : `\n(Line ${offset + cutAt} is longer than ${MAX_LINE_CHARS} characters and is cut: use offset=${offset + cutAt} byte_offset=0 to read all of it in parts.)`;
  const notes = [capNote, heldNote, cutNote, warningNote].filter((note) => note !== "");
  const tokens = options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens - notes.reduce((sum, note) => sum + estimateTokens(note), 0) };
  const noteBytes = notes.reduce((sum, note) => sum + Buffer.byteLength(note), 0);
  const budget = { maxLines: (options.maxLines ?? limit + 8) - notes.length, maxBytes: maxBytes - noteBytes, ...tokens };
  const page = pageWindow(lines, window.totalLines, { offset, limit, budget, path });
  const cutShown = cutAt >= 0 && offset + cutAt <= page.shownTo ? cutNote : "";
  const text = (page.nextOffset === undefined ? page.text + capNote + heldNote : page.text) + cutShown + warningNote;
  return {
    id, path, text, from_line: page.shownFrom, to_line: page.shownTo, total_lines: page.totalLines,
    ...(page.nextOffset !== undefined ? { next_offset: page.nextOffset } : {}),
    ...(notSaved > 0 ? { not_saved_bytes: notSaved } : {}),
    ...(held === undefined ? {} : { output_held_ms: held }),
    ...(warning !== undefined ? { warning } : {}),
    lines: lines.slice(0, page.shownTo - page.shownFrom + 1).map((line, index) => ({ n: page.shownFrom + index, text: line })),
  };
}

/** The last page's note for a run whose output a background job held: what was saved ends where correx stopped reading. */
export function heldOutputNote(heldMs: number): string {
  return `(The output ends where correx stopped reading it, ${heldMs} ms after the command exited: a background process the command started held it open; what that process wrote later was not saved.)`;
}

/** pageInsideLine with the changed-output warning, if any, as its last line. */
function insideLine(output: OpenedOutput, id: string, line: number, options: ReadOutputOptions): OutputPage {
  const warning = output.differences.length > 0 ? changedWarning(id, output.differences) : undefined;
  const page = pageInsideLine(output, id, line, options, lineCleaner(options.raw), warning === undefined ? "" : `\n(Warning: ${warning})`);
  return warning === undefined ? page : { ...page, warning };
}
