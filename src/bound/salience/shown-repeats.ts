// Which salient groups repeat a line the cut already shows: the salient line alike (template.ts `alike`: as many
// tokens, the first word the same, most tokens equal) a line of the head. The salient cut takes them after the groups
// that show something new (compose-salient.ts chooseGroups). Shapes are kept by line number: a cut's room is searched,
// and each room tried asks again about the same lines.
import type { CollectedLine } from "../lines.js";
import type { SalientGroup } from "./reservoir.js";
import { alike, lineShapes } from "./template.js";

/** Line shapes of one output's lines, as they are asked for. */
export class ShownRepeats {
  private readonly shapes = new Map<number, string[]>();

  /** A test: does a group's salient line repeat one of `shown` (lines of the head)? */
  repeatsAny(shown: readonly CollectedLine[]): (group: SalientGroup) => boolean {
    if (shown.length === 0) return () => false;
    const buckets = new Map<string, string[][]>();
    for (const shape of this.shapesOf(shown.map((line) => ({ number: line.from, text: line.text })))) {
      const key = bucketOf(shape);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(shape);
      else buckets.set(key, [shape]);
    }
    return (group) => {
      const salient = group.lines.find((line) => line.number === group.salient);
      if (salient === undefined) return false;
      const shape = this.shapesOf([salient])[0]!;
      return buckets.get(bucketOf(shape))?.some((other) => alike(shape, other)) ?? false;
    };
  }

  /** The shapes of `lines`, those not known yet made in one pass. */
  private shapesOf(lines: readonly { number: number; text: string }[]): string[][] {
    const missing = lines.filter((line) => !this.shapes.has(line.number));
    if (missing.length > 0) {
      const made = lineShapes(missing.map((line) => line.text));
      missing.forEach((line, index) => this.shapes.set(line.number, made[index]!));
    }
    return lines.map((line) => this.shapes.get(line.number)!);
  }
}

/** What two alike shapes share (alike asks as many tokens and the first two equal). */
function bucketOf(shape: readonly string[]): string {
  return `${shape.length}\u0000${shape[0]}\u0000${shape[1]}`;
}
