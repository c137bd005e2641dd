// The reservoir keeps its groups ranked (issue 16): an eviction costs a few comparisons, not two scans of the 512
// groups held, and it keeps exactly the groups the scans kept (the old reservoir below is the oracle).
import { describe, expect, test } from "vitest";
import { keepsBefore, Reservoir, type SalientGroup } from "../../../src/bound/salience/reservoir.js";
import { createRandom } from "../../fuzz/generate.js";

/** The reservoir as it was: a scan of every group held for the worst, after each eviction and each offer once full. */
class ScanningReservoir {
  readonly groups: SalientGroup[] = [];
  private bytes = 0;
  private worst: number | undefined;
  constructor(
    private readonly maxGroups: number,
    private readonly maxBytes: number,
  ) {}

  offer(group: SalientGroup): void {
    const full = this.groups.length >= this.maxGroups;
    if (full && this.worst !== undefined && !keepsBefore(group, this.groups[this.worst]!)) return;
    this.worst = undefined;
    this.groups.push(group);
    this.bytes += group.bytes;
    while (this.groups.length > 1 && (this.groups.length > this.maxGroups || this.bytes > this.maxBytes)) {
      const worst = this.findWorst();
      this.bytes -= this.groups[worst]!.bytes;
      this.groups.splice(worst, 1);
    }
    if (this.groups.length >= this.maxGroups) this.worst = this.findWorst();
  }

  private findWorst(): number {
    let worst = 0;
    for (let index = 1; index < this.groups.length; index += 1) if (keepsBefore(this.groups[worst]!, this.groups[index]!)) worst = index;
    return worst;
  }

  grew(group: SalientGroup, bytes: number): void {
    if (this.groups.includes(group)) this.bytes += bytes;
  }

  held(): SalientGroup[] {
    return [...this.groups].sort((a, b) => a.lines[0]!.number - b.lines[0]!.number);
  }
}

/** A group as the builder makes it; few distinct scores, ranks and first lines, so that equals are common. */
function groupAt(random: () => number, number: number, salient: number, raise = 0): SalientGroup {
  const lines = [{ number, text: "x".repeat(Math.floor(random() * 80)) }];
  return { lines, score: 8 + Math.floor(random() * 3) + raise, template: 0, rank: 1 + Math.floor(random() * 4), bytes: lines[0]!.text.length + 1, salient };
}

describe("the reservoir's ranking", () => {
  test("keeps the same groups as scanning for the worst, through offers, growth, rescoring and reranking", () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const random = createRandom(seed).next;
      const maxGroups = 1 + Math.floor(random() * 40);
      const maxBytes = 200 + Math.floor(random() * 3000);
      // Two copies of every group: one for each reservoir (the builder mutates the groups it offered).
      const ranked = new Reservoir(maxGroups, maxBytes);
      const scanning = new ScanningReservoir(maxGroups, maxBytes);
      const pairs = new Map<SalientGroup, SalientGroup>();
      let number = 1;
      let last: [SalientGroup, SalientGroup] | undefined;
      const offered: [SalientGroup, SalientGroup][] = [];
      const indexOf = (group: SalientGroup): number => offered.findIndex((pair) => pair[0] === group);
      for (let step = 0; step < 600; step += 1) {
        const action = random();
        if (action < 0.6 || last === undefined) {
          // Lines in input order, an owner line above now and then (a first line shared with or before the last group's).
          number += random() < 0.5 ? 0 : 1;
          const first = random() < 0.1 ? Math.max(1, number - 5) : number;
          const group = groupAt(random, first, number, Math.floor(step / 100)); // later groups score higher: earlier classes become the worst
          const copy: SalientGroup = { ...group, lines: [...group.lines] };
          pairs.set(copy, group);
          ranked.offer(group);
          scanning.offer(copy);
          last = [group, copy];
          offered.push(last);
        } else if (action < 0.75) {
          const bytes = 1 + Math.floor(random() * 60);
          ranked.grew(last[0], bytes);
          scanning.grew(last[1], bytes);
        } else if (action < 0.9) {
          // A salient line continuing the open group (the last offered) raises its score; here any group's may rise.
          const [group, copy] = random() < 0.5 ? last : offered[Math.floor(random() * offered.length)]!;
          group.score += 1;
          copy.score = group.score;
          ranked.rescored(group);
        } else {
          // The scanner ranks the held groups again in input order at the end (its groups()), and may go on offering.
          const held = ranked.held();
          expect(held.map(indexOf)).toEqual(scanning.held().map((copy) => indexOf(pairs.get(copy)!)));
          const ranks = new Map<number, number>();
          for (const group of held) {
            group.rank = (ranks.get(group.template) ?? 0) + 1 + Math.floor(random() * 2);
            ranks.set(group.template, group.rank);
            for (const [copy, original] of pairs) if (original === group) copy.rank = group.rank;
          }
        }
      }
      expect(ranked.held().map(indexOf)).toEqual(scanning.held().map((copy) => indexOf(pairs.get(copy)!)));
    }
  });

  test("a group rescored to equal a later one leaves before it (the earlier of equals goes first)", () => {
    const reservoir = new Reservoir(2, 1 << 30);
    const group = (score: number, salient: number): SalientGroup => ({ lines: [{ number: 5, text: "x" }], score, template: 0, rank: 3, bytes: 2, salient });
    const first = group(9, 5);
    const second = group(10, 6);
    reservoir.offer(first);
    reservoir.offer(second);
    first.score = 10;
    reservoir.rescored(first);
    reservoir.offer(group(11, 7));
    expect(reservoir.held()).not.toContain(first);
    expect(reservoir.held()).toContain(second);
  });

  test("an eviction costs a few comparisons, not a scan of the groups held", () => {
    const reservoir = new Reservoir(512, 1 << 30);
    const random = createRandom(7).next;
    // 512 groups of a capped template fill it; then 2,000 better ones (a higher score) each push the worst out.
    for (let index = 0; index < 512; index += 1) reservoir.offer({ ...groupAt(random, index + 1, index + 1), rank: 3, score: 9 });
    const filled = reservoir.work.compared;
    for (let index = 0; index < 2000; index += 1) reservoir.offer({ ...groupAt(random, 600 + index, 600 + index), rank: 3, score: 10 });
    expect(reservoir.held()).toHaveLength(512);
    // Scanning took 2 × 512 comparisons per eviction (2 million); the ranking ~2 × log2(512) + the gate.
    expect(reservoir.work.compared - filled).toBeLessThan(2000 * 25);
    expect(filled).toBeLessThan(512 * 12);
  });
});
