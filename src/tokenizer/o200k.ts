// OpenAI's o200k_base encoding: its pre-tokenizer pattern (gpt-tokenizer's, checked equal in the tests) and the
// counter over its rank table (written at build time by scripts/build.mjs from gpt-tokenizer's ranks).
import { createBpeCounter } from "./bpe-count.js";
import { o200kAsciiPieceEnd } from "./o200k-ascii.js";
import { openRankTable } from "./rank-table.js";

const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;

/** o200k's split pattern (flags "u"): words with their case runs and contraction, 1-3 digits, punctuation, spaces. */
export const O200K_SPLIT_PATTERN = [
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}`,
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}`,
  String.raw`\p{N}{1,3}`,
  String.raw` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
  String.raw`\s*[\r\n]+`,
  String.raw`\s+(?!\S)`,
  String.raw`\s+`,
].join("|");

/** The file name of the o200k rank table beside the bundle (dist/). */
export const O200K_TABLE_FILE = "o200k.bin";

/** The exact o200k counter over a rank table buffer; throws RankTableError when the buffer is not intact. */
export function o200kCounter(table: Uint8Array): (text: string) => number {
  return createBpeCounter(openRankTable(table), O200K_SPLIT_PATTERN, o200kAsciiPieceEnd);
}
