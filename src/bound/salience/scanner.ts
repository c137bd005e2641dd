// The salience stage: scores lines leaving the tail ring (bytes, in order, once) and lines of the final window.
import { countNewlines } from "../../text/newlines.js";
import type { CollectedLine } from "../lines.js";
import { recognizeContent, type ContentKind } from "./content-kind.js";
import { findHits, mayBeSalient } from "./prefilter.js";
import { GroupBuilder, MAX_LINE_CHARS } from "./groups.js";
import { Reservoir, type NumberedLine, type SalientGroup } from "./reservoir.js";
import { OmissionSummary } from "./summary.js";

const NEWLINE = 0x0a;
/** Lines fully scored before the allowance below is all there is (every real output stays under it). */
const INITIAL_ALLOWANCE = 16384;
/** Further lines scored per byte that leaves the ring (64 per MiB): a flood of errors costs O(bytes), not O(lines × regex). */
const ALLOWANCE_PER_BYTE = 64 / (1024 * 1024);
/** Scored lines a flood must have earned before the needles run again (they then run on every 4 MiB or so). */
const FLOOD_BATCH = 256;
/** Bytes of a partial line carried to the next piece (the rest of a longer line is not scored). */
const MAX_CARRY = 4 * MAX_LINE_CHARS;
/** Lines looked back through for an owning header inside a piece. */
const MAX_LOOK_BACK = 400;
/** Bytes of lines that left the ring per line mined for the summary. */
const SAMPLE_BYTES = 16 * 1024;

/** Keeps the salient lines of the omitted middle in constant memory, and what the omitted lines mostly were. */
export class SalienceScanner {
  private readonly cleanLine: (line: string) => string;
  private readonly builder: GroupBuilder;
  readonly summary = new OmissionSummary();
  /** Set once the final window's middle lines were scanned (a second cut of the same window must not add them again). */
  windowScanned = false;
  private kind: ContentKind = "log";
  private lineNumber = 1;
  private carry: Buffer[] = [];
  private carryBytes = 0;
  private carryClipped = false;
  private allowance = INITIAL_ALLOWANCE;
  private flooded = false;
  /** Lines from the first line of the output up to the ring's start whose text the line path scores at the end. */
  private evictedFrom = 0;
  private evictedTo = 0;

  constructor(cleanLine: (line: string) => string, budgetBytes: number) {
    this.cleanLine = cleanLine;
    this.builder = new GroupBuilder(new Reservoir(512, Math.max(4 * budgetBytes, 64 * 1024)));
  }

  /** Looks at the output's first lines once: a diff, git log, JSON or grep -n output is not scored. */
  recognize(firstLines: readonly string[]): void {
    this.kind = recognizeContent(firstLines);
  }

  /** Where the bytes that will leave the ring begin: their first line's number, and whether they start it. */
  begin(lineNumber: number, atLineStart: boolean): void {
    this.lineNumber = lineNumber;
    this.carryClipped = !atLineStart;
    if (!atLineStart) this.carry = [Buffer.alloc(0)];
  }

  /** First and last line (inclusive) that left the ring, if any did. */
  get evictedLines(): { from: number; to: number } | undefined {
    return this.evictedTo >= this.evictedFrom && this.evictedFrom > 0 ? { from: this.evictedFrom, to: this.evictedTo } : undefined;
  }

  /** Takes bytes as they leave the ring, oldest first. The chunk is only read during the call. */
  evict(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.allowance += bytes.length * ALLOWANCE_PER_BYTE;
    let offset = 0;
    if (this.carry.length > 0) {
      const newline = bytes.indexOf(NEWLINE);
      if (newline === -1) {
        this.keepCarry(bytes);
        return;
      }
      this.keepCarry(bytes.subarray(0, newline));
      const text = this.carryClipped ? undefined : Buffer.concat(this.carry).toString("utf8");
      this.carry = [];
      this.carryBytes = 0;
      this.carryClipped = false;
      if (text !== undefined) this.looseLine(text);
      else this.skipLine();
      offset = newline + 1;
    }
    const lastNewline = bytes.lastIndexOf(NEWLINE);
    if (lastNewline >= offset) this.scanRegion(bytes, offset, lastNewline + 1);
    if (lastNewline + 1 < bytes.length) this.keepCarry(bytes.subarray(Math.max(offset, lastNewline + 1)));
  }

  /** Scores lines of the final window (clean text) that lie between `fromLine` and `toLine`, inclusive. */
  scanLines(lines: readonly CollectedLine[], fromLine: number, toLine: number): void {
    this.builder.restart();
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index]!;
      if (line.from < fromLine || line.to > toLine) continue;
      if (line.foldNote || line.partial) {
        this.builder.pass({ number: line.from, text: "" });
        continue;
      }
      const numbered = { number: line.from, text: line.text };
      this.summary.addWindowLine(line.from, line.text);
      if (this.kind !== "log" || !mayBeSalient(line.text)) {
        this.builder.pass(numbered);
        continue;
      }
      this.builder.offer(numbered, (distance) => {
        const above = lines[index - distance];
        return above && !above.foldNote && above.from >= fromLine ? { number: above.from, text: above.text } : undefined;
      });
    }
  }

  /** The salient groups kept, in input order. */
  groups(): SalientGroup[] {
    return this.builder.reservoir.held();
  }

  private keepCarry(bytes: Buffer): void {
    if (this.carryClipped || this.carryBytes + bytes.length > MAX_CARRY) {
      this.carryClipped = true;
      if (this.carry.length === 0) this.carry = [Buffer.alloc(0)];
      return;
    }
    this.carry.push(Buffer.from(bytes));
    this.carryBytes += bytes.length;
  }

  private markEvicted(): void {
    if (this.evictedFrom === 0) this.evictedFrom = this.lineNumber;
    this.evictedTo = this.lineNumber;
    this.lineNumber += 1;
  }

  private skipLine(): void {
    this.builder.pass({ number: this.lineNumber, text: "" });
    this.markEvicted();
  }

  /** A whole line that spanned pieces: tested with the text prefilter. */
  private looseLine(raw: string): void {
    const text = this.cleanLine(raw);
    const line = { number: this.lineNumber, text };
    if (this.kind === "log" && mayBeSalient(text)) this.builder.offer(line, () => undefined);
    else this.builder.pass(line);
    this.markEvicted();
  }

  /**
   * Complete lines in bytes[start, end): lines are counted between needle hits (no per-line loop), a line every
   * SAMPLE_BYTES is mined for the summary (weighted by the lines it stands for), and hit lines are scored.
   */
  private scanRegion(bytes: Buffer, start: number, end: number): void {
    const firstLine = this.lineNumber;
    // In a flood (the allowance ran out once), needles run only once a batch of allowance has built up again.
    const scan = this.kind === "log" && this.allowance >= (this.flooded ? FLOOD_BATCH : 1);
    const hits = scan ? findHits(bytes, start, end, Math.floor(this.allowance)) : [];
    let position = start;
    for (const hit of hits) {
      if (hit < position) continue;
      const lineStart = hit === 0 ? 0 : bytes.lastIndexOf(NEWLINE, hit - 1) + 1;
      this.advance(bytes, position, Math.max(lineStart, position));
      position = this.scoreHit(bytes, Math.max(lineStart, position), start, end);
    }
    this.advance(bytes, position, end);
    if (this.allowance < 1) this.flooded = true;
    this.sample(bytes, start, end, this.lineNumber - firstLine);
    if (this.evictedFrom === 0) this.evictedFrom = firstLine;
    this.evictedTo = this.lineNumber - 1;
  }

  /** Counts the lines in bytes[from, to) (to is a line start) and closes any open group. */
  private advance(bytes: Buffer, from: number, to: number): void {
    if (to <= from) return;
    const lines = countNewlines(bytes.subarray(from, to));
    if (lines > 0) this.builder.pass({ number: this.lineNumber, text: "" });
    this.lineNumber += lines;
  }

  /** Scores the line at `lineStart` and offers the lines after it while the group takes them; returns where it stopped. */
  private scoreHit(bytes: Buffer, lineStart: number, regionStart: number, end: number): number {
    let position = lineStart;
    let first = true;
    while (position < end && (first || this.builder.wantsNext)) {
      const newline = bytes.indexOf(NEWLINE, position);
      const lineEnd = newline === -1 || newline >= end ? end - 1 : newline;
      const line = { number: this.lineNumber, text: this.decode(bytes, position, lineEnd) };
      if (first && this.allowance >= 1) {
        this.allowance -= 1;
        this.builder.offer(line, this.linesAbove(bytes, regionStart, position));
      } else this.builder.pass(line);
      first = false;
      this.lineNumber += 1;
      position = lineEnd + 1;
    }
    return position;
  }

  /** Mines a line every SAMPLE_BYTES of the region, each standing for its share of the region's lines. */
  private sample(bytes: Buffer, start: number, end: number, lines: number): void {
    const samples = Math.max(1, Math.floor((end - start) / SAMPLE_BYTES));
    const weight = lines / samples;
    for (let index = 0; index < samples; index += 1) {
      const at = start + index * SAMPLE_BYTES;
      const lineStart = at === start ? start : bytes.indexOf(NEWLINE, at) + 1;
      if (lineStart <= 0 || lineStart >= end) break;
      const newline = bytes.indexOf(NEWLINE, lineStart);
      this.summary.addWeighted(this.decode(bytes, lineStart, newline === -1 || newline >= end ? end - 1 : newline), weight);
    }
  }

  private decode(bytes: Buffer, start: number, end: number): string {
    return this.cleanLine(bytes.toString("utf8", start, Math.min(end, start + MAX_CARRY)));
  }

  /** Reads lines above the line at `lineStart` (within this region), walking back once however far it is asked. */
  private linesAbove(bytes: Buffer, regionStart: number, lineStart: number): (distance: number) => NumberedLine | undefined {
    const number = this.lineNumber;
    let reached = 0;
    let begin = lineStart;
    let end = lineStart;
    return (distance) => {
      if (distance > MAX_LOOK_BACK || distance < reached) return undefined;
      while (reached < distance) {
        if (begin <= regionStart) return undefined;
        end = begin - 1;
        begin = end <= regionStart ? regionStart : Math.max(regionStart, bytes.lastIndexOf(NEWLINE, end - 1) + 1);
        reached += 1;
      }
      return { number: number - distance, text: this.decode(bytes, begin, end) };
    };
  }
}
