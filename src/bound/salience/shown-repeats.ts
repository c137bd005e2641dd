// Which salient groups repeat a line the cut already shows: the salient line's shape (template.ts `lineShapes`:
// numbers, hex ids, paths and quoted names masked) the same as a line's of the head. The salient cut takes them after
// the groups that show something new (compose-salient.ts chooseGroups). Shapes are kept by line number: a cut's room
// is searched, and each room tried asks again about the same lines. The same shape, not `alike`: one lookup a group,
// where `alike` compared each group with every head line of its length (a log's head: hundreds), each room tried.
import type { CollectedLine } from "../lines.js";
import { EXAMPLES_PER_TEMPLATE, type SalientGroup } from "./reservoir.js";
import { lineShapes } from "./template.js";

/** Line shapes of one output's lines, as they are asked for. */
export class ShownRepeats {
  private readonly keys = new Map<number, string>();

  /**
   * The groups whose salient line repeats one of `shown` (lines of the head), among those within the per-template cap
   * (the others come last whatever they show: their shapes are not made).
   */
  repeating(shown: readonly CollectedLine[], all: readonly SalientGroup[]): Set<SalientGroup> {
    const groups = all.filter((group) => group.rank <= EXAMPLES_PER_TEMPLATE);
    if (shown.length === 0 || groups.length === 0) return new Set();
    const salient = groups.map((group) => group.lines.find((line) => line.number === group.salient)!);
    const keys = this.keysOf([...shown.map((line) => ({ number: line.from, text: line.text })), ...salient]);
    const shownKeys = new Set(keys.slice(0, shown.length));
    return new Set(groups.filter((_, index) => shownKeys.has(keys[shown.length + index]!)));
  }

  /** The shapes of `lines` as keys, those not known yet made in one pass. */
  private keysOf(lines: readonly { number: number; text: string }[]): string[] {
    const missing = lines.filter((line) => !this.keys.has(line.number));
    if (missing.length > 0) {
      const made = lineShapes(missing.map((line) => line.text));
      missing.forEach((line, index) => this.keys.set(line.number, made[index]!.join("\u0000")));
    }
    return lines.map((line) => this.keys.get(line.number)!);
  }
}
