// Near-duplicate runs in a list of shown lines: lines alike in shape (numbers, paths, hashes, quoted names aside)
// to the few lines shown just above them, never a salient line or what travels with it.
import type { CollectedLine } from "../lines.js";
import { formatLikeNote } from "./format.js";
import { foldWork, protectedLines } from "./protected-lines.js";
import { alike, lineShape, lineShapes } from "./template.js";

export { foldWork } from "./protected-lines.js";

/** Distinct shapes of recently shown lines a run may take: runs cycling through up to this many kinds fold. */
const FOLD_KINDS = 8;
/** Fewest lines a note stands for; and the note must take at most half the bytes of the lines it stands for. */
const MIN_FOLDED = 4;

/** A run that may fold: lines [start, end) of the list become one note under the lines shown above them. */
export interface FoldRun {
  start: number;
  end: number;
  /** The note that stands for the run. */
  note: CollectedLine;
}

const TWO_LETTERS = /[A-Za-z]{2}/;

/**
 * True when a shape has a word of its own (a line that is all number, path or name, like `find`'s, is content):
 * two letters in one of its tokens (the indent mark aside), looked for token by token, nothing joined.
 */
function hasWord(shape: readonly string[]): boolean {
  for (let index = 1; index < shape.length; index += 1) if (TWO_LETTERS.test(shape[index]!)) return true;
  return false;
}

/**
 * Each list's line shapes, worked out once (a list is read by findRuns, then by startsAfterOther for each run): the
 * whole lines of the stretch findRuns reads in one batch, any other line (a partial one, perhaps giant) only when asked.
 */
const shapeCache = new WeakMap<readonly CollectedLine[], (string[] | undefined)[]>();

function shapesOf(lines: readonly CollectedLine[]): (string[] | undefined)[] {
  let shapes = shapeCache.get(lines);
  if (!shapes) shapeCache.set(lines, (shapes = new Array<string[] | undefined>(lines.length)));
  return shapes;
}

/** Shapes the whole lines of lines[from, to) not shaped yet, in one batch. */
function shapeStretch(lines: readonly CollectedLine[], from: number, to: number): void {
  const shapes = shapesOf(lines);
  const wanted: number[] = [];
  for (let at = from; at < to; at += 1) if (shapes[at] === undefined && !lines[at]!.partial) wanted.push(at);
  if (wanted.length === 0) return;
  const batch = lineShapes(wanted.map((at) => lines[at]!.text));
  for (let at = 0; at < wanted.length; at += 1) shapes[wanted[at]!] = batch[at];
  foldWork.shapeBatches += 1;
  foldWork.shapedLines += wanted.length;
}

function shapeOf(lines: readonly CollectedLine[], index: number): string[] {
  const shapes = shapesOf(lines);
  let shape = shapes[index];
  if (shape === undefined) {
    foldWork.shapedLines += 1;
    shape = shapes[index] = lineShape(lines[index]!.text);
  }
  return shape;
}

/** Where in `shapes` the first shape alike `shape` is; -1 when none is (a loop: no closure per line at the end). */
function indexOfAlike(shapes: readonly string[][], shape: readonly string[]): number {
  for (let index = 0; index < shapes.length; index += 1) if (alike(shapes[index]!, shape)) return index;
  return -1;
}

const likeAny = (shapes: readonly string[][], shape: readonly string[]): boolean => indexOfAlike(shapes, shape) !== -1;

const lineCost = (line: CollectedLine): number => Buffer.byteLength(line.text) + 1;

/** Remembers a shown line's shape: the most recent FOLD_KINDS distinct shapes are what a run may be like. */
function remember(recent: string[][], shape: string[], known = indexOfAlike(recent, shape)): void {
  if (known !== -1) recent.splice(known, 1);
  recent.push(shape);
  if (recent.length > FOLD_KINDS) recent.shift();
}

/**
 * A list's last scan for runs: its stretch, its runs, and at each line where it stood between runs the recent shapes
 * it had there. fold-window.ts grows a stretch at one end (the tail list's back, the head list's on) and scans it
 * again; the scan of the grown stretch takes the last one's runs where it would only repeat them (issue 16: the tail
 * list's lines were scanned about twice, each against up to 8 recent shapes).
 */
interface RunScan {
  from: number;
  to: number;
  endsOutput: boolean;
  runs: FoldRun[];
  states: (string[][] | undefined)[];
}

const scanCache = new WeakMap<readonly CollectedLine[], RunScan>();

const sameShapes = (a: readonly string[][] | undefined, b: readonly string[][]): boolean => a !== undefined && a.length === b.length && a.every((shape, index) => shape === b[index]);

/** The last line at or before `at` (and from `from` on) where a scan stood between runs; -1 when none. */
function lastStateAtOrBefore(states: readonly (string[][] | undefined)[], from: number, at: number): number {
  for (let index = at; index >= from; index -= 1) if (states[index] !== undefined) return index;
  return -1;
}

/**
 * The runs of lines[from, to) (the whole list by default), in order, each worth its note (see MIN_FOLDED); with
 * `endsOutput`, the list's last line stays shown. The lines above `from` are read only for what owns a salient line.
 */
export function findRuns(lines: readonly CollectedLine[], endsOutput = false, from = 0, to = lines.length): FoldRun[] {
  const guarded = protectedLines(lines, from, to);
  const { keep } = guarded;
  shapeStretch(lines, from, to);
  const foldable = (index: number): boolean => !keep[index] && !lines[index]!.partial && !lines[index]!.foldNote;
  const runs: FoldRun[] = [];
  /** Shapes of recently shown lines, oldest first, at most FOLD_KINDS distinct ones. */
  let recent: string[][] = [];
  let index = from;
  const earlier = scanCache.get(lines);
  const same = earlier !== undefined && earlier.endsOutput === endsOutput;
  const states = earlier?.states ?? new Array<string[][] | undefined>(lines.length);
  // Grown on: the last scan's runs hold up to where it stood before a line it read was protected since, or its end.
  const resume = same && earlier.from === from && to > earlier.to ? lastStateAtOrBefore(states, from, Math.min(guarded.changedFrom, earlier.to - 1)) : -1;
  if (resume !== -1) {
    index = resume;
    recent = states[resume]!.slice();
    for (const run of earlier!.runs) if (run.end <= resume) runs.push(run);
  }
  // Grown back: where this scan stands as the last one stood (past any line protected since), the rest is its runs.
  const joined = same && earlier.to === to && from < earlier.from ? earlier : undefined;
  const joinFrom = joined ? Math.max(joined.from, guarded.changedTo + 1) : to;
  while (index < to) {
    if (index >= joinFrom && sameShapes(states[index], recent)) {
      for (const run of joined!.runs) if (run.start >= index) runs.push(run);
      break;
    }
    states[index] = recent.slice();
    const line = lines[index]!;
    if (line.foldNote || line.partial) {
      if (line.partial) recent = [];
      index += 1;
      continue;
    }
    const shape = shapeOf(lines, index);
    // The recent shape it is like, looked for once (remember needs it too); then its words, only when it is like one.
    const known = indexOfAlike(recent, shape);
    if (!foldable(index) || known === -1 || !hasWord(shape) || (endsOutput && index === lines.length - 1)) {
      remember(recent, shape, known);
      index += 1;
      continue;
    }
    const above = recent[recent.length - 1]!;
    let likeAbove = alike(above, shape);
    let end = index + 1;
    let bytes = lineCost(line);
    // The output's last line (its summary, the exit status) is never folded.
    const limit = endsOutput ? Math.min(to, lines.length - 1) : to;
    while (end < limit) {
      const next = lines[end]!;
      // A repeat note after a folded line folds with it.
      if (!(next.foldNote && !next.similar)) {
        const nextShape = shapeOf(lines, end);
        if (!foldable(end) || !likeAny(recent, nextShape)) break;
        likeAbove &&= alike(above, nextShape);
      }
      bytes += lineCost(next);
      end += 1;
    }
    // The lines inside [index, end) are no place a scan stands between runs.
    states.fill(undefined, index + 1, end);
    const last = lines[end - 1]!;
    const count = last.to - line.from + 1;
    const text = formatLikeNote(count, likeAbove, line.from, last.to);
    if (count >= MIN_FOLDED && 2 * (Buffer.byteLength(text) + 1) <= bytes) {
      const note: CollectedLine = { text, from: line.from, to: last.to, rawStart: line.rawStart, rawEnd: last.rawEnd, foldNote: true, similar: true };
      runs.push({ start: index, end, note });
      index = end;
      continue;
    }
    // Too short to fold: the lines stay shown.
    for (; index < end; index += 1) if (!lines[index]!.foldNote) remember(recent, shapeOf(lines, index));
  }
  scanCache.set(lines, { from, to, endsOutput, runs, states });
  return runs;
}

/** startsAfterOther's answer for each run of a list (a run found again in a grown stretch is the same object). */
const startsCache = new WeakMap<FoldRun, boolean>();

/** True when a line before the run's shown lines is not like them: the list does not open inside the run. */
export function startsAfterOther(lines: readonly CollectedLine[], run: FoldRun): boolean {
  let starts = startsCache.get(run);
  if (starts === undefined) startsCache.set(run, (starts = openedBefore(lines, run)));
  return starts;
}

function openedBefore(lines: readonly CollectedLine[], run: FoldRun): boolean {
  const shapes: string[][] = [];
  for (let index = run.start; index < run.end; index += 1) {
    const shape = lines[index]!.foldNote ? undefined : shapeOf(lines, index);
    if (shape && !likeAny(shapes, shape)) shapes.push(shape);
  }
  for (let index = run.start - 1; index >= 0; index -= 1) {
    const line = lines[index]!;
    if (!line.foldNote && !likeAny(shapes, shapeOf(lines, index))) return true;
  }
  return false;
}

/** The list with the chosen runs (in list order, not overlapping) replaced by their notes. */
export function applyRuns(lines: readonly CollectedLine[], runs: readonly FoldRun[]): CollectedLine[] {
  if (runs.length === 0) return lines as CollectedLine[];
  const out: CollectedLine[] = [];
  let index = 0;
  for (const run of runs) {
    for (; index < run.start; index += 1) out.push(lines[index]!);
    out.push(run.note);
    index = run.end;
  }
  for (; index < lines.length; index += 1) out.push(lines[index]!);
  return out;
}
