// The byte path's needle scan in one SIMD pass (needle-scan.wat): hits whose kind of line was not seen too often.
import { setV8Flags } from "../../lazy-builtin.js";
import type { RingStorage } from "../byte-ring.js";
import { assignBuckets, BUCKET_COUNT } from "./needle-buckets.js";
import { NEEDLE_SCAN_MODULE, NEEDLE_SCAN_MODULE_PLAIN } from "./needle-scan-module.js";
import { RingMemory } from "./ring-memory.js";

/** Bytes scanned per call (the module's window). */
const WINDOW_BYTES = 1024 * 1024;
const STATS = 0x110000;
const FINGERPRINTS = 0x110040;
const PREFIX_MASKS = 0x110100;
const BUCKETS = 0x110300;
const NEEDLES = 0x110400;
const NEEDLE_RECORD = 48;
/** For each 8-bit mask, the indices of its set bits in order (then 0s): the kind's gather (needle-scan.wat `$kind`). */
const COMPACT = 0x11c000;
const MAX_NEEDLES = Math.floor((COMPACT - NEEDLES) / NEEDLE_RECORD);
const OUT = 0x160000;
const OUT_LINES = 0x1e0000;
const NIBBLES = Array.from({ length: 16 }, (_, nibble) => nibble);
/** WebAssembly's page, and the bytes past a region the scan's loads may read. */
const PAGE_BYTES = 64 * 1024;
const PADDING = 64;

/** The little of the WebAssembly API used here (the project's TypeScript lib has no DOM types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: { scan: (start: number, end: number, limit: number, most: number) => number; memory: { buffer: ArrayBuffer; grow: (pages: number) => number } } };
}

/** The compiled modules (undefined until first needed; null where this runtime rejects them). */
const compiled: { relaxed?: object | null; plain?: object | null } = {};

/** Node 20's V8 has relaxed SIMD behind this flag (on by default from V8 11.4: Node 22). */
const RELAXED_SIMD_FLAG = "experimental-wasm-relaxed-simd";

/** The WebAssembly API, when this runtime has one. */
function webAssembly(): WasmApi | undefined {
  return (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
}

/** The module compiled from `base64`, or null when this runtime rejects it. */
function compileBytes(base64: string): object | null {
  try {
    return new (webAssembly()!.Module)(Buffer.from(base64, "base64"));
  } catch {
    return null;
  }
}

/**
 * The scan's module with relaxed SIMD's swizzle (a fifth fewer instructions a step), compiled with V8's flag on where
 * it is not on by default, and off again at once (a compiled module keeps the features it was compiled with); null
 * where relaxed SIMD is missing.
 */
function compileRelaxed(): object | null {
  if (compiled.relaxed !== undefined) return compiled.relaxed;
  compiled.relaxed = compileBytes(NEEDLE_SCAN_MODULE);
  if (compiled.relaxed) return compiled.relaxed;
  try {
    setV8Flags(`--${RELAXED_SIMD_FLAG}`);
    try {
      compiled.relaxed = compileBytes(NEEDLE_SCAN_MODULE);
    } finally {
      setV8Flags(`--no-${RELAXED_SIMD_FLAG}`);
    }
  } catch {
    compiled.relaxed = null; // no such flag here
  }
  return compiled.relaxed;
}

/** The scan's module: relaxed SIMD's, else plain SIMD's (the same results); null without WebAssembly SIMD. */
function compile(plain: boolean): object | null {
  if (!webAssembly()) return null; // the caller falls back to indexOf per needle
  const relaxed = plain ? null : compileRelaxed();
  if (relaxed) return relaxed;
  if (compiled.plain === undefined) compiled.plain = compileBytes(NEEDLE_SCAN_MODULE_PLAIN);
  return compiled.plain;
}

/** Hits found by a scan: positions, ascending, and the newlines before each from where the scan began. */
export interface FoundHits {
  positions: number[];
  linesBefore: number[];
}

/** One output's scan: its own table of line kinds seen, so a flood of one kind is scored a few times only. */
export class NeedleScan {
  private readonly scanFn: (start: number, end: number, limit: number, most: number) => number;
  private readonly wasmMemory: { buffer: ArrayBuffer; grow: (pages: number) => number };
  private memory: Uint8Array;
  private view: DataView;
  /** The tail ring's memory, once lent (`ringStorage`): bytes there are scanned where they lie. */
  private ring: RingMemory | undefined;
  /** Needle hits found, novel or not. */
  hits = 0;
  /**
   * Hits whose kind of line was worked out (the costlier key: the rest stopped at a fine key seen `repeats` times);
   * for the tests that count work.
   */
  kinds = 0;
  /** Bytes copied into the window to be scanned (a region gathered in `stage` is scanned where it lies). */
  copiedBytes = 0;

  private constructor(instance: InstanceType<WasmApi["Instance"]>, needles: readonly Buffer[]) {
    this.scanFn = instance.exports.scan;
    this.wasmMemory = instance.exports.memory;
    this.memory = new Uint8Array(instance.exports.memory.buffer);
    this.view = new DataView(instance.exports.memory.buffer);
    this.writeTables(needles);
  }

  /**
   * A scan for `needles` (at most 16 bytes of each are compared: longer ones match on their start); null without
   * WebAssembly SIMD. `plain`: the module without relaxed SIMD, as where the runtime lacks it (for tests).
   */
  static create(needles: readonly Buffer[], plain = false): NeedleScan | null {
    const module = compile(plain);
    if (!module || needles.length > MAX_NEEDLES) return null;
    try {
      return new NeedleScan(new (webAssembly()!.Instance)(module), needles);
    } catch {
      return null;
    }
  }

  /** True when this runtime runs the module with relaxed SIMD's swizzle (Node 20 with V8's flag, Node 22 without). */
  static get relaxed(): boolean {
    return webAssembly() !== undefined && compileRelaxed() !== null;
  }

  /**
   * The window's first `bytes` (at most its size): a caller that gathers a region there has it scanned where it lies,
   * not copied again. Valid until the next scan of bytes from elsewhere, which copies them over it.
   */
  stage(bytes: number): Buffer {
    return Buffer.from(this.memory.buffer, 0, Math.min(bytes, WINDOW_BYTES));
  }

  /**
   * Memory for the tail ring after the scan's own (see RingStorage and RingMemory): the bytes that leave the ring are
   * then scanned where they lie, with no copy. Asked for once, before any `stage` (growing the memory moves it);
   * undefined when the memory cannot grow.
   */
  ringStorage(capacity: number, slack: number): RingStorage | undefined {
    if (this.ring) return undefined;
    const base = this.memory.length;
    try {
      this.wasmMemory.grow(Math.ceil((RingMemory.bytesFor(capacity, slack) + PADDING) / PAGE_BYTES));
    } catch {
      return undefined;
    }
    this.memory = new Uint8Array(this.wasmMemory.buffer);
    this.view = new DataView(this.wasmMemory.buffer);
    this.ring = new RingMemory(this.wasmMemory.buffer, base, capacity, slack);
    return this.ring.storage;
  }

  /** `pending` then `piece` in one view in the ring's memory (RingMemory.join), or undefined. */
  joinInRing(pending: Buffer, piece: Buffer, work: { gatheredBytes: number }): Buffer | undefined {
    return this.ring?.join(pending, piece, work);
  }

  /**
   * The hits in bytes[start, end) whose kind (the line from the hit, hex digits masked and each run of them one
   * digit, its first 32 such bytes, up to the line's end)
   * was seen fewer than `repeats` times before (at most 255), ascending, at most `most` of them, into `found`,
   * with the newlines before each (from `start`); returns the newlines in bytes[start, end). `end` must be a
   * line's end (after its "\n").
   */
  scan(bytes: Buffer, start: number, end: number, repeats: number, most: number, found: FoundHits): number {
    const limit = Math.min(255, repeats);
    let left = Math.max(0, Math.min(most, 0x7fffffff));
    let newlines = 0;
    let from = start;
    while (from < end) {
      let to = Math.min(end, from + WINDOW_BYTES);
      if (to < end) {
        const newline = bytes.lastIndexOf(0x0a, to - 1);
        if (newline >= from) to = newline + 1;
      }
      // Where bytes[from] lies in the memory: in place when the caller gathered it in the window (stage) or it lies
      // in the tail ring's memory (ringStorage), else copied to 0.
      let origin = 0;
      if (bytes.buffer === this.memory.buffer && (bytes.byteOffset + to <= WINDOW_BYTES || this.ring?.holds(bytes))) {
        origin = bytes.byteOffset + from;
      } else {
        this.memory.set(bytes.subarray(from, to), 0);
        this.copiedBytes += to - from;
      }
      const stop = origin + (to - from);
      let position = origin;
      while (position < stop) {
        const count = this.scanFn(position, stop, limit, left);
        left -= count;
        for (let index = 0; index < count; index += 1) {
          found.positions.push(from - origin + this.view.getInt32(OUT + 4 * index, true));
          found.linesBefore.push(newlines + this.view.getInt32(OUT_LINES + 4 * index, true));
        }
        this.hits += this.view.getInt32(STATS, true);
        this.kinds = this.view.getInt32(STATS + 12, true);
        position = this.view.getInt32(STATS + 4, true);
        newlines += this.view.getInt32(STATS + 8, true);
      }
      from = to;
    }
    return newlines;
  }

  /**
   * Looks for `needles` from the next scan on (the tables written again; the kinds seen stay): a needle no longer
   * wanted costs nothing more (the rare warnings' once a log has more warnings than are rare).
   */
  setNeedles(needles: readonly Buffer[]): void {
    this.memory.fill(0, FINGERPRINTS, FINGERPRINTS + 32 * 3);
    this.writeTables(needles);
  }

  private writeTables(needles: readonly Buffer[]): void {
    const buckets = assignBuckets(needles);
    let next = 0;
    buckets.forEach((bucket, bucketIndex) => {
      this.view.setInt32(BUCKETS + 4 * bucketIndex, next, true);
      for (const index of bucket) {
        const needle = needles[index]!.subarray(0, 16);
        const record = NEEDLES + NEEDLE_RECORD * next;
        this.memory.fill(0, record, record + NEEDLE_RECORD); // (a record written again: no mask byte of the one before)
        this.memory.set(needle, record);
        this.memory.fill(0xff, record + 16, record + 16 + needle.length);
        for (let at = 0; at < 3; at += 1) {
          const table = FINGERPRINTS + 32 * at;
          // A needle shorter than three bytes takes any byte in the places it does not have.
          const low = at < needle.length ? [needle[at]! & 15] : NIBBLES;
          const high = at < needle.length ? [needle[at]! >> 4] : NIBBLES;
          for (const nibble of low) this.memory[table + nibble]! |= 1 << bucketIndex;
          for (const nibble of high) this.memory[table + 16 + nibble]! |= 1 << bucketIndex;
        }
        next += 1;
      }
    });
    this.view.setInt32(BUCKETS + 4 * BUCKET_COUNT, next, true);
    for (let cut = 0; cut <= 16; cut += 1) this.memory.fill(0xff, PREFIX_MASKS + 16 * cut, PREFIX_MASKS + 16 * cut + cut);
    for (let mask = 0; mask < 256; mask += 1) {
      let at = COMPACT + 8 * mask;
      for (let bit = 0; bit < 8; bit += 1) if (mask & (1 << bit)) this.memory[at++] = bit;
    }
  }
}
