// Byte-level scans of the stream's hot path: counting newlines and finding back-to-back repeats of a line.

import { countNewlineBytes } from "./newline-count.js";

const NEWLINE = 0x0a;
/** After this many hits, indexOf (memchr) gives way to a word-at-a-time count if lines are this short or shorter. */
const SAMPLE_HITS = 256;
const DENSE_LINE_BYTES = 48;

/**
 * Counts newline bytes from an offset. Long lines: indexOf (memchr). Short lines (`yes`, empty lines), where a
 * call per newline would cost ~15 ns each: a branch-free count four bytes at a time (~0.3 ns a byte).
 */
export function countNewlines(bytes: Uint8Array, from = 0): number {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  let index = buffer.indexOf(NEWLINE, from);
  while (index !== -1) {
    count += 1;
    if (count === SAMPLE_HITS && index - from < SAMPLE_HITS * DENSE_LINE_BYTES) return count + countDense(buffer, index + 1);
    index = buffer.indexOf(NEWLINE, index + 1);
  }
  return count;
}

/** Bytes from which a count made once is worth the SIMD counter's first use (its compile and memory: ~1.9 M instructions). */
const ONCE_SIMD_BYTES = 64 * 1024;

/**
 * Counts newline bytes in bytes[from, to) once, where the code runs cold (the end of an output, without TurboFan:
 * each of Buffer's indexOf calls costs ~1,800 instructions there): a long span by WebAssembly SIMD, a short one as
 * countNewlines does.
 */
export function countNewlinesOnce(bytes: Buffer, from = 0, to = bytes.length): number {
  return to - from >= ONCE_SIMD_BYTES ? countNewlineBytes(bytes, from, to) : countNewlines(bytes.subarray(from, to));
}

// Four bytes at a time: a zero byte of (word ^ 0x0a0a0a0a) is a newline; the exact zero-byte test sets its high bit.
function countDense(bytes: Uint8Array, from: number): number {
  let count = 0;
  let index = from;
  while (index < bytes.length && (bytes.byteOffset + index) % 4 !== 0) count += bytes[index++] === NEWLINE ? 1 : 0;
  const words = Math.floor((bytes.length - index) / 4);
  if (words === 0) {
    for (; index < bytes.length; index += 1) count += bytes[index] === NEWLINE ? 1 : 0;
    return count;
  }
  const view = new Uint32Array(bytes.buffer, bytes.byteOffset + index, words);
  for (let word = 0; word < words; word += 1) {
    const x = view[word]! ^ 0x0a0a0a0a;
    const zeros = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f) >>> 7;
    count += Math.imul(zeros & 0x01010101, 0x01010101) >>> 24;
  }
  for (index += words * 4; index < bytes.length; index += 1) count += bytes[index] === NEWLINE ? 1 : 0;
  return count;
}

/**
 * How many back-to-back copies of a line (`line`, then "\n") start at `offset` in `bytes`: one memcmp for the
 * first copy, then a few more for the rest, since a run of copies is a stretch equal to itself shifted by one
 * line (compared in doubling spans). Only whole copies count.
 */
export function countRepeats(bytes: Buffer, offset: number, line: Buffer): number {
  const period = line.length + 1;
  if (offset + period > bytes.length || bytes[offset + line.length] !== NEWLINE) return 0;
  if (bytes.compare(line, 0, line.length, offset, offset + line.length) !== 0) return 0;
  let covered = period;
  let span = period;
  for (;;) {
    const room = Math.floor((bytes.length - offset - covered) / period) * period;
    if (room === 0) break;
    const length = Math.min(span, room);
    const from = offset + covered;
    if (bytes.compare(bytes, from - period, from - period + length, from, from + length) === 0) {
      covered += length;
      span *= 2;
    } else if (length === period) {
      break;
    } else {
      span = period;
    }
  }
  return covered / period;
}
