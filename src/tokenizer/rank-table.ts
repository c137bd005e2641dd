// A BPE vocabulary (token bytes → rank) laid out in one buffer at build time, so that opening it is a few typed-array
// views and one checksum pass: no per-entry work, no Map of 200,000 strings. Layout (little-endian u32 words):
//   header: magic "CRXRANK1", token count, slot bits, rank bits, byte length, checksum of what follows
//   slots:  2^slotBits words, open addressing with linear probing; 0 = empty, else (tag << rankBits) | (rank + 1)
//   starts: token count + 1 words, where each rank's bytes start in the byte section (ranks index it directly)
//   bytes:  every token's bytes, in rank order
import { isUtf8 } from "node:buffer";

const MAGIC = "CRXRANK1";
const HEADER_WORDS = 8;
const HEADER_BYTES = HEADER_WORDS * 4;

/** A vocabulary opened over its buffer: rank lookup of a byte range. */
export interface RankTable {
  /** Number of ranks (tokens) in the table. */
  readonly size: number;
  /** The rank of bytes[start, end), or -1 when those bytes are not a token. */
  rankOf(bytes: Uint8Array, start: number, end: number): number;
}

/** A rank table buffer that cannot be used (wrong magic, sizes, checksum, or missing single bytes). */
export class RankTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RankTableError";
  }
}

/** FNV-1a over bytes[start, end), finished with a multiply-xorshift so that the low bits spread. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  return (hash ^ (hash >>> 13)) >>> 0;
}

/** A checksum of u32 words (one pass, cheap enough to run on every open). */
function checksumWords(words: Uint32Array): number {
  let sum = 0x9e3779b9;
  for (let i = 0; i < words.length; i++) sum = Math.imul((sum << 5) | (sum >>> 27), 0x2c1b3c6d) ^ words[i]!;
  return sum >>> 0;
}

/** Bits needed to hold n distinct values 1..n (0 stays "empty"). */
const bitsFor = (n: number): number => Math.max(1, Math.ceil(Math.log2(n + 1)));

/**
 * Each rank's bytes from gpt-tokenizer's rank list (a string is its UTF-8 bytes, an array raw bytes). gpt-tokenizer
 * looks valid UTF-8 up only among the strings, so an array that is valid UTF-8 (o200k's 9 tokens that start with a
 * byte-order mark) is never reached: it stays out of the table (no bytes), and counts stay gpt-tokenizer's.
 */
export function tokenBytesOf(ranks: ArrayLike<string | readonly number[]>): Uint8Array[] {
  const encoder = new TextEncoder();
  return Array.from(ranks, (value, rank) => {
    if (value === undefined) throw new RankTableError(`rank ${rank} is missing`);
    if (typeof value === "string") return encoder.encode(value);
    const bytes = Uint8Array.from(value);
    return isUtf8(bytes) ? new Uint8Array(0) : bytes;
  });
}

/** Builds the table buffer from each rank's bytes (index = rank; no bytes = no entry), at build time. Slots ~40 % full. */
export function writeRankTable(tokens: readonly Uint8Array[]): Buffer {
  const size = tokens.length;
  const rankBits = bitsFor(size);
  if (rankBits > 24) throw new RankTableError(`too many tokens for the table: ${size}`);
  const slotBits = bitsFor(Math.ceil(size * 2.5));
  const byteLength = tokens.reduce((sum, token) => sum + token.length, 0);
  const bodyBytes = (2 ** slotBits + size + 1) * 4 + Math.ceil(byteLength / 4) * 4;
  const buffer = Buffer.alloc(HEADER_BYTES + bodyBytes);
  const words = new Uint32Array(buffer.buffer, buffer.byteOffset, buffer.length / 4);
  const slots = words.subarray(HEADER_WORDS, HEADER_WORDS + 2 ** slotBits);
  const starts = words.subarray(HEADER_WORDS + slots.length, HEADER_WORDS + slots.length + size + 1);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + (HEADER_WORDS + slots.length + starts.length) * 4, byteLength);
  const mask = slots.length - 1;
  let offset = 0;
  tokens.forEach((token, rank) => {
    starts[rank] = offset;
    bytes.set(token, offset);
    offset += token.length;
    if (token.length === 0) return;
    const hash = hashBytes(token, 0, token.length);
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = (((hash >>> rankBits) << rankBits) | (rank + 1)) >>> 0;
  });
  starts[size] = offset;
  buffer.write(MAGIC, 0, "latin1");
  words.set([size, slotBits, rankBits, byteLength], 2);
  words[HEADER_WORDS - 1] = checksumWords(words.subarray(HEADER_WORDS));
  return buffer;
}

/** Opens a table written by writeRankTable; throws RankTableError when the buffer is not a whole, intact table. */
export function openRankTable(data: Uint8Array): RankTable {
  if (data.length < HEADER_BYTES || data.length % 4 !== 0) throw new RankTableError(`truncated (${data.length} bytes)`);
  const buffer = data.byteOffset % 4 === 0 ? data : Uint8Array.from(data);
  if (Buffer.from(buffer.buffer, buffer.byteOffset, MAGIC.length).toString("latin1") !== MAGIC) throw new RankTableError("not a rank table (bad magic)");
  const words = new Uint32Array(buffer.buffer, buffer.byteOffset, buffer.length / 4);
  const [size, slotBits, rankBits, byteLength] = [words[2]!, words[3]!, words[4]!, words[5]!];
  const slotCount = 2 ** slotBits;
  const expected = HEADER_BYTES + (slotCount + size + 1) * 4 + Math.ceil(byteLength / 4) * 4;
  if (slotBits > 28 || rankBits !== bitsFor(size) || buffer.length !== expected) throw new RankTableError(`sizes do not match (${buffer.length} bytes, expected ${expected})`);
  if (checksumWords(words.subarray(HEADER_WORDS)) !== words[HEADER_WORDS - 1]) throw new RankTableError("checksum mismatch");
  const slots = words.subarray(HEADER_WORDS, HEADER_WORDS + slotCount);
  const starts = words.subarray(HEADER_WORDS + slotCount, HEADER_WORDS + slotCount + size + 1);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + (HEADER_WORDS + slotCount + size + 1) * 4, byteLength);
  const table = lookupOver(slots, starts, bytes, rankBits);
  const single = new Uint8Array(1);
  for (let byte = 0; byte < 256; byte++) {
    single[0] = byte;
    if (table.rankOf(single, 0, 1) < 0) throw new RankTableError(`byte ${byte} has no rank`);
  }
  return table;
}

/** The probe loop over the table's views. */
function lookupOver(slots: Uint32Array, starts: Uint32Array, bytes: Uint8Array, rankBits: number): RankTable {
  const mask = slots.length - 1;
  const rankMask = 2 ** rankBits - 1;
  return {
    size: starts.length - 1,
    rankOf(key, start, end) {
      const hash = hashBytes(key, start, end);
      const tag = hash >>> rankBits;
      const length = end - start;
      for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
        const entry = slots[slot]!;
        if (entry === 0) return -1;
        if (entry >>> rankBits !== tag) continue;
        const rank = (entry & rankMask) - 1;
        const from = starts[rank]!;
        if (starts[rank + 1]! - from !== length) continue;
        let i = 0;
        while (i < length && bytes[from + i] === key[start + i]) i++;
        if (i === length) return rank;
      }
    },
  };
}
