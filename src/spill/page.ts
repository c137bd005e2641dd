// Reads a window of lines from a stored output without loading the whole file; with a line index, without
// reading more than the block that holds the first line and the lines shown.
import * as fs from "node:fs";
import { scanLines } from "./line-scan.js";
import { seekLine, type LineIndex } from "./line-index.js";

/** One line's bytes as they come piece by piece, up to `cap`, in one buffer reused from line to line. */
class LineBytes {
  private readonly buffer: Buffer;
  private length = 0;

  constructor(cap: number) {
    this.buffer = Buffer.allocUnsafe(cap);
  }

  /** Adds `chunk[start, end)`, as much of it as the buffer has room for. */
  add(chunk: Buffer, start: number, end: number): void {
    this.length += chunk.copy(this.buffer, this.length, start, end);
  }

  /** The line's text, cut to `maxChars` + 1 characters; the buffer is emptied for the next line. */
  take(maxChars: number): string {
    const text = this.buffer.toString("utf8", 0, this.length);
    this.length = 0;
    return text.length > maxChars + 1 ? text.slice(0, maxChars + 1) : text;
  }
}

/** A window of lines and the file's line count. */
export interface LineWindow {
  lines: string[];
  totalLines: number;
}

/** The line count of data an index describes: its newlines, plus a last line without one. */
export function indexedLineCount(fd: number, index: LineIndex): number {
  if (index.bytes === 0) return 0;
  const last = Buffer.alloc(1);
  fs.readSync(fd, last, 0, 1, index.bytes - 1);
  return index.newlines + (last[0] === 10 ? 0 : 1);
}

/**
 * Lines [offset, offset + limit) of an open file (1-based), each cut to `maxChars` + 1 characters, and the line
 * count. With `index`, the scan starts at the block that holds line `offset` and stops after the window.
 */
export function readLineWindow(fd: number, offset: number, limit: number, maxChars: number, index?: LineIndex): LineWindow {
  const lines: string[] = [];
  const line = new LineBytes((maxChars + 1) * 4);
  const seek = index ? seekLine(index, offset) : { position: 0, partial: false, nextLine: 1 };
  let lineNumber = seek.partial ? seek.nextLine - 1 : 1; // a partial first line is before the window
  const inWindow = (): boolean => lineNumber >= offset && lineNumber < offset + limit;
  const scanned = scanLines(fd, {
    piece(chunk, start, end) {
      if (inWindow()) line.add(chunk, start, end);
    },
    end() {
      if (inWindow()) lines.push(line.take(maxChars));
      lineNumber += 1;
      return index === undefined || lineNumber < offset + limit;
    },
  }, seek.position);
  return { lines, totalLines: index ? indexedLineCount(fd, index) : scanned };
}

/** Lines in the given inclusive ranges (sorted, 1-based), cut like readLineWindow: one seek per range with an index, else one scan. */
export function readLineRanges(fd: number, ranges: readonly (readonly [number, number])[], maxChars: number, index?: LineIndex): Map<number, string> {
  const lines = new Map<number, string>();
  if (ranges.length === 0) return lines;
  if (index) {
    for (const [from, to] of ranges) readLineWindow(fd, from, to - from + 1, maxChars, index).lines.forEach((line, offset) => lines.set(from + offset, line));
    return lines;
  }
  let range = 0;
  let lineNumber = 1;
  const line = new LineBytes((maxChars + 1) * 4);
  const wanted = (): boolean => range < ranges.length && lineNumber >= ranges[range]![0];
  scanLines(fd, {
    piece(chunk, start, end) {
      if (wanted()) line.add(chunk, start, end);
    },
    end() {
      if (wanted()) lines.set(lineNumber, line.take(maxChars));
      while (range < ranges.length && lineNumber >= ranges[range]![1]) range += 1;
      lineNumber += 1;
      return range < ranges.length;
    },
  }, 0);
  return lines;
}
