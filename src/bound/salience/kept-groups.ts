// The salient groups the cut gets at the end of an output: log-level warnings only while rare among the omitted
// middle's lines (rare-warnings.ts), and each group ranked among its template's in input order.
import type { RareWarnings } from "./rare-warnings.js";
import type { SalientGroup } from "./reservoir.js";
import { SALIENT_SCORE } from "./rules.js";

/** The omitted middle's lines scored: those that left the ring, then the window's (0 for none: from 0). */
export interface ScoredSpans {
  evictedFrom: number;
  evictedTo: number;
  windowFrom: number;
  windowTo: number;
}

/**
 * The groups `held` (in input order), each ranked among its template's in input order: the window's first lines are
 * scored after the lines that left the ring, so the ranks given while scoring would put a later line of a template
 * (first scored) before the earlier ones (tsc's first TS2741 behind the one of the fifth file). A warning's group is
 * left out unless `warnings` are rare among the omitted middle's lines.
 */
export function keptGroups(held: SalientGroup[], warnings: RareWarnings, spans: ScoredSpans): SalientGroup[] {
  const kept = warnings.count === 0 || warnings.rareAmong(middleLines(spans)) ? held : held.filter((group) => group.score >= SALIENT_SCORE);
  const ranks = new Map<number, number>();
  for (const group of kept) {
    group.rank = (ranks.get(group.template) ?? 0) + 1;
    ranks.set(group.template, group.rank);
  }
  return kept;
}

/** Lines of the omitted middle: those that left the ring and the window's scored since. */
function middleLines({ evictedFrom, evictedTo, windowFrom, windowTo }: ScoredSpans): number {
  const from = evictedFrom > 0 ? evictedFrom : windowFrom;
  const to = Math.max(evictedTo, windowTo);
  return from > 0 && to >= from ? to - from + 1 : 0;
}
