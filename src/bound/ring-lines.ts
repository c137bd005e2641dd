// Reading the tail ring back as lines: the last lines of its raw bytes, cleaned and folded, with true line numbers.
import { countNewlines, countRepeats } from "../text/newlines.js";
import { skipContinuationBytes } from "../text/utf8.js";
import type { ByteRing } from "./byte-ring.js";
import { pushRepeats, type CollectedLine, type RepeatFolder } from "./lines.js";

const NEWLINE = 0x0a;

/** How the ring's lines are read: per-line hygiene, folding, and how many newlines the whole input had. */
export interface RingReadOptions {
  cleanLine: (line: string) => string;
  foldRepeats: boolean;
  /** Newlines counted in the whole input so far (the ring's last line number follows from it). */
  totalNewlines: number;
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

/**
 * The ring's lines, cleaned and folded into `folder`. With `keep`, only about the last `keep` lines are kept:
 * a tail never shows more, and a ring of a million short lines must not become a million objects.
 */
export function ringLines(ring: ByteRing, options: RingReadOptions, folder: RepeatFolder, keep?: number): CollectedLine[] {
  const bytes = ring.bytes();
  const start = ring.start;
  let lineNumber = options.totalNewlines - countNewlines(bytes, 0) + 1;
  let offset = ring.atLineStart ? 0 : skipContinuationBytes(bytes);
  let partial: "start" | undefined = ring.atLineStart ? undefined : "start";
  const lastLines = keep === undefined || options.foldRepeats ? offset : startOfLastLines(bytes, offset, keep);
  if (lastLines > offset) {
    lineNumber += countNewlines(bytes.subarray(offset, lastLines));
    offset = lastLines;
    partial = undefined;
  }
  let previous: Buffer | undefined;
  while (offset < bytes.length) {
    const count = previous !== undefined && folder.runText !== undefined ? countRepeats(bytes, offset, previous) : 0;
    if (count > 0) {
      pushRepeats(folder, { count, firstLine: lineNumber, rawStart: start + offset, period: previous!.length + 1 }, () => false);
      lineNumber += count;
      offset += count * (previous!.length + 1);
      continue;
    }
    const newline = bytes.indexOf(NEWLINE, offset);
    const end = newline === -1 ? bytes.length : newline;
    const rawEnd = start + (newline === -1 ? end : end + 1);
    const text = options.cleanLine(bytes.toString("utf8", offset, end));
    folder.push({ text, from: lineNumber, to: lineNumber, rawStart: start + offset, rawEnd, partial });
    previous = partial === undefined ? bytes.subarray(offset, end) : undefined;
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
    const newline = bytes.lastIndexOf(NEWLINE, position);
    if (newline < from) return from;
    position = newline - 1;
  }
  return position + 2;
}
