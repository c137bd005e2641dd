// The o200k counter over the build-time rank table counts exactly what gpt-tokenizer's countTokens counts: on every
// recorded fixture, on random Unicode (emoji, CJK, combining marks, digit and whitespace runs, lone surrogates),
// and on special-token text, which counts as ordinary text (gpt-tokenizer's default throws on it).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import ranks from "gpt-tokenizer/bpeRanks/o200k_base";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { beforeAll, describe, expect, test } from "vitest";
import { O200K_SPLIT_PATTERN, o200kCounter } from "../../src/tokenizer/o200k.js";
import { tokenBytesOf, writeRankTable } from "../../src/tokenizer/rank-table.js";

const FIXTURES = new URL("../fixtures/", import.meta.url).pathname;
const ordinary = { disallowedSpecial: new Set<string>() };
/** gpt-tokenizer's count with special-token text taken as ordinary text. */
const reference = (text: string): number => countTokens(text, ordinary);

let count: (text: string) => number;
beforeAll(() => {
  count = o200kCounter(writeRankTable(tokenBytesOf(ranks)));
});

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

describe("o200k counts equal gpt-tokenizer's", () => {
  test("the split pattern is gpt-tokenizer's", () => {
    expect(O200K_SPLIT_PATTERN).toBe(O200K_TOKEN_SPLIT_REGEX.source);
    expect(O200K_TOKEN_SPLIT_REGEX.flags).toBe("gu");
  });

  test("on every recorded fixture, whole and line by line (read as UTF-8 and as Latin-1)", () => {
    const files = filesUnder(FIXTURES);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const text of [bytes.toString("utf8"), bytes.toString("latin1")]) {
        expect(count(text), file).toBe(reference(text));
        const lines = text.split("\n");
        expect(lines.map(count), file).toEqual(lines.map(reference));
      }
    }
  });

  const pieces = fc.oneof(
    fc.string({ unit: "grapheme" }),
    fc.string({ unit: "binary" }),
    fc.string({ unit: fc.constantFrom("😀", "👍🏽", "👨‍👩‍👧", "🇫🇷", "漢", "字", "日本語", "한국어", "\u0301", "e\u0301", "\u0651", "ـ", "\uD800", "\uDFFF", "\uDBFF\uDFFF", "\uFFFD", "\uFEFF", "Ω", "ß", "İ") }),
    fc.string({ unit: fc.constantFrom("0", "1", "9", "٣", "²", "Ⅻ"), maxLength: 40 }),
    fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "\r", "\r\n", "\u00a0", "\u3000", "\v", "\f"), maxLength: 40 }),
    fc.string({ unit: fc.constantFrom("a", "Z", "'s", "'LL", "'re", "-", "/", "=", "<|endoftext|>", "<|im_start|>", "<|", "|>", "{", "\"", "\\", "_", ".") }),
  );

  test("on random Unicode text (property)", () => {
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        expect(count(text)).toBe(reference(text));
      }),
      { numRuns: Number(process.env.O200K_RUNS ?? 1500) },
    );
  });

  test("on long pieces of letters, marks, punctuation or spaces (the heap-ordered merge, property)", () => {
    const unit = fc.constantFrom("a", "b", "e", "n", "t", "ab", "é", "\u0301", "ß", "ж", "漢", "=", "-", "*", " ", "\u3000");
    fc.assert(
      fc.property(fc.string({ unit, minLength: 60, maxLength: 700 }), (text) => {
        expect(count(text)).toBe(reference(text));
      }),
      { numRuns: 300 },
    );
  });

  test("on long pieces: a separator, a digit run, a whitespace run, a word without spaces, a base64 blob", () => {
    const base64 = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)).toString("base64");
    for (const text of ["=".repeat(3000), "1234567890".repeat(300), " ".repeat(5000) + "x", "\n\n\t ".repeat(500), "abcdefghij".repeat(400), base64, "😀".repeat(1000)]) {
      expect(count(text)).toBe(reference(text));
    }
  });

  test("byte-order marks: the o200k tokens that start with one are never reached, as in gpt-tokenizer", () => {
    for (const text of ["\uFEFF", "\uFEFFusing", "\uFEFF\n\n", "\uFEFF//", "\uFEFF\uFEFF", "a\uFEFF#b", "\uFEFF\uD800", "\uFEFFnamespace x"]) {
      expect(count(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  test("special-token text counts as ordinary text (gpt-tokenizer's default countTokens throws on it)", () => {
    for (const text of ["<|endoftext|>", "a<|endoftext|>b", "<|im_start|>user<|im_sep|>hi<|im_end|>", "<|fim_prefix|><|endofprompt|>"]) {
      expect(count(text)).toBe(reference(text));
      expect(() => countTokens(text)).toThrow(/Disallowed special token/);
    }
    expect(count("<|endoftext|>")).toBe(7);
  });

  test("the same text counts the same again (the piece cache gives back what it was given)", () => {
    const text = readFileSync(join(FIXTURES, "tsc-failing-build.txt"), "utf8");
    expect([count(text), count(text), count("")]).toEqual([reference(text), reference(text), 0]);
  });
});
