// A cut MCP text put back into the blocks it came from. An MCP result's text blocks (and embedded text resources)
// are bounded as one text, joined by a blank line (normalize/parts.ts MCP_PART_SEPARATOR), so that head, salient
// middle, tail and marker are chosen over the whole; the bounder says which input line each written line shows
// (BoundText.lineSources) and the source's blocks how many lines each has, so each line goes back into its block:
// every block still shown keeps its place among the others, its annotations, _meta, and a resource its uri and
// mimeType. correx's own lines (the marker, the notes of the salient middle) go with the block shown above them,
// unless that block is not for the model (an audience without "assistant"): then they are a text block of their own.
// A text block none of whose lines is shown is left out (the marker counts its lines among the omitted); an embedded
// resource none of whose lines is shown stays, with a one-line note for its text (cutResourceNote), so that the model
// still knows it was returned and by which uri.
import type { PartLayout } from "../normalize/parts.js";

/** What a cut text says of its lines, and how many lines each source text part had (in order). */
export interface CutLines {
  /** The text as bounded (head, marker, tail). */
  text: string;
  /** BoundText.lineSources: the input line (1-based) of each line of `text`, 0 for correx's own; undefined: unknown. */
  lineSources?: readonly number[];
  /** The lines of each text part of the source (its newlines + 1), in order; undefined: unknown. */
  partLines?: readonly number[];
}

/**
 * A run of the cut text's lines that becomes one block: of text part `part` (its ordinal among the text parts), or
 * correx's own lines (`own`), which are placed among part `part`'s runs.
 */
export interface CutSegment {
  part: number;
  own: boolean;
  text: string;
  /** The note that stands for a resource part none of whose lines is shown (its text is the note). */
  note?: true;
}

/**
 * The text a resource keeps when none of its lines is shown: where its lines are in the full output (the joined
 * text the marker's line numbers count, which `correx read` and `read_output` page).
 */
export function cutResourceNote(first: number, last: number): string {
  return `[correx: this resource's text was cut (${first === last ? `line ${first}` : `lines ${first}-${last}`} of the full output)]`;
}

/** The first input line (1-based) of each text part in the joined text. */
export function partStarts(partLines: readonly number[]): number[] {
  const starts: number[] = [];
  let next = 1;
  for (const count of partLines) {
    starts.push(next);
    next += count + SEPARATOR_LINES;
  }
  return starts;
}

/** Lines of the joined text between two parts: the separator "\n\n" ends a part's last line and leaves one blank line. */
const SEPARATOR_LINES = 1;

/**
 * The cut text as runs of lines per source text part, in order; `forModel(part)` is false for a part the model is not
 * shown (correx's lines are then not put in it). Without line sources, the whole text is the only text part's (or,
 * when there are several, a run of correx's own at the first part's place). Undefined when the line sources do not
 * fit the text or the parts (the caller then lays the text out as one block). Runs that are only whitespace are left
 * out (an empty or blank text block is rejected by some model APIs), but for a resource all of whose lines are shown
 * (its text as it came). `isResource(part)`: a part that was an embedded resource; one none of whose lines is shown
 * (or only blank ones) gets a note segment in its place. Without line sources there are no notes (the bounder's
 * marker alone drops them when they do not fit: bound/compose.ts markerOnly).
 */
function segmentCutText(cut: CutLines, forModel: (part: number) => boolean, isResource: (part: number) => boolean): CutSegment[] | undefined {
  const { text, lineSources, partLines } = cut;
  if (partLines === undefined || partLines.length === 0) return undefined;
  if (lineSources === undefined) return keepNonBlank([{ part: 0, own: partLines.length > 1, text }]);
  const lines = text.split("\n");
  const endsWithNewline = lines.length === lineSources.length + 1 && lines[lines.length - 1] === "";
  if (endsWithNewline) lines.pop();
  if (lines.length !== lineSources.length) return undefined;
  const starts = partStarts(partLines);
  /** The part that input line `line` belongs to; -1 for a separator's blank line; undefined when past the text. */
  const partOf = (line: number): number | undefined => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= line) low = middle;
      else high = middle - 1;
    }
    if (line < starts[low]!) return undefined;
    if (line < starts[low]! + partLines[low]!) return low;
    return low < starts.length - 1 ? -1 : undefined;
  };
  // Each line's part, or "own" (correx's line) to be placed with the part shown above it (or, at the start, below).
  const targets: (number | "own" | "skip")[] = lines.map((line, index) => {
    const source = lineSources[index]!;
    const part = source > 0 ? partOf(source) : undefined;
    if (part === -1) return line === "" ? "skip" : "own";
    return part ?? "own";
  });
  const firstPart = targets.find((target): target is number => typeof target === "number") ?? 0;
  const segments: CutSegment[] = [];
  let current = -1;
  let lastPart = firstPart;
  lines.forEach((line, index) => {
    const target = targets[index]!;
    if (target === "skip") return;
    let segment: { part: number; own: boolean };
    if (target === "own") {
      const part = current >= 0 ? current : firstPart;
      segment = forModel(part) ? { part, own: false } : { part, own: true };
    } else {
      if (target < lastPart) throw new OutOfOrder();
      current = target;
      lastPart = target;
      segment = { part: target, own: false };
    }
    const open = segments[segments.length - 1];
    if (open && open.part === segment.part && open.own === segment.own) open.text += `\n${line}`;
    else segments.push({ ...segment, text: line });
  });
  if (endsWithNewline && segments.length > 0) segments[segments.length - 1]!.text += "\n";
  const shown = partLines.map(() => 0);
  for (const target of targets) if (typeof target === "number") shown[target]! += 1;
  const whole = (part: number): boolean => isResource(part) && shown[part] === partLines[part];
  const kept = segments.filter((segment) => segment.text.trim() !== "" || (!segment.own && whole(segment.part)));
  return withResourceNotes(kept, partLines, starts, isResource);
}

/** A note segment in the place of each resource part with no segment of its own (all of its lines cut). */
function withResourceNotes(segments: CutSegment[], partLines: readonly number[], starts: readonly number[], isResource: (part: number) => boolean): CutSegment[] {
  const written = new Set(segments.filter((segment) => !segment.own).map((segment) => segment.part));
  const noted: CutSegment[] = [];
  let next = 0;
  partLines.forEach((count, part) => {
    if (!isResource(part) || written.has(part)) return;
    while (next < segments.length && segments[next]!.part < part) noted.push(segments[next++]!);
    noted.push({ part, own: false, text: cutResourceNote(starts[part]!, starts[part]! + count - 1), note: true });
  });
  return [...noted, ...segments.slice(next)];
}

/** Lines out of source order: not a cut of the parts given (caught by lineSegments). */
class OutOfOrder extends Error {}

function keepNonBlank(segments: CutSegment[]): CutSegment[] {
  return segments.filter((segment) => segment.text.trim() !== "");
}

/** segmentCutText, undefined (not thrown) when the lines are out of source order. */
export function cutSegments(cut: CutLines, forModel: (part: number) => boolean, isResource: (part: number) => boolean = () => false): CutSegment[] | undefined {
  try {
    return segmentCutText(cut, forModel, isResource);
  } catch (error) {
    if (error instanceof OutOfOrder) return undefined;
    throw error;
  }
}

/** The lines of each text part of a layout, read from the text its parts were joined into with `separator`. */
export function partLinesOf(layout: readonly PartLayout[], joined: string, separator: string): number[] | undefined {
  const lengths = layout.flatMap((part) => (part.type === "text" ? [part.chars] : []));
  if (lengths.reduce((sum, length) => sum + length, 0) + Math.max(0, lengths.length - 1) * separator.length !== joined.length) return undefined;
  let offset = 0;
  return lengths.map((length) => {
    let lines = 1;
    for (let index = joined.indexOf("\n", offset); index !== -1 && index < offset + length; index = joined.indexOf("\n", index + 1)) lines += 1;
    offset += length + separator.length;
    return lines;
  });
}
