// Counts BPE tokens the way tiktoken and gpt-tokenizer do: split the text with the encoding's pre-tokenizer regex,
// then each piece is one token when its string is one, else its UTF-8 bytes are merged pair by pair, lowest rank
// first (leftmost on ties), and the parts left are the tokens. Special-token text counts as ordinary text.
import { mergeCount, type MergeScratch } from "./bpe-merge.js";
import type { RankTable } from "./rank-table.js";

/** With the u flag a surrogate class matches only a lone (unpaired) surrogate. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/** Pieces whose count is remembered (up to 256 code units each); dropped whole when full (logs repeat pieces). */
const CACHE_LIMIT = 1 << 16;
const CACHED_PIECE = 256;

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
      if (piece.length > CACHED_PIECE) {
        count += countPiece(piece);
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
