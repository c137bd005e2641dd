// Lines as the bounder keeps them: clean text plus where they sit in the raw input; and repeat folding.
import type { RowsUp } from "../text/rows-up.js";

/** One line of clean text and its place in the raw input (line numbers 1-based, byte offsets 0-based). */
export interface CollectedLine {
  text: string;
  /** First and last raw line this entry stands for (a folded run covers several). */
  from: number;
  to: number;
  /** Raw byte offsets: where the line starts, and just after its newline (or where the input ended). */
  rawStart: number;
  rawEnd: number;
  /** "end": the line's end is missing; "start": its start is missing (a window began inside it). */
  partial?: "start" | "end";
  /** A fold note standing for repeats of the line before it. */
  foldNote?: boolean;
  /** With foldNote: the note stands for lines alike the shown lines above it (near-duplicates), not exact repeats. */
  similar?: boolean;
}

/** The text that stands for `count` further repeats of the line above. */
export function repeatNote(count: number): string {
  return `[previous line repeated ${count} more ${count === 1 ? "time" : "times"}]`;
}

/** Appends lines to a list, folding runs of identical lines into the first line and a note once that saves bytes. */
export class RepeatFolder {
  readonly lines: CollectedLine[] = [];
  private run: { text: string; count: number; startIndex: number; folded: boolean } | undefined;
  private readonly enabled: boolean;
  /** Change in UTF-8 bytes (plus newlines) of `lines` caused by the last push; lets callers keep a running total. */
  lastDeltaBytes = 0;
  lastDeltaLines = 0;
  /** Where the rows a redraw took back began: the next line stands for them too (see redraw). */
  private redrawn: { from: number; rawStart: number } | undefined;

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  /** The text the next line must have to extend the current run; undefined when folding is off or no run is open. */
  get runText(): string | undefined {
    return this.enabled ? this.run?.text : undefined;
  }

  /** True once the current run is shown as its first line and a note: more repeats only rewrite the note. */
  get runFolded(): boolean {
    return this.run?.folded === true;
  }

  /** Counts `count` more repeats into a folded run (see runFolded), the last one ending at line `to`, byte `rawEnd`. */
  extendFoldedRun(count: number, to: number, rawEnd: number): void {
    const run = this.run!;
    const note = this.lines[this.lines.length - 1]!;
    const before = note.text.length;
    run.count += count;
    note.text = repeatNote(run.count);
    note.to = to;
    note.rawEnd = rawEnd;
    this.lastDeltaBytes = note.text.length - before;
    this.lastDeltaLines = 0;
  }

  /** Forgets all but the last `keep` lines (a tail that only ever shows its end); the open run stays open. */
  keepLast(keep: number): void {
    const drop = this.lines.length - keep;
    if (drop <= 0) return;
    this.lines.splice(0, drop);
    if (this.run === undefined) return;
    this.run.startIndex -= drop;
    if (this.run.startIndex < 0) this.run = undefined;
  }

  /**
   * Takes back the last `rows` lines, which a line that moves the cursor up that far writes over (a live region's
   * next frame, text/rows-up.ts): the next line pushed stands for them, so line numbers and offsets stay whole.
   * Stops at a partial line or a fold note (which stands for many rows), and at the start of the list. A line that
   * erases nothing takes back only blank rows (it may write over part of a row: the row then stays, as before).
   * Returns the rows the line moves up (0: none, and nothing taken back).
   */
  redraw({ rows, erases }: RowsUp): number {
    let bytes = 0;
    let lines = 0;
    this.lastDeltaBytes = 0;
    this.lastDeltaLines = 0;
    if (rows === 0 || (!erases && !this.blankAtEnd(rows))) return rows;
    while (lines < rows && this.lines.length > 0) {
      const last = this.lines[this.lines.length - 1]!;
      if (last.partial !== undefined || last.foldNote === true) break;
      this.lines.pop();
      this.redrawn = { from: last.from, rawStart: last.rawStart };
      bytes += Buffer.byteLength(last.text) + 1;
      lines += 1;
    }
    if (lines > 0) this.run = undefined;
    this.lastDeltaBytes = -bytes;
    this.lastDeltaLines = -lines;
    return rows;
  }

  private blankAtEnd(rows: number): boolean {
    for (let index = this.lines.length - 1; index >= 0 && index >= this.lines.length - rows; index -= 1) {
      if (this.lines[index]!.text.trim() !== "") return false;
    }
    return true;
  }

  push(line: CollectedLine): void {
    if (this.redrawn !== undefined) {
      line = { ...line, from: this.redrawn.from, rawStart: this.redrawn.rawStart };
      this.redrawn = undefined;
    }
    const run = this.run;
    if (!this.enabled || run === undefined || run.text !== line.text || line.partial !== undefined) {
      this.lines.push(line);
      this.lastDeltaBytes = Buffer.byteLength(line.text) + 1;
      this.lastDeltaLines = 1;
      this.run = line.partial === undefined ? { text: line.text, count: 0, startIndex: this.lines.length - 1, folded: false } : undefined;
      return;
    }
    run.count += 1;
    if (run.folded) {
      const note = this.lines[this.lines.length - 1]!;
      const before = note.text.length;
      note.text = repeatNote(run.count);
      note.to = line.to;
      note.rawEnd = line.rawEnd;
      this.lastDeltaBytes = note.text.length - before;
      this.lastDeltaLines = 0;
      return;
    }
    this.lines.push(line);
    const lineBytes = Buffer.byteLength(line.text) + 1;
    const note = repeatNote(run.count);
    if (run.count * lineBytes <= note.length + 1) {
      this.lastDeltaBytes = lineBytes;
      this.lastDeltaLines = 1;
      return;
    }
    const repeats = this.lines.splice(run.startIndex + 1);
    this.lines.push({ text: note, from: repeats[0]!.from, to: line.to, rawStart: repeats[0]!.rawStart, rawEnd: line.rawEnd, foldNote: true });
    run.folded = true;
    this.lastDeltaBytes = note.length + 1 - (run.count - 1) * lineBytes;
    this.lastDeltaLines = 1 - (run.count - 1);
  }
}

/** Where a stretch of back-to-back repeats of the open run's line starts, and how long each copy is in raw bytes. */
export interface RepeatStretch {
  count: number;
  firstLine: number;
  rawStart: number;
  /** Raw bytes of one copy, its newline included. */
  period: number;
}

/**
 * Pushes a stretch of repeats of the open run's line (same raw bytes, so the same clean text): one by one until
 * the run folds, then all the rest in one note update. `afterPush` runs after each change; true stops early.
 * Returns how many repeats were taken.
 */
export function pushRepeats(folder: RepeatFolder, stretch: RepeatStretch, afterPush: () => boolean): number {
  const text = folder.runText!;
  const { count, firstLine, rawStart, period } = stretch;
  let taken = 0;
  while (taken < count && !folder.runFolded) {
    const start = rawStart + taken * period;
    folder.push({ text, from: firstLine + taken, to: firstLine + taken, rawStart: start, rawEnd: start + period });
    taken += 1;
    if (afterPush()) return taken;
  }
  if (taken === count) return taken;
  folder.extendFoldedRun(count - taken, firstLine + count - 1, rawStart + count * period);
  afterPush();
  return count;
}
