// ANSI/VT escape sequences: reading them one at a time and stripping them all, so a model reads only text.
//
// Grammar (ECMA-48 and the VT extensions terminals accept), for the 7-bit form ESC X and the 8-bit C1 form
// as it appears after UTF-8 decoding (U+0080–U+009F):
//   CSI      ESC [ | U+009B   parameters 0x30–0x3F (incl. private markers ? > < =), intermediates 0x20–0x2F,
//                             one final 0x40–0x7E. A byte outside these ranges aborts the sequence there.
//   strings  ESC ] (OSC), ESC P (DCS), ESC X (SOS), ESC ^ (PM), ESC _ (APC), or U+009D/90/98/9E/9F, up to the
//            terminator: ESC \ or U+009C (ST), or BEL; another ESC aborts the string and starts a new sequence.
//   escape   ESC, intermediates 0x20–0x2F (charset designations ESC ( B, ESC # 8 …), one final 0x30–0x7E
//            (ESC 7, ESC =, ESC M, ESC c …). An ESC followed by anything else is a lone ESC.
//   control  any other C0 character, DEL, or C1 character, alone.
// A sequence cut off by the end of the text runs to that end.
import { charsetAfter, drawnText, type CharsetState } from "./dec-graphics.js";
import { stringNote } from "./inline-image.js";

/** The family of a control sequence, which decides what a terminal does with it. */
export type ControlKind = "csi" | "string" | "escape" | "control";

/** One control sequence (or lone control character) found in text by readControlSequence. */
export interface ControlSequence {
  kind: ControlKind;
  /** Index just past the sequence. */
  end: number;
  /** CSI parameter characters, private marker included ("?25"); "" for the other kinds. */
  params: string;
  /** Intermediate characters of a CSI or an escape ("(" in ESC ( B). */
  intermediates: string;
  /** The final character of a CSI or an escape, the character of a lone control; "" when cut off or aborted. */
  final: string;
}

const ESC = 0x1b;
const BEL = 0x07;
const BACKSLASH = 0x5c;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const STRING_INTRODUCERS = new Set([0x9d, 0x90, 0x98, 0x9e, 0x9f]);
const ESCAPED_STRING_INTRODUCERS = new Set(["]", "P", "X", "^", "_"]);

/** Every character that starts a sequence or is a control to drop: C0 except \t and \n, DEL, C1. */
export const CONTROL_CHARACTER = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
const CONTROL_CHARACTER_GLOBAL = new RegExp(CONTROL_CHARACTER.source, "g");

/** Reads the control sequence that starts at `start` (an ESC, a C0, DEL or C1 character) and says where it ends. */
export function readControlSequence(text: string, start: number): ControlSequence {
  const code = text.charCodeAt(start);
  if (code === ESC) return readEscape(text, start + 1);
  if (code === C1_CSI) return readCsi(text, start + 1);
  if (STRING_INTRODUCERS.has(code)) return readString(text, start + 1);
  return { kind: "control", end: start + 1, params: "", intermediates: "", final: text.charAt(start) };
}

/**
 * Removes every ANSI/VT escape sequence (CSI, OSC incl. hyperlinks — their link text stays —, DCS/SOS/PM/APC,
 * charset and keypad selections, other ESC sequences, their 8-bit C1 forms) and every other control character
 * except \t and \n; text drawn in DEC Special Graphics (`ESC ( 0 lqqk ESC ( B`) becomes the box-drawing
 * characters a terminal shows (dec-graphics.ts), an inline image (iTerm2, kitty, sixel) becomes `[image]`
 * (inline-image.ts). A sequence cut off at the end of the text is dropped. Returns
 * `text` itself when clean.
 */
export function stripAnsi(text: string): string {
  if (!CONTROL_CHARACTER.test(text)) return text;
  let result = "";
  let plainStart = 0;
  let charset: CharsetState = 0;
  CONTROL_CHARACTER_GLOBAL.lastIndex = 0;
  for (let match = CONTROL_CHARACTER_GLOBAL.exec(text); match; match = CONTROL_CHARACTER_GLOBAL.exec(text)) {
    result += drawnText(charset, text.slice(plainStart, match.index));
    const sequence = readControlSequence(text, match.index);
    if (sequence.kind === "string") result += stringNote(text, match.index);
    else charset = charsetAfter(charset, sequence);
    plainStart = sequence.end;
    CONTROL_CHARACTER_GLOBAL.lastIndex = plainStart;
  }
  return result + drawnText(charset, text.slice(plainStart));
}

/**
 * The SGR state after applying one `ESC [ params m` to `style`, itself an SGR state: "" (the default) or one
 * canonical sequence with one parameter per attribute group in a fixed order ("\x1b[1;4;31m"). A reset clears
 * all, 22/23/24/…/39/49 clear their group, unknown attributes (fonts, frames) are dropped.
 */
export function applySgr(style: string, params: string): string {
  if (style.length + params.length > SGR_CACHE_KEY_LENGTH) return computeSgr(style, params);
  const key = `${style}\0${params}`;
  let next = appliedSgr.get(key);
  if (next === undefined) {
    if (appliedSgr.size >= SGR_CACHE_SIZE) appliedSgr.clear();
    next = computeSgr(style, params);
    appliedSgr.set(key, next);
  }
  return next;
}

// Coloured output repeats a handful of transitions on every line: remember the recent ones.
const SGR_CACHE_SIZE = 1024;
const SGR_CACHE_KEY_LENGTH = 128;
const appliedSgr = new Map<string, string>();

function computeSgr(style: string, params: string): string {
  const slots = new Array<string | undefined>(SGR_SLOT_COUNT).fill(undefined);
  if (style !== "") applySgrParams(slots, style.slice(2, -1));
  applySgrParams(slots, params);
  const set = slots.filter((slot) => slot !== undefined);
  return set.length === 0 ? "" : `\x1b[${set.join(";")}m`;
}

// Slots: bold, dim, italic, underline, blink, inverse, hidden, strike, foreground, background, overline, underline colour.
const SGR_SLOT_COUNT = 12;
const SGR_SETS = new Map([[1, 0], [2, 1], [3, 2], [4, 3], [21, 3], [5, 4], [6, 4], [7, 5], [8, 6], [9, 7], [53, 10]]);
const SGR_CLEARS = new Map([[22, [0, 1]], [23, [2]], [24, [3]], [25, [4]], [27, [5]], [28, [6]], [29, [7]], [39, [8]], [49, [9]], [55, [10]], [59, [11]]]);
const EXTENDED_COLOR_SLOTS = new Map([[38, 8], [48, 9], [58, 11]]);

function applySgrParams(slots: (string | undefined)[], params: string): void {
  const values = params.split(";");
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] ?? "";
    const code = Number.parseInt(value, 10) || 0;
    const extendedSlot = value.includes(":") ? undefined : EXTENDED_COLOR_SLOTS.get(code);
    if (extendedSlot !== undefined) {
      // 38;5;N and 38;2;R;G;B (their zeros are colour values, not resets); a malformed one ends the sequence.
      const mode = values[index + 1];
      const length = mode === "5" ? 3 : mode === "2" ? 5 : 0;
      if (length === 0 || index + length > values.length) break;
      slots[extendedSlot] = values.slice(index, index + length).join(";");
      index += length - 1;
    } else applySgrCode(slots, code, value);
  }
}

function applySgrCode(slots: (string | undefined)[], code: number, value: string): void {
  const set = SGR_SETS.get(code);
  if (code === 0) slots.fill(undefined);
  else if (value.startsWith("4:0")) slots[3] = undefined;
  else if (set !== undefined) slots[set] = value;
  else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97) || code === 38) slots[8] = value;
  else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107) || code === 48) slots[9] = value;
  else if (code === 58) slots[11] = value;
  else for (const slot of SGR_CLEARS.get(code) ?? []) slots[slot] = undefined;
}

function readEscape(text: string, index: number): ControlSequence {
  const next = text.charAt(index);
  if (next === "[") return readCsi(text, index + 1);
  if (ESCAPED_STRING_INTRODUCERS.has(next)) return readString(text, index + 1);
  let cursor = index;
  while (cursor < text.length && isIntermediate(text.charCodeAt(cursor))) cursor += 1;
  const intermediates = text.slice(index, cursor);
  const final = text.charCodeAt(cursor);
  if (final >= 0x30 && final <= 0x7e) {
    return { kind: "escape", end: cursor + 1, params: "", intermediates, final: text.charAt(cursor) };
  }
  return { kind: "escape", end: cursor, params: "", intermediates, final: "" };
}

function readCsi(text: string, index: number): ControlSequence {
  let cursor = index;
  while (cursor < text.length && isParameter(text.charCodeAt(cursor))) cursor += 1;
  const params = text.slice(index, cursor);
  const intermediatesStart = cursor;
  while (cursor < text.length && isIntermediate(text.charCodeAt(cursor))) cursor += 1;
  const intermediates = text.slice(intermediatesStart, cursor);
  const final = text.charCodeAt(cursor);
  if (final >= 0x40 && final <= 0x7e) {
    return { kind: "csi", end: cursor + 1, params, intermediates, final: text.charAt(cursor) };
  }
  return { kind: "csi", end: cursor, params, intermediates, final: "" };
}

function readString(text: string, index: number): ControlSequence {
  let cursor = index;
  while (cursor < text.length) {
    const code = text.charCodeAt(cursor);
    if (code === BEL || code === C1_ST) return stringUpTo(cursor + 1);
    if (code === ESC) return stringUpTo(text.charCodeAt(cursor + 1) === BACKSLASH ? cursor + 2 : cursor);
    cursor += 1;
  }
  return stringUpTo(cursor);
}

function stringUpTo(end: number): ControlSequence {
  return { kind: "string", end, params: "", intermediates: "", final: "" };
}

function isParameter(code: number): boolean {
  return code >= 0x30 && code <= 0x3f;
}

function isIntermediate(code: number): boolean {
  return code >= 0x20 && code <= 0x2f;
}

/**
 * `end`, or the start of the control sequence it would cut (a prefix of a `--keep-ansi` line ending in `ESC [1;`
 * leaves the terminal reading what follows, the marker, as the rest of the sequence). Returns `end` at once for a
 * text without control characters (every text but a raw one).
 */
export function sequenceSafeEnd(text: string, end: number): number {
  const cut = sequenceAround(text, end);
  return cut === undefined ? end : cut.start;
}

/** `start`, or the end of the control sequence it would cut (the suffix of a line shown from `start`). */
export function sequenceSafeStart(text: string, start: number): number {
  const cut = sequenceAround(text, start);
  return cut === undefined ? start : cut.end;
}

/** The control sequence that starts before `index` and ends after it, read from the text's start; undefined when none. */
function sequenceAround(text: string, index: number): { start: number; end: number } | undefined {
  if (index <= 0 || index >= text.length || !CONTROL_CHARACTER.test(text)) return undefined;
  CONTROL_CHARACTER_GLOBAL.lastIndex = 0;
  for (let match = CONTROL_CHARACTER_GLOBAL.exec(text); match && match.index < index; match = CONTROL_CHARACTER_GLOBAL.exec(text)) {
    const { end } = readControlSequence(text, match.index);
    if (end > index) return { start: match.index, end };
    CONTROL_CHARACTER_GLOBAL.lastIndex = end;
  }
  return undefined;
}
