// Finds the bytes after which cleaning may change a line, 16 at a time with WebAssembly SIMD: C0 controls but tab
// and newline, DEL, and the lead bytes 0xC2 (U+0080-U+00BF: the C1 controls) and 0xE2 (U+2000-U+2FFF: U+2028 and
// U+2029). A loose test (0xC2 also starts "°"): the caller decodes the line and asks exactly. The search reads the
// file straight into the module's memory, so nothing is copied. Falls back to a byte loop without WebAssembly.
import { wasmFunction } from "../text/wasm-module.js";

/** Bytes the scanner's memory holds for the caller's reads (32 pages; one more is spare). */
export const SCANNER_BYTES = 2 * 1024 * 1024;

/** scan(start, end): the start of the first 16-byte block in memory[start, end) holding such a byte, else where fewer than 16 remain. */
const SCAN_BODY = [
  0x01, 0x01, 0x7b, // locals: v v128
  0x02, 0x40, 0x03, 0x40, // block loop
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x20, 0x01, 0x4b, 0x0d, 0x01, // if start + 16 > end: break
  0x20, 0x00, 0xfd, 0x00, 0x00, 0x00, 0x21, 0x02, // v = load(start)
  0x20, 0x02, 0x41, 0x20, 0xfd, 0x0f, 0xfd, 0x26, // v < 0x20
  0x20, 0x02, 0x41, 0x09, 0xfd, 0x0f, 0xfd, 0x23, 0x20, 0x02, 0x41, 0x0a, 0xfd, 0x0f, 0xfd, 0x23, 0xfd, 0x50, // v == 9 | v == 10
  0xfd, 0x4f, // and not
  0x20, 0x02, 0x41, 0xff, 0x00, 0xfd, 0x0f, 0xfd, 0x23, 0xfd, 0x50, // | v == 0x7f
  0x20, 0x02, 0x41, 0xc2, 0x01, 0xfd, 0x0f, 0xfd, 0x23, 0xfd, 0x50, // | v == 0xc2
  0x20, 0x02, 0x41, 0xe2, 0x01, 0xfd, 0x0f, 0xfd, 0x23, 0xfd, 0x50, // | v == 0xe2
  0xfd, 0x53, 0x0d, 0x01, // if any lane: break
  0x20, 0x00, 0x41, 0x10, 0x6a, 0x21, 0x00, 0x0c, 0x00, 0x0b, 0x0b, // start += 16; continue
  0x20, 0x00, 0x0b, // return start
];

/** A new instance of the scanner, with its own memory (33 pages: the read buffer and a spare one). */
const instantiate = wasmFunction("scan", SCAN_BODY, 0x21);

/** Whether cleaning may change a line holding this byte (loosely, see above). */
export const isControlByte = (byte: number): boolean => (byte < 0x20 && byte !== 9 && byte !== 10) || byte === 0x7f || byte === 0xc2 || byte === 0xe2;

/** A read buffer of SCANNER_BYTES and where the next control byte in it is. */
export interface ControlScanner {
  buffer: Buffer;
  /** The index of the first control byte in buffer[from, to), or `to`. */
  next(from: number, to: number): number;
}

/** A scanner with its own buffer (one per search: a search never runs inside another, but keep them apart anyway). */
export function controlScanner(): ControlScanner {
  const module = instantiate();
  if (!module) {
    const buffer = Buffer.alloc(SCANNER_BYTES);
    return { buffer, next: (from, to) => scanBytes(buffer, from, to) };
  }
  const buffer = Buffer.from(module.memory, 0, SCANNER_BYTES);
  return {
    buffer,
    next(from, to) {
      for (let start = from; start < to; start += 16) {
        start = module.call(start, to);
        const found = scanBytes(buffer, start, Math.min(to, start + 16));
        if (found < Math.min(to, start + 16)) return found;
      }
      return to;
    },
  };
}

function scanBytes(bytes: Uint8Array, from: number, to: number): number {
  for (let index = from; index < to; index += 1) if (isControlByte(bytes[index]!)) return index;
  return to;
}
