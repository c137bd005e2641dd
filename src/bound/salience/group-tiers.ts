// Which lines of a salient group can wait until every chosen group's own lines are in: the details a small budget
// gives up first (a rustc hint, the diff of a failed assertion whose line already names both values, deep frames).
import type { SalientGroup } from "./reservoir.js";
import { ASSERTION, FRAME } from "./group-lines.js";

/** rustc's hint under its error (`help: try using a conversion method`), with the suggested lines under it. */
const HINT = /^help: /;
/** A stack frame: JavaScript's and Java's `at …`. */
const STACK_FRAME = /^\s*at \S/;
/** Java's `... 14 more` under a cause's frames (the frames it shares with the exception above it). */
const MORE_FRAMES = /^\s*\.\.\. \d+ more$/;
/** Frames of a run kept with the group's own lines: where it was thrown and who called that. */
const FIRST_FRAMES = 2;
/** A failed assertion whose line names both values (`{'timeout': 30} != {'timeout': 60}`, `expected [ 17, 18 ] to deeply equal [ 17, 19 ]`). */
const NAMES_VALUES = / !==? \S|\bexpected \S.* to (?:deeply |strictly )?equal\b/;

/**
 * The lines of `group` below its salient line that a cut takes only after every other group's own lines: from
 * rustc's `help:` on (the hint and its suggestion; the summary `could not compile` comes first), what follows a
 * failed assertion whose line names both values, but a stack frame (its diff, a second rendering of the same values:
 * `- {'timeout': 30}`, `+ {'timeout': 60}`, difflib's `?   ^`; the next failure's title comes first), and a stack's
 * frames past the first two of a run with Java's `... 13 more` (the root cause, a later `Caused by:`, comes first).
 * Empty for most groups.
 */
export function laterLines(group: SalientGroup): Set<number> {
  const later = new Set<number>();
  let hint = false;
  let assertion = false;
  let frames = 0;
  for (let index = 0; index < group.lines.length; index += 1) {
    const line = group.lines[index]!;
    const frame = STACK_FRAME.test(line.text);
    frames = frame ? frames + 1 : 0;
    if (line.number > group.salient) {
      hint ||= HINT.test(line.text);
      if (hint || (assertion && !FRAME.test(line.text)) || frames > FIRST_FRAMES || MORE_FRAMES.test(line.text)) {
        later.add(line.number);
        continue;
      }
    }
    if (ASSERTION.test(line.text) && NAMES_VALUES.test(line.text)) assertion = true;
  }
  return later;
}
