// Counts "\n" bytes with WebAssembly SIMD (64 bytes a step, counted in byte lanes): several times faster than an
// indexOf loop, whose call per line dominates on short lines. Falls back to the loop where WebAssembly is unavailable.
import { wasmFunction } from "./wasm-module.js";

/** Bytes counted per call into the module's memory (its first 17 pages hold it, and the shift below). */
const WINDOW_BYTES = 1024 * 1024;
/** Where the room a reader may read into starts (past the window, 17 pages) and its most bytes (the last 17 pages). */
const ROOM_START = 17 * 64 * 1024;
const ROOM_BYTES = 17 * 64 * 1024;
/**
 * Bytes copied into the module's memory per call: its first 16 pages only, so that a count of bytes held elsewhere
 * touches little of that memory (a page first touched costs ~13 µs on the bench's host). The tail ring's MiB,
 * counted at the end of an output (`bound` of a file reads into the room, so nothing else touched the window): at
 * 1 MiB a copy, ~3.5 ms of page faults; at 256 KiB, 64 faults (~0.8 ms) after the input's last byte; now 16. The
 * calls are four times as many (~1 µs each; a copy of 64 KiB stays in the core's L2 cache for its count).
 */
const COPY_BYTES = 64 * 1024;
/**
 * A window is copied to the source's address modulo 8: V8 copies out of shared memory (the spill worker's ring)
 * word by word only when source and target are equally aligned, byte by byte otherwise (4× the time).
 */
const ALIGNMENT = 8;

/** Wasm's i32.const of `value` (signed LEB128: the ones used here are < 8192). */
const i32 = (value: number): number[] => (value < 0x40 ? [0x41, value] : [0x41, (value & 0x7f) | 0x80, value >> 7]);
const get = (local: number): number[] => [0x20, local];
const set = (local: number): number[] => [0x21, local];
/** vectors -= (16 bytes at start + offset == newline): a lane counts its newlines (up to 255) as a negative byte. */
const step = (offset: number): number[] => [...get(4), ...get(0), 0xfd, 0x00, 0x00, offset, ...get(3), 0xfd, 0x23, 0xfd, 0x71, ...set(4)];
/** if start + bytes > local: break (out of the enclosing block). */
const breakPast = (bytes: number, local: number): number[] => [...get(0), ...i32(bytes), 0x6a, ...get(local), 0x4b, 0x0d, 0x01];
const advance = (bytes: number): number[] => [...get(0), ...i32(bytes), 0x6a, ...set(0)];
/** The byte lanes of `vectors` (a run's counts), added to `count`. */
const LANE_SUM = [
  ...get(4), 0xfd, 0x7d, 0xfd, 0x7f, ...set(4), // u8 lanes added pairwise to u16, then to u32
  ...get(2), ...[0, 1, 2, 3].flatMap((lane) => [...get(4), 0xfd, 0x1b, lane, 0x6a]), ...set(2),
];

/**
 * count(start, end): "\n" bytes in memory[start, end). In runs of at most 255 × 16 bytes, each 16-byte lane compare
 * is subtracted from a vector of byte counters (four 16-byte steps a turn, then one at a time), whose lanes are
 * summed once a run; then the last bytes one at a time. Hand-assembled; locals: params start, end; count i32,
 * newline v128, vectors v128, runEnd i32.
 */
const COUNT_BODY = [
  0x03, 0x01, 0x7f, 0x02, 0x7b, 0x01, 0x7f, // locals: count i32, newline and vectors v128, runEnd i32
  ...i32(10), 0xfd, 0x0f, ...set(3), // newline = i8x16.splat(10)
  0x02, 0x40, 0x03, 0x40, // block loop: one run
  ...breakPast(16, 1),
  ...get(0), ...i32(4080), 0x6a, ...get(1), ...get(0), ...i32(4080), 0x6a, ...get(1), 0x49, 0x1b, ...set(5), // runEnd = min(start + 4080, end)
  0xfd, 0x0c, ...new Array<number>(16).fill(0), ...set(4), // vectors = 0
  0x02, 0x40, 0x03, 0x40, ...breakPast(64, 5), ...step(0), ...step(16), ...step(32), ...step(48), ...advance(64), 0x0c, 0x00, 0x0b, 0x0b,
  0x02, 0x40, 0x03, 0x40, ...breakPast(16, 5), ...step(0), ...advance(16), 0x0c, 0x00, 0x0b, 0x0b,
  ...LANE_SUM,
  0x0c, 0x00, 0x0b, 0x0b,
  0x02, 0x40, 0x03, 0x40, // block loop: the last bytes
  ...get(0), ...get(1), 0x4f, 0x0d, 0x01, // if start >= end: break
  ...get(2), ...get(0), 0x2d, 0x00, 0x00, ...i32(10), 0x46, 0x6a, ...set(2), // count += memory[start] == 10
  ...advance(1), 0x0c, 0x00, 0x0b, 0x0b,
  ...get(2), 0x0b, // return count
];

/** A new instance of the counter (one is made, on first use). */
const instantiate = wasmFunction("count", COUNT_BODY, 0x22); // memory: 34 pages (the window, then a reader's room)

interface Counter {
  count(start: number, end: number): number;
  memory: Uint8Array;
}

let counter: Counter | undefined | null;

function loadCounter(): Counter | null {
  if (counter !== undefined) return counter;
  const module = instantiate();
  counter = module ? { count: module.call, memory: new Uint8Array(module.memory, 0, WINDOW_BYTES + ALIGNMENT) } : null; // else the indexOf loop below
  return counter;
}

function countByIndexOf(bytes: Uint8Array, start: number, end: number): number {
  let count = 0;
  for (let index = bytes.indexOf(10, start); index !== -1 && index < end; index = bytes.indexOf(10, index + 1)) count += 1;
  return count;
}

/**
 * A view of the counter's own memory (WINDOW_BYTES, its first byte 8-aligned) that a caller may fill, by a read:
 * countNewlineBytes counts bytes there where they are, with no copy. Undefined without WebAssembly.
 */
export function newlineCountWindow(): Uint8Array | undefined {
  return loadCounter()?.memory.subarray(0, WINDOW_BYTES) ?? undefined;
}

let roomTaken = false;

/**
 * Room of `bytes` (at most 17 pages) in the counter's memory past the window, for one reader of a large input to read
 * into: its chunks are then counted where they lie (the spill's line index), not copied into the window first.
 * Handed out once in a process (a later caller, or more bytes, get undefined: a buffer of its own); its pages are
 * touched only as they are read into. Undefined without WebAssembly.
 */
export function newlineCountRoom(bytes: number): Buffer | undefined {
  if (roomTaken || bytes > ROOM_BYTES) return undefined;
  const simd = loadCounter();
  if (!simd) return undefined;
  roomTaken = true;
  return Buffer.from(simd.memory.buffer, ROOM_START, bytes);
}

/** Bytes copied into the counter's memory to be counted, for the tests that count work. */
export const newlineCountWork = { copied: 0 };

/** The number of "\n" bytes in bytes[start, end). */
export function countNewlineBytes(bytes: Uint8Array, start = 0, end = bytes.length): number {
  const simd = loadCounter();
  if (!simd || end - start < 256) return countByIndexOf(bytes, start, end);
  if (bytes.buffer === simd.memory.buffer) return simd.count(bytes.byteOffset + start, bytes.byteOffset + end); // in the window already
  newlineCountWork.copied += end - start;
  let count = 0;
  for (let from = start; from < end; from += COPY_BYTES) {
    const to = Math.min(end, from + COPY_BYTES);
    const shift = (bytes.byteOffset + from) % ALIGNMENT;
    simd.memory.set(bytes.subarray(from, to), shift);
    count += simd.count(shift, shift + to - from);
  }
  return count;
}
