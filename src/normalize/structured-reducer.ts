// Reads a JSON container as its bytes stream (an MCP result's structuredContent) and keeps only what a shape-keeping
// cut can show (reduced-json.ts): a value under PROMOTE_BYTES is parsed whole from its bytes (the lossless parser),
// a larger one is reduced while it streams: an object keeps every key, an array its first and last items and its
// length, a string its head, its tail and its length. What is held is bounded by the items kept, not by the input.
import { parseJsonBytes } from "./json-input.js";
import { JsonScanner, type ScanListener } from "./json-scanner.js";
import { Scan } from "./json-scanner-tables.js";
import { heldBackFrom, JsonStringStream } from "./json-string-stream.js";
import { skipString } from "./lossless-json.js";
import { define, newFrame, NOTHING, type Frame } from "./reduced-frame.js";
import { CutString, cutArray, markReduced, REDUCED_ITEMS, REDUCED_STRING_UNITS } from "./reduced-json.js";
import { SlidingBytes } from "./sliding-bytes.js";
import { TailBytes } from "./tail-bytes.js";

/** A value whose bytes pass this while it streams is reduced; a smaller one is parsed whole. */
const PROMOTE_BYTES = 64 * 1024;
/** Bytes scanned between two checks for a value to reduce. */
const WINDOW_BYTES = 64 * 1024;
/** The first window's bytes (each next one twice as many, up to WINDOW_BYTES). */
const FIRST_WINDOW_BYTES = 4096;
/** Raw bytes of a long string parsed for its head (at least REDUCED_STRING_UNITS units: an escape is ≤ 6 bytes a unit). */
const HEAD_BYTES = 6 * REDUCED_STRING_UNITS;
/** Decoded bytes of a long string kept for its tail (at least REDUCED_STRING_UNITS units: ≤ 3 bytes a unit). */
const TAIL_BYTES = 3 * REDUCED_STRING_UNITS;
/** Members of an object parsed together, once their bytes pass this. */
const RUN_BYTES = 64 * 1024;
const OPEN_BRACE = Buffer.from("{");
const CLOSE_BRACE = Buffer.from("}");

/** Reduces one JSON container whose bytes come in chunks; see the file comment. */
export class StructuredReducer implements ScanListener {
  /** Why the value cannot be read this way (malformed, nested too deep, a key or number over PROMOTE_BYTES). */
  failure: string | undefined;
  /** True once something was cut (the value is then not the whole one). */
  cut = false;
  private readonly scanner: JsonScanner;
  private readonly frames: Frame[] = [newFrame(0, false)];
  private readonly bytes = new SlidingBytes();
  private offset = 0;
  /**
   * Bytes of the next window: the first ones are small, so that the scan returns a few times before V8 optimizes it
   * (an optimized scan that never returned lacks the feedback of its way out: it was thrown away at every window).
   */
  private window = FIRST_WINDOW_BYTES;
  private ended: unknown = NOTHING;
  private child: unknown = NOTHING;

  private readonly promoteBytes: number;

  /** `promoteBytes` (tests): a value is reduced once its bytes pass this (default PROMOTE_BYTES). */
  constructor(maxDepth: number, options: { promoteBytes?: number } = {}) {
    this.scanner = new JsonScanner(this, maxDepth);
    this.promoteBytes = options.promoteBytes ?? PROMOTE_BYTES;
  }

  /** Bytes scanned (for the tests that count work): the offset reached. */
  get scanned(): number {
    return this.offset;
  }

  /** The most bytes held at once (for the memory tests). */
  get largestHeld(): number {
    return this.bytes.largest;
  }

  /** Reads `chunk` from `from`: the index after the value's closing bracket, or -1 (not yet, or see `failure`). */
  write(chunk: Uint8Array, from: number): number {
    try {
      return this.read(chunk, from);
    } catch (error) {
      this.failure ??= `cannot reduce the value: ${(error as Error).message}`;
      return -1;
    }
  }

  private read(chunk: Uint8Array, from: number): number {
    for (let start = from, size = this.window; start < chunk.length && this.failure === undefined; start += size, size = this.window) {
      const window = chunk.subarray(start, Math.min(chunk.length, start + size));
      this.window = Math.min(WINDOW_BYTES, size * 2);
      this.bytes.append(window);
      const end = this.scanner.feed(window, 0, this.offset);
      if (this.scanner.failure !== undefined) this.failure ??= this.scanner.failure;
      if (end >= 0) {
        this.offset += end;
        this.bytes.clear();
        return this.failure === undefined ? start + end : -1;
      }
      this.offset += window.length;
      this.reduceWhatGrew();
      this.bytes.dropBefore(this.keepFrom());
    }
    return -1;
  }

  /** The value read (reduced where it was large); call once `write` returned its end. */
  value(): unknown {
    const value = this.ended;
    if (this.cut && typeof value === "object" && value !== null) markReduced(value);
    return value;
  }

  valueStart(position: number): void {
    this.top.childStart = position;
  }

  keyStart(position: number): void {
    this.top.memberStart = position;
  }

  valueEnd(end: number): void {
    const frame = this.top;
    const value = this.child;
    this.child = NOTHING;
    if (frame.depth === 0) this.ended = value === NOTHING ? this.parse(frame.childStart, end) : value;
    else if (frame.array) this.addItem(frame, end, value);
    else this.addMember(frame, end, value);
    frame.childStart = -1;
    frame.memberStart = -1;
    frame.childReduced = false;
  }

  closeWatched(): void {
    const frame = this.frames.pop()!;
    this.scanner.watch = this.top.depth;
    this.child = frame.array ? this.arrayOf(frame) : this.objectOf(frame);
  }

  private get top(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private addItem(frame: Frame, end: number, value: unknown): void {
    const index = frame.count;
    frame.count += 1;
    if (index < REDUCED_ITEMS) {
      frame.head.push(value === NOTHING ? this.parse(frame.childStart, end) : value);
      return;
    }
    if (value !== NOTHING) frame.ring.settle(this.parse); // the bytes before a large item are not kept past it
    frame.ring.push(frame.childStart, end, value);
  }

  private arrayOf(frame: Frame): unknown[] {
    const last = frame.ring.settle(this.parse);
    if (frame.count <= frame.head.length + last.length) return [...frame.head, ...last];
    this.cut = true;
    return cutArray([...frame.head, ...last.slice(last.length - REDUCED_ITEMS)], frame.count);
  }

  private addMember(frame: Frame, end: number, value: unknown): void {
    if (value === NOTHING) {
      if (frame.runStart < 0) frame.runStart = frame.memberStart;
      frame.runEnd = end;
      if (frame.runEnd - frame.runStart > RUN_BYTES) this.settleRun(frame);
      return;
    }
    this.settleRun(frame);
    define(frame.object, frame.key, value);
  }

  /** Parses the members held as bytes, in order, into the object. */
  private settleRun(frame: Frame): void {
    if (frame.runStart < 0) return;
    const run = Buffer.concat([OPEN_BRACE, this.bytes.slice(frame.runStart, frame.runEnd), CLOSE_BRACE]);
    frame.runStart = -1;
    const members = parseJsonBytes(run) as Record<string, unknown>;
    for (const key of Object.keys(members)) define(frame.object, key, members[key]);
  }

  private objectOf(frame: Frame): Record<string, unknown> {
    this.settleRun(frame);
    return frame.object;
  }

  private readonly parse = (start: number, end: number): unknown => parseJsonBytes(this.bytes.slice(start, end));

  /** A value in the innermost frame that grew past PROMOTE_BYTES is reduced from here on (its bytes so far read again). */
  private reduceWhatGrew(): void {
    for (let frame = this.top; this.failure === undefined; frame = this.top) {
      const start = frame.childStart;
      if (start < 0 || frame.childReduced || this.offset - start <= this.promoteBytes) return;
      const container = this.scanner.depth > frame.depth;
      if (!container && !this.scanner.inStringValue) {
        this.failure = "a number longer than a value kept whole";
        return;
      }
      // A string is reduced once it holds a head's worth (it is then longer than any cut keeps whole).
      if (!container && this.offset - start <= HEAD_BYTES + 1) return;
      // From here on the value's bytes are not held: an object keeps the member's key, parsed now.
      frame.childReduced = true;
      if (!frame.array && frame.depth > 0) {
        this.settleRun(frame);
        const key = this.bytes.slice(frame.memberStart, start);
        frame.key = JSON.parse(key.toString("utf8", 0, skipString(key, 0))) as string;
      }
      if (!container) {
        this.reduceString(start);
        return;
      }
      const reduced = newFrame(frame.depth + 1, this.scanner.isArrayAt(frame.depth + 1));
      this.frames.push(reduced);
      this.scanner.watch = reduced.depth;
      this.scanner.enter(reduced.depth);
      this.scanner.feed(this.bytes.slice(start + 1, this.offset), 0, start + 1);
      if (this.scanner.failure !== undefined) this.failure ??= this.scanner.failure;
    }
  }

  private reduceString(start: number): void {
    const raw = this.bytes.slice(start, start + 1 + HEAD_BYTES);
    let text: string;
    try {
      text = JSON.parse(`${raw.toString("utf8", 0, heldBackFrom(raw, raw.length))}"`) as string;
    } catch {
      this.failure ??= "a bad string";
      return;
    }
    const decoder = new JsonStringStream();
    const tail = new TailBytes(TAIL_BYTES);
    decoder.write(this.bytes.slice(start + 1, this.offset), 0, tail.write);
    this.scanner.state = Scan.LongString;
    this.scanner.longString = (bytes, from) => {
      const quote = decoder.write(bytes, from, tail.write);
      if (decoder.failure !== undefined) return this.scanner.fail(decoder.failure);
      if (quote >= 0) {
        this.cut = true;
        this.child = new CutString(text.slice(0, REDUCED_STRING_UNITS), decoder.units, tail.text(REDUCED_STRING_UNITS));
        this.scanner.longString = undefined;
      }
      return quote;
    };
    if (decoder.failure !== undefined) this.failure ??= decoder.failure;
  }

  /** The first byte still needed: of a value being read, of the ring's items held as bytes, of members not yet parsed. */
  private keepFrom(): number {
    let from = this.offset;
    for (const frame of this.frames) {
      if (!frame.childReduced && frame.memberStart >= 0) from = Math.min(from, frame.memberStart);
      if (!frame.childReduced && frame.childStart >= 0) from = Math.min(from, frame.childStart);
      if (frame.runStart >= 0) from = Math.min(from, frame.runStart);
      from = Math.min(from, frame.ring.heldFrom());
    }
    return from;
  }
}
