// Reading the tail ring back as lines: the last lines of its raw bytes, cleaned and folded, with true line numbers.
import { countNewlinesOnce, countRepeats } from "../text/newlines.js";
import type { RowsUp } from "../text/rows-up.js";
import { skipContinuationBytes } from "../text/utf8.js";
import type { ByteRing } from "./byte-ring.js";
import { LineDecoder } from "./line-decoder.js";
import { pushRepeats, RepeatFolder, type CollectedLine } from "./lines.js";

const NEWLINE = 0x0a;

/** How the ring's lines are read: per-line hygiene, folding, and how many newlines the whole input had. */
export interface RingReadOptions {
  cleanLine: (line: string) => string;
  /** Hygiene for a line whose start is missing (the ring began inside it); cleanLine when absent. */
  cleanCutStart?: (line: string) => string;
  /** Rows a line moves up over the lines before it (a live region's redraw); absent: none. */
  rowsUp?: (line: string) => RowsUp;
  foldRepeats: boolean;
  /** Newlines counted in the whole input so far (the ring's last line number follows from it). */
  totalNewlines: number;
  /** The newlines of the ring's own bytes, when the caller counted them already (else counted here). */
  ringNewlines?: number;
}

/** True when the ring's lines make at most `limit` runs of identical lines (cheap: repeats are skipped by memcmp). */
export function ringRunsWithin(ring: ByteRing, limit: number): boolean {
  const bytes = ring.bytes();
  let runs = 0;
  let offset = 0;
  while (offset < bytes.length) {
    if ((runs += 1) > limit) return false;
    const newline = bytes.indexOf(NEWLINE, offset);
    if (newline === -1) break;
    const line = bytes.subarray(offset, newline);
    offset = newline + 1 + countRepeats(bytes, newline + 1, line) * (line.length + 1);
  }
  return true;
}

/** Fewest lines kept for which reading only the ring's end is exact: a run of repeats spans fewer entries than this before it folds. */
const MIN_KEEP_FOR_END = 64;

/**
 * The ring's lines, cleaned and folded into `folder`. With `keep`, only about the last `keep` lines are kept:
 * a tail never shows more, and a ring of a million short lines must not become a million objects. Then only the
 * ring's end is read where that gives the same lines (a 1 MiB ring holds ten thousand log lines), and the lines
 * returned may be those of a folder of their own.
 */
export function ringLines(ring: ByteRing, options: RingReadOptions, folder: RepeatFolder, keep?: number): CollectedLine[] {
  const bytes = ring.bytes();
  const offset = ring.atLineStart ? 0 : skipContinuationBytes(bytes);
  const ringRead = { start: ring.start, bytes, first: offset, partial: !ring.atLineStart };
  if (keep === undefined) return readFrom(ringRead, offset, options, folder);
  if (!options.foldRepeats) return readFrom(ringRead, startOfLastLines(bytes, offset, keep), options, folder, keep);
  // Folding: the last `keep` entries may stand for more raw lines than that. Reading from a line start whose line
  // is not folded into the one above it gives the entries after it exactly; enough of them make the same tail.
  if (keep >= MIN_KEEP_FOR_END) {
    for (let lines = keep; ; lines *= 4) {
      const from = runStartAtOrBefore(ringRead, startOfLastLines(bytes, offset, lines), options.cleanLine);
      if (from === undefined) break; // reached the ring's first line (or a run too long to look back through)
      const trial = new RepeatFolder(true);
      readFrom(ringRead, from, options, trial, keep);
      if (trial.lines.length >= keep) return trial.lines;
    }
  }
  return readFrom(ringRead, offset, options, folder, keep);
}

/** Lines looked back through for a line that is not a repeat of the one above it (a run of `yes` has none). */
const MAX_LOOK_BACK = 64;

/**
 * The start of a line at or a few lines before `from` that does not read as the line above it (no run of repeats
 * goes on there, so reading from it gives the entries after it exactly); undefined at the ring's first line or
 * when there is none nearby.
 */
function runStartAtOrBefore({ bytes, first, partial }: RingRead, from: number, cleanLine: (line: string) => string): number | undefined {
  if (from <= first) return undefined;
  const end = bytes.indexOf(NEWLINE, from);
  let text = cleanLine(bytes.toString("utf8", from, end === -1 ? bytes.length : end));
  for (let back = 0; from > first && back < MAX_LOOK_BACK; back += 1) {
    const above = Math.max(first, bytes.lastIndexOf(NEWLINE, from - 2) + 1);
    if (above === first && partial) return from; // a partial line opens no run
    const aboveText = cleanLine(bytes.toString("utf8", above, from - 1));
    if (aboveText !== text) return from;
    from = above;
    text = aboveText;
  }
  return undefined;
}

/** The ring's bytes (`start` is where they sit in the input), where its lines begin, and whether the first is partial. */
interface RingRead {
  start: number;
  bytes: Buffer;
  first: number;
  partial: boolean;
}

/** Reads the ring's lines from `from` (its first line's start, or a later line's) into `folder`. */
function readFrom({ start, bytes, first, partial: firstPartial }: RingRead, from: number, options: RingReadOptions, folder: RepeatFolder, keep?: number): CollectedLine[] {
  let lineNumber = options.totalNewlines - (options.ringNewlines ?? countNewlinesOnce(bytes)) + 1 + countNewlinesOnce(bytes, first, from);
  let partial: "start" | undefined = firstPartial && from === first ? "start" : undefined;
  let offset = from;
  // the line before (its start; -1: none that repeats could follow), compared only where a copy of it could begin
  let previous = -1;
  let previousLength = 0;
  const decoder = new LineDecoder(bytes);
  while (offset < bytes.length) {
    const mayRepeat = previous !== -1 && folder.runText !== undefined && bytes[offset + previousLength] === NEWLINE;
    const count = mayRepeat ? countRepeats(bytes, offset, bytes.subarray(previous, previous + previousLength)) : 0;
    if (count > 0) {
      pushRepeats(folder, { count, firstLine: lineNumber, rawStart: start + offset, period: previousLength + 1 }, () => false);
      lineNumber += count;
      offset += count * (previousLength + 1);
      continue;
    }
    const end = decoder.lineEnd(offset);
    const rawEnd = start + (end === bytes.length ? end : end + 1);
    const clean = partial === "start" ? (options.cleanCutStart ?? options.cleanLine) : options.cleanLine;
    const raw = decoder.decode(offset, end);
    const text = clean(raw);
    const up = text === raw || options.rowsUp === undefined ? 0 : folder.redraw(options.rowsUp(raw));
    folder.push({ text, from: lineNumber, to: lineNumber, rawStart: start + offset, rawEnd, partial });
    previous = partial === undefined && up === 0 ? offset : -1;
    previousLength = end - offset;
    partial = undefined;
    lineNumber += 1;
    offset = end + 1;
    if (keep !== undefined && folder.lines.length > 2 * keep) folder.keepLast(keep);
  }
  if (keep !== undefined) folder.keepLast(keep);
  return folder.lines;
}

/** Where the last `count` lines of `bytes` start (`from` when there are no more than that). */
function startOfLastLines(bytes: Buffer, from: number, count: number): number {
  let position = bytes.length - 1;
  if (bytes[position] === NEWLINE) position -= 1;
  for (let lines = 0; lines < count; lines += 1) {
    // (lastIndexOf from a negative position would search from the end again)
    if (position < from) return from;
    const newline = bytes.lastIndexOf(NEWLINE, position);
    if (newline < from) return from;
    position = newline - 1;
  }
  return position + 2;
}
