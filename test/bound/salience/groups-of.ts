// The groups GroupBuilder keeps from a list of lines, fed as the line path feeds it (a candidate when the prefilter matches).
import { GroupBuilder } from "../../../src/bound/salience/groups.js";
import { mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { Reservoir, type SalientGroup } from "../../../src/bound/salience/reservoir.js";

/** The groups kept from a recorded output, each as its lines' texts (trimmed). */
export function groupsOf(lines: readonly string[]): string[][] {
  const builder = new GroupBuilder(new Reservoir(512, 1 << 22));
  lines.forEach((text, index) => {
    const line = { number: index + 1, text };
    if (mayBeSalient(text)) builder.offer(line, { at: (distance) => (index - distance >= 0 ? { number: index + 1 - distance, text: lines[index - distance]! } : undefined) });
    else builder.pass(line);
  });
  return builder.reservoir.held().map((group: SalientGroup) => group.lines.map((line) => line.text.trim()));
}

/** The group that holds a line of this text. */
export const groupWith = (groups: string[][], text: string): string[] | undefined => groups.find((group) => group.includes(text));
