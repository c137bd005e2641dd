// How many rows a line of terminal output moves the cursor up before it writes: the live regions that test
// runners and package managers redraw (vitest's `ESC[K ESC[1A ESC[K …`, log-update's `ESC[2K ESC[1A …`, docker's
// `ESC[12A`) go back over the rows of the frame before and write the next frame over them. The lines cleaned one by
// one (render-line.ts) cannot undo rows above; the bounder's lists drop that many rows before the line instead
// (bound/lines.ts RepeatFolder.redraw), so a model reads the last frame, not every one.

// CSI n A (up), CSI n F (to the start of the line n up), ESC M (reverse index); their downward kin count back.
// Between a save of the cursor (ESC 7, CSI s) and its restore (ESC 8, CSI u) the moves are to another row and back
// (a status line: line-screen.ts), not this line's.
const VERTICAL_MOVE = /(?:\x1b\[|\x9b)([0-9]*)([ABEFsu])|\x1b([M78])/g;
const ANY_UPWARD = /(?:\x1b\[|\x9b)[0-9]*[AF]|\x1bM/;
/** Rows a line may move up at most: more is a screen, not a live region (and cannot blow a list up). */
export const MAX_ROWS_UP = 256;

/** The rows `line` moves up, less those it moves down again (0 when it ends no higher than it began). */
export function rowsUp(line: string): number {
  if (!ANY_UPWARD.test(line)) return 0;
  let rows = 0;
  let saved = false;
  VERTICAL_MOVE.lastIndex = 0;
  for (let move = VERTICAL_MOVE.exec(line); move; move = VERTICAL_MOVE.exec(line)) {
    const kind = move[2] ?? move[3]!;
    if (kind === "s" || kind === "7") saved = move[1] === "" || move[1] === undefined;
    else if (kind === "u" || kind === "8") saved = false;
    else if (!saved) {
      const count = kind === "M" ? 1 : Math.max(1, Number.parseInt(move[1] || "1", 10) || 1);
      rows = Math.max(rows + (kind === "A" || kind === "F" || kind === "M" ? count : -count), -MAX_ROWS_UP);
    }
  }
  return Math.min(Math.max(rows, 0), MAX_ROWS_UP);
}
