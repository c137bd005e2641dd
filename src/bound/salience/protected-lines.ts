// The lines of a list of shown lines that never fold as near-duplicates: salient lines and what travels with them.
import type { CollectedLine } from "../lines.js";
import { NO_NEEDLE, rememberScore } from "./line-scores.js";
import { mayBeSalient } from "./prefilter.js";
import { failureListEnd, isFailureListHead } from "./failure-list.js";
import { ownerOf } from "./owners.js";
import { isContinuation, SALIENT_SCORE, scoreLine } from "./rules.js";

/** Continuation lines after a salient line that stay shown with it (as groups.ts keeps them). */
const MAX_CONTINUATION = 10;

/** Work near-duplicate folding did, counted for tests (a regression shows as work, not time). */
export const foldWork = { scoredLines: 0, shapedLines: 0, shapeBatches: 0 };

/**
 * Each list's protected lines, the stretch [from, to) they were worked out for, and the lowest and highest line the
 * last call protected anew (a scan of the list made before that call still holds outside them: near-fold.ts).
 */
interface Protected {
  keep: boolean[];
  from: number;
  to: number;
  changedFrom: number;
  changedTo: number;
}

const protectedCache = new WeakMap<readonly CollectedLine[], Protected>();

/**
 * True for each line that must stay shown, for the salient lines of lines[from, to): those lines, the lines above that
 * travel with them (owners.ts's `ownerOf`), their continuation and code frame below. A partial line never folds: it is scored only when an owner
 * or continuation would stay shown with it (a giant line cut by the window is not scored for nothing).
 */
export function protectedLines(lines: readonly CollectedLine[], from: number, to: number): Protected {
  let known = protectedCache.get(lines);
  if (!known) protectedCache.set(lines, (known = { keep: new Array<boolean>(lines.length).fill(false), from: to, to, changedFrom: lines.length, changedTo: -1 }));
  const { keep } = known;
  let changedFrom = lines.length;
  let changedTo = -1;
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
    const { owners, through: continued } = partial ?? around();
    // jasmine's `Failures:` keeps its numbered list shown: `2) …` is no near-duplicate of `1) …` to fold.
    const through = isFailureListHead(line.text) ? Math.max(continued, failureListEnd((at) => lines[at]?.text, index)) : continued;
    keep[index] = true;
    for (const owner of owners) keep[owner.number] = true;
    keep.fill(true, index + 1, through + 1);
    changedFrom = Math.min(changedFrom, index, ...owners.map((owner) => owner.number));
    changedTo = Math.max(changedTo, through);
  }
  if (from <= known.to && to >= known.from) [known.from, known.to] = [Math.min(known.from, from), Math.max(known.to, to)];
  else [known.from, known.to] = [from, to];
  [known.changedFrom, known.changedTo] = [changedFrom, changedTo];
  return known;
}

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
