// template.ts's token masks over a whole text in one WebAssembly pass (shape-mask.wat): the line shapes' six masks and
// the miner's three, which as regular expressions made a new copy of the text each (at the end of an output, with
// TurboFan off, ~5 µs a line, the largest part of the near-fold's cost). Undefined where WebAssembly is missing:
// template.ts then runs the expressions.
import { SHAPE_MASK_MODULE } from "./shape-mask-module.js";

/** Which masks: the line shape's (long, path, quoted, hex, digits, punctuation runs) or the miner's (long, hex, digits). */
export const SHAPE = 0;
export const MINER = 1;

const PAGE_BYTES = 65536;
/** Where the module reads the text (its class table is below). */
const TEXT = 256;
/** What a byte text's "…" is written as by the module: no ASCII text holds it. */
const WIDE_WILDCARD_BYTE = "\u0080";

interface MaskExports {
  mask: (units: number, wide: number, mode: number) => number;
  memory: { buffer: ArrayBuffer; grow: (pages: number) => number };
  out: { value: number };
  longs: { value: number };
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: MaskExports };
}

/** Node's own Buffer methods under its `write` and `toString`, called straight: the text is in range (no checks to run). */
interface RawBuffer extends Buffer {
  latin1Write(text: string, offset: number, length: number): number;
  ucs2Write(text: string, offset: number, length: number): number;
  latin1Slice(start: number, end: number): string;
  ucs2Slice(start: number, end: number): string;
}

let instance: MaskExports | null | undefined;
let memory: RawBuffer | undefined;

function load(): MaskExports | undefined {
  if (instance === undefined) {
    try {
      const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
      instance = new wasm.Instance(new wasm.Module(Buffer.from(SHAPE_MASK_MODULE, "base64"))).exports;
    } catch {
      instance = null;
    }
  }
  return instance ?? undefined;
}

/**
 * The module's memory, grown to `bytes` at least (a view made again after a growth detached the last); undefined when
 * it cannot grow that far (WebAssembly's 4 GiB, or no memory left): the caller's expressions then run.
 */
function memoryOf(module: MaskExports, bytes: number): RawBuffer | undefined {
  const have = module.memory.buffer.byteLength;
  if (bytes > have) {
    try {
      module.memory.grow(Math.ceil((bytes - have) / PAGE_BYTES));
    } catch {
      return undefined;
    }
  }
  if (memory === undefined || memory.buffer !== module.memory.buffer) memory = Buffer.from(module.memory.buffer) as RawBuffer;
  return memory;
}

/**
 * `text` with every token masked as `mode` asks (whitespace as it was), as template.ts's regular expressions give it;
 * undefined without WebAssembly, or for a text its memory cannot hold. An ASCII text goes in a byte a character (its
 * result is a one-byte string), any other as UTF-16.
 */
export function maskTokens(text: string, mode: typeof SHAPE | typeof MINER): string | undefined {
  const module = load();
  if (!module) return undefined;
  const units = text.length;
  const wide = Buffer.byteLength(text, "utf8") === units ? 0 : 1;
  const textBytes = units << wide;
  const bytes = memoryOf(module, TEXT + 2 * textBytes + 8);
  if (!bytes) return undefined;
  if (wide === 0) bytes.latin1Write(text, TEXT, textBytes);
  else bytes.ucs2Write(text, TEXT, textBytes);
  const written = module.mask(units, wide, mode) << wide;
  const out = module.out.value;
  if (wide === 1) return bytes.ucs2Slice(out, out + written);
  const masked = bytes.latin1Slice(out, out + written);
  return module.longs.value > 0 ? masked.replaceAll(WIDE_WILDCARD_BYTE, "…") : masked;
}
