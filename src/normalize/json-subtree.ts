// Finds where a JSON container ends, its bytes arriving in chunks of any size: outside strings one table look-up a
// byte (only brackets and quotes matter; the value is checked by the parse that reads it later); inside a string,
// its first bytes so too (a key, a short value: an indexOf call costs more than they do), then a jump to its end by
// indexOf (json-string-end.ts: the quote, then the backslashes before it), so that a long string costs one search and
// not a look-up a byte (the proxy steps so over a 1 GiB client frame it refuses: streamed-request.ts).
import { JsonStringEnd } from "./json-string-end.js";

/** Outside strings: 1 for a quote, 2 for an opening bracket, 3 for a closing one, else 0. */
const OUTSIDE = new Uint8Array(256);
OUTSIDE[0x22] = 1;
OUTSIDE[0x7b] = OUTSIDE[0x5b] = 2;
OUTSIDE[0x7d] = OUTSIDE[0x5d] = 3;
/** Inside strings: 1 for a quote, 2 for a backslash, else 0. */
const INSIDE = new Uint8Array(256);
INSIDE[0x22] = 1;
INSIDE[0x5c] = 2;

/** Bytes of a string (from its start or after an escape) looked up one by one before its end is searched by indexOf. */
export const SHORT_STRING_BYTES = 32;

const enum Where { Outside, String, Escape, LongString }

/** Skips one container whose opening bracket was just read (`start`), chunk after chunk. */
export class JsonSubtreeSkipper {
  private depth = 0;
  private where = Where.Outside;
  private readonly string = new JsonStringEnd();

  /** A container just opened. */
  start(): void {
    this.depth = 1;
    this.where = Where.Outside;
  }

  /** Skips from `from`: the index after the container's closing bracket, or -1 when the chunk ended first. */
  skip(chunk: Uint8Array, from: number): number {
    let index = from;
    const length = chunk.length;
    while (index < length) {
      if (this.where !== Where.Outside) {
        index = this.inString(chunk, index);
        continue;
      }
      let kind = 0;
      for (; index < length; index += 1) if ((kind = OUTSIDE[chunk[index]!]!) !== 0) break;
      if (index >= length) break;
      index += 1;
      if (kind === 2) this.depth += 1;
      else if (kind === 3) {
        if ((this.depth -= 1) === 0) return index;
      } else {
        // a string: its first bytes here, most strings (keys, short values) end among them
        const stop = Math.min(length, index + SHORT_STRING_BYTES);
        for (; index < stop; index += 1) if ((kind = INSIDE[chunk[index]!]!) !== 0) break;
        if (index < stop) {
          if (kind === 2) this.where = Where.Escape;
          index += 1;
        } else this.where = index < length ? this.longString() : Where.String;
      }
    }
    return -1;
  }

  /** Steps on inside a string from `index` (its escape, its next bytes, or to its end): where to go on from. */
  private inString(chunk: Uint8Array, index: number): number {
    const length = chunk.length;
    if (this.where === Where.Escape) {
      this.where = Where.String;
      return index + 1;
    }
    if (this.where === Where.String) {
      const stop = Math.min(length, index + SHORT_STRING_BYTES);
      let kind = 0;
      for (; index < stop; index += 1) if ((kind = INSIDE[chunk[index]!]!) !== 0) break;
      if (index < stop) {
        this.where = kind === 1 ? Where.Outside : Where.Escape;
        return index + 1;
      }
      if (index >= length) return length;
      this.where = this.longString();
    }
    const end = this.string.find(chunk, index);
    if (end === -1) return length;
    this.where = Where.Outside;
    return end;
  }

  /** A string longer than SHORT_STRING_BYTES: the byte before is no backslash (it was looked up), so no escape runs into the search. */
  private longString(): Where {
    this.string.start();
    return Where.LongString;
  }
}
