// Decoding the lines of one buffer, in order: an ASCII stretch of it is decoded once and its lines are cut from that
// string. A Buffer's toString per line is a call through Node's encoding wrappers each (~2.4 µs at the end of an
// output, where TurboFan is off: the 2,016 tail lines of a 100 MiB `run` took ~5 ms of the end's critical path).
import { isAscii } from "node:buffer";

/** Bytes decoded at once when they are all ASCII (a longer line is decoded whole, alone). */
const BLOCK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** Decodes ranges of one buffer as UTF-8, for ranges that come in order (its lines): the same strings as toString gives. */
export class LineDecoder {
  private readonly bytes: Buffer;
  /** The block bytes[from, to) last loaded, and its text when it is ASCII (else its ranges are decoded one by one). */
  private from = 0;
  private to = 0;
  private text: string | undefined;
  /** Blocks decoded whole and ranges decoded alone, for the tests that count work. */
  readonly work = { blocks: 0, ranges: 0 };

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }

  /** Where the line that starts at `start` ends: its newline's index, or the buffer's length (found in the decoded block when it can be). */
  lineEnd(start: number): number {
    if (start < this.from || start >= this.to) this.load(start, start);
    if (this.text !== undefined) {
      const newline = this.text.indexOf("\n", start - this.from);
      if (newline !== -1) return this.from + newline;
    }
    const newline = this.bytes.indexOf(NEWLINE, start);
    return newline === -1 ? this.bytes.length : newline;
  }

  /** bytes[start, end) as UTF-8 text (`end` a line's end: its newline, or the buffer's end). */
  decode(start: number, end: number): string {
    if (start < this.from || end > this.to) this.load(start, end);
    if (this.text !== undefined) return this.text.slice(start - this.from, end - this.from);
    this.work.ranges += 1;
    return this.bytes.toString("utf8", start, end);
  }

  /** Loads the block from `start`: BLOCK_BYTES or to `end` if further, cut after a newline, decoded if all ASCII. */
  private load(start: number, end: number): void {
    let to = Math.min(this.bytes.length, Math.max(end, start + BLOCK_BYTES));
    if (to > end && to < this.bytes.length) {
      const newline = this.bytes.lastIndexOf(NEWLINE, to - 1);
      if (newline >= end) to = newline + 1;
    }
    this.from = start;
    this.to = to;
    // ASCII reads the same as Latin-1 and as UTF-8: one string for the block, sliced per line (no copy)
    this.text = isAscii(this.bytes.subarray(start, to)) ? this.bytes.toString("latin1", start, to) : undefined;
    if (this.text !== undefined) this.work.blocks += 1;
  }
}
