// Reads a window of lines from a stored output without loading the whole file; with a line index, without
// reading more than the block that holds the first line and the lines shown.
import * as fs from "node:fs";
import { scanLines } from "./line-scan.js";
import { seekLine, type LineIndex } from "./line-index.js";

/**
 * One line's bytes as they come piece by piece, up to `cap`, in one buffer reused from line to line; with `redraws`,
 * also the last `cap` bytes of a longer line, in a second buffer used as a ring.
 */
class LineBytes {
  private readonly buffer: Buffer;
  private length = 0;
  /** The last bytes of a line longer than the buffer: a ring, `seen` bytes in all went past the first buffer. */
  private readonly last: Buffer | undefined;
  private seen = 0;

  constructor(cap: number, redraws: boolean) {
    this.buffer = Buffer.allocUnsafe(cap);
    this.last = redraws ? Buffer.allocUnsafe(cap) : undefined;
  }

  /** Adds `chunk[start, end)`: as much of it as the buffer has room for, the rest to the ring of the last bytes. */
  add(chunk: Buffer, start: number, end: number): void {
    const taken = chunk.copy(this.buffer, this.length, start, end);
    this.length += taken;
    const { last } = this;
    if (last === undefined) return;
    for (let from = start + taken; from < end; ) {
      const at = this.seen % last.length;
      const copied = chunk.copy(last, at, from, Math.min(end, from + last.length - at));
      from += copied;
      this.seen += copied;
    }
  }

  /**
   * The line's text, cut to `maxChars` + 1 characters; the buffers are emptied for the next line. A longer line
   * whose last bytes redraw it (a carriage return among them: a progress bar) is given from its last bytes' first
   * carriage return on, so that collapsing the redraws shows its final state, not the one its first bytes had.
   */
  take(maxChars: number): string {
    const redrawn = this.redrawnEnd();
    const text = this.buffer.toString("utf8", 0, this.length);
    this.length = 0;
    this.seen = 0;
    if (redrawn !== undefined) return redrawn.length > maxChars + 1 ? redrawn.slice(redrawn.length - maxChars - 1) : redrawn;
    return text.length > maxChars + 1 ? text.slice(0, maxChars + 1) : text;
  }

  /**
   * A long line's last bytes (all of it when the ring did not wrap: the first buffer's bytes, then the ring's) from
   * their first carriage return that is not the line's own CRLF, if any.
   */
  private redrawnEnd(): string | undefined {
    const { last, seen } = this;
    if (last === undefined || seen === 0) return undefined;
    const start = seen % last.length;
    const bytes = seen <= last.length
      ? Buffer.concat([this.buffer.subarray(0, this.length), last.subarray(0, seen)])
      : Buffer.concat([last.subarray(start), last.subarray(0, start)], last.length);
    const body = bytes[bytes.length - 1] === 0x0d ? bytes.subarray(0, bytes.length - 1) : bytes;
    const at = body.indexOf(0x0d);
    return at < 0 ? undefined : bytes.toString("utf8", at);
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
 * count. With `index`, the scan starts at the block that holds line `offset` and stops after the window. With
 * `redraws` (lines shown with their redraws collapsed), a longer line that ends redrawing itself gives its end
 * from a carriage return on instead (LineBytes.take).
 */
export function readLineWindow(fd: number, offset: number, limit: number, maxChars: number, index?: LineIndex, redraws = false): LineWindow {
  const lines: string[] = [];
  const line = new LineBytes((maxChars + 1) * 4, redraws);
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
  const line = new LineBytes((maxChars + 1) * 4, false);
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
