// The salience stage: scores lines leaving the tail ring (bytes, in order, once) and lines of the final window.
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
/** Bytes of a partial line carried to the next piece (the rest of a longer line is not scored). */
const MAX_CARRY = 4 * MAX_LINE_CHARS;
/** Lines looked back through for an owning header inside a piece. */
const MAX_LOOK_BACK = 400;

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
    this.summary.wants();
    this.builder.pass({ number: this.lineNumber, text: "" });
    this.markEvicted();
  }

  /** A whole line that spanned pieces: tested with the text prefilter. */
  private looseLine(raw: string): void {
    const text = this.cleanLine(raw);
    const line = { number: this.lineNumber, text };
    if (this.summary.wants()) this.summary.add(text);
    if (this.kind === "log" && mayBeSalient(text)) this.builder.offer(line, () => undefined);
    else this.builder.pass(line);
    this.markEvicted();
  }

  /** Complete lines in bytes[start, end): counted, sampled for the summary, and scored where a needle hit. */
  private scanRegion(bytes: Buffer, start: number, end: number): void {
    const hits = this.kind === "log" ? findHits(bytes, start, end, Math.floor(this.allowance)) : [];
    let hit = 0;
    let lineStart = start;
    while (lineStart < end) {
      const newline = bytes.indexOf(NEWLINE, lineStart);
      const lineEnd = newline === -1 || newline >= end ? end - 1 : newline;
      while (hit < hits.length && hits[hit]! < lineStart) hit += 1;
      const isHit = hit < hits.length && hits[hit]! <= lineEnd;
      const sample = this.summary.wants();
      if (isHit || sample || this.builder.wantsNext) {
        const text = this.decode(bytes, lineStart, lineEnd);
        if (sample) this.summary.add(text);
        const line = { number: this.lineNumber, text };
        if (isHit && this.allowance >= 1) {
          this.allowance -= 1;
          this.builder.offer(line, this.linesAbove(bytes, start, lineStart));
        } else this.builder.pass(line);
      }
      this.markEvicted();
      lineStart = lineEnd + 1;
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
