// The token estimate without a tokenizer: an upper bound of what o200k and cl100k (GPT-4o, GPT-4) count on real
// tool output. It walks the text the way their pre-tokenizers split it (letter runs, digit groups of three,
// punctuation, whitespace) and charges each piece what BPE may make of it at most; bench/README.md has the
// ratios measured on the recorded outputs of test/fixtures.

// Letter runs, digit runs, whitespace with a line end, other whitespace, ASCII punctuation and control runs, one other character.
const PIECE = /[A-Za-z]+|[0-9]+|[ \t]*\n\s*|[ \t\f\v\r]+|[\x00-\x08\x0e-\x1f\x7f!-/:-@[-`{-~]+|[^\x00-\x7f]/g;
// Made on first use (a non-ASCII piece): a Unicode property class costs start-up (ICU builds its set).
let letterOrMark: RegExp | undefined;
/** Real tokens per estimated piece never came above this on the recorded outputs (base64 came closest). */
const SAFETY = 1.1;

/**
 * The additive part of the estimate (before the safety factor): the sum over the pieces of a text. The sum over
 * the parts of a text may fall short of the whole by one per join (a space that a digit then follows).
 */
export function countTokenPieces(text: string): number {
  let count = 0;
  PIECE.lastIndex = 0;
  for (let match = PIECE.exec(text); match !== null; match = PIECE.exec(text)) {
    const piece = match[0];
    const code = piece.charCodeAt(0);
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) count += letterRunTokens(piece);
    else if (code >= 48 && code <= 57) count += Math.ceil(piece.length / 3);
    else if (code === 32 || (code >= 9 && code <= 13)) count += whitespaceTokens(piece, text.charCodeAt(PIECE.lastIndex));
    else if (code < 128) count += piece.length;
    else count += Buffer.byteLength(piece) - ((letterOrMark ??= /\p{L}|\p{M}/u).test(piece) ? 1 : 0);
  }
  return count;
}

/** The estimate of a text: its pieces, times the safety factor. */
export function estimateTokenCount(text: string): number {
  return Math.ceil(countTokenPieces(text) * SAFETY);
}

/** The estimate from an additive piece count (countTokenPieces summed over parts, plus one per join). */
export function tokensFromPieces(pieces: number): number {
  return Math.ceil(pieces * SAFETY);
}

/** A word reads as one when vowels are at least this share of its letters (in tenths)... */
const WORD_VOWELS = 2.5;
/** ...with no more consonants than this in a row. */
const WORD_CLUSTER = 3;

/**
 * A run of letters: short runs and runs with several case changes (camelCase, base64) a token per four letters
 * plus one per case change; a word (vowels spread through it) one token per twelve letters; letters that do not
 * read as a word (random ids, hashes, consonant strings) one per 1.6 letters.
 */
export function letterRunTokens(run: string): number {
  let shifts = 0;
  for (let index = 1; index < run.length; index += 1) {
    const before = run.charCodeAt(index - 1);
    const here = run.charCodeAt(index);
    if (before >= 97 && here <= 90) shifts += 1;
    else if (index >= 2 && before <= 90 && here >= 97 && run.charCodeAt(index - 2) <= 90) shifts += 1;
  }
  if (shifts > 1 || run.length < 5) return Math.ceil(run.length / 4) + shifts;
  let vowels = 0;
  let cluster = 0;
  let longest = 0;
  for (let index = 0; index < run.length; index += 1) {
    const code = run.charCodeAt(index) | 0x20;
    if (code === 97 || code === 101 || code === 105 || code === 111 || code === 117 || code === 121) {
      vowels += 1;
      cluster = 0;
    } else longest = Math.max(longest, (cluster += 1));
  }
  if (vowels * 10 >= run.length * WORD_VOWELS && longest <= WORD_CLUSTER) return 1 + Math.floor((run.length - 1) / 12) + shifts;
  return Math.ceil((run.length * 5) / 8) + shifts;
}

// A single space joins the word or punctuation after it (not a digit); runs of line ends and of spaces are a token each.
function whitespaceTokens(run: string, next: number): number {
  const isDigit = next >= 48 && next <= 57;
  const lineEnd = run.lastIndexOf("\n");
  if (lineEnd === -1) return run.length === 1 && !isDigit ? 0 : 1;
  const after = run.length - lineEnd - 1;
  return 1 + (run.indexOf("\n") > 0 ? 1 : 0) + (after > 1 || (after === 1 && isDigit) ? 1 : 0);
}
