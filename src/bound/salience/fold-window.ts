// Near-duplicate folding of a window that does not fit: the biggest runs fold first, only as many as the room
// needs; in a whole output the biggest run is cut by the marker when everything else fits.
import type { Measure } from "../../text/utf8.js";
import type { CollectedLine } from "../lines.js";
import type { Room, Selection } from "../select.js";
import type { CollectedWindow } from "../stream.js";
import { SALIENCE_SPLIT } from "./compose-salient.js";
import { applyRuns, findRuns, startsAfterOther, type FoldRun } from "./near-fold.js";

interface Candidate {
  run: FoldRun;
  list: "first" | "last";
  saved: number;
}

/** What a line costs shown (its bytes and a newline): line `index` of a list, or a text. */
interface LineCost {
  (lines: readonly CollectedLine[], index: number): number;
  text: (text: string) => number;
}

/**
 * Line costs measured once per fold: a stretch grown again, the runs found in it again and the lists' remaining
 * cost read the same lines (each was measured four to six times, ~2,000 instructions a line without TurboFan).
 */
function lineCosts(measure: Measure, newline: number): LineCost {
  const known = new Map<readonly CollectedLine[], Float64Array>();
  const cost = (lines: readonly CollectedLine[], index: number): number => {
    let costs = known.get(lines);
    if (!costs) known.set(lines, (costs = new Float64Array(lines.length).fill(-1)));
    if (costs[index]! < 0) costs[index] = measure(lines[index]!.text) + newline;
    return costs[index]!;
  };
  return Object.assign(cost, { text: (text: string) => measure(text) + newline });
}

/** What lines[from, to) cost shown. */
function costOf(lines: readonly CollectedLine[], cost: LineCost, from = 0, to = lines.length): number {
  let bytes = 0;
  for (let index = from; index < to; index += 1) bytes += cost(lines, index);
  return bytes;
}

function candidates(lines: readonly CollectedLine[], list: "first" | "last", endsOutput: boolean, cost: LineCost, from = 0, to = lines.length): Candidate[] {
  // The tail leans to the end of the output: a run that opens the tail list (it may go on into the omitted
  // middle) is left to the marker, or folding it would give the tail's room to the head.
  const runs = findRuns(lines, endsOutput, from, to).filter((run) => list === "first" || startsAfterOther(lines, run));
  return runs.map((run) => ({ run, list, saved: costOf(lines, cost, run.start, run.end) - cost.text(run.note.text) }));
}

/** A stretch of a list: lines [from, to) and what they cost unfolded. */
interface Stretch {
  from: number;
  to: number;
  bytes: number;
  lines: number;
}

/** The list's first (or last) lines up to the first that reaches `want` bytes or lines, that one included. */
function stretchOf(lines: readonly CollectedLine[], list: "first" | "last", want: Room, cost: LineCost): Stretch {
  let bytes = 0;
  let count = 0;
  for (; count < lines.length && bytes < want.bytes && count < want.lines; count += 1) bytes += cost(lines, list === "first" ? count : lines.length - 1 - count);
  return list === "first" ? { from: 0, to: count, bytes, lines: count } : { from: lines.length - count, to: lines.length, bytes, lines: count };
}

/** Least growth of a stretch whose folded lines fall short of the share. */
const MIN_GROWTH = 1.5;

/**
 * The runs of the part of a list a cut can show (a partial window's lists hold far more than any cut shows): the
 * stretch at its shown end that, folded, still holds `share` bytes or lines, grown until it does (or is the whole
 * list). With the stretch, what it costs unfolded.
 */
function shownCandidates(lines: readonly CollectedLine[], list: "first" | "last", share: Room, cost: LineCost): { found: Candidate[]; stretch: Stretch; folded: number } {
  const want = { ...share };
  for (;;) {
    const stretch = stretchOf(lines, list, want, cost);
    const found = candidates(lines, list, list === "last", cost, stretch.from, stretch.to);
    const bytes = stretch.bytes - found.reduce((sum, each) => sum + each.saved, 0);
    const count = stretch.lines - found.reduce((sum, each) => sum + each.run.end - each.run.start - 1, 0);
    if (stretch.lines === lines.length || bytes >= share.bytes || count >= share.lines) return { found, stretch, folded: bytes };
    const growth = Math.max(MIN_GROWTH, 1.1 * Math.min(share.bytes / Math.max(1, bytes), share.lines / Math.max(1, count)));
    want.bytes = Math.ceil(stretch.bytes * growth);
    want.lines = Math.ceil(stretch.lines * growth);
  }
}

/**
 * A partial window's candidates, from what a cut can show of each list: the tail list's end for the room less the
 * smaller of the plain and the salient cut's head share, the head list's start for the larger (for what the folded
 * tail list leaves when it is too short to take the rest); and what the lists cost unfolded, counted only as far as
 * it matters (past the room and every run's saving, every run folds).
 */
function partialCandidates(window: CollectedWindow, room: Room, fits: Room, headRatio: number, cost: LineCost): { all: Candidate[]; bytes: number; lines: number } {
  const least = Math.min(headRatio, SALIENCE_SPLIT.head);
  const last = shownCandidates(window.last, "last", { bytes: Math.ceil(room.bytes * (1 - least)), lines: Math.ceil(room.lines * (1 - least)) }, cost);
  const most = Math.max(headRatio, SALIENCE_SPLIT.head);
  // A tail list that, folded, takes less than the rest leaves the head what it does not take.
  const tailShort = last.stretch.lines === window.last.length && last.folded < room.bytes * (1 - most);
  const headRoom = { bytes: Math.ceil(tailShort ? room.bytes - last.folded : room.bytes * most), lines: tailShort ? room.lines : Math.ceil(room.lines * most) + 1 };
  const first = shownCandidates(window.first, "first", headRoom, cost);
  const all = [...first.found, ...last.found];
  const enough = fits.bytes + all.reduce((sum, each) => sum + each.saved, 0);
  let bytes = first.stretch.bytes + last.stretch.bytes;
  for (let index = first.stretch.to; index < window.first.length && bytes <= enough; index += 1) bytes += cost(window.first, index);
  for (let index = last.stretch.from - 1; index >= 0 && bytes <= enough; index -= 1) bytes += cost(window.last, index);
  return { all, bytes, lines: window.first.length + window.last.length };
}

/** A window to choose shown lines from, and for a whole window the head share that puts the cut inside its biggest run. */
export interface FoldedWindow {
  window: CollectedWindow;
  headRatio?: (room: Room) => number | undefined;
}

/**
 * The window with runs of near-duplicates folded into notes, the biggest first, until what the window holds fits
 * the room. A whole window keeps its biggest run for the cut (its start and end shown, as a plain cut would) when
 * everything else then fits. A partial window folds only what a cut of `reach` (the largest room a search may
 * try) can show. The window itself when nothing folds.
 */
export function foldWindow(window: CollectedWindow, room: Room, measure: Measure, headRatio: number, reach: Room = room): FoldedWindow {
  const cost = lineCosts(measure, measure("\n"));
  const partial = window.complete ? undefined : partialCandidates(window, reach, room, headRatio, cost);
  const all = (partial ? partial.all : candidates(window.first, "first", true, cost)).sort((a, b) => b.saved - a.saved);
  if (all.length === 0) return { window };
  let bytes = partial ? partial.bytes : costOf(window.first, cost);
  let lines = partial ? partial.lines : window.first.length;
  const gap = window.complete ? all.shift()! : undefined;
  const inner = gap ? { bytes: gap.saved + cost.text(gap.run.note.text), lines: gap.run.end - gap.run.start } : { bytes: 0, lines: 0 };
  const chosen: Candidate[] = [];
  for (const candidate of all) {
    if (bytes - inner.bytes <= room.bytes && lines - inner.lines <= room.lines) break;
    chosen.push(candidate);
    bytes -= candidate.saved;
    lines -= candidate.run.end - candidate.run.start - 1;
  }
  const gapFits = gap !== undefined && bytes - inner.bytes <= room.bytes && lines - inner.lines <= room.lines;
  if (gap && !gapFits) chosen.push(gap);
  // Nothing folds: the cut is the plain one, byte for byte.
  if (chosen.length === 0) return { window };
  const runsOf = (list: "first" | "last"): FoldRun[] => chosen.filter((each) => each.list === list).map((each) => each.run).sort((a, b) => a.start - b.start);
  const first = applyRuns(window.first, runsOf("first"));
  const folded = { ...window, first, last: window.complete ? first : applyRuns(window.last, runsOf("last")) };
  if (!gap || !gapFits) return { window: folded };
  // The cut goes inside the gap run: the head shows what comes before it and a share of the room left.
  const at = first.indexOf(window.first[gap.run.start]!);
  const before = { bytes: costOf(first, cost, 0, at), lines: at };
  const after = { bytes: bytes - inner.bytes - before.bytes, lines: lines - inner.lines - at };
  return { window: folded, headRatio: (cut) => ratioAround(cut, before, after, headRatio) };
}

/** One head share for bytes and lines that leaves room for `before` in the head and `after` in the tail; undefined if none does. */
function ratioAround(room: Room, before: Room, after: Room, headRatio: number): number | undefined {
  // One over what is needed: the head's room is rounded down.
  const low = Math.max((before.bytes + 1) / Math.max(1, room.bytes), (before.lines + 1) / Math.max(1, room.lines));
  const high = Math.min(1 - after.bytes / Math.max(1, room.bytes), 1 - after.lines / Math.max(1, room.lines));
  if (low > high) return undefined;
  return low + headRatio * (high - low);
}

/**
 * A cut of a folded whole window that shows every line (nothing left between head and tail): the biggest note
 * becomes the cut, so the marker says which lines are omitted and how to read them. The selection itself otherwise.
 */
export function openBiggestFold(selection: Selection, window: CollectedWindow): Selection {
  if (!window.complete) return selection;
  const last = selection.head[selection.head.length - 1];
  const first = selection.tail[0];
  const lastShown = last === undefined ? 0 : last.to;
  const firstShown = first === undefined ? window.totalLines + 1 : first.from;
  if (firstShown !== lastShown + 1 || last?.partial || first?.partial) return selection;
  const lines = [...selection.head, ...selection.tail];
  let biggest = -1;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.similar && (biggest === -1 || line.to - line.from > lines[biggest]!.to - lines[biggest]!.from)) biggest = index;
  }
  return biggest === -1 ? selection : { head: lines.slice(0, biggest), tail: lines.slice(biggest + 1) };
}
