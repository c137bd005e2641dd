// A validating JSON tokenizer over bytes that arrive in pieces, for one value (the structured-content reducer): it
// checks the grammar as JSON.parse would (bytes are read as the UTF-8 decoder gives them: invalid bytes are no
// grammar error) and tells a listener only where values and keys start and end at one watched depth, so that the
// reducer keeps what it needs without a call a byte. Strings are passed at a table look-up a byte.

import { BLANK, ESCAPES, HEX, INSIDE, LITERALS, numberAfter, Scan } from "./json-scanner-tables.js";

/** What the reducer is told; positions are absolute offsets from the value's first byte. */
export interface ScanListener {
  /** A value starts at the watched depth. */
  valueStart(position: number): void;
  /** A value at the watched depth ended just before `end`. */
  valueEnd(end: number): void;
  /** A key starts (its opening quote) at the watched depth. */
  keyStart(position: number): void;
  /** The watched container itself closes (its bracket ends just before `end`). */
  closeWatched(end: number): void;
}


/** Tokenizes one JSON value; `feed` it the value's bytes in order. */
export class JsonScanner {
  state = Scan.Value;
  /** Open containers. */
  depth = 0;
  /** The depth whose values and keys the listener is told about. */
  watch = 0;
  /** Why the bytes are not one JSON value (set with Scan.Failed). */
  failure: string | undefined;
  private readonly arrays: Uint8Array;
  private inKey = false;
  private hexLeft = 0;
  private literal: Buffer = LITERALS[0x74]!;
  private literalAt = 0;
  /** Called in Scan.LongString with the bytes and where to go on: the index of the string's closing quote, or -1. */
  longString: ((bytes: Uint8Array, from: number) => number) | undefined;

  constructor(private readonly listener: ScanListener, readonly maxDepth: number) {
    this.arrays = new Uint8Array(maxDepth + 2);
  }

  /** Whether the container open at `depth` (1 = the value itself) is an array. */
  isArrayAt(depth: number): boolean {
    return this.arrays[depth] === 1;
  }

  /** Goes on right after the opening bracket of the container open at `depth` (to scan its contents again). */
  enter(depth: number): void {
    this.depth = depth;
    this.state = this.arrays[depth] === 1 ? Scan.ValueOrClose : Scan.KeyOrClose;
  }

  /** Scans `bytes` from `from`; `base` is the absolute offset of bytes[0]. The index after the value's end, or -1. */
  feed(bytes: Uint8Array, from: number, base: number): number {
    // The state lives in locals while the loop runs (written back on every way out): V8 keeps them in registers.
    const length = bytes.length;
    const arrays = this.arrays;
    let index = from;
    let state = this.state;
    let depth = this.depth;
    while (index < length) {
      let byte = bytes[index]!;
      if (state === Scan.String) {
        while (INSIDE[byte] === 0 && ++index < length) byte = bytes[index]!;
        if (index >= length) break;
        const kind = INSIDE[byte]!;
        index += 1;
        if (kind === 2) state = Scan.Escape;
        else if (kind === 3) return this.stop(state, depth, "a raw control character in a string");
        else if (this.inKey) state = Scan.Colon;
        else {
          state = depth === 0 ? Scan.Done : Scan.After;
          if (depth === this.watch) this.listener.valueEnd(base + index);
        }
        continue;
      }
      if (BLANK[byte] === 1 && state <= Scan.After) {
        index += 1;
        continue;
      }
      switch (state) {
        case Scan.After:
          if (byte === 0x2c) state = arrays[depth] === 1 ? Scan.Value : Scan.Key;
          else if (byte === 0x5d || byte === 0x7d) {
            if ((byte === 0x5d) !== (arrays[depth] === 1)) return this.stop(state, depth, "a closing bracket that does not match");
            if (depth === this.watch) this.listener.closeWatched(base + index + 1);
            depth -= 1;
            state = depth === 0 ? Scan.Done : Scan.After;
            if (depth === this.watch) this.listener.valueEnd(base + index + 1);
            if (depth === 0) {
              this.save(state, depth);
              return index + 1;
            }
          } else return this.stop(state, depth, "expected a comma or a closing bracket");
          break;
        case Scan.Colon:
          if (byte !== 0x3a) return this.stop(state, depth, "expected a colon");
          state = Scan.Value;
          break;
        case Scan.Key:
        case Scan.KeyOrClose:
          if (byte === 0x22) {
            if (depth === this.watch) this.listener.keyStart(base + index);
            this.inKey = true;
            state = Scan.String;
            // The usual key: no escape, its colon right after it (else the states above take it byte by byte).
            let at = index + 1;
            while (at < length && INSIDE[bytes[at]!] === 0) at += 1;
            if (at + 1 < length && bytes[at] === 0x22 && bytes[at + 1] === 0x3a) {
              index = at + 2;
              state = Scan.Value;
              continue;
            }
          } else if (byte === 0x7d && state === Scan.KeyOrClose) {
            state = Scan.After;
            continue; // the After state closes it
          } else return this.stop(state, depth, "expected a key");
          break;
        case Scan.Value:
        case Scan.ValueOrClose:
          if (byte === 0x5d && state === Scan.ValueOrClose) {
            state = Scan.After;
            continue; // the After state closes it
          }
          if (depth === this.watch) this.listener.valueStart(base + index);
          if (byte === 0x7b || byte === 0x5b) {
            if (depth >= this.maxDepth) return this.stop(state, depth, "nested too deep");
            depth += 1;
            arrays[depth] = byte === 0x5b ? 1 : 0;
            state = byte === 0x5b ? Scan.ValueOrClose : Scan.KeyOrClose;
          } else if (byte === 0x22) {
            this.inKey = false;
            state = Scan.String;
            // The usual string: no escape; it ends here (else the String state takes it from its next byte).
            let at = index + 1;
            while (at < length && INSIDE[bytes[at]!] === 0) at += 1;
            if (at < length && bytes[at] === 0x22) {
              index = at + 1;
              state = depth === 0 ? Scan.Done : Scan.After;
              if (depth === this.watch) this.listener.valueEnd(base + index);
              continue;
            }
          } else if (byte === 0x2d) state = Scan.Minus;
          else if (byte === 0x30) state = Scan.Zero;
          else if (byte >= 0x31 && byte <= 0x39) {
            // The usual number: digits, then a comma, a bracket or a blank (else the number states take it).
            let at = index + 1;
            while (at < length && bytes[at]! >= 0x30 && bytes[at]! <= 0x39) at += 1;
            const next = at < length ? bytes[at]! : 0x2e;
            if (next === 0x2c || next === 0x7d || next === 0x5d || BLANK[next] === 1) {
              index = at;
              state = depth === 0 ? Scan.Done : Scan.After;
              if (depth === this.watch) this.listener.valueEnd(base + index);
              continue;
            }
            state = Scan.Integer;
          } else if (LITERALS[byte] !== undefined) {
            this.literal = LITERALS[byte]!;
            this.literalAt = 1;
            state = Scan.Literal;
          } else return this.stop(state, depth, "expected a value");
          break;
        case Scan.Escape:
          if (byte === 0x75) {
            state = Scan.Hex;
            this.hexLeft = 4;
          } else if (ESCAPES[byte] === 1) state = Scan.String;
          else return this.stop(state, depth, "a bad escape");
          break;
        case Scan.Hex:
          if (HEX[byte] !== 1) return this.stop(state, depth, "a bad \\u escape");
          if ((this.hexLeft -= 1) === 0) state = Scan.String;
          break;
        case Scan.Literal:
          if (byte !== this.literal[this.literalAt]) return this.stop(state, depth, "a bad literal");
          if ((this.literalAt += 1) === this.literal.length) {
            state = depth === 0 ? Scan.Done : Scan.After;
            if (depth === this.watch) this.listener.valueEnd(base + index + 1);
          }
          break;
        case Scan.LongString: {
          this.save(state, depth);
          const quote = this.longString!(bytes, index);
          if (quote < 0) return -1;
          index = quote + 1;
          state = Scan.After;
          if (depth === this.watch) this.listener.valueEnd(base + index);
          continue;
        }
        case Scan.Done:
          this.save(state, depth);
          return index;
        case Scan.Failed:
          return -1;
        default: {
          // A number: its digits at a time; it ends at the first byte that cannot continue it, read again as After.
          if (state === Scan.Integer || state === Scan.Fraction || state === Scan.ExponentDigits) {
            while (byte >= 0x30 && byte <= 0x39 && ++index < length) byte = bytes[index]!;
            if (index >= length) break;
          }
          const next = numberAfter(state, byte);
          if (next === Scan.Failed) return this.stop(state, depth, "a bad number");
          if (next === Scan.After) {
            state = depth === 0 ? Scan.Done : Scan.After;
            if (depth === this.watch) this.listener.valueEnd(base + index);
            continue;
          }
          state = next;
          break;
        }
      }
      index += 1;
    }
    this.save(state, depth);
    return state === Scan.Done ? index : -1;
  }

  private save(state: Scan, depth: number): void {
    this.state = state;
    this.depth = depth;
  }

  private stop(state: Scan, depth: number, reason: string): -1 {
    this.save(state, depth);
    return this.fail(reason);
  }

  /** True while a string value (not a key) is open. */
  get inStringValue(): boolean {
    return !this.inKey && (this.state === Scan.String || this.state === Scan.Escape || this.state === Scan.Hex);
  }

  fail(reason: string): -1 {
    this.failure ??= reason;
    this.state = Scan.Failed;
    return -1;
  }
}
