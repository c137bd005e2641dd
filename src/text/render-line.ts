// One line of terminal output as a terminal finally shows it: carriage-return redraws (progress bars), backspace
// overstrikes (man pages), erases and column moves resolved, escape sequences removed or colours kept.
//
// The model of a line: one cell per code point (a surrogate pair is never split; a tab, a wide CJK character or
// a combining mark is one cell too), a cursor column, and the SGR colour state. A cell shows the last character
// written to it (as `col -b`: "_\bH" and "H\bH" show "H"). Handled: CR (column 0), BS (one cell left), CSI K / J
// (erase to end, to start, whole line), CSI G ` H f (absolute column), CSI C a D (relative column), CSI E F and
// ESC E (column 0), CSI X (erase cells), CSI P (delete cells), CSI s / u and ESC 7 / 8 (save and restore the
// column; with the cursor saved, a move to another row and what is written or erased there until the restore is
// not this line's: a status line's), ESC c (reset), the G0/G1 designations and SI/SO (text drawn in DEC Special Graphics is written as the
// box-drawing characters a terminal shows: dec-graphics.ts). Vertical moves, private-mode CSIs, OSC/DCS strings,
// other charsets and keypad selections are dropped; other controls too (except \t). Cells never written but passed over show as spaces; erased cells at
// the end are trimmed. A cursor move goes no further than the end of the written text or 1024 cells in,
// whichever is further (a terminal stops at its width), so escape bytes cannot blow a line up.
//
// With colours kept (stripAnsi false), each cell remembers the SGR state it was written with (see applySgr), and
// every output line is self-contained: each change of colour is written as a reset and the whole new state, and a
// line ends with a reset when a colour is open. Colour state does not carry over from one line to the next (a
// line never bleeds colour into the next one, which a cut output needs); OSC 8 hyperlinks keep only their text.
import { applySgr, CONTROL_CHARACTER, readControlSequence, stripAnsi as stripEscapes } from "./ansi.js";
import { charsetAfter, drawnText } from "./dec-graphics.js";
import { stringNote } from "./inline-image.js";
import { createScreen, isTerminalCsi, openStyle, playLine, printColored, printPlain } from "./line-screen.js";

/** The hygiene switches renderLine applies to a line (SPEC §2: `--keep-ansi`, `--raw` turn them off). */
export interface RenderLineOptions {
  stripAnsi: boolean;
  /** Resolve carriage-return redraws, backspace overstrikes, erases and column moves. */
  collapse: boolean;
}

const CARRIAGE_RETURN = 0x0d;
const RESET = "\x1b[0m";

// Lines without any of these need no screen: nothing in them moves the cursor or erases.
const MOVES_CURSOR = /[\r\b]|(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[CDEFGHJKPXaf`su]|\x1b[78cE]/;
const CONTROL_CHARACTER_GLOBAL = new RegExp(CONTROL_CHARACTER.source, "g");

/**
 * Renders one line (without its "\n"; a trailing "\r" from CRLF is dropped) for reading: with `collapse`, as a
 * terminal finally shows it; with `stripAnsi`, free of every escape and control but \t. Returns `line` itself
 * (minus a trailing "\r") when there is nothing to do, so clean lines cost one regex test.
 */
export function renderLine(line: string, options: RenderLineOptions): string {
  const body = line.charCodeAt(line.length - 1) === CARRIAGE_RETURN ? line.slice(0, -1) : line;
  if (!options.collapse) return options.stripAnsi ? stripEscapes(body) : body;
  if (!CONTROL_CHARACTER.test(body)) return body;
  if (!MOVES_CURSOR.test(body)) return options.stripAnsi ? stripEscapes(body) : onlyColors(body) ? body : keepOnlyColors(body);
  const screen = createScreen(options.stripAnsi);
  playLine(screen, body);
  return options.stripAnsi ? printPlain(screen) : printColored(screen);
}

// What playLine and printColored make of a line that does not move the cursor, run by run instead of cell by cell.
// True when every control in the line is a colour (SGR) sequence: such a line is kept byte for byte, resets and
// colours left open included (`--keep-ansi` keeps what came; a second pass then changes nothing).
function onlyColors(text: string): boolean {
  for (let index = 0; index < text.length; ) {
    CONTROL_CHARACTER_GLOBAL.lastIndex = index;
    const found = CONTROL_CHARACTER_GLOBAL.exec(text);
    if (found === null) return true;
    if (found[0] === "\t") {
      index = found.index + 1;
      continue;
    }
    const sequence = readControlSequence(text, found.index);
    if (!isTerminalCsi(sequence) || sequence.final !== "m" || text.charCodeAt(found.index) !== 0x1b) return false;
    index = sequence.end;
  }
  return true;
}

function keepOnlyColors(text: string): string {
  let result = "";
  let active = "";
  let style = "";
  let charset = 0;
  for (let index = 0; index < text.length; ) {
    CONTROL_CHARACTER_GLOBAL.lastIndex = index;
    const runEnd = CONTROL_CHARACTER_GLOBAL.exec(text)?.index ?? text.length;
    if (runEnd > index && style !== active) {
      result += openStyle(active, style);
      active = style;
    }
    result += drawnText(charset, text.slice(index, runEnd));
    if (runEnd === text.length) break;
    const sequence = readControlSequence(text, runEnd);
    if (isTerminalCsi(sequence) && sequence.final === "m") style = applySgr(style, sequence.params);
    else if (sequence.kind === "string") {
      // an image's note, written as text in the colours then set
      const note = stringNote(text, runEnd);
      if (note !== "" && style !== active) {
        result += openStyle(active, style);
        active = style;
      }
      result += note;
    } else charset = charsetAfter(charset, sequence);
    index = sequence.end;
  }
  return active === "" ? result : result + RESET;
}
