// jasmine's numbered failure list under a bare `Failures:` line: each item, `1) title`, `2) title`, … at the line's
// start, is a failure of its own, whose title opens a group with its indented report (`Message:`, the expectation,
// `Stack:`) under it. rspec's items (`  1) title`, indented) are not read so: each has its own salient
// `Failure/Error:` line, which takes its values past the blank line (SPANS_BLANKS).
import type { Above } from "./lines-above.js";

/** An item of the list: its number, `N) `, then its title. */
const ITEM = /^([1-9]\d*)\) \S/;
/** Lines looked through in one list (its items' reports and the blank lines between): it ends earlier at an unindented line that is no item. */
const MAX_LIST_LINES = 400;

/** No line above an item owns it (its list's `Failures:` is a group of its own). */
export const NOTHING_ABOVE: Above = { at: () => undefined };

/** The line that opens such a list. */
export const isFailureListHead = (text: string): boolean => text === "Failures:";

/** Where a failure list stands: the next item's number, the lines left to look through. */
export class FailureList {
  private next = 1;
  private left = MAX_LIST_LINES;

  /** True for the list's next item (counted: the item after it is looked for then). */
  takeItem(text: string): boolean {
    const item = ITEM.exec(text);
    if (!item || Number(item[1]) !== this.next) return false;
    this.next += 1;
    return true;
  }

  /** A line of the list that is no item: false once the list has ended (an unindented line, or too many lines). */
  goesOn(text: string): boolean {
    if ((this.left -= 1) <= 0) return false;
    return text.length === 0 || (this.next > 1 && /^\s/.test(text));
  }
}

/** The last line of the list under the head at `index` (its items and their reports, which never fold); `index` when none follows. */
export function failureListEnd(textAt: (index: number) => string | undefined, index: number): number {
  const list = new FailureList();
  let through = index;
  for (let next = index + 1, text = textAt(next); text !== undefined; next += 1, text = textAt(next)) {
    if (!list.takeItem(text) && !list.goesOn(text)) break;
    if (text.length > 0) through = next;
  }
  return through;
}
