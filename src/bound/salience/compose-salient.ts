// A cut with salient middle lines: head, the main marker, numbered middle lines with a marker per gap, tail.
import { utf8Bytes, type Measure } from "../../text/utf8.js";
import { countLines, estimateTokens } from "../budget.js";
import type { CollectedLine } from "../lines.js";
import { formatMarker, worstCaseMarker } from "../marker.js";
import { omissionOf, ownLines, shownRanges } from "../omission.js";
import { bytesForTokens, searchRoom } from "../room-search.js";
import { selectLines, type Room } from "../select.js";
import type { CollectedWindow } from "../stream.js";
import type { BoundOptions, BoundText, SpillReport } from "../types.js";
import { overrunOf, steadyTokenCounter } from "../written.js";
import { formatGap, formatSalientNote, numberLine } from "./format.js";
import { laterLines } from "./group-tiers.js";
import { EXAMPLES_PER_TEMPLATE, keepsBefore, type NumberedLine, type SalientGroup } from "./reservoir.js";
import { SALIENT_SCORE } from "./rules.js";
import type { SalienceScanner } from "./scanner.js";

/** The measured default split of the room: head, salient middle, tail (unused middle room goes to the tail). */
export const SALIENCE_SPLIT = { head: 0.15, middle: 0.35, tail: 0.5 };

const SLACK = 8;

function reservedOf(options: BoundOptions): { bytes: number; lines: number; tokens: number } {
  return { bytes: options.reservedBytes ?? 0, lines: options.reservedLines ?? 0, tokens: options.reservedTokens ?? 0 };
}

function lastHeadLine(head: CollectedLine[]): number {
  const last = head[head.length - 1];
  return last === undefined ? 0 : last.partial !== undefined && last.partial !== "start" ? last.from - 1 : last.to;
}

function firstTailLine(tail: CollectedLine[], totalLines: number): number {
  const first = tail[0];
  return first === undefined ? totalLines + 1 : first.partial === "start" ? first.to + 1 : first.from;
}

/** Scores the window's own middle lines once (lines that never left the ring), between the planned head and tail. */
function scanWindow(scanner: SalienceScanner, window: CollectedWindow, from: number, to: number): void {
  if (window.complete) {
    scanner.scanLines(window.first, from, to);
    return;
  }
  const evicted = scanner.evictedLines;
  scanner.scanLines(window.first, from, Math.min(to, (evicted?.from ?? Number.MAX_SAFE_INTEGER) - 1));
  scanner.scanLines(window.last, Math.max(from, (evicted?.to ?? 0) + 1), to);
}

/**
 * The gap markers that showing fresh[index] adds beside the lines already chosen and fresh's earlier ones (in line
 * order): 1 when it starts a run of its own, -1 when it joins two runs into one, else 0.
 */
function runsAdded(chosen: Map<number, NumberedLine>, fresh: NumberedLine[], index: number): number {
  const number = fresh[index]!.number;
  const before = chosen.has(number - 1) || (index > 0 && fresh[index - 1]!.number === number - 1);
  const after = chosen.has(number + 1);
  return before ? (after ? -1 : 0) : after ? 0 : 1;
}

/** Groups the salient cut looked at to choose the middle lines (perf tests count work, never time). */
export const salientCutWork = { groupsLooked: 0 };

/**
 * Groups (best first) that fit the middle room, each paying its lines, their numbers and a gap marker per run of
 * lines; a group that does not fit whole may still fit as its
 * salient line and the lines above it, or as its salient line alone (small budgets: a Python exception under its
 * innermost frame, `KeyError: 'timeout'`). The details that can wait (group-tiers.ts: rustc's hint, the diff of an
 * assertion whose line names both values, deep frames) come in a second pass, after every group's own lines, each
 * paying a marker only for a run it adds (a diff right under its assertion line adds none).
 */
function chooseGroups(groups: SalientGroup[], room: Room, measure: Measure, gapCost: number, repeats: ReadonlySet<SalientGroup> = new Set()): NumberedLine[] {
  // Within the per-template cap, a group whose salient line repeats one the head already shows (`repeats`) comes after
  // those that do not: the 2nd and 3rd copies of the head's first error took the room of a different, later one.
  const before = (a: SalientGroup, b: SalientGroup): boolean => {
    const [aRepeats, bRepeats] = [repeats.has(a), repeats.has(b)];
    if (aRepeats !== bRepeats && a.rank <= EXAMPLES_PER_TEMPLATE && b.rank <= EXAMPLES_PER_TEMPLATE && (a.score >= SALIENT_SCORE) === (b.score >= SALIENT_SCORE)) return bRepeats;
    return keepsBefore(a, b);
  };
  const ordered = [...groups].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const chosen = new Map<number, NumberedLine>();
  let bytes = 0;
  let lines = 0;
  // A group pays a marker per run of its own lines; the details added to a chosen group, only for the runs they add.
  const costOf = (fresh: NumberedLine[], beside = false): number => fresh.reduce((sum, line, index) => sum + measure(numberLine(line.number, line.text)) + 1 + gapCost * (beside ? runsAdded(chosen, fresh, index) : index === 0 || fresh[index - 1]!.number + 1 !== line.number ? 1 : 0), 0);
  /** The details each group taken whole left for the second pass. */
  const waiting: NumberedLine[][] = [];
  for (const group of ordered) {
    // A group adds a line and a gap marker at least (two lines of the room; its marker's bytes and a newline): once
    // that is over the room, every group left would be skipped, so none is looked at (a 1 MiB log holds 512 groups).
    if (lines + 2 > room.lines || bytes + gapCost + 1 > room.bytes) break;
    // Each way of showing a group shows its salient line when it is not shown yet: when that line alone (its number
    // and a gap marker) is over the room, the group is skipped without reading its details.
    const salient = group.lines.find((line) => line.number === group.salient)!;
    if (!chosen.has(salient.number) && bytes + measure(numberLine(salient.number, salient.text)) + 1 + gapCost > room.bytes) continue;
    salientCutWork.groupsLooked += 1;
    const later = laterLines(group);
    let fresh = group.lines.filter((line) => !chosen.has(line.number) && !later.has(line.number));
    let cost = costOf(fresh);
    let whole = true;
    const over = (): boolean => bytes + cost > room.bytes || lines + fresh.length + 1 > room.lines;
    if (over()) {
      whole = false;
      fresh = fresh.filter((line) => line.number <= group.salient);
      cost = costOf(fresh);
      if (fresh.length > 1 && over()) {
        fresh = fresh.filter((line) => line.number === group.salient);
        cost = costOf(fresh);
      }
      if (fresh.length === 0 || over()) continue;
    }
    for (const line of fresh) chosen.set(line.number, line);
    bytes += cost;
    lines += fresh.length + 1;
    if (whole && later.size > 0) waiting.push(group.lines.filter((line) => later.has(line.number)));
  }
  for (const details of waiting) {
    if (lines + 2 > room.lines) break; // (a detail beside its group's lines may pay no marker: only lines bound it)
    const fresh = details.filter((line) => !chosen.has(line.number));
    const cost = costOf(fresh, true);
    if (fresh.length === 0 || bytes + cost > room.bytes || lines + fresh.length + 1 > room.lines) continue;
    for (const line of fresh) chosen.set(line.number, line);
    bytes += cost;
    lines += fresh.length + 1;
  }
  return [...chosen.values()].sort((a, b) => a.number - b.number);
}

/** The salient section: a gap marker before each run of kept lines and before the tail. */
function sectionLines(kept: NumberedLine[], from: number, to: number): { lines: string[]; sources: number[] } {
  const out: string[] = [];
  const sources: number[] = [];
  let next = from;
  const push = (text: string, source: number): void => {
    out.push(text);
    sources.push(source);
  };
  for (const line of kept) {
    if (line.number > next) push(formatGap(next, line.number - 1), 0);
    push(numberLine(line.number, line.text), line.number);
    next = line.number + 1;
  }
  if (next <= to) push(formatGap(next, to), 0);
  return { lines: out, sources };
}

function middleRanges(kept: NumberedLine[]): { from_line: number; to_line: number }[] {
  const ranges: { from_line: number; to_line: number }[] = [];
  for (const line of kept) {
    const last = ranges[ranges.length - 1];
    if (last && last.to_line + 1 === line.number) last.to_line = line.number;
    else ranges.push({ from_line: line.number, to_line: line.number });
  }
  return ranges;
}

function build(window: CollectedWindow, head: CollectedLine[], tail: CollectedLine[], kept: NumberedLine[], summary: string | undefined, spill: SpillReport, rawBytes: number): BoundText {
  const omission = omissionOf({ head, tail }, window, rawBytes);
  const from = lastHeadLine(head) + 1;
  const to = firstTailLine(tail, window.totalLines) - 1;
  const keptBytes = kept.reduce((sum, line) => sum + utf8Bytes(line.text) + 1, 0);
  const shownOmission = { ...omission, wholeLines: Math.max(0, omission.wholeLines - kept.length), omittedBytes: Math.max(0, omission.omittedBytes - keptBytes) };
  const notes = kept.length === 0 ? formatMarker(shownOmission, spill) : [formatMarker(shownOmission, spill), formatSalientNote(kept.length, summary)].join("\n");
  const section = sectionLines(kept, from, to);
  const marker = [notes, ...section.lines].join("\n");
  const headText = head.map((line) => line.text).join("\n");
  const tailText = tail.map((line) => line.text).join("\n");
  const ending = window.endsWithNewline ? "\n" : "";
  const text = [...(head.length > 0 ? [headText] : []), marker, ...(tail.length > 0 ? [tailText] : [])].join("\n") + ending;
  const middle = middleRanges(kept);
  const shown = shownRanges(head, middle, tail, window.totalLines);
  return {
    head: head.length > 0 ? `${headText}\n` : "", marker, tail: tail.length > 0 ? `\n${tailText}${ending}` : ending,
    text, truncated: true, totalBytes: rawBytes, totalLines: window.totalLines, omittedBytes: shownOmission.omittedBytes,
    omittedLines: shownOmission.wholeLines, shown, middle, nextOffset: omission.fromLine, spill,
    lineSources: [...head.map((line) => line.from), ...ownLines(notes), ...section.sources, ...tail.map((line) => line.from)],
  };
}

/**
 * Cuts a window keeping salient middle lines; undefined when the middle has none worth keeping (the caller then
 * makes the plain head + tail cut). Lines are scanned in `window` and shown from `shown` (the same window, or it
 * with near-duplicates folded).
 */
export function cutWithSalience(window: CollectedWindow, shown: CollectedWindow, scanner: SalienceScanner, options: BoundOptions, spill: SpillReport, rawBytes: number): BoundText | undefined {
  const measure = options.measure ?? utf8Bytes;
  const reserved = reservedOf(options);
  const worst = worstCaseMarker(window.totalLines, rawBytes, spill);
  const gapCost = measure(formatGap(window.totalLines, window.totalLines)) + 1;
  const markerCost = measure(worst) + gapCost + SLACK + 3 * measure("\n");
  const room = { bytes: options.budget.maxBytes - reserved.bytes - markerCost, lines: options.budget.maxLines - reserved.lines - countLines(worst) - 2 };
  let ceiling = room.bytes;
  if (options.budget.maxTokens !== undefined && room.bytes > 0 && room.lines > 2) {
    // A first guess of the room from the bytes per token of the window's edges; the search below adjusts it.
    const countTokens = steadyTokenCounter(spill, options.countTokens ?? estimateTokens);
    room.bytes = Math.min(room.bytes, bytesForTokens(shown, room, "both", 0.5, options.budget.maxTokens - reserved.tokens - countTokens(worst), measure, countTokens));
  }
  if (room.bytes <= 0 || room.lines <= 2) return undefined;
  // The middle scanned is planned wider than any cut below can leave it (a twentieth of the room on each side).
  const outer = { bytes: Math.floor(room.bytes * (0.9 - SALIENCE_SPLIT.middle)), lines: Math.max(2, Math.floor(room.lines * (0.9 - SALIENCE_SPLIT.middle))) };
  const headShare = (SALIENCE_SPLIT.head - 0.05) / (0.9 - SALIENCE_SPLIT.middle);
  const planned = selectLines(shown, outer, "both", headShare, measure);
  const from = lastHeadLine(planned.head) + 1;
  const to = firstTailLine(planned.tail, window.totalLines) - 1;
  if (to < from) return undefined;
  if (!scanner.windowScanned) scanWindow(scanner, window, from, to);
  scanner.windowScanned = true;
  const groups = scanner.groups();
  // No salient group: no room keeps a middle line (buildSalient gives none), and the summary is never asked for.
  if (groups.length === 0) return undefined;
  const note = measure(formatSalientNote(9999, scanner.summary.describe((line) => line >= from && line <= to, undefined, to - from + 1)));
  room.bytes -= note;
  ceiling -= note;
  return searchRoom(room, ceiling, options.budget.maxTokens, (tried) => {
    const built = buildSalient(window, shown, groups, tried, scanner, spill, rawBytes, measure, gapCost, options.headRatio);
    return { built, over: built === undefined ? { bytes: 0, lines: 0, tokens: 0 } : overrunOf(built, options) };
  });
}

/**
 * True when the salient lines chosen all fall in the salient cut's own tail (its head share is smaller than the plain
 * cut's) and the plain cut's shorter tail would not show one of them: that cut is kept, with no middle line, or the
 * line just above the plain tail is lost (rubocop's one `E:` offense 15 lines above it, salaudit3).
 */
function tailOnlyCut(kept: NumberedLine[], tailStart: number, shown: CollectedWindow, room: Room, headRatio: number, measure: Measure): boolean {
  if (!kept.some((line) => line.number >= tailStart)) return false;
  const plainTail = firstTailLine(selectLines(shown, room, "both", headRatio, measure).tail, shown.totalLines);
  return kept.some((line) => line.number >= tailStart && line.number < plainTail);
}

/**
 * The groups with lines after the head's end `headEnd`: a group the head's end splits (pyright's error the head's last
 * line, its detail under it the first omitted one) keeps its lines after it, the first of them standing for its
 * salient line when the head shows that.
 */
function middleGroups(groups: SalientGroup[], headEnd: number): SalientGroup[] {
  const middle: SalientGroup[] = [];
  for (const group of groups) {
    if (group.lines[0]!.number > headEnd) middle.push(group);
    else if (group.lines[group.lines.length - 1]!.number > headEnd) {
      const lines = group.lines.filter((line) => line.number > headEnd);
      middle.push({ ...group, lines, salient: group.salient > headEnd ? group.salient : lines[0]!.number });
    }
  }
  return middle;
}

/** The salient cut of one room: head, the best groups that fit the middle share, tail; undefined when none is kept. */
function buildSalient(window: CollectedWindow, shown: CollectedWindow, groups: SalientGroup[], room: Room, scanner: SalienceScanner, spill: SpillReport, rawBytes: number, measure: Measure, gapCost: number, headRatio: number): BoundText | undefined {
  const head = selectLines(shown, { bytes: Math.floor(room.bytes * SALIENCE_SPLIT.head), lines: Math.max(1, Math.floor(room.lines * SALIENCE_SPLIT.head)) }, "head", 1, measure).head;
  const headBytes = head.reduce((sum, line) => sum + measure(line.text) + 1, 0);
  const headEnd = lastHeadLine(head);
  const middleRoom = { bytes: Math.floor(room.bytes * SALIENCE_SPLIT.middle), lines: Math.floor(room.lines * SALIENCE_SPLIT.middle) };
  const inMiddle = middleGroups(groups, headEnd);
  const kept = chooseGroups(inMiddle, middleRoom, measure, gapCost, scanner.shown.repeating(head, inMiddle));
  if (kept.length === 0) return undefined;
  const keptBytes = kept.reduce((sum, line) => sum + measure(numberLine(line.number, line.text)) + 1, 0) + gapCost * kept.length;
  const rest = { bytes: room.bytes - keptBytes, lines: room.lines - 2 * kept.length };
  // The head share gives the head at least the lines chosen above (their bytes and their count, half a unit over so
  // that the floor of the share cannot fall under them): a group just past a shorter head would be shown nowhere.
  const headShare = Math.max((headBytes + 0.5) / Math.max(1, rest.bytes), (head.length + 0.5) / Math.max(1, rest.lines));
  const both = selectLines(shown, rest, "both", Math.min(1, headShare), measure);
  const tailStart = firstTailLine(both.tail, window.totalLines);
  const middle = kept.filter((line) => line.number > lastHeadLine(both.head) && line.number < tailStart);
  if (middle.length === 0) return tailOnlyCut(kept, tailStart, shown, room, headRatio, measure) ? build(window, both.head, both.tail, [], undefined, spill, rawBytes) : undefined;
  const shownMiddle = new Set(middle.map((line) => line.number));
  const finalFrom = lastHeadLine(both.head) + 1;
  const summary = scanner.summary.describe((line) => line >= finalFrom && line < tailStart && !shownMiddle.has(line), undefined, tailStart - finalFrom - shownMiddle.size);
  return build(window, both.head, both.tail, middle, summary, spill, rawBytes);
}
