// The rank table buffer: every token found at its rank and nothing else; a damaged buffer is refused by name.
import { describe, expect, test } from "vitest";
import { openRankTable, RankTableError, tokenBytesOf, writeRankTable } from "../../src/tokenizer/rank-table.js";

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
/** A small vocabulary: the 256 single bytes (as gpt-tokenizer lists them), then a few merges. */
const vocabulary = (): Uint8Array[] => [
  ...Array.from({ length: 256 }, (_, byte) => Uint8Array.of(byte)),
  ...["he", "ll", "hell", "hello", " world", "漢字"].map(bytesOf),
  Uint8Array.of(0xe6, 0xbc),
];

describe("rank table", () => {
  test("finds each token at its rank, and -1 for bytes that are not a token", () => {
    const tokens = vocabulary();
    const table = openRankTable(writeRankTable(tokens));
    expect(table.size).toBe(tokens.length);
    tokens.forEach((token, rank) => expect(table.rankOf(token, 0, token.length)).toBe(rank));
    const text = bytesOf("xhello worldx");
    expect(table.rankOf(text, 1, 6)).toBe(259);
    for (const missing of ["hel", "helloo", "", "漢"]) expect(table.rankOf(bytesOf(missing), 0, bytesOf(missing).length)).toBe(-1);
  });

  test("opens a copy at any byte offset (a misaligned buffer is copied once)", () => {
    const written = writeRankTable(vocabulary());
    const shifted = new Uint8Array(written.length + 1).subarray(1);
    shifted.set(written);
    expect(openRankTable(shifted).rankOf(bytesOf("hello"), 0, 5)).toBe(259);
  });

  test("refuses a damaged buffer: one flipped byte, cut short, another file, a missing single byte", () => {
    const written = writeRankTable(vocabulary());
    const flipped = Buffer.from(written);
    flipped.writeUInt8(flipped.readUInt8(flipped.length - 5) ^ 0x20, flipped.length - 5);
    expect(() => openRankTable(flipped)).toThrow(/checksum mismatch/);
    expect(() => openRankTable(written.subarray(0, written.length - 4))).toThrow(/sizes do not match/);
    expect(() => openRankTable(written.subarray(0, 10))).toThrow(RankTableError);
    expect(() => openRankTable(Buffer.from("#!/usr/bin/env node\nconsole.log(1);\n"))).toThrow(/bad magic/);
    expect(() => openRankTable(writeRankTable(vocabulary().slice(1)))).toThrow(/has no rank/);
  });

  test("gpt-tokenizer's byte arrays that are valid UTF-8 stay out (it never reaches them); strings are UTF-8", () => {
    const [bom, invalid, text] = tokenBytesOf([[0xef, 0xbb, 0xbf], [0xe6, 0xbc], "漢"]);
    expect([bom!.length, [...invalid!], [...text!]]).toEqual([0, [0xe6, 0xbc], [0xe6, 0xbc, 0xa2]]);
  });
});
