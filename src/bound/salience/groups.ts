// Builds salient groups line by line, shared by the byte path (lines leaving the ring) and the line path (the window).
import { continuesLine, indentOf, isCompilerContext, isFileHeader, isTraceLine, scoreLine, SALIENT_SCORE } from "./rules.js";
import { Reservoir, type NumberedLine, type SalientGroup } from "./reservoir.js";
import { TemplateMiner } from "./template.js";

/** Continuation lines that may follow a salient line (stack frames, code excerpts, carets). */
const MAX_CONTINUATION = 10;
/** Longest line kept whole in a group; longer lines are cut (the spill has them whole). */
export const MAX_LINE_CHARS = 2000;

const lineBytes = (line: NumberedLine): number => Buffer.byteLength(line.text) + 1;

function clip(text: string): string {
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
}

/** Feeds lines in order; salient ones (with their header, trace line and continuation) go to the reservoir. */
export class GroupBuilder {
  readonly reservoir: Reservoir;
  private readonly miner = new TemplateMiner(256);
  private readonly ranks = new Map<number, number>();
  private open: SalientGroup | undefined;
  private openLeft = 0;
  /** Indent of the salient line that opened the open group (its continuation lines are deeper). */
  private openIndent = 0;
  /** Last line number taken into a group: a later hit inside it is not scored again. */
  private consumedThrough = 0;

  constructor(reservoir: Reservoir) {
    this.reservoir = reservoir;
  }

  /** True while the last salient group still takes continuation lines (every next line must be shown). */
  get wantsNext(): boolean {
    return this.open !== undefined;
  }

  /** Starts over on another stretch of lines (the window's own lines after the lines that left the ring). */
  restart(): void {
    this.open = undefined;
    this.consumedThrough = 0;
  }

  /** A line that is not a candidate: it may continue the open group (true: it joined), otherwise it closes it. */
  pass(line: NumberedLine): boolean {
    if (!this.open) return false;
    if (this.openLeft > 0 && continuesLine(line.text, this.openIndent)) {
      this.join(line);
      return true;
    }
    this.open = undefined;
    return false;
  }

  /**
   * A candidate line (the prefilter matched): scored; when salient, opens a group. `before` gives the line
   * `distance` lines above it (for the owning header and the trace line), undefined past what is known.
   */
  offer(line: NumberedLine, before: (distance: number) => NumberedLine | undefined): void {
    if (line.number <= this.consumedThrough) return;
    const score = scoreLine(line.text);
    if (score < SALIENT_SCORE) {
      this.pass(line);
      return;
    }
    if (this.open && this.openLeft > 0 && continuesLine(line.text, this.openIndent)) {
      this.join(line);
      this.open.score = Math.max(this.open.score, score);
      return;
    }
    const template = this.miner.add(line.text).id;
    const rank = (this.ranks.get(template) ?? 0) + 1;
    this.ranks.set(template, rank);
    const lines = [...ownerOf(line, before), { number: line.number, text: clip(line.text) }];
    const group: SalientGroup = { lines, score, template, rank, bytes: lines.reduce((sum, each) => sum + lineBytes(each), 0) };
    this.reservoir.offer(group);
    this.open = group;
    this.openLeft = MAX_CONTINUATION;
    this.openIndent = indentOf(line.text);
    this.consumedThrough = line.number;
  }

  private join(line: NumberedLine): void {
    const open = this.open!;
    const joined = { number: line.number, text: clip(line.text) };
    open.lines.push(joined);
    open.bytes += lineBytes(joined);
    this.reservoir.grew(open, lineBytes(joined));
    this.openLeft -= 1;
    this.consumedThrough = line.number;
    if (this.openLeft === 0) this.open = undefined;
  }
}

/** The lines that travel above a salient line: a `set -x` trace line right above it, or the file header owning its block. */
function ownerOf(line: NumberedLine, before: (distance: number) => NumberedLine | undefined): NumberedLine[] {
  const above = before(1);
  if (above && (isTraceLine(above.text) || isCompilerContext(above.text))) return [{ number: above.number, text: clip(above.text) }];
  if (!/^[ \t]/.test(line.text)) return [];
  for (let distance = 1; distance <= 400; distance += 1) {
    const candidate = before(distance);
    if (!candidate || candidate.text.trim().length === 0) return [];
    if (/^[ \t]/.test(candidate.text)) continue;
    return isFileHeader(candidate.text) ? [{ number: candidate.number, text: clip(candidate.text) }] : [];
  }
  return [];
}
