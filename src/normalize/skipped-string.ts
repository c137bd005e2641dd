// A JSON string the envelope reader (envelope-stream.ts) steps over: where it ends, and for a key the reader may look
// for, the key's text (an escaped or over-long key is never one it looks for). A key is collected byte by byte; once
// no byte of the string matters, its end is searched by indexOf (json-string-end.ts).
import { JsonStringEnd } from "./json-string-end.js";

/** Keys longer than this are never one the reader looks for. */
const MAX_KEY_BYTES = 32;

/** The string being stepped over: a value, or a key whose bytes are collected while it may be one that is looked for. */
export class SkippedString {
  /** The string is a key. */
  isKey = false;
  /** The last byte was a backslash. */
  private escaped = false;
  private keyBytes: number[] | undefined;
  /** Where the string ends, searched once no byte before its end matters (from then on, to its end). */
  private readonly end = new JsonStringEnd();

  /** Starts a string after its opening quote; `collect`: a key whose text is wanted. */
  start(isKey: boolean, collect: boolean): void {
    this.isKey = isKey;
    this.escaped = false;
    this.keyBytes = collect ? [] : undefined;
    this.end.start();
  }

  /** True when no byte before the closing quote matters: the reader may jump to it (`plainEnd`). */
  get plain(): boolean {
    return !this.escaped && this.keyBytes === undefined;
  }

  /** While `plain`: the index of the closing quote, reading from `from`, or -1 when the chunk ends first. */
  plainEnd(chunk: Uint8Array, from: number): number {
    const end = this.end.find(chunk, from);
    return end === -1 ? -1 : end - 1;
  }

  /** One byte of the string; true when it was the closing quote. */
  take(byte: number): boolean {
    if (this.escaped) {
      this.escaped = false;
      this.keyBytes = undefined; // an escaped key is never one the reader looks for
      return false;
    }
    if (byte === 0x5c) {
      this.escaped = true;
      this.keyBytes?.push(byte);
      return false;
    }
    if (byte !== 0x22) {
      if (this.keyBytes !== undefined && this.keyBytes.push(byte) > MAX_KEY_BYTES) this.keyBytes = undefined;
      return false;
    }
    return true;
  }

  /** The key that just closed, when its bytes were collected and hold no escape; undefined otherwise. */
  takeKey(): string | undefined {
    const key = this.keyBytes === undefined || this.keyBytes.includes(0x5c) ? undefined : Buffer.from(this.keyBytes).toString("utf8");
    this.keyBytes = undefined;
    return key;
  }
}
