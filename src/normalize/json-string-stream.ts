// The contents of one JSON string, unescaped as its bytes arrive in chunks of any size: escapes, `\uXXXX` and
// surrogate pairs may be split anywhere. The output is the UTF-8 that `JSON.parse` then `Buffer.from(text)` give
// (a lone surrogate is U+FFFD), with the string's length in UTF-16 code units; anything JSON.parse would refuse
// (a control character, a bad escape) or that is not valid UTF-8 fails the string instead.
// Each chunk's part of the string is unescaped a window at a time by WebAssembly (json-unescape.ts: no string
// made), or where that declines (or is missing) by one JSON.parse of the window (V8's own scanner: no loop a byte
// in JavaScript); what a chunk cuts short (an escape, a high surrogate that may pair, a UTF-8 character) waits for
// the next chunk.
import { isAscii, isUtf8 } from "node:buffer";
import { wasmUnescape, type WasmUnescape } from "./json-unescape.js";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes held back at most between chunks: `\uD83D\uDE0` (11), or a UTF-8 character cut short (3). */
const MAX_CARRY = 16;
/** Bytes unescaped by one JSON.parse at most. */
const WINDOW_BYTES = 64 * 1024;

/** Where decoded bytes go; the buffer is reused once the call returns. */
export type DecodedSink = (bytes: Buffer) => void;

/** Decodes one string's contents (after its opening quote); reused for the next string by `reset`. */
export class JsonStringStream {
  /** Length of the decoded string in UTF-16 code units (String.length). */
  units = 0;
  /** Bytes of the decoded string as UTF-8. */
  bytes = 0;
  /** The last decoded byte (-1 before any). */
  lastByte = -1;
  /** Why the string is not one JSON.parse reads as valid UTF-8 (undefined while it is). */
  failure: string | undefined;
  /** The largest output buffer held (for the memory tests). */
  largestBuffer = 0;
  /** JSON.parse calls made (one a window at most: for the tests that count work). */
  parses = 0;
  /** Windows WebAssembly unescaped (for the same tests). */
  unescaped = 0;
  private out = Buffer.alloc(0);
  /** A window between quotes, as bytes (made into one string); it always has room for the carry, a window and two quotes. */
  private readonly scratch = Buffer.allocUnsafe(WINDOW_BYTES + 2 * MAX_CARRY);
  /** Bytes of `out` this chunk's windows wrote so far. */
  private filled = 0;
  /** How many bytes the last window held back (they start the next window, after its opening quote). */
  private carried = 0;
  /** Those bytes, kept while the window is decoded in place. */
  private readonly held = Buffer.alloc(MAX_CARRY);
  /** The WebAssembly unescape, made at the first window (a reader that only looks at a prefix never needs it); null: none. */
  private fast: WasmUnescape | null | undefined;

  /** `webAssembly: false` unescapes every window with JSON.parse (the tests compare the two). */
  constructor(options: { webAssembly?: boolean } = {}) {
    if (options.webAssembly === false) this.fast = null;
  }

  /** Starts a new string. */
  reset(): void {
    this.units = 0;
    this.bytes = 0;
    this.lastByte = -1;
    this.failure = undefined;
    this.carried = 0;
  }

  /**
   * Decodes `chunk` from `start` up to the string's closing quote, passing the bytes to `sink`. Returns the index of
   * the closing quote, or -1 when the chunk ended first (or the string failed: see `failure`).
   */
  write(chunk: Uint8Array, start: number, sink: DecodedSink): number {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    // Unescaping never lengthens: an escape is at least as long as the UTF-8 it stands for (a lone surrogate's
    // six bytes become three). The chunk's output is passed on at once (one call of the sink a chunk).
    if (this.out.length < buffer.length - start + MAX_CARRY) this.grow(buffer.length - start + MAX_CARRY);
    this.filled = 0;
    // A window at a time: the strings made stay small (young, soon collected), whatever the chunk size.
    let end = -1;
    for (let from = start; from < buffer.length && end < 0; from += WINDOW_BYTES) {
      end = this.writeWindow(buffer, from, Math.min(buffer.length, from + WINDOW_BYTES));
      if (this.failure !== undefined) return -1;
    }
    if (this.filled > 0) {
      this.bytes += this.filled;
      this.lastByte = this.out[this.filled - 1]!;
      sink(this.out.subarray(0, this.filled));
    }
    return end;
  }

  /** `write` on the bytes of `buffer` from `start` to `stop`. */
  private writeWindow(buffer: Buffer, start: number, stop: number): number {
    // The window's bytes between two quotes, after what the last one held back. The closing quote and what to hold
    // back are found on the bytes, so that the window is decoded once: as latin1 when it is ASCII, else as UTF-8.
    const carried = this.carried;
    const size = carried + (stop - start) + 2;
    const scratch = this.scratch;
    scratch[0] = QUOTE;
    buffer.copy(scratch, 1 + carried, start, stop);
    scratch[size - 1] = QUOTE; // the last quote is not the input's: it stops the search below
    const quote = closingQuote(scratch, size - 1);
    // A closing quote after an unfinished escape (`\u12"`) is refused by the parse below.
    const end = quote >= 0 ? quote : heldBackFrom(scratch, size - 1);
    const carry = quote >= 0 ? 0 : size - 1 - end;
    if (carry > MAX_CARRY) return this.fail("a bad escape");
    if (carry > 0) this.held.set(scratch.subarray(end, size - 1));
    if (end > 1) {
      scratch[end] = QUOTE;
      if (!this.decode(scratch, end + 1)) return -1;
    }
    // What was held back starts the next window (after its opening quote).
    if (carry > 0) this.held.copy(scratch, 1, 0, carry);
    this.carried = carry;
    return quote >= 0 ? start + quote - 1 - carried : -1;
  }

  /**
   * Unescapes `scratch`'s first `length` bytes (a JSON string, quotes included) into the output: by WebAssembly, or
   * else one string made, one parse.
   */
  private decode(scratch: Buffer, length: number): boolean {
    const fast = this.fast === undefined ? (this.fast = wasmUnescape() ?? null) : this.fast;
    const written = fast ? fast.into(scratch, 1, length - 1, this.out, this.filled) : -1;
    if (written >= 0) {
      this.unescaped += 1;
      this.filled += written;
      this.units += fast!.units;
      return true;
    }
    const ascii = isAscii(scratch.subarray(0, length));
    if (!ascii && !isUtf8(scratch.subarray(0, length))) {
      this.fail("invalid UTF-8 in a string");
      return false;
    }
    const source = scratch.toString(ascii ? "latin1" : "utf8", 0, length);
    let text: string;
    try {
      this.parses += 1;
      text = JSON.parse(source) as string;
    } catch {
      this.fail(refusalOf(source.slice(1, -1)));
      return false;
    }
    this.filled += this.out.write(text, this.filled, this.out.length - this.filled, "utf8");
    this.units += text.length;
    return true;
  }

  private fail(reason: string): -1 {
    this.failure ??= reason;
    return -1;
  }

  private grow(need: number): void {
    this.out = Buffer.allocUnsafe(Math.max(need, WINDOW_BYTES));
    this.largestBuffer = Math.max(this.largestBuffer, this.out.length);
  }
}

/** The index of the first quote after the opening one that no backslash escapes, before `stop` (else -1); `stop` holds a quote. */
function closingQuote(raw: Buffer, stop: number): number {
  for (let quote = raw.indexOf(QUOTE, 1); quote < stop; quote = raw.indexOf(QUOTE, quote + 1)) {
    if (backslashesBefore(raw, quote) % 2 === 0) return quote;
  }
  return -1;
}

/** How many backslashes stand right before `index`. */
function backslashesBefore(raw: Buffer, index: number): number {
  let at = index;
  while (at > 0 && raw[at - 1] === BACKSLASH) at -= 1;
  return index - at;
}

/**
 * Where the part a chunk ended inside must stop for now: before a UTF-8 character it cut, an escape it cut, and a
 * high surrogate escape the next chunk may pair with a low one (`raw[0]` is the string's opening quote).
 */
export function heldBackFrom(raw: Buffer, length: number): number {
  let end = cutCharacterStart(raw, length);
  const escape = lastEscape(raw, end);
  if (escape >= 0 && (escape + 1 === end || (raw[escape + 1] === 0x75 && end - escape < 6))) end = escape;
  const high = lastEscape(raw, end);
  if (high >= 0 && high + 6 === end && raw[high + 1] === 0x75 && (raw[high + 2]! | 0x20) === 0x64 && isHighSecondDigit(raw[high + 3]!)) end = high;
  return end;
}

/** True for 8, 9, a, b, A, B: the second hex digit of a high surrogate (D800–DBFF). */
function isHighSecondDigit(byte: number): boolean {
  return byte === 0x38 || byte === 0x39 || (byte | 0x20) === 0x61 || (byte | 0x20) === 0x62;
}

/** The backslash that starts the last escape before `end` (within an escape's length of it), or -1. */
function lastEscape(raw: Buffer, end: number): number {
  for (let at = end - 1; at >= 0 && at >= end - 6; at -= 1) {
    if (raw[at] !== BACKSLASH) continue;
    // A run of backslashes: its last one starts an escape only when the run is odd (else the pairs are `\\`).
    return (backslashesBefore(raw, at) % 2 === 0) ? at : at - 1 >= end - 6 ? at - 1 : -1;
  }
  return -1;
}

/** Where a character that `length` cuts short starts (`length` when the last one is whole or not UTF-8 at all). */
function cutCharacterStart(raw: Buffer, length: number): number {
  for (let back = 1; back <= 3 && back <= length; back += 1) {
    const byte = raw[length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return size > back ? length - back : length;
  }
  return length;
}

/** Why JSON.parse refused a string's contents (for `failure`). */
function refusalOf(source: string): string {
  const control = /[\u0000-\u001f]/.exec(source);
  if (control) return `a raw control character (0x${control[0].charCodeAt(0).toString(16)}) in a string`;
  return /\\u/.test(source) ? "a bad \\u escape or escape" : "a bad escape";
}
