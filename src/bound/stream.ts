// The constant-memory bounder: a head of clean lines, a ring of the last raw bytes, and counters.
import { skipContinuationBytes } from "../text/utf8.js";
import { ByteRing } from "./byte-ring.js";
import { RepeatFolder, type CollectedLine } from "./lines.js";
import type { Budget, KeepMode } from "./types.js";

const NEWLINE = 0x0a;
const MIN_WINDOW_BYTES = 1024 * 1024;

/** What the collector saw: the first lines, the last lines, and the totals. */
export interface CollectedWindow {
  /** Clean lines from the start of the input (all of them when `complete`). */
  first: CollectedLine[];
  /** Clean lines from the end of the input (the same list as `first` when `complete`). */
  last: CollectedLine[];
  /** True when `first` holds the whole input. */
  complete: boolean;
  totalBytes: number;
  totalLines: number;
  endsWithNewline: boolean;
}

/** Options of a collector. */
export interface CollectorOptions {
  budget: Budget;
  keep: KeepMode;
  /** Per-line hygiene (ANSI, carriage returns); identity when hygiene is off. */
  cleanLine: (line: string) => string;
  foldRepeats: boolean;
}

/** Streams bytes in; keeps at most a budget's worth of head, a bounded raw tail ring, and counts. */
export class LineCollector {
  private readonly options: CollectorOptions;
  private readonly head: RepeatFolder;
  private headBytes = 0;
  private overflowed = false;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly lineCap: number;
  private readonly ringCap: number;
  private ring: ByteRing | undefined;
  private totalBytes = 0;
  private newlines = 0;
  private lastByte = -1;
  /** Bytes that arrived after the head stopped taking lines. */
  private afterHead = 0;

  constructor(options: CollectorOptions) {
    this.options = options;
    this.head = new RepeatFolder(options.foldRepeats);
    this.lineCap = Math.max(4 * options.budget.maxBytes, MIN_WINDOW_BYTES);
    this.ringCap = options.keep === "head" ? 0 : Math.max(4 * options.budget.maxBytes, MIN_WINDOW_BYTES);
  }

  /** Takes the next chunk of input bytes. */
  write(chunk: Buffer): void {
    if (chunk.length === 0) return;
    const start = this.totalBytes;
    this.totalBytes += chunk.length;
    this.lastByte = chunk[chunk.length - 1]!;
    if (this.overflowed) {
      this.pushRing(chunk);
      return;
    }
    let offset = 0;
    while (offset < chunk.length && !this.overflowed) {
      const end = chunk.indexOf(NEWLINE, offset);
      if (end === -1) {
        this.pending.push(Buffer.from(chunk.subarray(offset)));
        this.pendingBytes += chunk.length - offset;
        offset = chunk.length;
        if (this.pendingBytes > this.lineCap) this.overflowWithGiantLine(start + chunk.length);
        break;
      }
      this.newlines += 1;
      this.completeLine(chunk.subarray(offset, end), start + end + 1);
      offset = end + 1;
    }
    if (this.overflowed && offset < chunk.length) this.pushRing(chunk.subarray(offset));
  }

  /** Ends the input and returns what was kept. */
  finish(): CollectedWindow {
    const endsWithNewline = this.lastByte === NEWLINE;
    if (!this.overflowed && this.pendingBytes > 0) {
      const rawStart = this.totalBytes - this.pendingBytes;
      this.pushHead(this.decodePending(), rawStart, this.totalBytes, undefined);
    }
    const totalLines = this.newlines + (this.totalBytes > 0 && !endsWithNewline ? 1 : 0);
    const first = this.head.lines;
    if (this.afterHead > 0 && this.ringContiguous()) {
      this.ringLines(this.head);
      return { first, last: first, complete: true, totalBytes: this.totalBytes, totalLines, endsWithNewline };
    }
    if (this.afterHead === 0) {
      const lastLine = first[first.length - 1];
      if (lastLine?.partial === "end") lastLine.partial = undefined;
      return { first, last: first, complete: true, totalBytes: this.totalBytes, totalLines, endsWithNewline };
    }
    return { first, last: this.ringLines(new RepeatFolder(this.options.foldRepeats)), complete: false, totalBytes: this.totalBytes, totalLines, endsWithNewline };
  }

  private completeLine(tail: Buffer, rawEnd: number): void {
    const lineNumber = this.newlines;
    let bytes: Buffer = tail;
    if (this.pendingBytes > 0) {
      bytes = Buffer.concat([...this.pending, tail]);
      this.pending = [];
      this.pendingBytes = 0;
    }
    const rawStart = rawEnd - bytes.length - 1;
    this.pushHead(this.options.cleanLine(bytes.toString("utf8")), rawStart, rawEnd, undefined, lineNumber);
    if (this.overflowed) this.ring = new ByteRing(this.ringCap, rawEnd, true);
  }

  private pushHead(text: string, rawStart: number, rawEnd: number, partial: "end" | undefined, lineNumber = this.newlines + 1): void {
    this.head.push({ text, from: lineNumber, to: lineNumber, rawStart, rawEnd, partial });
    this.headBytes += this.head.lastDeltaBytes;
    const { maxBytes, maxLines } = this.options.budget;
    if (this.headBytes > maxBytes + 1 || this.head.lines.length > maxLines) this.overflowed = true;
  }

  private overflowWithGiantLine(rawEnd: number): void {
    const rawStart = rawEnd - this.pendingBytes;
    this.pushHead(this.decodePending(), rawStart, rawEnd, "end");
    this.overflowed = true;
    this.ring = new ByteRing(this.ringCap, rawEnd, false);
  }

  private decodePending(): string {
    const text = Buffer.concat(this.pending).toString("utf8");
    this.pending = [];
    this.pendingBytes = 0;
    return this.options.cleanLine(text);
  }

  private pushRing(chunk: Buffer): void {
    this.newlines += countNewlines(chunk, 0);
    this.afterHead += chunk.length;
    this.ring?.push(chunk);
  }

  /** True when the ring still holds every byte after the head and the head ended at a line end: the window is whole. */
  private ringContiguous(): boolean {
    return this.ringCap > 0 && this.ring !== undefined && !this.ring.dropped && this.ring.atLineStart;
  }

  private ringLines(folder: RepeatFolder): CollectedLine[] {
    const ring = this.ring;
    if (!ring) return folder.lines;
    const bytes = ring.bytes();
    const start = ring.start;
    let lineNumber = this.newlines - countNewlines(bytes, 0) + 1;
    let offset = ring.atLineStart ? 0 : skipContinuationBytes(bytes);
    let partial: "start" | undefined = ring.atLineStart ? undefined : "start";
    while (offset < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, offset);
      const end = newline === -1 ? bytes.length : newline;
      const rawEnd = start + (newline === -1 ? end : end + 1);
      const text = this.options.cleanLine(bytes.toString("utf8", offset, end));
      folder.push({ text, from: lineNumber, to: lineNumber, rawStart: start + offset, rawEnd, partial });
      partial = undefined;
      lineNumber += 1;
      offset = end + 1;
    }
    return folder.lines;
  }
}

/** Counts newline bytes in a buffer from an offset (memchr speed via indexOf). */
export function countNewlines(bytes: Buffer, from: number): number {
  let count = 0;
  let index = bytes.indexOf(NEWLINE, from);
  while (index !== -1) {
    count += 1;
    index = bytes.indexOf(NEWLINE, index + 1);
  }
  return count;
}
