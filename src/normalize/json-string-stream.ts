// The contents of one JSON string, unescaped as its bytes arrive in chunks of any size: escapes, `\uXXXX` and
// surrogate pairs may be split anywhere. The output is the UTF-8 that `JSON.parse` then `Buffer.from(text)` give
// (a lone surrogate is U+FFFD), with the string's length in UTF-16 code units; anything JSON.parse would refuse
// (a control character, a bad escape) or that is not valid UTF-8 fails the string instead.
// Each chunk's part of the string is unescaped by one JSON.parse of it (V8's own scanner: no loop a byte in
// JavaScript); what a chunk cuts short (an escape, a high surrogate that may pair, a UTF-8 character) waits for
// the next chunk.
import { isAscii, isUtf8 } from "node:buffer";

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
  /** JSON.parse calls made (one a chunk at most: for the tests that count work). */
  parses = 0;
  private out = Buffer.alloc(0);
  /** A window between quotes, as bytes (made into one string). */
  private scratch = Buffer.alloc(0);
  /** Bytes of `out` this chunk's windows wrote so far. */
  private filled = 0;
  /** The string's bytes the last chunk cut short, as latin1 (one character a byte). */
  private carry = "";

  /** Starts a new string. */
  reset(): void {
    this.units = 0;
    this.bytes = 0;
    this.lastByte = -1;
    this.failure = undefined;
    this.carry = "";
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
    // The window as latin1 (byte = character code) between two quotes, after what the last one held back: one
    // string made, which JSON.parse reads as it is when nothing is held back (the last quote is not the input's).
    const carry = this.carry;
    const size = carry.length + (stop - start) + 2;
    if (this.scratch.length < size) this.scratch = Buffer.allocUnsafe(Math.max(size, WINDOW_BYTES + 2 * MAX_CARRY));
    const scratch = this.scratch;
    scratch[0] = QUOTE;
    if (carry.length > 0) scratch.write(carry, 1, "latin1");
    buffer.copy(scratch, 1 + carry.length, start, stop);
    scratch[size - 1] = QUOTE;
    const quoted = scratch.toString("latin1", 0, size);
    const quote = closingQuote(quoted, size - 1);
    // A closing quote after an unfinished escape (`\u12"`) is refused by the parse below.
    const end = quote >= 0 ? quote : heldBackFrom(quoted, size - 1);
    this.carry = quote >= 0 ? "" : quoted.slice(end, size - 1);
    if (this.carry.length > MAX_CARRY) return this.fail("a bad escape");
    if (end > 1) {
      const source = end === size - 1 || quote >= 0 ? quoted.slice(0, end + 1) : `${quoted.slice(0, end)}"`;
      if (!this.decode(source, isAscii(scratch.subarray(1, end)) ? undefined : scratch.subarray(1, end))) return -1;
    }
    return quote >= 0 ? start + quote - 1 - carry.length : -1;
  }

  /** Unescapes `quoted` (the string's bytes as latin1 between quotes; `bytes` those bytes when not all ASCII) into the output. */
  private decode(quoted: string, bytes: Buffer | undefined): boolean {
    if (bytes !== undefined && !isUtf8(bytes)) {
      this.fail("invalid UTF-8 in a string");
      return false;
    }
    const source = bytes === undefined ? quoted : `"${bytes.toString("utf8")}"`;
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

/** The index of the first quote after the opening one that no backslash escapes, before `stop` (else -1). */
function closingQuote(raw: string, stop: number): number {
  for (let quote = raw.indexOf('"', 1); quote >= 0 && quote < stop; quote = raw.indexOf('"', quote + 1)) {
    if (backslashesBefore(raw, quote) % 2 === 0) return quote;
  }
  return -1;
}

/** How many backslashes stand right before `index`. */
function backslashesBefore(raw: string, index: number): number {
  let at = index;
  while (at > 0 && raw.charCodeAt(at - 1) === BACKSLASH) at -= 1;
  return index - at;
}

/**
 * Where the part a chunk ended inside must stop for now: before a UTF-8 character it cut, an escape it cut, and a
 * high surrogate escape the next chunk may pair with a low one.
 */
function heldBackFrom(raw: string, length: number): number {
  let end = cutCharacterStart(raw, length);
  const escape = lastEscape(raw, end);
  if (escape >= 0 && (escape + 1 === end || (raw.charCodeAt(escape + 1) === 0x75 && end - escape < 6))) end = escape;
  const high = lastEscape(raw, end);
  if (high >= 0 && high + 6 === end && raw.charCodeAt(high + 1) === 0x75 && /^[dD][89abAB]/.test(raw.slice(high + 2, high + 4))) end = high;
  return end;
}

/** The backslash that starts the last escape before `end` (within an escape's length of it), or -1. */
function lastEscape(raw: string, end: number): number {
  for (let at = end - 1; at >= 0 && at >= end - 6; at -= 1) {
    if (raw.charCodeAt(at) !== BACKSLASH) continue;
    // A run of backslashes: its last one starts an escape only when the run is odd (else the pairs are `\\`).
    return (backslashesBefore(raw, at) % 2 === 0) ? at : at - 1 >= end - 6 ? at - 1 : -1;
  }
  return -1;
}

/** Where a character that `length` cuts short starts (`length` when the last one is whole or not UTF-8 at all). */
function cutCharacterStart(raw: string, length: number): number {
  for (let back = 1; back <= 3 && back <= length; back += 1) {
    const byte = raw.charCodeAt(length - back);
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
