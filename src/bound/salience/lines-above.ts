// The lines above a salient line (for the header that owns its block): read back from a region's bytes on the byte
// path, from the window's lines on the line path. One reader of one class serves every scored line of an output:
// no closure per hit (a closure per line fed the scavenger, and each call site's own closure deoptimized the
// scoring code that had inlined another's).
import type { CollectedLine } from "../lines.js";
import type { NumberedLine } from "./reservoir.js";

const NEWLINE = 0x0a;
/** Lines looked back through for an owning header inside a region. */
const MAX_LOOK_BACK = 400;
const NO_BYTES = Buffer.alloc(0);

/** The line `distance` lines above the one being scored, undefined past what is known (what groups.ts reads). */
export interface Above {
  at(distance: number): NumberedLine | undefined;
  /** No line `at` gives is numbered below this (unknown when absent). */
  lowest?(): number;
}

/** The lines above the line being scored, `at(distance)` (owners.ts's ownerOf asks for them nearest first). */
export class LinesAbove implements Above {
  private readonly decode: (bytes: Buffer, start: number, end: number) => string;
  /** Where the lines come from: a region's bytes, the window's lines, or nothing (a line that spanned pieces). */
  private source: "bytes" | "window" | "none" = "none";
  private bytes: Buffer = NO_BYTES;
  private regionStart = 0;
  private number = 0;
  private reached = 0;
  private begin = 0;
  private end = 0;
  private last: NumberedLine | undefined;
  private lines: readonly CollectedLine[] = [];
  private index = 0;
  private fromLine = 0;

  /** `decode`: a line's clean text from bytes[start, end). */
  constructor(decode: (bytes: Buffer, start: number, end: number) => string) {
    this.decode = decode;
  }

  /**
   * The lines above the line at `lineStart` (numbered `number`) within bytes[regionStart, …): read back once however
   * far they are asked for (each distance asked must be at least the last), none past the region's start. A line
   * asked for again is not decoded again (ownerOf reads the line above, then failureTitle does).
   */
  inRegion(bytes: Buffer, regionStart: number, lineStart: number, number: number): this {
    this.source = "bytes";
    this.bytes = bytes;
    this.regionStart = regionStart;
    this.number = number;
    this.reached = 0;
    this.begin = lineStart;
    this.end = lineStart;
    this.last = undefined;
    return this;
  }

  /** The lines above lines[index] of the window, down to line `fromLine` (fold notes are not lines). */
  inWindow(lines: readonly CollectedLine[], index: number, fromLine: number): this {
    this.source = "window";
    this.lines = lines;
    this.index = index;
    this.fromLine = fromLine;
    return this;
  }

  /** No line above is known. */
  none(): this {
    this.source = "none";
    this.bytes = NO_BYTES;
    this.last = undefined;
    return this;
  }

  /** No line `at` gives is numbered below this: MAX_LOOK_BACK lines above in a region, the window's first line in it. */
  lowest(): number {
    if (this.source === "bytes") return this.number - MAX_LOOK_BACK;
    return this.source === "window" ? this.fromLine : Number.POSITIVE_INFINITY;
  }

  /** The line `distance` lines above, or undefined when it is not known. */
  at(distance: number): NumberedLine | undefined {
    if (this.source === "bytes") return this.inBytes(distance);
    if (this.source === "none") return undefined;
    const above = this.lines[this.index - distance];
    return above && !above.foldNote && above.from >= this.fromLine ? { number: above.from, text: above.text } : undefined;
  }

  private inBytes(distance: number): NumberedLine | undefined {
    if (distance > MAX_LOOK_BACK || distance < this.reached) return undefined;
    if (this.last !== undefined && this.last.number === this.number - distance) return this.last;
    const { bytes, regionStart } = this;
    while (this.reached < distance) {
      if (this.begin <= regionStart) return undefined;
      this.end = this.begin - 1;
      this.begin = this.end <= regionStart ? regionStart : Math.max(regionStart, bytes.lastIndexOf(NEWLINE, this.end - 1) + 1);
      this.reached += 1;
    }
    this.last = { number: this.number - distance, text: this.decode(bytes, this.begin, this.end) };
    return this.last;
  }
}
