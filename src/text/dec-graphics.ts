// The DEC Special Graphics character set (VT100 line drawing), as a terminal shows it: ncurses' ACS (smacs
// `ESC ( 0`, rmacs `ESC ( B`), `pstree -G` (`ESC ( 0 SI`) and TUIs draw boxes with the letters `lqqqk`, `x`,
// `mqqqj`, which a terminal shows as ┌───┐, │, └───┘ while G0 (or G1, shifted in by SO) is designated DEC
// graphics. The state is one line's: a terminal keeps it across lines, but the lines here are cleaned one by one
// and any of them may be read alone (a tail, a page); every real writer seen designates it on the line it draws.
import type { ControlSequence } from "./ansi.js";

/** The charset state of a line: bit 0 G0 is DEC graphics, bit 1 G1 is, bit 2 G1 is shifted in (SO). 0: ASCII. */
export type CharsetState = number;

const G0_GRAPHICS = 1;
const G1_GRAPHICS = 2;
const SHIFTED_OUT = 4;
const SHIFT_OUT = "\x0e";
const SHIFT_IN = "\x0f";

/** The state after one control sequence (a designation `ESC ( 0`, `ESC ) B` …, SO or SI); `state` for any other. */
export function charsetAfter(state: CharsetState, { kind, intermediates, final }: ControlSequence): CharsetState {
  if (kind === "control") {
    if (final === SHIFT_OUT) return state | SHIFTED_OUT;
    if (final === SHIFT_IN) return state & ~SHIFTED_OUT;
    return state;
  }
  if (kind !== "escape" || intermediates.length !== 1 || final === "") return state;
  const bit = intermediates === "(" ? G0_GRAPHICS : intermediates === ")" ? G1_GRAPHICS : 0;
  if (bit === 0) return state;
  return final === "0" ? state | bit : state & ~bit;
}

/** `text` written in `state`, as a terminal draws it: the box-drawing characters while DEC graphics is in use. */
export function drawnText(state: CharsetState, text: string): string {
  return state !== 0 && drawsGraphics(state) ? graphicsText(text) : text;
}

/** True when text written in `state` is drawn from DEC graphics. */
function drawsGraphics(state: CharsetState): boolean {
  return (state & SHIFTED_OUT ? state & G1_GRAPHICS : state & G0_GRAPHICS) !== 0;
}

// 0x5f–0x7e as xterm shows them (`_` is a blank; the scan lines ⎺⎻⎼⎽; the symbols); the rest is ASCII.
const GRAPHICS = " ◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·";
const FIRST = 0x5f;

/** A run of text as DEC graphics draws it. */
function graphicsText(text: string): string {
  let result = "";
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    result += code >= FIRST && code - FIRST < GRAPHICS.length ? GRAPHICS.charAt(code - FIRST) : text.charAt(index);
  }
  return result;
}
