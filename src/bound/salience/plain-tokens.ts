// The miner's tokens of an ordinary log line in one pass over its characters: template.ts's tokenize takes every line
// this pass leaves (its blanks not single spaces, a long token, a hex id) with its masks' regular expressions.

const SPACE = 0x20;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** Characters from here on may be blanks (U+1680 OGHAM SPACE MARK, U+2000…, U+3000, U+FEFF): the one pass leaves them. */
const MAYBE_BLANK = 0x1680;

/**
 * The masked tokens of a line whose only blanks are single spaces between tokens and whose tokens are neither
 * longer than 64 characters nor hex ids (most log lines), digit runs as N, in one pass over its characters;
 * undefined for any other line (or one with a control character, U+00A0 or a character from U+1680 on), which
 * tokenize masks with its regular expressions. Those (the masks' tests, the global replace of the digits) and the
 * split cost ~20,000 instructions a line (issue 16: tokenize ran ~4,900 times at 100 MiB of log lines).
 */
export function plainTokens(text: string): string[] | undefined {
  const tokens: string[] = [];
  const length = text.length;
  let start = 0;
  /** The token's masked text up to `from` (only once it has a digit). */
  let masked = "";
  let from = 0;
  let digits = false;
  let inDigits = false;
  let hex = true;
  for (let at = 0; at <= length; at += 1) {
    const code = at === length ? SPACE : text.charCodeAt(at);
    if (code === SPACE) {
      const size = at - start;
      // A blank at either end or beside another, a long token or a hex id: the general path.
      if (size === 0 || size > 64 || (digits && hex && size >= 7)) return undefined;
      tokens.push(digits ? (from === at ? masked : masked + text.slice(from, at)) : text.slice(start, at));
      start = at + 1;
      from = start;
      masked = "";
      digits = false;
      inDigits = false;
      hex = true;
    } else if (code >= DIGIT_0 && code <= DIGIT_9) {
      if (!inDigits) masked += from === at ? "N" : `${text.slice(from, at)}N`;
      digits = true;
      inDigits = true;
      from = at + 1;
    } else {
      if (code < SPACE || code === 0xa0 || code >= MAYBE_BLANK) return undefined;
      inDigits = false;
      if (hex) hex = (code >= 0x61 && code <= 0x66) || (code >= 0x41 && code <= 0x46);
    }
  }
  return tokens;
}
