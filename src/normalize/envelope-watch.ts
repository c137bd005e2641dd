// Streams over the first JSON value's top-level keys, byte by byte, to say as early as possible that an input is
// not a tool-result envelope — so `bound` streams ordinary JSON as text instead of holding it whole.
import { ENVELOPE_KEY_SET } from "./envelope.js";

/** The longest key an envelope has; a longer key is data. */
const MAX_KEY_BYTES = 32;

/** What the watcher knows so far. */
export type EnvelopeVerdict = "maybe" | "not-envelope" | "complete";

/**
 * Fed the input chunk by chunk (any split gives the same verdict): `not-envelope` as soon as the value is not an
 * object or has a top-level key no envelope has; `complete` once the top-level object closed with envelope keys only.
 */
export class EnvelopeWatch {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private key: number[] | undefined;
  private started = false;
  verdict: EnvelopeVerdict = "maybe";

  /** Takes the next bytes; returns the verdict after them. */
  write(chunk: Uint8Array): EnvelopeVerdict {
    let index = 0;
    let quote = -2;
    let backslash = -2;
    while (index < chunk.length && this.verdict === "maybe") {
      if (this.inString && this.key === undefined && !this.escaped) {
        // String contents are skipped at memchr speed; each search is reused until it is passed.
        if (quote !== -1 && quote < index) quote = chunk.indexOf(0x22, index);
        if (backslash !== -1 && backslash < index) backslash = chunk.indexOf(0x5c, index);
        const next = Math.min(quote === -1 ? chunk.length : quote, backslash === -1 ? chunk.length : backslash);
        index = next;
      }
      if (index < chunk.length) this.step(chunk[index]!);
      index += 1;
    }
    return this.verdict;
  }

  private step(byte: number): void {
    if (this.inString) {
      this.stepString(byte);
      return;
    }
    if (!this.started) {
      if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0xef || byte === 0xbb || byte === 0xbf) return;
      this.started = true;
      if (byte !== 0x7b) {
        this.verdict = "not-envelope";
        return;
      }
    }
    if (byte === 0x22) {
      this.inString = true;
      if (this.depth === 1 && this.expectKey) this.key = [];
      this.expectKey = false;
    } else if (byte === 0x7b || byte === 0x5b) {
      this.depth += 1;
      this.expectKey = this.depth === 1;
    } else if (byte === 0x7d || byte === 0x5d) {
      this.depth -= 1;
      if (this.depth === 0) this.verdict = "complete";
    } else if (byte === 0x2c && this.depth === 1) {
      this.expectKey = true;
    }
  }

  private stepString(byte: number): void {
    if (this.escaped) this.escaped = false;
    else if (byte === 0x5c) this.escaped = true;
    else if (byte === 0x22) {
      this.inString = false;
      if (this.key !== undefined) this.checkKey(this.key);
      this.key = undefined;
      return;
    }
    if (this.key === undefined) return;
    this.key.push(byte);
    if (this.key.length > MAX_KEY_BYTES) this.verdict = "not-envelope";
  }

  private checkKey(key: number[]): void {
    if (!ENVELOPE_KEY_SET.has(String.fromCharCode(...key))) this.verdict = "not-envelope";
  }
}

