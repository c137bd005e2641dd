// Counts BPE tokens the way tiktoken and gpt-tokenizer do: split the text with the encoding's pre-tokenizer regex,
// then each piece is one token when its string is one, else its UTF-8 bytes are merged pair by pair, lowest rank
// first (leftmost on ties), and the parts left are the tokens. Special-token text counts as ordinary text.
import { isUtf8 } from "node:buffer";
import type { RankTable } from "./rank-table.js";

const NONE = 0x7fffffff;
/** With the u flag a surrogate class matches only a lone (unpaired) surrogate. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** Pieces whose count is remembered; the cache is dropped whole when full (logs repeat the same pieces). */
const CACHE_LIMIT = 1 << 16;

/** Work buffers of the merge loop, grown to the longest piece seen. */
interface MergeScratch {
  bytes: Uint8Array;
  next: Int32Array;
  prev: Int32Array;
  ranks: Int32Array;
}

const scratchFor = (size: number): MergeScratch => ({
  bytes: new Uint8Array(size * 3), next: new Int32Array(size * 3 + 1), prev: new Int32Array(size * 3 + 1), ranks: new Int32Array(size * 3 + 1),
});

/** A counter text → tokens over a rank table and the encoding's split pattern (a regex source, flags "gu"). */
export function createBpeCounter(table: RankTable, splitPattern: string): (text: string) => number {
  const split = new RegExp(splitPattern, "gu");
  const encoder = new TextEncoder();
  const cache = new Map<string, number>();
  let scratch = scratchFor(256);

  /** Tokens of one piece (never cached here). */
  const countPiece = (piece: string): number => {
    if (piece.length * 3 > scratch.bytes.length) scratch = scratchFor(piece.length);
    const length = encoder.encodeInto(piece, scratch.bytes).written;
    // gpt-tokenizer looks a piece up by its string: one with a lone surrogate is never a whole token, it is merged.
    if (length === 1 || (table.rankOf(scratch.bytes, 0, length) >= 0 && !LONE_SURROGATE.test(piece))) return 1;
    return mergeCount(table, scratch, length);
  };

  return (text: string): number => {
    let count = 0;
    split.lastIndex = 0;
    for (let match = split.exec(text); match !== null; match = split.exec(text)) {
      const piece = match[0];
      if (piece.length === 1 && piece.charCodeAt(0) < 0x80) {
        count++;
        continue;
      }
      let tokens = cache.get(piece);
      if (tokens === undefined) {
        tokens = countPiece(piece);
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(piece, tokens);
      }
      count += tokens;
    }
    return count;
  };
}

/**
 * The rank of bytes[start, end) as gpt-tokenizer finds it while merging: bytes that are valid UTF-8 are decoded
 * first, and its TextDecoder drops a leading byte-order mark (EF BB BF), so such bytes rank as what follows it.
 */
function bytePairRank(table: RankTable, bytes: Uint8Array, start: number, end: number): number {
  const bom = end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf;
  if (!bom || !isUtf8(bytes.subarray(start, end))) return table.rankOf(bytes, start, end);
  return end - start === 3 ? -1 : table.rankOf(bytes, start + 3, end);
}

/**
 * The byte-pair merge of bytes[0, length): parts form a linked list by start offset; ranks[i] is the rank of
 * part i joined with the part after it. Each round merges the leftmost lowest-ranked pair; returns the parts left.
 */
function mergeCount(table: RankTable, scratch: MergeScratch, length: number): number {
  const { bytes, next, prev, ranks } = scratch;
  const pairRank = (part: number): number => {
    const after = next[part]!;
    if (after >= length) return NONE;
    const rank = bytePairRank(table, bytes, part, next[after]!);
    return rank < 0 ? NONE : rank;
  };
  for (let i = 0; i <= length; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  for (let i = 0; i < length; i++) ranks[i] = pairRank(i);
  let parts = length;
  while (parts > 1) {
    let lowest = NONE;
    let at = -1;
    for (let part = 0; part < length; part = next[part]!) {
      if (ranks[part]! < lowest) {
        lowest = ranks[part]!;
        at = part;
      }
    }
    if (at < 0) break;
    const gone = next[at]!;
    next[at] = next[gone]!;
    prev[next[gone]!] = at;
    parts--;
    ranks[at] = pairRank(at);
    if (at > 0) ranks[prev[at]!] = pairRank(prev[at]!);
  }
  return parts;
}
