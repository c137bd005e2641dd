// Pure choice of what a cut keeps: whole lines from the head and the tail, a giant line cut inside.
import { sequenceSafeEnd, sequenceSafeStart } from "../text/ansi.js";
import { prefixEnd, suffixStart, type Measure } from "../text/utf8.js";
import type { CollectedLine } from "./lines.js";
import type { CollectedWindow } from "./stream.js";
import type { KeepMode } from "./types.js";

/** Room for the kept text once the marker and the reserved frame are paid for. */
export interface Room {
  bytes: number;
  lines: number;
}

/** The lines a preview keeps, cut lines already cut. */
export interface Selection {
  head: CollectedLine[];
  tail: CollectedLine[];
}

function takeHead(lines: CollectedLine[], room: Room, measure: Measure, newlineCost: number, limitIndex: number, allowCut: boolean): { lines: CollectedLine[]; bytes: number } {
  const taken: CollectedLine[] = [];
  let bytes = 0;
  for (let index = 0; index < limitIndex && taken.length < room.lines; index += 1) {
    const line = lines[index]!;
    const cost = measure(line.text) + newlineCost;
    if (bytes + cost <= room.bytes) {
      taken.push(line);
      bytes += cost;
      continue;
    }
    if (taken.length === 0 && allowCut && !line.foldNote) {
      const end = sequenceSafeEnd(line.text, prefixEnd(line.text, room.bytes - newlineCost, measure));
      if (end > 0) {
        const text = line.text.slice(0, end);
        taken.push({ ...line, text, partial: line.partial === "start" ? "start" : "end" });
        bytes += measure(text) + newlineCost;
      }
    }
    break;
  }
  return { lines: taken, bytes };
}

/** A line whose start the head already shows: the tail may show its end, never overlapping. */
interface SharedLine {
  index: number;
  shownChars: number;
}

function takeTail(lines: CollectedLine[], room: Room, measure: Measure, newlineCost: number, limitIndex: number, shared?: SharedLine): { lines: CollectedLine[]; bytes: number } {
  const taken: CollectedLine[] = [];
  let bytes = 0;
  for (let index = lines.length - 1; index >= limitIndex && taken.length < room.lines; index -= 1) {
    const line = lines[index]!;
    const cost = measure(line.text) + newlineCost;
    const isShared = shared !== undefined && index === shared.index;
    if (bytes + cost <= room.bytes && !isShared) {
      taken.unshift(line);
      bytes += cost;
      continue;
    }
    if ((taken.length === 0 || isShared) && !line.foldNote) {
      const rest = isShared ? line.text.slice(shared.shownChars) : line.text;
      const start = sequenceSafeStart(line.text, line.text.length - rest.length + suffixStart(rest, room.bytes - bytes - newlineCost, measure));
      if (start < line.text.length) {
        const text = line.text.slice(start);
        taken.unshift({ ...line, text, partial: start > 0 ? "start" : line.partial });
        bytes += measure(text) + newlineCost;
      }
    }
    break;
  }
  // A fold note without the line it repeats would mislead: drop it from the front of the tail.
  while (taken[0]?.foldNote) {
    bytes -= measure(taken[0].text) + newlineCost;
    taken.shift();
  }
  return { lines: taken, bytes };
}

/** Chooses head and tail lines within the room: head gets its share first, the tail the rest, the head any leftover. */
export function selectLines(window: CollectedWindow, room: Room, keep: KeepMode, headRatio: number, measure: Measure): Selection {
  const newlineCost = measure("\n");
  const ratio = keep === "head" ? 1 : keep === "tail" ? 0 : headRatio;
  const headRoom = { bytes: Math.floor(room.bytes * ratio), lines: Math.floor(room.lines * ratio) };
  if (ratio > 0 && headRoom.lines === 0 && room.lines > 1) headRoom.lines = 1;
  const headLimit = window.first.length;
  const head = ratio > 0 ? takeHead(window.first, headRoom, measure, newlineCost, headLimit, true) : { lines: [], bytes: 0 };
  let tail: { lines: CollectedLine[]; bytes: number } = { lines: [], bytes: 0 };
  if (ratio < 1) {
    const tailRoom = { bytes: room.bytes - head.bytes, lines: room.lines - head.lines.length };
    const lastHead = head.lines[head.lines.length - 1];
    const headCutInside = lastHead !== undefined && lastHead !== window.first[head.lines.length - 1];
    const shared = window.complete && headCutInside ? { index: head.lines.length - 1, shownChars: lastHead.text.length } : undefined;
    const tailLimit = window.complete ? (shared ? shared.index : head.lines.length) : 0;
    tail = takeTail(window.last, tailRoom, measure, newlineCost, tailLimit, shared);
  }
  const leftover = { bytes: room.bytes - head.bytes - tail.bytes, lines: room.lines - head.lines.length - tail.lines.length };
  const lastHead = head.lines[head.lines.length - 1];
  const headWhole = lastHead === undefined || lastHead === window.first[head.lines.length - 1];
  if (ratio > 0 && ratio < 1 && headWhole && leftover.bytes > 0 && leftover.lines > 0) {
    const tailFirstIndex = window.complete && tail.lines.length > 0 ? window.first.indexOf(tail.lines[0]!) : window.first.length;
    const limit = tailFirstIndex === -1 ? window.first.length : tailFirstIndex;
    const more = takeHead(window.first.slice(head.lines.length), leftover, measure, newlineCost, limit - head.lines.length, false);
    head.lines.push(...more.lines);
    const giant = head.lines.length < limit ? startOfGiantLine(window.first[head.lines.length]!, room, { bytes: leftover.bytes - more.bytes, lines: leftover.lines - more.lines.length }, measure, newlineCost) : undefined;
    if (giant) head.lines.push(giant);
  }
  return { head: head.lines, tail: tail.lines };
}

/** The least room left worth showing the start of a line too long for any cut (below it, the marker says enough). */
const GIANT_LINE_MIN_SHOWN = 256;

/**
 * The start of the line where the head stopped, when no cut could ever show it whole (longer than the whole room:
 * a minified bundle, a JSON blob, base64 in the middle of a log) and at least GIANT_LINE_MIN_SHOWN bytes are left:
 * its start, rather than the room left empty. A line that would fit some other cut is never shown in part.
 */
function startOfGiantLine(line: CollectedLine, room: Room, left: Room, measure: Measure, newlineCost: number): CollectedLine | undefined {
  if (line.foldNote || line.similar || left.lines < 1 || left.bytes - newlineCost < GIANT_LINE_MIN_SHOWN) return undefined;
  if (measure(line.text) + newlineCost <= room.bytes) return undefined;
  const end = sequenceSafeEnd(line.text, prefixEnd(line.text, left.bytes - newlineCost, measure));
  return end > 0 ? { ...line, text: line.text.slice(0, end), partial: line.partial === "start" ? "start" : "end" } : undefined;
}
