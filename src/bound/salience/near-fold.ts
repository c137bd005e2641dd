// Near-duplicate runs in a list of shown lines: lines alike in shape (numbers, paths, hashes, quoted names aside)
// to the few lines shown just above them, never a salient line or what travels with it.
import type { CollectedLine } from "../lines.js";
import { formatLikeNote } from "./format.js";
import { NO_NEEDLE, rememberScore } from "./line-scores.js";
import { mayBeSalient } from "./prefilter.js";
import { ownerOf } from "./owners.js";
import { isContinuation, SALIENT_SCORE, scoreLine } from "./rules.js";
import { alike, lineShape, lineShapes } from "./template.js";

/** Distinct shapes of recently shown lines a run may take: runs cycling through up to this many kinds fold. */
const FOLD_KINDS = 8;
/** Fewest lines a note stands for; and the note must take at most half the bytes of the lines it stands for. */
const MIN_FOLDED = 4;
/** Continuation lines after a salient line that stay shown with it (as groups.ts keeps them). */
const MAX_CONTINUATION = 10;

/** A run that may fold: lines [start, end) of the list become one note under the lines shown above them. */
export interface FoldRun {
  start: number;
  end: number;
  /** The note that stands for the run. */
  note: CollectedLine;
}

/**
 * True for each line that must stay shown, for the salient lines of lines[from, to): those lines, the lines above that
 * travel with them (owners.ts's `ownerOf`), their continuation and code frame below. A partial line never folds: it is scored only when an owner
 * or continuation would stay shown with it (a giant line cut by the window is not scored for nothing).
 */
function protectedLines(lines: readonly CollectedLine[], from: number, to: number): boolean[] {
  let known = protectedCache.get(lines);
  if (!known) protectedCache.set(lines, (known = { keep: new Array<boolean>(lines.length).fill(false), from: to, to }));
  const { keep } = known;
  // A list read again over a longer stretch (fold-window.ts grows it) scores only the lines not read yet.
  for (let index = from; index < to; index += 1) {
    if (index === known.from) index = Math.max(index, known.to);
    if (index >= to) break;
    const line = lines[index]!;
    if (line.foldNote) continue;
    // What is worked out here is remembered for the scanner, which reads the window's middle lines next (line-scores.ts).
    if (!mayBeSalient(line.text)) {
      rememberScore(line.text, NO_NEEDLE);
      continue;
    }
    // The owner's lines (numbered by their index in the list) and the continuation's end: looked for before the
    // score only for a partial line, which needs them to be scored; any other line looks once it is salient.
    const around = (): { owners: ReturnType<typeof ownerOf>; through: number } => ({
      owners: ownerOf({ number: index, text: line.text }, { at: (distance) => (index - distance >= 0 ? { number: index - distance, text: lines[index - distance]!.text } : undefined) }),
      through: continuationEnd(lines, index),
    });
    const partial = line.partial ? around() : undefined;
    if (partial && partial.owners.length === 0 && partial.through === index) continue;
    foldWork.scoredLines += 1;
    const score = scoreLine(line.text);
    rememberScore(line.text, score);
    if (score < SALIENT_SCORE) continue;
    const { owners, through } = partial ?? around();
    keep[index] = true;
    for (const owner of owners) keep[owner.number] = true;
    keep.fill(true, index + 1, through + 1);
  }
  if (from <= known.to && to >= known.from) [known.from, known.to] = [Math.min(known.from, from), Math.max(known.to, to)];
  else [known.from, known.to] = [from, to];
  return keep;
}

/** Each list's protected lines and the stretch [from, to) they were worked out for. */
const protectedCache = new WeakMap<readonly CollectedLine[], { keep: boolean[]; from: number; to: number }>();

/** The last line of the continuation and code frame under the line at `index` (up to 10 lines, one blank line); `index` when none. */
function continuationEnd(lines: readonly CollectedLine[], index: number): number {
  let through = index;
  let blanks = 0;
  for (let next = index + 1; next < lines.length && next <= index + MAX_CONTINUATION; next += 1) {
    const following = lines[next]!.text;
    if (following.trim().length === 0 && (blanks += 1) > 1) break;
    if (following.trim().length > 0 && !isContinuation(following) && !CODE_FRAME.test(following)) break;
    through = next;
  }
  return through;
}

/** A code excerpt under a diagnostic (`12 export const …`) or its underline (`~~~~`), as tsc and clang print them. */
const CODE_FRAME = /^\s*\d+\s|^\s*[~^]+\s*$/;

const TWO_LETTERS = /[A-Za-z]{2}/;

/**
 * True when a shape has a word of its own (a line that is all number, path or name, like `find`'s, is content):
 * two letters in one of its tokens (the indent mark aside), looked for token by token, nothing joined.
 */
function hasWord(shape: readonly string[]): boolean {
  for (let index = 1; index < shape.length; index += 1) if (TWO_LETTERS.test(shape[index]!)) return true;
  return false;
}

/** Work near-duplicate folding did, counted for tests (a regression shows as work, not time). */
export const foldWork = { scoredLines: 0, shapedLines: 0, shapeBatches: 0 };

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
 * The runs of lines[from, to) (the whole list by default), in order, each worth its note (see MIN_FOLDED); with
 * `endsOutput`, the list's last line stays shown. The lines above `from` are read only for what owns a salient line.
 */
export function findRuns(lines: readonly CollectedLine[], endsOutput = false, from = 0, to = lines.length): FoldRun[] {
  const keep = protectedLines(lines, from, to);
  shapeStretch(lines, from, to);
  const foldable = (index: number): boolean => !keep[index] && !lines[index]!.partial && !lines[index]!.foldNote;
  const runs: FoldRun[] = [];
  /** Shapes of recently shown lines, oldest first, at most FOLD_KINDS distinct ones. */
  let recent: string[][] = [];
  let index = from;
  while (index < to) {
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
  return runs;
}

/** True when a line before the run's shown lines is not like them: the list does not open inside the run. */
export function startsAfterOther(lines: readonly CollectedLine[], run: FoldRun): boolean {
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
