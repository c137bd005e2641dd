// Lines as the bounder keeps them: clean text plus where they sit in the raw input; and repeat folding.

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

  constructor(enabled: boolean) {
    this.enabled = enabled;
  }

  push(line: CollectedLine): void {
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
