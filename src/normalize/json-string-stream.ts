// The contents of one JSON string, unescaped as its bytes arrive in chunks of any size: escapes, `\uXXXX` and
// surrogate pairs may be split anywhere. The output is the UTF-8 that `JSON.parse` then `Buffer.from(text)` give
// (a lone surrogate is U+FFFD), with the string's length in UTF-16 code units; anything JSON.parse would refuse
// (a control character, a bad escape) or that is not valid UTF-8 fails the string instead.
import { isUtf8 } from "node:buffer";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Bytes `write` emits at most beyond the input it consumes: a pending lone surrogate (3) and a held partial character (3). */
const SLACK = 8;
/** The byte each one-letter escape stands for, by the letter (-1: not an escape). */
const SIMPLE_ESCAPES = new Int16Array(256).fill(-1);
for (const [letter, byte] of [[0x22, 0x22], [0x5c, 0x5c], [0x2f, 0x2f], [0x62, 0x08], [0x66, 0x0c], [0x6e, 0x0a], [0x72, 0x0d], [0x74, 0x09]] as const) SIMPLE_ESCAPES[letter] = byte;
/** A byte that ends a plain run: a quote, a backslash or a control character. */
const SPECIAL = 3;
/**
 * Per byte inside a string: SPECIAL, or the UTF-16 units the byte adds (valid UTF-8 is checked on the output): one
 * per ASCII byte and per lead of a 2- or 3-byte character, two per lead of a 4-byte one, none per continuation byte.
 */
const BYTE_KIND = new Uint8Array(256).map((_, byte) => (byte < 0x20 || byte === 0x22 || byte === 0x5c ? SPECIAL : byte < 0x80 ? 1 : byte < 0xc0 ? 0 : byte < 0xf0 ? 1 : 2));

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
  private out = Buffer.alloc(0);
  /** Bytes at the start of `out` that began a character the last chunk cut. */
  private carry = 0;
  /** 0: plain; 1: after a backslash; 2–5: reading the 4 hex digits of `\u` (2 means none read yet). */
  private escape = 0;
  private hex = 0;
  /** A high surrogate waiting for its low half (-1: none). */
  private high = -1;
  /** Units codeUnit wrote that the loop has not counted yet. */
  private pendingUnits = 0;

  /** Starts a new string. */
  reset(): void {
    this.units = 0;
    this.bytes = 0;
    this.lastByte = -1;
    this.failure = undefined;
    this.carry = 0;
    this.escape = 0;
    this.hex = 0;
    this.high = -1;
    this.pendingUnits = 0;
  }

  /**
   * Decodes `chunk` from `start` up to the string's closing quote, passing the bytes to `sink`. Returns the index of
   * the closing quote, or -1 when the chunk ended first (or the string failed: see `failure`).
   */
  write(chunk: Uint8Array, start: number, sink: DecodedSink): number {
    const need = this.carry + (chunk.length - start) + SLACK;
    if (this.out.length < need) this.grow(need);
    const out = this.out;
    let o = this.carry;
    let units = 0;
    let index = start;
    let end = -1;
    const length = chunk.length;
    while (index < length) {
      if (this.escape === 0) {
        const byte = chunk[index]!;
        if (byte === QUOTE) {
          end = index;
          break;
        }
        if (byte === BACKSLASH) {
          this.escape = 1;
          index += 1;
          continue;
        }
        if (this.high >= 0) {
          o = this.flushHigh(out, o);
          units += 1;
        }
        // The plain run up to the next quote, backslash or control character: one table look-up a byte.
        let at = index;
        for (; at < length; at += 1) {
          const plain = chunk[at]!;
          const kind = BYTE_KIND[plain]!;
          if (kind === SPECIAL) break;
          out[o++] = plain;
          units += kind;
        }
        index = at;
        if (at < length && chunk[at]! < 0x20) return this.fail(`a raw control character (0x${chunk[at]!.toString(16)}) in a string`);
        continue;
      }
      const byte = chunk[index++]!;
      if (this.escape === 1) {
        if (byte === 0x75) {
          this.escape = 2;
          this.hex = 0;
          continue;
        }
        const simple = SIMPLE_ESCAPES[byte]!;
        if (simple < 0) return this.fail(`a bad escape \\${String.fromCharCode(byte)}`);
        if (this.high >= 0) {
          o = this.flushHigh(out, o);
          units += 1;
        }
        out[o++] = simple;
        units += 1;
        this.escape = 0;
        continue;
      }
      const digit = hexValue(byte);
      if (digit < 0) return this.fail("a bad \\u escape");
      this.hex = (this.hex << 4) | digit;
      if (this.escape < 5) {
        this.escape += 1;
        continue;
      }
      this.escape = 0;
      o = this.codeUnit(out, o, this.hex);
      units += this.pendingUnits;
      this.pendingUnits = 0;
    }
    this.units += units;
    if (end >= 0) {
      if (this.escape !== 0) return this.fail("a string cut inside an escape");
      if (this.high >= 0) {
        o = this.flushHigh(out, o);
        this.units += 1;
      }
      if (!this.emit(out, o, sink)) return -1;
      this.carry = 0;
      return end;
    }
    // The chunk ended inside the string: hold back a character it cut, emit the rest.
    const cut = cutCharacterStart(out, o);
    if (!this.emit(out, cut, sink)) return -1;
    out.copy(out, 0, cut, o);
    this.carry = o - cut;
    return -1;
  }


  /** Writes one `\uXXXX` code unit: pairs a surrogate with its other half, a lone one is U+FFFD. */
  private codeUnit(out: Buffer, at: number, unit: number): number {
    let o = at;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      if (this.high >= 0) {
        o = this.flushHigh(out, o);
        this.pendingUnits += 1;
      }
      this.high = unit;
      return o;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) {
      if (this.high < 0) {
        this.pendingUnits += 1;
        return writeReplacement(out, o);
      }
      const point = 0x10000 + ((this.high - 0xd800) << 10) + (unit - 0xdc00);
      this.high = -1;
      this.pendingUnits += 2;
      out[o++] = 0xf0 | (point >> 18);
      out[o++] = 0x80 | ((point >> 12) & 0x3f);
      out[o++] = 0x80 | ((point >> 6) & 0x3f);
      out[o++] = 0x80 | (point & 0x3f);
      return o;
    }
    if (this.high >= 0) {
      o = this.flushHigh(out, o);
      this.pendingUnits += 1;
    }
    this.pendingUnits += 1;
    if (unit < 0x80) out[o++] = unit;
    else if (unit < 0x800) {
      out[o++] = 0xc0 | (unit >> 6);
      out[o++] = 0x80 | (unit & 0x3f);
    } else {
      out[o++] = 0xe0 | (unit >> 12);
      out[o++] = 0x80 | ((unit >> 6) & 0x3f);
      out[o++] = 0x80 | (unit & 0x3f);
    }
    return o;
  }

  /** A high surrogate that no low half followed: U+FFFD, as Buffer.from writes a lone surrogate. */
  private flushHigh(out: Buffer, at: number): number {
    this.high = -1;
    return writeReplacement(out, at);
  }

  private emit(out: Buffer, length: number, sink: DecodedSink): boolean {
    if (length === 0) return true;
    const bytes = out.subarray(0, length);
    if (!isUtf8(bytes)) {
      this.fail("invalid UTF-8 in a string");
      return false;
    }
    this.bytes += length;
    this.lastByte = bytes[length - 1]!;
    sink(bytes);
    return true;
  }

  private fail(reason: string): -1 {
    this.failure ??= reason;
    return -1;
  }

  private grow(need: number): void {
    const next = Buffer.allocUnsafe(Math.max(need, 64 * 1024));
    this.out.copy(next, 0, 0, this.carry);
    this.out = next;
    this.largestBuffer = Math.max(this.largestBuffer, next.length);
  }
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

function writeReplacement(out: Buffer, at: number): number {
  out[at] = 0xef;
  out[at + 1] = 0xbf;
  out[at + 2] = 0xbd;
  return at + 3;
}

/** Where a character that `length` cuts short starts (`length` when the last one is whole or not UTF-8 at all). */
function cutCharacterStart(out: Buffer, length: number): number {
  for (let back = 1; back <= 3 && back <= length; back += 1) {
    const byte = out[length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return size > back ? length - back : length;
  }
  return length;
}
