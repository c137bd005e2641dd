// A hand-assembled WebAssembly module of one function `(i32, i32) -> i32` and its own memory, instantiated through
// the little of the WebAssembly API used here (the project's TypeScript lib has no DOM types). Used by the SIMD
// byte scans (newline-count.ts, spill/control-bytes.ts); undefined where WebAssembly (SIMD) is unavailable.

/** The one function, over the module's memory, and that memory. */
export interface WasmFunction {
  call: (start: number, end: number) => number;
  memory: ArrayBuffer;
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> & { memory: { buffer: ArrayBuffer } } };
}

/** An unsigned LEB128 number (a size in the binary format). */
const leb = (value: number): number[] => (value < 0x80 ? [value] : [(value & 0x7f) | 0x80, ...leb(value >>> 7)]);
const section = (id: number, bytes: number[]): number[] => [id, ...leb(bytes.length), ...bytes];
const name = (text: string): number[] => [text.length, ...[...text].map((char) => char.charCodeAt(0))];

/** The module's bytes: function `exportName` with `body` (locals and code), and `pages` of memory exported as "memory". */
function moduleBytes(exportName: string, body: readonly number[], pages: number): Uint8Array {
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f]), // type: (i32, i32) -> i32
    ...section(3, [0x01, 0x00]),
    ...section(5, [0x01, 0x00, pages]), // memory: `pages` pages (< 128)
    ...section(7, [0x02, ...name(exportName), 0x00, 0x00, ...name("memory"), 0x02, 0x00]),
    ...section(10, [0x01, ...leb(body.length), ...body]),
  ]);
}

/** Compiles the module once; each call of the result makes a new instance (its own memory), or undefined. */
export function wasmFunction(exportName: string, body: readonly number[], pages: number): () => WasmFunction | undefined {
  let compiled: object | null | undefined;
  return () => {
    const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
    if (compiled === undefined) {
      try {
        compiled = new wasm!.Module(moduleBytes(exportName, body, pages));
      } catch {
        compiled = null; // no WebAssembly SIMD here
      }
    }
    if (compiled === null) return undefined;
    try {
      const exports = new wasm!.Instance(compiled).exports;
      return { call: exports[exportName] as WasmFunction["call"], memory: exports.memory.buffer };
    } catch {
      return undefined; // no memory for another instance: the caller's plain loop does the work
    }
  };
}
