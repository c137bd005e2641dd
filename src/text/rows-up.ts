// How many rows a line of terminal output moves the cursor up before it writes: the live regions that test
// runners and package managers redraw (vitest's `ESC[K ESC[1A ESC[K …`, log-update's `ESC[2K ESC[1A …`) go back
// over the rows of the frame before and write the next frame over them. The lines cleaned one by
// one (render-line.ts) cannot undo rows above; the bounder's lists drop that many rows before the line instead
// (bound/lines.ts RepeatFolder.redraw), so a model reads the last frame, not every one.

// CSI n A (up), CSI n F (to the start of the line n up), ESC M (reverse index); their downward kin count back;
// CSI K and J erase. Between a save of the cursor (ESC 7, CSI s) and its restore (ESC 8, CSI u) the moves are to
// another row and back (a status line: line-screen.ts), not this line's.
const VERTICAL_MOVE = /(?:\x1b\[|\x9b)([0-9]*)([ABEFJKsu])|\x1b([M78])/g;
const ANY_UPWARD = /(?:\x1b\[|\x9b)[0-9]*[AF]|\x1bM/;
/** Rows a line may move up at most: more is a screen, not a live region (and cannot blow a list up). */
export const MAX_ROWS_UP = 256;

/** How a line moves up over the rows before it. */
export interface RowsUp {
  /** Rows up, less those it moves down again (0 when it ends no higher than it began). */
  rows: number;
  /**
   * Whether it erases after its first move up (CSI K, J): a frame written over the one before. Without an erase the
   * line may write over part of a row ("\e[1A\e[30Cdone" after "Installing foo..."), which only a blank row takes whole.
   */
  erases: boolean;
}

const NO_MOVE: RowsUp = { rows: 0, erases: false };

/** How `line` moves up over the rows before it. */
export function rowsUp(line: string): RowsUp {
  if (!ANY_UPWARD.test(line)) return NO_MOVE;
  let rows = 0;
  let moved = false;
  let erases = false;
  let saved = false;
  VERTICAL_MOVE.lastIndex = 0;
  for (let move = VERTICAL_MOVE.exec(line); move; move = VERTICAL_MOVE.exec(line)) {
    const kind = move[2] ?? move[3]!;
    if (kind === "s" || kind === "7") saved = true;
    else if (kind === "u" || kind === "8") saved = false;
    else if (saved) continue;
    else if (kind === "J" || kind === "K") erases ||= moved;
    else {
      const count = kind === "M" ? 1 : Math.max(1, Number.parseInt(move[1] || "1", 10) || 1);
      const up = kind === "A" || kind === "F" || kind === "M";
      moved ||= up;
      rows = Math.max(rows + (up ? count : -count), -MAX_ROWS_UP);
    }
  }
  return rows <= 0 ? NO_MOVE : { rows: Math.min(rows, MAX_ROWS_UP), erases };
}
