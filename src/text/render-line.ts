// One line of terminal output as a terminal finally shows it: carriage-return redraws (progress bars), backspace
// overstrikes (man pages), erases and column moves resolved, escape sequences removed or colours kept.
//
// The model of a line: one cell per code point (a surrogate pair is never split; a tab, a wide CJK character or
// a combining mark is one cell too), a cursor column, and the SGR colour state. A cell shows the last character
// written to it (as `col -b`: "_\bH" and "H\bH" show "H"). Handled: CR (column 0), BS (one cell left), CSI K / J
// (erase to end, to start, whole line), CSI G ` H f (absolute column), CSI C a D (relative column), CSI E F and
// ESC E (column 0), CSI X (erase cells), CSI P (delete cells), CSI s / u and ESC 7 / 8 (save and restore the
// column), ESC c (reset). Vertical moves, private-mode CSIs, OSC/DCS strings, charset and keypad selections are
// dropped; other controls too (except \t). Cells never written but passed over show as spaces; erased cells at
// the end are trimmed. A cursor move goes no further than the end of the written text or 1024 cells in,
// whichever is further (a terminal stops at its width), so escape bytes cannot blow a line up.
//
// With colours kept (stripAnsi false), each cell remembers the SGR state it was written with (see applySgr), and
// every output line is self-contained: each change of colour is written as a reset and the whole new state, and a
// line ends with a reset when a colour is open. Colour state does not carry over from one line to the next (a
// line never bleeds colour into the next one, which a cut output needs); OSC 8 hyperlinks keep only their text.
import { applySgr, CONTROL_CHARACTER, readControlSequence, stripAnsi as stripEscapes, type ControlSequence } from "./ansi.js";

/** The hygiene switches renderLine applies to a line (SPEC §2: `--keep-ansi`, `--raw` turn them off). */
export interface RenderLineOptions {
  stripAnsi: boolean;
  /** Resolve carriage-return redraws, backspace overstrikes, erases and column moves. */
  collapse: boolean;
}

const CARRIAGE_RETURN = 0x0d;
const BACKSPACE = 0x08;
const RESET = "\x1b[0m";
const FREE_COLUMNS = 1024;

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

interface Screen {
  /** One code point per cell; undefined for a cell never written or erased. */
  cells: (string | undefined)[];
  /** The SGR state each cell was written with; only kept when colours are. */
  styles: string[] | undefined;
  column: number;
  savedColumn: number;
  style: string;
}

function createScreen(stripAnsi: boolean): Screen {
  return { cells: [], styles: stripAnsi ? undefined : [], column: 0, savedColumn: 0, style: "" };
}

function playLine(screen: Screen, text: string): void {
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === CARRIAGE_RETURN) {
      screen.column = 0;
      index += 1;
    } else if (code === BACKSPACE) {
      screen.column = Math.max(0, screen.column - 1);
      index += 1;
    } else if (isControl(code)) {
      const sequence = readControlSequence(text, index);
      applySequence(screen, sequence);
      index = sequence.end;
    } else {
      const size = isSurrogatePair(text, index) ? 2 : 1;
      writeCell(screen, text.slice(index, index + size));
      index += size;
    }
  }
}

function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f);
}

function isSurrogatePair(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

function writeCell(screen: Screen, character: string): void {
  const { cells, styles } = screen;
  while (cells.length < screen.column) {
    cells.push(undefined);
    styles?.push("");
  }
  cells[screen.column] = character;
  if (styles) styles[screen.column] = screen.style;
  screen.column += 1;
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
  for (let index = 0; index < text.length; ) {
    CONTROL_CHARACTER_GLOBAL.lastIndex = index;
    const runEnd = CONTROL_CHARACTER_GLOBAL.exec(text)?.index ?? text.length;
    if (runEnd > index && style !== active) {
      result += openStyle(active, style);
      active = style;
    }
    result += text.slice(index, runEnd);
    if (runEnd === text.length) break;
    const sequence = readControlSequence(text, runEnd);
    if (isTerminalCsi(sequence) && sequence.final === "m") style = applySgr(style, sequence.params);
    index = sequence.end;
  }
  return active === "" ? result : result + RESET;
}

function applySequence(screen: Screen, sequence: ControlSequence): void {
  if (isTerminalCsi(sequence)) applyCsi(screen, sequence);
  else if (sequence.kind === "escape") applyEscape(screen, sequence);
}

// A CSI this model acts on: no private marker, no intermediates (those select modes it does not have).
function isTerminalCsi({ kind, params, intermediates }: ControlSequence): boolean {
  return kind === "csi" && intermediates === "" && !/^[<=>?]/.test(params);
}

function applyCsi(screen: Screen, { params, final }: ControlSequence): void {
  const values = params.split(";").map((value) => Number.parseInt(value, 10) || 0);
  const first = values[0] ?? 0;
  const count = Math.max(1, first);
  switch (final) {
    case "K":
    case "J":
      eraseInLine(screen, first);
      break;
    case "G":
    case "`":
      moveTo(screen, count - 1);
      break;
    case "H":
    case "f":
      moveTo(screen, Math.max(1, values[1] ?? 0) - 1);
      break;
    case "C":
    case "a":
      moveTo(screen, screen.column + count);
      break;
    case "D":
      screen.column = Math.max(0, screen.column - count);
      break;
    case "E":
    case "F":
      screen.column = 0;
      break;
    case "X":
      eraseCells(screen, screen.column, screen.column + count);
      break;
    case "P":
      screen.cells.splice(screen.column, count);
      screen.styles?.splice(screen.column, count);
      break;
    case "s":
      if (params === "") screen.savedColumn = screen.column;
      break;
    case "u":
      if (params === "") screen.column = screen.savedColumn;
      break;
    case "m":
      screen.style = applySgr(screen.style, params);
      break;
    default:
      break;
  }
}

function applyEscape(screen: Screen, { intermediates, final }: ControlSequence): void {
  if (intermediates !== "") return;
  if (final === "7") screen.savedColumn = screen.column;
  else if (final === "8") screen.column = screen.savedColumn;
  else if (final === "E") screen.column = 0;
  else if (final === "c") {
    eraseCells(screen, 0, screen.cells.length);
    screen.column = 0;
    screen.style = "";
  }
}

// Erase in line (and in display, as far as this line goes): 0 from the cursor on, 1 up to it, 2 all.
function eraseInLine(screen: Screen, mode: number): void {
  if (mode === 0) eraseCells(screen, screen.column, screen.cells.length);
  else if (mode === 1) eraseCells(screen, 0, screen.column + 1);
  else if (mode === 2 || mode === 3) eraseCells(screen, 0, screen.cells.length);
}

function eraseCells(screen: Screen, from: number, to: number): void {
  const end = Math.min(to, screen.cells.length);
  for (let index = from; index < end; index += 1) {
    screen.cells[index] = undefined;
    if (screen.styles) screen.styles[index] = "";
  }
}

function moveTo(screen: Screen, column: number): void {
  screen.column = Math.min(column, Math.max(screen.cells.length, FREE_COLUMNS));
}

function shownLength(cells: readonly (string | undefined)[]): number {
  let length = cells.length;
  while (length > 0 && cells[length - 1] === undefined) length -= 1;
  return length;
}

function printPlain(screen: Screen): string {
  let result = "";
  const length = shownLength(screen.cells);
  for (let index = 0; index < length; index += 1) result += screen.cells[index] ?? " ";
  return result;
}

function printColored(screen: Screen): string {
  let result = "";
  let active = "";
  const length = shownLength(screen.cells);
  for (let index = 0; index < length; index += 1) {
    const character = screen.cells[index];
    const style = character === undefined ? "" : (screen.styles?.[index] ?? "");
    if (style !== active) {
      result += openStyle(active, style);
      active = style;
    }
    result += character ?? " ";
  }
  return active === "" ? result : result + RESET;
}

// Styles are whole SGR states (see applySgr): a change is a reset, then the new state.
function openStyle(active: string, style: string): string {
  return active === "" ? style : RESET + style;
}
