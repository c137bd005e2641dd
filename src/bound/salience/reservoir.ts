// The bounded reservoir of salient groups: the best kept, at most a few examples per line template first.

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

/** True when `a` should be kept before `b`: within the per-template cap first, then higher score, then earlier. */
export function keepsBefore(a: SalientGroup, b: SalientGroup): boolean {
  const aCapped = a.rank > EXAMPLES_PER_TEMPLATE;
  const bCapped = b.rank > EXAMPLES_PER_TEMPLATE;
  if (aCapped !== bCapped) return bCapped;
  if (a.score !== b.score) return a.score > b.score;
  return a.lines[0]!.number < b.lines[0]!.number;
}

/** Holds at most `maxGroups` groups and `maxBytes` of their text, evicting the one kept last. */
export class Reservoir {
  private readonly groups: SalientGroup[] = [];
  private bytes = 0;
  /** Index of the group that would leave first, known while the reservoir is full. */
  private worst: number | undefined;
  private readonly maxGroups: number;
  private readonly maxBytes: number;

  constructor(maxGroups: number, maxBytes: number) {
    this.maxGroups = maxGroups;
    this.maxBytes = maxBytes;
  }

  /** Offers a group; it stays if it is better than the worst one held once the reservoir is full. */
  offer(group: SalientGroup): void {
    const full = this.groups.length >= this.maxGroups;
    if (full && this.worst !== undefined && !keepsBefore(group, this.groups[this.worst]!)) return;
    this.worst = undefined;
    this.groups.push(group);
    this.bytes += group.bytes;
    if (this.groups.length > this.maxGroups || this.bytes > this.maxBytes) this.evict();
    if (this.groups.length >= this.maxGroups) this.worst = this.findWorst();
  }

  /** Drops the groups that would leave first until the reservoir is within its bounds again. */
  private evict(): void {
    while (this.groups.length > 1 && (this.groups.length > this.maxGroups || this.bytes > this.maxBytes)) {
      const worst = this.findWorst();
      this.bytes -= this.groups[worst]!.bytes;
      this.groups.splice(worst, 1);
    }
  }

  private findWorst(): number {
    let worst = 0;
    for (let index = 1; index < this.groups.length; index += 1) if (keepsBefore(this.groups[worst]!, this.groups[index]!)) worst = index;
    return worst;
  }

  /** Counts the bytes of a line that joined a group, if the group is still held. */
  grew(group: SalientGroup, bytes: number): void {
    if (this.groups.includes(group)) this.bytes += bytes;
  }

  /** The groups held, in input order. */
  held(): SalientGroup[] {
    return [...this.groups].sort((a, b) => a.lines[0]!.number - b.lines[0]!.number);
  }
}
