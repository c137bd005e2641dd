// What a cut omits between the last head line and the first tail line: the facts the marker states.
import { utf8Bytes } from "../text/utf8.js";
import type { CollectedLine } from "./lines.js";
import type { Omission } from "./marker.js";
import type { Selection } from "./select.js";
import type { CollectedWindow } from "./stream.js";
import type { BoundText } from "./types.js";

/** The omitted range between a selection's head and tail, in lines and raw bytes. */
export function omissionOf(selection: Selection, window: CollectedWindow, rawBytes: number): Omission {
  const last = selection.head[selection.head.length - 1];
  const first = selection.tail[0];
  const headPartial = last !== undefined && last.partial !== undefined && last.partial !== "start";
  const tailPartial = first !== undefined && first.partial === "start";
  const fromLine = last === undefined ? 1 : headPartial ? last.from : last.to + 1;
  const toLine = first === undefined ? window.totalLines : tailPartial ? first.to : first.from - 1;
  const headEnd = last === undefined ? 0 : headPartial ? last.rawStart + Math.min(utf8Bytes(last.text), last.rawEnd - last.rawStart) : last.rawEnd;
  const endsWithoutNewline = first !== undefined && first.rawEnd === window.totalBytes && !window.endsWithNewline;
  const tailBytes = first === undefined ? 0 : utf8Bytes(first.text) + (endsWithoutNewline ? 0 : 1);
  const tailStart = first === undefined ? window.totalBytes : tailPartial ? first.rawEnd - Math.min(tailBytes, first.rawEnd - first.rawStart) : first.rawStart;
  const wholeLines = Math.max(0, (tailPartial ? toLine - 1 : toLine) - (headPartial ? fromLine + 1 : fromLine) + 1);
  return {
    fromLine, toLine: Math.max(toLine, fromLine), wholeLines, cutInsideLines: headPartial || tailPartial,
    ...(headPartial !== tailPartial ? { partEdge: headPartial ? ("first" as const) : ("last" as const) } : {}),
    omittedBytes: Math.max(0, tailStart - headEnd), totalLines: window.totalLines, totalBytes: rawBytes,
    // where the omission starts: its byte in line fromLine (a line's head shown in part ends inside it) and in the input
    ...(headPartial || tailPartial ? { fromByte: headPartial ? headEnd - last!.rawStart : 0, fromPosition: headEnd } : {}),
  };
}


type Range = BoundText["shown"][number];

function rangesOf(lines: readonly CollectedLine[]): Range[] {
  const ranges: Range[] = [];
  for (const line of lines) {
    if (line.similar) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.to_line + 1 === line.from) last.to_line = line.to;
    else ranges.push({ from_line: line.from, to_line: line.to });
  }
  return ranges;
}

/** The input lines a cut shows, in order: head, kept middle ranges, tail (a near-duplicate note shows none of its lines). */
export function shownRanges(head: readonly CollectedLine[], middle: readonly Range[], tail: readonly CollectedLine[], totalLines: number): Range[] {
  const headRanges = rangesOf(head);
  const lastHead = head[head.length - 1];
  if (lastHead?.partial && headRanges.length > 0) headRanges[headRanges.length - 1]!.partial = true;
  const tailRanges = rangesOf(tail);
  if (tailRanges.length > 0) {
    if (!tail[tail.length - 1]!.similar) tailRanges[tailRanges.length - 1]!.to_line = totalLines;
    if (tail[0]!.partial) tailRanges[0] = { ...tailRanges[0]!, partial: true };
  }
  return [...headRanges, ...middle, ...tailRanges];
}

/** The lines of a piece correx writes (a marker, a note): 0 each, as BoundText.lineSources counts them. */
export function ownLines(text: string): number[] {
  return new Array<number>(text.split("\n").length).fill(0);
}
