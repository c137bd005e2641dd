// The one-line screen renderLine plays a line on when it moves the cursor: one cell per code point, a cursor column
// and the SGR colour state (see render-line.ts for the model and what is handled).
import { applySgr, readControlSequence, type ControlSequence } from "./ansi.js";
import { charsetAfter, drawnText, type CharsetState } from "./dec-graphics.js";
import { stringNote } from "./inline-image.js";

const CARRIAGE_RETURN = 0x0d;
const BACKSPACE = 0x08;
const RESET = "\x1b[0m";
const FREE_COLUMNS = 1024;

/** One line of cells, its cursor and colour state. */
export interface Screen {
  /** One code point per cell; undefined for a cell never written or erased. */
  cells: (string | undefined)[];
  /** The SGR state each cell was written with; only kept when colours are. */
  styles: string[] | undefined;
  column: number;
  /**
   * A cursor saved (ESC 7, CSI s) and then moved to another row (a status line at the bottom: apt's
   * `ESC 7 ESC[30;0f Progress: [ 40%] … ESC 8`; docker's row above): what is written or erased there is not on this
   * line, until the cursor is restored. Without a save the row of a move is unknown, and the line goes on as before.
   */
  elsewhere: boolean;
  saved: { column: number; elsewhere: boolean } | undefined;
  style: string;
  /** G0/G1 designations and the shift: text drawn in DEC graphics is written as the box-drawing characters. */
  charset: CharsetState;
}

/** An empty screen; styles are kept per cell only when colours are (`stripAnsi` false). */
export function createScreen(stripAnsi: boolean): Screen {
  return { cells: [], styles: stripAnsi ? undefined : [], column: 0, elsewhere: false, saved: undefined, style: "", charset: 0 };
}

/** Writes a line's characters and plays its controls on `screen`. */
export function playLine(screen: Screen, text: string): void {
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
      if (sequence.kind === "string") writeNote(screen, stringNote(text, index));
      else applySequence(screen, sequence);
      index = sequence.end;
    } else {
      const size = isSurrogatePair(text, index) ? 2 : 1;
      const character = text.slice(index, index + size);
      writeCell(screen, drawnText(screen.charset, character));
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
  if (screen.elsewhere) return;
  const { cells, styles } = screen;
  while (cells.length < screen.column) {
    cells.push(undefined);
    styles?.push("");
  }
  cells[screen.column] = character;
  if (styles) styles[screen.column] = screen.style;
  screen.column += 1;
}

// An image's note is written where the image was drawn, in the colours then set, as text.
function writeNote(screen: Screen, note: string): void {
  for (const character of note) writeCell(screen, character);
}

function applySequence(screen: Screen, sequence: ControlSequence): void {
  if (isTerminalCsi(sequence)) applyCsi(screen, sequence);
  else {
    if (sequence.kind === "escape") applyEscape(screen, sequence);
    screen.charset = charsetAfter(screen.charset, sequence);
  }
}

/** A CSI this model acts on: no private marker, no intermediates (those select modes it does not have). */
export function isTerminalCsi({ kind, params, intermediates }: ControlSequence): boolean {
  return kind === "csi" && intermediates === "" && !/^[<=>?]/.test(params);
}

// The CSIs that move the cursor to another row (E and F to the first column too).
const ROW_MOVES = new Set(["A", "B", "E", "F", "H", "f", "d", "e"]);
// The CSIs that erase or delete cells of the cursor's row.
const ROW_ERASES = new Set(["K", "J", "X", "P"]);

function applyCsi(screen: Screen, { params, final }: ControlSequence): void {
  if (screen.saved !== undefined && ROW_MOVES.has(final)) screen.elsewhere = true;
  if (screen.elsewhere && ROW_ERASES.has(final)) return;
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
      if (params === "") saveCursor(screen);
      break;
    case "u":
      if (params === "") restoreCursor(screen);
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
  // ESC D (index), ESC E (next line), ESC M (reverse index) change the row
  if (screen.saved !== undefined && (final === "D" || final === "E" || final === "M")) screen.elsewhere = true;
  if (final === "7") saveCursor(screen);
  else if (final === "8") restoreCursor(screen);
  else if (final === "E") screen.column = 0;
  else if (final === "c") {
    eraseCells(screen, 0, screen.cells.length);
    screen.column = 0;
    screen.style = "";
    screen.charset = 0;
    screen.elsewhere = false;
    screen.saved = undefined;
  }
}

function saveCursor(screen: Screen): void {
  screen.saved = { column: screen.column, elsewhere: screen.elsewhere };
}

// A restore without a save goes to the first column of this line, as a terminal's default saved cursor is the home.
// The moves after a restore are this line's own again (rows-up.ts counts them).
function restoreCursor(screen: Screen): void {
  screen.column = screen.saved?.column ?? 0;
  screen.elsewhere = screen.saved?.elsewhere ?? false;
  screen.saved = undefined;
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

/** The screen as plain text (cells passed over show as spaces, erased cells at the end trimmed). */
export function printPlain(screen: Screen): string {
  let result = "";
  const length = shownLength(screen.cells);
  for (let index = 0; index < length; index += 1) result += screen.cells[index] ?? " ";
  return result;
}

/** The screen as text with each change of colour written as a reset and the whole new state. */
export function printColored(screen: Screen): string {
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

/** Opens `style` after `active`: styles are whole SGR states (see applySgr), so a change is a reset, then the new state. */
export function openStyle(active: string, style: string): string {
  return active === "" ? style : RESET + style;
}
