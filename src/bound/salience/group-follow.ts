// A closed salient group that looks on under itself for its first stack frame and its message (GroupBuilder, groups.ts).
import { indentOf } from "./rules.js";
import { EXAMPLES_PER_TEMPLATE, type NumberedLine, type SalientGroup } from "./reservoir.js";
import { ASSERTION, FRAME, TITLE, isDiffValue } from "./group-lines.js";

/** Lines looked through under a closed group for its first stack frame (jest, mocha, node:test print it under the diff). */
const MAX_FOLLOW = 30;
/** Farthest a diff line is taken under the group's last line (unittest's `Lists differ:` prints 5 lines before its diff). */
export const MAX_DIFF_GAP = 8;

/** A closed group still looking for its first frame (and, under a failure's title, its message). */
export interface Follow {
  group: SalientGroup;
  left: number;
  message: boolean;
  indent: number;
  /** True when the group holds a failed assertion: the lines of its diff are taken too (until a second diff's legend). */
  diffs: boolean;
  /** True once a value line of the diff is in the group. */
  diffValues: boolean;
  /** The line seen last while looking (a Go frame's function line, taken with the frame under it). */
  previous: NumberedLine | undefined;
  /** Number of the last blank line seen right under the group (shown with a line taken under it, instead of a gap marker). */
  blank: number;
}

/**
 * The follow a closed group starts: one of the first of its kind without a frame looks on for one (a test runner prints
 * the failure's title, its message, a diff and a code frame, then where it failed), and for its message when it ends
 * with a failure's title; undefined for any other group.
 */
export function followFor(group: SalientGroup): Follow | undefined {
  if (group.rank > EXAMPLES_PER_TEMPLATE || group.lines.some((each) => FRAME.test(each.text))) return undefined;
  const last = group.lines[group.lines.length - 1]!;
  const diffs = group.lines.some((each) => ASSERTION.test(each.text));
  const diffValues = diffs && group.lines.some((each) => isDiffValue(each.text));
  return { group, left: MAX_FOLLOW, message: TITLE.test(last.text), indent: indentOf(last.text), diffs, diffValues, blank: 0, previous: undefined };
}
