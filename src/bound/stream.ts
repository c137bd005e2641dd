// The constant-memory bounder: a head of clean lines, a ring of the last raw bytes, and counters.
import { countNewlines, countRepeats } from "../text/newlines.js";
import { ByteRing } from "./byte-ring.js";
import { pushRepeats, RepeatFolder, type CollectedLine } from "./lines.js";
import { ringLines, ringRunsWithin } from "./ring-lines.js";
import type { RowsUp } from "../text/rows-up.js";
import type { SalienceScanner } from "./salience/scanner.js";
import type { Budget, KeepMode } from "./types.js";

const NEWLINE = 0x0a;
const MIN_WINDOW_BYTES = 1024 * 1024;
/** Lines of the tail kept beyond the line budget (a cut never shows more than the budget's lines). */
const TAIL_SLACK_LINES = 16;
/**
 * The head holds at least this much whatever the budget, so a budget too small for the marker sees the same
 * window as the budgets up to the smallest that works (which may take a short input whole): the search for that
 * budget (bound/smallest-budget.ts) is then exact.
 */
const HEAD_FLOOR = { bytes: 4096, lines: 64 };

/** What the collector saw: the first lines, the last lines, and the totals. */
export interface CollectedWindow {
  /** Clean lines from the start of the input (all of them when `complete`). */
  first: CollectedLine[];
  /** Clean lines from the end of the input (the same list as `first` when `complete`). */
  last: CollectedLine[];
  /** True when `first` holds the whole input. */
  complete: boolean;
  /** The salience stage that saw the lines which left the ring (absent when salience is off). */
  salience?: SalienceScanner;
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
  /** Hygiene for the tail of a line too long to hold, whose start is missing; cleanLine when absent. */
  cleanCutStart?: (line: string) => string;
  /** Rows a line moves up over the lines before it (a live region's redraw, text/rows-up.ts); absent: none. */
  rowsUp?: (line: string) => RowsUp;
  foldRepeats: boolean;
  /** Scores lines as they leave the tail ring (SPEC §4, salience). */
  salience?: SalienceScanner;
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
  /**
   * Newlines before the ring's first byte, once the scanner counts the newlines of the bytes that leave the ring
   * (salience on): the collector then counts only the ring's own, at the end, not every byte as it arrives.
   */
  private newlinesBeforeScan: number | undefined;
  /** The ring's own newlines, once counted at the end (for reading its lines back). */
  private ringNewlines: number | undefined;
  /** Bytes the collector ran a newline count over itself (perf tests count work, never time). */
  countedBytes = 0;
  /** Raw bytes of the last line the head took while its run may go on: its repeats are skipped by memcmp. */
  private previous: Buffer | undefined;

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
      if (this.previous !== undefined && this.pendingBytes === 0) {
        const skipped = this.takeRepeats(chunk, offset, start + offset);
        offset += skipped;
        if (skipped > 0) continue;
      }
      const end = chunk.indexOf(NEWLINE, offset);
      // A line longer than lineCap is cut after exactly lineCap + 1 bytes, wherever the chunks end: the head takes
      // that much of it, the ring the rest, so the projection depends on the bytes alone, not on the reads' sizes.
      const room = this.lineCap + 1 - this.pendingBytes;
      if (end === -1 || end - offset >= room) {
        const take = Math.min(chunk.length - offset, room);
        this.pending.push(Buffer.from(chunk.subarray(offset, offset + take)));
        this.pendingBytes += take;
        offset += take;
        if (this.pendingBytes > this.lineCap) this.overflowWithGiantLine(start + offset);
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
    this.settleNewlines();
    const endsWithNewline = this.lastByte === NEWLINE;
    if (!this.overflowed && this.pendingBytes > 0) {
      const rawStart = this.totalBytes - this.pendingBytes;
      this.pushHead(this.decodePending(), rawStart, this.totalBytes, undefined);
    }
    const totalLines = this.newlines + (this.totalBytes > 0 && !endsWithNewline ? 1 : 0);
    const first = this.head.lines;
    if (this.afterHead > 0 && this.ringContiguous() && ringRunsWithin(this.ring!, this.tailLines())) {
      this.ringLines(this.head);
      return { first, last: first, complete: true, totalBytes: this.totalBytes, totalLines, endsWithNewline, salience: this.options.salience };
    }
    if (this.afterHead === 0) {
      const lastLine = first[first.length - 1];
      if (lastLine?.partial === "end") lastLine.partial = undefined;
      return { first, last: first, complete: true, totalBytes: this.totalBytes, totalLines, endsWithNewline, salience: this.options.salience };
    }
    const last = this.ringLines(new RepeatFolder(this.options.foldRepeats), this.tailLines());
    this.handOverRingBefore(last[0]);
    this.options.salience?.flush();
    return { first, last, complete: false, totalBytes: this.totalBytes, totalLines, endsWithNewline, salience: this.options.salience };
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
    const raw = bytes.toString("utf8");
    const text = this.options.cleanLine(raw);
    // a clean line is returned as it came: only a cleaned one can move up
    const up = text === raw || this.options.rowsUp === undefined ? 0 : this.redrawHead(raw);
    this.pushHead(text, rawStart, rawEnd, undefined, lineNumber);
    if (this.overflowed) this.ring = this.createRing(rawEnd, true, this.newlines + 1);
    const open = !this.overflowed && this.head.runText !== undefined && up === 0;
    this.previous = open ? (bytes === tail ? Buffer.from(tail) : bytes) : undefined;
  }

  /** Takes back the rows the line moves up over (a live region's next frame); the rows it moves up. */
  private redrawHead(raw: string): number {
    const rows = this.head.redraw(this.options.rowsUp!(raw));
    this.headBytes += this.head.lastDeltaBytes;
    return rows;
  }

  /** Takes the repeats of the previous line that start at `offset` (one note update, not a line each); bytes taken. */
  private takeRepeats(chunk: Buffer, offset: number, rawStart: number): number {
    const previous = this.previous!;
    const count = countRepeats(chunk, offset, previous);
    if (count === 0) return 0;
    const period = previous.length + 1;
    const stretch = { count, firstLine: this.newlines + 1, rawStart, period };
    const taken = pushRepeats(this.head, stretch, () => {
      this.headBytes += this.head.lastDeltaBytes;
      this.checkOverflow();
      return this.overflowed;
    });
    this.newlines += taken;
    if (this.overflowed) {
      this.previous = undefined;
      this.ring = this.createRing(rawStart + taken * period, true, this.newlines + 1);
    }
    return taken * period;
  }

  private checkOverflow(): void {
    const { maxBytes, maxLines } = this.options.budget;
    const bytes = Math.max(maxBytes, HEAD_FLOOR.bytes);
    if (this.headBytes > bytes + 1 || this.head.lines.length > Math.max(maxLines, HEAD_FLOOR.lines)) this.overflowed = true;
  }

  /** Lines a tail may need: the budget's lines and some slack. */
  private tailLines(): number {
    return this.options.budget.maxLines + TAIL_SLACK_LINES;
  }

  private pushHead(text: string, rawStart: number, rawEnd: number, partial: "end" | undefined, lineNumber = this.newlines + 1): void {
    this.head.push({ text, from: lineNumber, to: lineNumber, rawStart, rawEnd, partial });
    this.headBytes += this.head.lastDeltaBytes;
    this.checkOverflow();
  }

  private overflowWithGiantLine(rawEnd: number): void {
    const rawStart = rawEnd - this.pendingBytes;
    this.pushHead(this.decodePending(), rawStart, rawEnd, "end");
    this.overflowed = true;
    this.ring = this.createRing(rawEnd, false, this.newlines + 1);
  }

  /** The tail ring; with salience on, the lines that leave it go to the scanner (its only hook into this class). */
  private createRing(origin: number, atLineStart: boolean, firstLineNumber: number): ByteRing {
    const salience = this.options.salience;
    if (!salience || this.ringCap === 0) return new ByteRing(this.ringCap, origin, atLineStart);
    salience.recognize(this.head.lines.slice(0, 20).map((line) => line.text));
    salience.begin(firstLineNumber, atLineStart, this.head.lines);
    this.newlinesBeforeScan = this.newlines;
    return new ByteRing(this.ringCap, origin, atLineStart, (bytes) => salience.evict(bytes), salience.ringStorage(this.ringCap));
  }

  /** With salience on, the ring's bytes before the tail's lines also leave: the scanner sees them like the rest. */
  private handOverRingBefore(firstKept: CollectedLine | undefined): void {
    const ring = this.ring;
    if (!this.options.salience || !ring || !firstKept || firstKept.partial) return;
    const before = firstKept.rawStart - ring.start;
    if (before > 0) this.options.salience.evict(ring.bytes().subarray(0, before));
  }

  private decodePending(): string {
    this.previous = undefined;
    const text = Buffer.concat(this.pending).toString("utf8");
    this.pending = [];
    this.pendingBytes = 0;
    return this.options.cleanLine(text);
  }

  private pushRing(chunk: Buffer): void {
    if (this.newlinesBeforeScan === undefined) {
      this.newlines += countNewlines(chunk, 0);
      this.countedBytes += chunk.length;
    }
    this.afterHead += chunk.length;
    this.ring?.push(chunk);
  }

  /** The newlines of the whole input, once the ring's bytes were left to the scanner to count (see newlinesBeforeScan). */
  private settleNewlines(): void {
    if (this.newlinesBeforeScan === undefined) return;
    this.ringNewlines = this.ring!.newlines();
    this.countedBytes += this.ring!.size;
    this.newlines = this.newlinesBeforeScan + this.options.salience!.evictedNewlines() + this.ringNewlines;
    this.newlinesBeforeScan = undefined;
  }

  /** True when the ring still holds every byte after the head and the head ended at a line end: the window is whole. */
  private ringContiguous(): boolean {
    return this.ringCap > 0 && this.ring !== undefined && !this.ring.dropped && this.ring.atLineStart;
  }

  /** The ring's lines read back (none without a ring), folded into `folder`; with `keep`, about the last `keep`. */
  private ringLines(folder: RepeatFolder, keep?: number): CollectedLine[] {
    if (!this.ring) return folder.lines;
    const { cleanLine, cleanCutStart, rowsUp, foldRepeats } = this.options;
    return ringLines(this.ring, { cleanLine, cleanCutStart, rowsUp, foldRepeats, totalNewlines: this.newlines, ringNewlines: this.ringNewlines }, folder, keep);
  }
}
