// The salience stage: scores lines leaving the tail ring (bytes, in order, once) and lines of the final window.
import { ShownRepeats } from "./shown-repeats.js";
import { countNewlines } from "../../text/newlines.js";
import type { RingStorage } from "../byte-ring.js";
import type { CollectedLine } from "../lines.js";
import { scoringWithoutOptimizing } from "../one-off.js";
import { isScoredLine, recognizeContent, type ContentKind } from "./content-kind.js";
import { HitFinder, type RegionHits, type ScanWork } from "./hit-finder.js";
import { LinesAbove } from "./lines-above.js";
import { mayBeSalient } from "./prefilter.js";
import { GroupBuilder } from "./groups.js";
import { keptGroups } from "./kept-groups.js";
import { MAX_CARRY, PartialLine } from "./partial-line.js";
import { Reservoir, type SalientGroup } from "./reservoir.js";
import { WARNING_BYTE_NEEDLES } from "./rare-warnings.js";
import { FixedRegions } from "./regions.js";
import { OmissionSummary } from "./summary.js";
import { SummarySampler } from "./summary-sampler.js";

const NEWLINE = 0x0a;
/** Lines above the middle scored for the groups they open: the head's end may split one (a salient line, its detail under it). */
export const STRADDLE_LINES = 32;
/** A region of content that is not a log: no hits looked for. */
const NO_HITS: RegionHits = { positions: [] };

/** Keeps the salient lines of the omitted middle in constant memory, and what the omitted lines mostly were. */
export class SalienceScanner {
  private readonly cleanLine: (line: string) => string;
  private readonly builder: GroupBuilder;
  readonly summary = new OmissionSummary();
  /** The salient cut's test of which groups repeat a line the head shows (shown-repeats.ts). */
  readonly shown = new ShownRepeats();
  /** Set once the final window's middle lines were scanned (a second cut of the same window must not add them again). */
  windowScanned = false;
  private kind: ContentKind = "log";
  /** True when the output's lines are looked at: a log's, and grep's for its tool's own messages among its matches. */
  private scans = true;
  private lineNumber = 1;
  /** The line number `begin` started from: lineNumber - beganAt is the newlines of the bytes scanned since. */
  private beganAt = 1;
  /** The line the last piece ended inside. */
  private readonly partial = new PartialLine();
  private readonly finder: HitFinder;
  private regions: FixedRegions;
  /** Lines from the first line of the output up to the ring's start whose text the line path scores at the end. */
  private evictedFrom = 0;
  private evictedTo = 0;
  /** The head's lines, until `prime` scores their last; the first and last it scored (none: 0 > -1). */
  private head: readonly CollectedLine[] | undefined;
  private primedFrom = 0;
  private primedTo = -1;
  /** The window's middle lines scored (scanLines), 0 before. */
  private windowFrom = 0;
  private windowTo = 0;
  /** Mines the lines that left the ring for the summary's estimate. */
  private readonly sampler: SummarySampler;
  /** The lines above each scored line (one reader for all of them). */
  private readonly above: LinesAbove;

  /** `simd` false: the byte path without WebAssembly (indexOf per needle), for tests. */
  constructor(cleanLine: (line: string) => string, budgetBytes: number, simd = true) {
    this.cleanLine = cleanLine;
    this.finder = new HitFinder(simd);
    this.regions = this.newRegions();
    const decode = (bytes: Buffer, start: number, end: number): string => this.decode(bytes, start, end);
    this.sampler = new SummarySampler(this.summary, this.finder.work, decode);
    this.above = new LinesAbove(decode);
    // Once the log has more warnings than are rare, the byte path stops looking for them (rare-warnings.ts).
    this.builder = new GroupBuilder(new Reservoir(512, Math.max(4 * budgetBytes, 64 * 1024)), () => this.finder.withoutNeedles(WARNING_BYTE_NEEDLES));
  }

  /** Work done so far by the byte path. */
  get work(): ScanWork {
    return this.finder.work;
  }

  /** What the output was recognised as: only a log's lines are scored (and folded as near-duplicates). */
  get contentKind(): ContentKind {
    return this.kind;
  }

  /** Looks at the output's first lines once: a diff, git log or JSON is not scored; of grep's output, only its tool's messages. */
  recognize(firstLines: readonly string[]): void {
    this.kind = recognizeContent(firstLines);
    this.scans = this.kind === "log" || this.kind === "grep";
  }

  /** Where the bytes that will leave the ring begin (their first line's number, whether they start it), after `head`'s lines. */
  begin(lineNumber: number, atLineStart: boolean, head: readonly CollectedLine[] = []): void {
    this.regions.flush();
    this.regions = this.newRegions();
    this.lineNumber = lineNumber;
    this.beganAt = lineNumber;
    this.partial.begin(atLineStart);
    const last = head[head.length - 1];
    this.head = this.scans && atLineStart && last !== undefined && !last.partial && last.to === lineNumber - 1 ? head : undefined;
  }

  /**
   * Scores the head's last lines once the first bytes leave the ring (a ring that keeps all never does): a group they
   * open (pyright's error, its detail the first line to leave) goes on with the bytes; the window's scan only continues it.
   */
  private prime(head: readonly CollectedLine[]): void {
    this.head = undefined;
    const start = Math.max(0, head.length - STRADDLE_LINES);
    this.primedFrom = head[start]!.from;
    this.primedTo = head[head.length - 1]!.to;
    for (let index = start; index < head.length; index += 1) this.scanLine(head, index, this.primedFrom);
  }

  /** Memory for a log's tail ring in the needle scan's, asked for after `begin`: what leaves it is scanned in place. */
  ringStorage(capacity: number): RingStorage | undefined {
    return this.scans ? this.finder.ringStorage(capacity) : undefined;
  }

  /** First and last line (inclusive) that left the ring, if any did. */
  get evictedLines(): { from: number; to: number } | undefined {
    return this.evictedTo >= this.evictedFrom && this.evictedFrom > 0 ? { from: this.evictedFrom, to: this.evictedTo } : undefined;
  }

  /**
   * Takes bytes as they leave the ring, oldest first (the chunk is only read during the call). They are scanned in
   * regions cut at fixed offsets (regions.ts), never as the ring happened to hand them over: what is kept does not
   * depend on how the input arrived (a file read in 1 MiB, a pipe in 64 KiB).
   */
  evict(bytes: Buffer): void {
    if (this.head !== undefined) this.prime(this.head);
    this.regions.push(bytes);
  }

  /**
   * The newlines of every byte handed to `evict` since `begin`: the scan counts those it looks at anyway (the
   * collector need not count them again), and those of the bytes the regions still hold are counted now.
   */
  evictedNewlines(): number {
    return this.lineNumber - this.beganAt + countNewlines(this.regions.held);
  }

  /** Scans what the regions still hold (the end of the input). */
  flush(): void {
    this.regions.flush();
  }

  private scanPiece(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.finder.earn(bytes.length);
    let offset = 0;
    if (this.partial.open) {
      const newline = bytes.indexOf(NEWLINE);
      if (newline === -1) {
        this.partial.keep(bytes);
        return;
      }
      const text = this.partial.close(bytes.subarray(0, newline));
      if (text !== undefined) this.looseLine(text);
      else this.skipLine();
      offset = newline + 1;
    }
    const lastNewline = bytes.lastIndexOf(NEWLINE);
    if (lastNewline >= offset) this.scanRegion(bytes, offset, lastNewline + 1);
    if (lastNewline + 1 < bytes.length) this.partial.keep(bytes.subarray(Math.max(offset, lastNewline + 1)));
  }

  /**
   * Scores lines of the final window (clean text) from `fromLine` to `toLine`, and the STRADDLE_LINES above (the head
   * may end inside a group they open: compose-salient.ts shows its rest); those `prime` scored only continue a group.
   */
  scanLines(lines: readonly CollectedLine[], fromLine: number, toLine: number): void {
    this.builder.restart();
    this.windowFrom = fromLine;
    this.windowTo = toLine;
    const above = Math.max(1, fromLine - STRADDLE_LINES);
    const { primedFrom, primedTo } = this;
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index]!;
      if (line.from < above || line.to > toLine) continue;
      if (line.from >= fromLine && !line.foldNote && !line.partial) this.summary.addWindowLine(line.from, line.text);
      if (line.from < primedFrom || line.from > primedTo) this.scanLine(lines, index, above, line.from >= fromLine);
      else if (this.builder.wantsNext) this.builder.pass(line.foldNote || line.partial ? { number: line.from, text: "" } : { number: line.from, text: line.text });
    }
  }

  /** Offers lines[index] (lines above known down to `fromLine`; a log-level warning only when `warnings`), or passes it. */
  private scanLine(lines: readonly CollectedLine[], index: number, fromLine: number, warnings = true): void {
    const line = lines[index]!;
    if (line.foldNote || line.partial) {
      this.builder.pass({ number: line.from, text: "" });
      return;
    }
    const numbered = { number: line.from, text: line.text };
    if (!(mayBeSalient(line.text) && isScoredLine(this.kind, line.text))) this.builder.pass(numbered);
    else this.builder.offer(numbered, this.above.inWindow(lines, index, fromLine), warnings);
  }

  /** The salient groups kept, in input order, ranked per template (kept-groups.ts). */
  groups(): SalientGroup[] {
    const { evictedFrom, evictedTo, windowFrom, windowTo } = this;
    return keptGroups(this.builder.reservoir.held(), this.builder.warnings, { evictedFrom, evictedTo, windowFrom, windowTo });
  }

  /** Regions of the bytes leaving the ring; a log's are held in the ring's memory or gathered in the scan's window. */
  private newRegions(): FixedRegions {
    return new FixedRegions((piece) => this.scanPiece(piece), undefined, this.finder.regionMemory(() => this.scans));
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
    if (mayBeSalient(text) && isScoredLine(this.kind, text)) this.builder.offer(line, this.above.none());
    else this.builder.pass(line);
    this.markEvicted();
  }

  /**
   * Complete lines in bytes[start, end): lines are counted between needle hits (no per-line loop), a line every
   * 64 KiB or more is mined for the summary (weighted by the lines it stands for), and hit lines are scored.
   */
  private scanRegion(bytes: Buffer, start: number, end: number): void {
    const hits = this.scans ? this.finder.find(bytes, start, end) : NO_HITS;
    // Hit lines are scored with TurboFan off: its compiles of the scoring cost more than they save (one-off.ts).
    if (hits.positions.length > 0 || this.builder.wantsNext) scoringWithoutOptimizing(() => this.scoreRegion(bytes, start, end, hits));
    else this.scoreRegion(bytes, start, end, hits);
  }

  /** Scores the region's hit lines (and the lines an open group takes), counts its lines, samples it for the summary. */
  private scoreRegion(bytes: Buffer, start: number, end: number, { positions, linesBefore, newlines }: RegionHits): void {
    const firstLine = this.lineNumber;
    // A group still open at the region's end (or looking for its frame) goes on with the region's first lines.
    let position = this.builder.wantsNext ? this.follow(bytes, start, start, end, positions, 0, false) : start;
    for (let index = 0; index < positions.length; index += 1) {
      const hit = positions[index]!;
      if (!this.finder.canScore) break; // a flood of ever new kinds of line: the rest is only counted
      if (hit < position) continue;
      const lineStart = Math.max(position, hit === 0 ? 0 : bytes.lastIndexOf(NEWLINE, hit - 1) + 1);
      this.moveTo(linesBefore ? firstLine + linesBefore[index]! : this.lineNumber + countNewlines(bytes.subarray(position, lineStart)));
      position = this.follow(bytes, lineStart, start, end, positions, index + 1, true);
    }
    this.moveTo(newlines !== undefined ? firstLine + newlines : this.lineNumber + countNewlines(bytes.subarray(position, end)));
    this.finder.endRegion();
    this.sampler.sample(bytes, start, end, this.lineNumber - firstLine);
    if (this.evictedFrom === 0) this.evictedFrom = firstLine;
    this.evictedTo = this.lineNumber - 1;
  }

  /** Moves on to line `lineNumber` (a later one closes any open group: the lines between were not shown). */
  private moveTo(lineNumber: number): void {
    if (lineNumber <= this.lineNumber) return;
    this.builder.skip();
    this.lineNumber = lineNumber;
  }

  /**
   * Scores the hit line at `lineStart` (when `scored`), then gives the builder the lines after it while it wants
   * them (continuation lines, a closed group's frame); returns where it stopped: at the end, or at the next line
   * with a hit (from positions[next] on), which the caller scores. Lines looked at only for a frame are metered.
   */
  private follow(bytes: Buffer, lineStart: number, regionStart: number, end: number, positions: readonly number[], next: number, scored: boolean): number {
    let position = lineStart;
    let first = scored;
    while (position < end && (first || this.builder.wantsNext)) {
      const newline = bytes.indexOf(NEWLINE, position);
      const lineEnd = newline === -1 || newline >= end ? end - 1 : newline;
      if (!first) {
        while (next < positions.length && positions[next]! < position) next += 1;
        if (next < positions.length && positions[next]! <= lineEnd) return position; // a hit of its own: a traceback's header under an error line
        if (this.builder.following && !this.finder.takeFollow()) {
          this.builder.skip();
          return position;
        }
      }
      const line = { number: this.lineNumber, text: this.decode(bytes, position, lineEnd) };
      if (first && isScoredLine(this.kind, line.text) && this.finder.takeScore()) {
        this.builder.offer(line, this.above.inRegion(bytes, regionStart, position, this.lineNumber));
      } else this.builder.pass(line);
      first = false;
      this.lineNumber += 1;
      position = lineEnd + 1;
    }
    return position;
  }

  /** A line's clean text. No encoding named: UTF-8 without Node's lookup of the encoding's name (its switch was inlined, and compiled, into every caller). */
  private decode(bytes: Buffer, start: number, end: number): string {
    return this.cleanLine(bytes.toString(undefined, start, Math.min(end, start + MAX_CARRY)));
  }
}
