// A part of one stored line from a byte offset within it (`correx read --byte-offset`, read_output's `byte_offset`):
// the middle of a line of hundreds of MiB (a minified bundle, a JSON blob) read in flat memory. The line's start and
// end are found through the line index (one block scanned for each) when there is one, else by one scan.
import * as fs from "node:fs";
import { skipContinuationBytes, utf8CharBoundary } from "../text/utf8.js";
import type { LineIndex } from "./line-index.js";

const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 10;

/** Where the `count`-th "\n" (1-based) of the file is, or -1 when it has fewer. */
function newlinePosition(fd: number, count: number, index?: LineIndex): number {
  let position = 0;
  let seen = 0;
  if (index && index.ends.length > 0) {
    // the first block whose end has `count` newlines before it holds the one wanted; else it is past the last whole block
    let low = 0;
    let high = index.ends.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (index.ends[middle]! >= count) high = middle;
      else low = middle + 1;
    }
    position = low * index.blockBytes;
    seen = low === 0 ? 0 : index.ends[low - 1]!;
  }
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  for (;;) {
    const read = fs.readSync(fd, buffer, 0, CHUNK_BYTES, position);
    if (read === 0) return -1;
    for (let at = buffer.indexOf(NEWLINE, 0); at !== -1 && at < read; at = buffer.indexOf(NEWLINE, at + 1)) {
      seen += 1;
      if (seen === count) return position + at;
    }
    position += read;
  }
}

/** Line `line` (1-based) as byte positions: its start and its end (its "\n" excluded); undefined when there is no such line. */
export function lineExtent(fd: number, line: number, size: number, index?: LineIndex): { start: number; end: number } | undefined {
  const start = line === 1 ? 0 : newlinePosition(fd, line - 1, index) + 1;
  if ((start === 0 && line > 1) || start >= size) return undefined;
  const end = newlinePosition(fd, line, index);
  return { start, end: end === -1 ? size : end };
}

/** The bytes read of a line: where they start and end within it (whole characters), and the line's length. */
export interface LinePart {
  bytes: Buffer;
  /** Byte offsets within the line (0-based, `to` exclusive). */
  from: number;
  to: number;
  lineBytes: number;
}

/**
 * At most `most` bytes of the line at [start, end) from `offset` bytes into it, moved on to the next character's
 * start when `offset` falls inside one and cut back to a character's end.
 */
export function readLinePart(fd: number, extent: { start: number; end: number }, offset: number, most: number): LinePart {
  const lineBytes = extent.end - extent.start;
  const from = Math.min(offset, lineBytes);
  const want = Math.max(0, Math.min(most + 3, lineBytes - from));
  const buffer = Buffer.allocUnsafe(want);
  let read = 0;
  while (read < want) {
    const got = fs.readSync(fd, buffer, read, want - read, extent.start + from + read);
    if (got === 0) break;
    read += got;
  }
  const window = buffer.subarray(0, read);
  const skip = skipContinuationBytes(window);
  const reachesEnd = from + read >= lineBytes;
  const cut = reachesEnd && read - skip <= most ? read : utf8CharBoundary(window, skip + most);
  const end = Math.max(skip, cut);
  return { bytes: window.subarray(skip, end), from: from + skip, to: from + end, lineBytes };
}
