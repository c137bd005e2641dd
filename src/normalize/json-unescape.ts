// A JSON string's contents unescaped by WebAssembly (json-unescape.wat): the bytes JSON.parse then Buffer.from give,
// with no string made and no JavaScript loop a byte. Undefined where this runtime has no WebAssembly SIMD; a window
// it declines (what JSON.parse refuses, bytes that are not UTF-8) is the caller's to parse, for the same output or
// the same refusal.
import { isUtf8 } from "node:buffer";
import { JSON_UNESCAPE_MODULE } from "./json-unescape-module.js";

/** The module's layout (json-unescape.wat): its counts, the input, the output. */
const STATS = 0;
const INPUT = 64;
const OUT = 65_728;
/** Bytes of contents one call takes at most. */
export const UNESCAPE_MAX_BYTES = OUT - INPUT - 64;

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: { unescape: (start: number, end: number) => number; memory: { buffer: ArrayBuffer } } };
}

/** The module's one instance (its calls keep nothing between them). */
export class WasmUnescape {
  /** The UTF-16 length of what the last successful call wrote. */
  units = 0;
  private readonly memory: Buffer;
  private readonly stats: Int32Array;

  constructor(private readonly unescape: (start: number, end: number) => number, buffer: ArrayBuffer) {
    this.memory = Buffer.from(buffer);
    this.stats = new Int32Array(buffer, STATS, 2);
  }

  /**
   * Unescapes `source[start, end)` (a string's contents, whole escapes only, at most UNESCAPE_MAX_BYTES) into `out`
   * at `at`; returns the bytes written, or -1 when JSON.parse must decide (what it refuses, or bytes not UTF-8).
   */
  into(source: Buffer, start: number, end: number, out: Buffer, at: number): number {
    if (end - start > UNESCAPE_MAX_BYTES) return -1;
    source.copy(this.memory, INPUT, start, end);
    const written = this.unescape(INPUT, INPUT + end - start);
    if (written < 0) return -1;
    this.memory.copy(out, at, OUT, OUT + written);
    // Bytes not ASCII came as they were (escapes write only UTF-8): they must be UTF-8, as JSON.parse's caller checks.
    if (this.stats[1]! > 0 && !isUtf8(out.subarray(at, at + written))) return -1;
    this.units = this.stats[0]!;
    return written;
  }
}

let instance: WasmUnescape | null | undefined;

/** The shared instance, made at the first call; undefined where WebAssembly SIMD is missing. */
export function wasmUnescape(): WasmUnescape | undefined {
  if (instance === undefined) {
    try {
      const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
      const { exports } = new wasm.Instance(new wasm.Module(Buffer.from(JSON_UNESCAPE_MODULE, "base64")));
      instance = new WasmUnescape(exports.unescape, exports.memory.buffer);
    } catch {
      instance = null;
    }
  }
  return instance ?? undefined;
}
