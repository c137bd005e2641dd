// The bounded reservoir of salient groups: the best kept, at most a few examples per line template first.
import { SALIENT_SCORE } from "./rules.js";

/** A line of the full output and its 1-based number. */
export interface NumberedLine {
  number: number;
  text: string;
}

/** A salient line with what travels with it: its owning file header, the trace line above, its continuation lines. */
export interface SalientGroup {
  lines: NumberedLine[];
  score: number;
  /** The template of the salient line (per-template cap). */
  template: number;
  /** 1 for the first group of its template seen, 2 for the second, … */
  rank: number;
  bytes: number;
  /** Number of the salient line itself (the lines above it travel with it; those below may be left out when room is short). */
  salient: number;
}

/** Examples per template that keep full priority (2 did best in the prototype). */
export const EXAMPLES_PER_TEMPLATE = 2;

/**
 * True when `a` should be kept before `b`: a salient group before a rare warning's (rare-warnings.ts: a warning never
 * takes an error's room), then within the per-template cap first, then higher score, then earlier.
 */
export function keepsBefore(a: SalientGroup, b: SalientGroup): boolean {
  const aWarning = a.score < SALIENT_SCORE;
  if (aWarning !== b.score < SALIENT_SCORE) return !aWarning;
  const aCapped = a.rank > EXAMPLES_PER_TEMPLATE;
  const bCapped = b.rank > EXAMPLES_PER_TEMPLATE;
  if (aCapped !== bCapped) return bCapped;
  if (a.score !== b.score) return a.score > b.score;
  return a.lines[0]!.number < b.lines[0]!.number;
}

/** Comparisons of two groups a reservoir made (perf tests count work, never time). */
export interface ReservoirWork {
  compared: number;
}

/**
 * Holds at most `maxGroups` groups and `maxBytes` of their text, evicting the one kept last. The groups are also
 * held ranked (the one that leaves first last; of equals, the one offered first), built the first time one must
 * leave and kept in order from then on: a group offered or rescored is placed by a binary search, so an eviction
 * costs a few comparisons, not two scans of all the groups held (issue 16: 75,000 comparisons at the end of 1 MiB of
 * logs, with V8's optimizing compiler off).
 */
export class Reservoir {
  /** The groups held, in the order they were offered. */
  private readonly groups: SalientGroup[] = [];
  /** The same groups from the one kept first to the one that leaves first; undefined until first needed, or stale. */
  private ranked: SalientGroup[] | undefined;
  private bytes = 0;
  /** The group that would leave first, known while the reservoir is full. */
  private worst: SalientGroup | undefined;
  private readonly maxGroups: number;
  private readonly maxBytes: number;
  readonly work: ReservoirWork = { compared: 0 };

  constructor(maxGroups: number, maxBytes: number) {
    this.maxGroups = maxGroups;
    this.maxBytes = maxBytes;
  }

  /** Offers a group; it stays if it is better than the worst one held once the reservoir is full. */
  offer(group: SalientGroup): void {
    const full = this.groups.length >= this.maxGroups;
    if (full && this.worst !== undefined && !this.before(group, this.worst)) return;
    this.worst = undefined;
    this.groups.push(group);
    if (this.ranked) this.place(this.ranked, group);
    this.bytes += group.bytes;
    if (this.groups.length > this.maxGroups || this.bytes > this.maxBytes) this.evict();
    if (this.groups.length >= this.maxGroups) this.worst = this.findWorst();
  }

  /**
   * True when a group of `rank` and `score` whose first line is at `firstLine` or later would be refused now (the
   * reservoir is full and it would not be kept before the group that leaves first): what `offer` would decide, without
   * the group's lines. False when that is not known from these (the worst group's first line is not before `firstLine`).
   */
  refuses(rank: number, score: number, firstLine: number): boolean {
    const worst = this.worst;
    if (this.groups.length < this.maxGroups || worst === undefined) return false;
    this.work.compared += 1;
    const warning = score < SALIENT_SCORE;
    if (warning !== worst.score < SALIENT_SCORE) return warning;
    const capped = rank > EXAMPLES_PER_TEMPLATE;
    if (capped !== worst.rank > EXAMPLES_PER_TEMPLATE) return capped;
    if (score !== worst.score) return score < worst.score;
    return worst.lines[0]!.number < firstLine;
  }

  /** A held group's score was raised (a salient line continued it): it moves up the ranking. */
  rescored(group: SalientGroup): void {
    const ranked = this.ranked;
    if (!ranked) return;
    const at = ranked.indexOf(group);
    if (at === -1) return;
    ranked.splice(at, 1);
    this.place(ranked, group);
  }

  /** Drops the groups scored under `score` (the rare warnings' once they are not rare): at most RARE_WARNINGS of them. */
  dropBelow(score: number): void {
    for (let index = this.groups.length - 1; index >= 0; index -= 1) {
      const group = this.groups[index]!;
      if (group.score >= score) continue;
      this.groups.splice(index, 1);
      this.bytes -= group.bytes;
      if (this.ranked) this.ranked.splice(this.ranked.indexOf(group), 1);
      this.worst = undefined;
    }
    if (this.worst === undefined && this.groups.length >= this.maxGroups) this.worst = this.findWorst();
  }

  /** Drops the groups that would leave first until the reservoir is within its bounds again. */
  private evict(): void {
    while (this.groups.length > 1 && (this.groups.length > this.maxGroups || this.bytes > this.maxBytes)) {
      const worst = this.findWorst();
      this.ranked!.pop();
      this.bytes -= worst.bytes;
      this.groups.splice(this.groups.indexOf(worst), 1);
    }
  }

  /** The group that leaves first: the last ranked (the ranking is built the first time it is asked for). */
  private findWorst(): SalientGroup {
    // Ranked from the groups offered last: a stable sort then puts, of equals, the one offered first last.
    this.ranked ??= this.groups.slice().reverse().sort((a, b) => (this.before(a, b) ? -1 : this.before(b, a) ? 1 : 0));
    return this.ranked[this.ranked.length - 1]!;
  }

  /** Puts `group` in the ranking: after the groups kept before it, and before its equals offered earlier. */
  private place(ranked: SalientGroup[], group: SalientGroup): void {
    let low = 0;
    let high = ranked.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.before(ranked[middle]!, group)) low = middle + 1;
      else high = middle;
    }
    const offered = this.groups.indexOf(group);
    while (low < ranked.length && !this.before(group, ranked[low]!) && this.groups.indexOf(ranked[low]!) > offered) low += 1;
    ranked.splice(low, 0, group);
  }

  private before(a: SalientGroup, b: SalientGroup): boolean {
    this.work.compared += 1;
    return keepsBefore(a, b);
  }

  /** Counts the bytes of a line that joined a group, if the group is still held. */
  grew(group: SalientGroup, bytes: number): void {
    if (this.groups.includes(group)) this.bytes += bytes;
  }

  /** The groups held, in input order (their ranks may be given again after this: the ranking is built anew if needed). */
  held(): SalientGroup[] {
    this.ranked = undefined;
    return [...this.groups].sort((a, b) => a.lines[0]!.number - b.lines[0]!.number);
  }
}
