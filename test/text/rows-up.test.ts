import { describe, expect, test } from "vitest";
import { MAX_ROWS_UP, rowsUp } from "../../src/text/rows-up.js";

const ESC = "\x1b";

describe("rowsUp", () => {
  test.each([
    ["plain text", "Tests 1 passed", 0, false],
    ["a carriage-return redraw", "10%\r20%", 0, false],
    ["vitest's erase of a seven-row frame", `${ESC}[?2026l${ESC}[K${`${ESC}[1A${ESC}[K`.repeat(7)} ❯ sum.test.js`, 7, true],
    ["log-update's erase (2K, up, column 1)", `${ESC}[2K${ESC}[1A${ESC}[2K${ESC}[1A${ESC}[2K${ESC}[G`, 2, true],
    ["docker's move up over its frame, each line erased to its end", `${ESC}[12A => [internal] load build definition${ESC}[K`, 12, true],
    ["an erase before the move only", `${ESC}[K${ESC}[1A${ESC}[30Cdone`, 1, false],
    ["a count, and CSI F", `${ESC}[12A${ESC}[2F`, 14, false],
    ["CSI 0 A is one row, as CSI A", `${ESC}[0A${ESC}[A`, 2, false],
    ["reverse index", `${ESC}M${ESC}M`, 2, false],
    ["up and back down again: the line ends where it began", `${ESC}[3Atext${ESC}[3B`, 0, false],
    ["down only", `${ESC}[2B`, 0, false],
    ["private or with intermediates: not a move", `${ESC}[?1A`, 0, false],
    ["8-bit CSI", "\u009b3A\u009bK", 3, true],
    ["more than a live region", `${ESC}[9999A`, MAX_ROWS_UP, false],
    ["apt's scroll region set with the cursor saved, then one row up", `${ESC}7${ESC}[0;29r${ESC}8${ESC}[1A(Reading database ...`, 1, false],
    ["apt's last one, erasing below", `${ESC}7${ESC}[0;30r${ESC}8${ESC}[1A${ESC}[J`, 1, true],
    ["a row above written with the cursor saved: no move of this line", `${ESC}7${ESC}[2A${ESC}[2Knote${ESC}8done`, 0, false],
    ["CSI s / u the same", `${ESC}[s${ESC}M${ESC}[u`, 0, false],
  ])("%s", (_name, line, rows, erases) => {
    expect(rowsUp(line)).toEqual({ rows, erases });
  });
});
