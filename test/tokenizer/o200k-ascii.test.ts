// The hand-written ASCII split ends every piece where o200k's regex ends it, decides every piece of ASCII text,
// and leaves to the regex any piece whose end depends on a non-ASCII character.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { O200K_SPLIT_PATTERN } from "../../src/tokenizer/o200k.js";
import { o200kAsciiPieceEnd } from "../../src/tokenizer/o200k-ascii.js";

const regex = new RegExp(O200K_SPLIT_PATTERN, "uy");

/** The regex's pieces as [start, end) pairs. */
function regexPieces(text: string): [number, number][] {
  const pieces: [number, number][] = [];
  for (let at = 0; at < text.length; ) {
    regex.lastIndex = at;
    const end = at + regex.exec(text)![0].length;
    pieces.push([at, end]);
    at = end;
  }
  return pieces;
}

const ASCII_UNITS = [
  "a", "z", "A", "Z", "q", "Q", "0", "7", "9", " ", "  ", "\t", "\n", "\r", "\r\n", "\v", "\f", "'", "'s", "'S", "'ll", "'LL", "'Ve", "'re", "'d", "'m", "'t", "'x",
  "/", "//", "-", ".", ",", "(", ")", "{", "}", "\"", "\\", "=", "_", "#", "@", "`", "~", "|", "\x00", "\x1b", "\x1f", "\x7f", "[", "]", "!", "?", ":", ";", "<|endoftext|>",
];
const NEIGHBOURS = ["é", "É", "ß", "\u0301", "\u00a0", "\u3000", "\u2028", "\uFEFF", "٣", "²", "漢", "😀", "\uD800", "—", "€", "ǅ", "ʰ"];

describe("o200k's ASCII split", () => {
  test("ends each piece where the regex does, and decides every piece of ASCII text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...ASCII_UNITS), maxLength: 60 }), (text) => {
        for (const [start, end] of regexPieces(text)) expect(o200kAsciiPieceEnd(text, start), JSON.stringify([text, start])).toBe(end);
      }),
      { numRuns: Number(process.env.O200K_RUNS ?? 3000) },
    );
  });

  test("beside non-ASCII characters, ends a piece where the regex does or leaves it to the regex (property)", () => {
    const unit = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ASCII_UNITS) }, { weight: 1, arbitrary: fc.constantFrom(...NEIGHBOURS) });
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (text) => {
        for (const [start, end] of regexPieces(text)) {
          const decided = o200kAsciiPieceEnd(text, start);
          if (decided !== -1) expect(decided, JSON.stringify([text, start])).toBe(end);
        }
      }),
      { numRuns: Number(process.env.O200K_RUNS ?? 3000) },
    );
  });

  test("leaves to the regex what it cannot see: a word, digit run, symbol run or space run going on past ASCII", () => {
    for (const text of ["caf\u00e9", "Ab\u0301", "12\u0663", "--\u2014", "  \u3000x", " \u00e9", "x\u00a0", "\u00e9"]) {
      expect(o200kAsciiPieceEnd(text, 0), JSON.stringify(text)).toBe(-1);
    }
    expect(o200kAsciiPieceEnd("abc\u00e9", 0)).toBe(-1);
    expect(o200kAsciiPieceEnd("abc \u00e9", 0)).toBe(3);
    expect(o200kAsciiPieceEnd("123\u0663", 0)).toBe(3);
  });
});
