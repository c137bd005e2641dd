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

/** The end of the piece that starts at a piece boundary, decided without the regex; -1 leaves it to the regex. */
export type PieceEnd = (text: string, at: number) => number;

/**
 * A counter text → tokens over a rank table and the encoding's split pattern (a regex source, flags "u"); a
 * `pieceEnd` that agrees with the pattern decides what it can (the regex matches at every position, so a
 * boundary is all either needs to go on).
 */
export function createBpeCounter(table: RankTable, splitPattern: string, pieceEnd: PieceEnd = () => -1): (text: string) => number {
  const split = new RegExp(splitPattern, "uy");
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

  /** Tokens of text[at, end), from the cache when the piece is short. */
  const countAt = (text: string, at: number, end: number): number => {
    if (end - at === 1 && text.charCodeAt(at) < 0x80) return 1;
    const piece = text.slice(at, end);
    if (piece.length > CACHED_PIECE) return countPiece(piece);
    let tokens = cache.get(piece);
    if (tokens === undefined) {
      tokens = countPiece(piece);
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(piece, tokens);
    }
    return tokens;
  };

  return (text: string): number => {
    let count = 0;
    for (let at = 0; at < text.length; ) {
      let end = pieceEnd(text, at);
      if (end < 0) {
        split.lastIndex = at;
        const match = split.exec(text);
        if (match === null) throw new Error(`the split pattern matches nothing at ${at}`);
        end = at + match[0].length;
      }
      count += countAt(text, at, end);
      at = end;
    }
    return count;
  };
}
