import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createTranscoder, detectEncoding, type Utf16Encoding } from "../../src/text/encoding.js";

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const utf8 = (text: string): number[] => [...new TextEncoder().encode(text)];

function encodeUnits(units: readonly number[], encoding: Utf16Encoding): Uint8Array {
  const result = new Uint8Array(units.length * 2);
  units.forEach((unit, index) => {
    const [first, second] = encoding === "utf-16le" ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff];
    result[index * 2] = first;
    result[index * 2 + 1] = second;
  });
  return result;
}

function transcode(encoding: Utf16Encoding, chunks: readonly Uint8Array[]): number[] {
  const transcoder = createTranscoder(encoding);
  return [...chunks.flatMap((chunk) => [...transcoder.write(chunk)]), ...transcoder.end()];
}

function splitAt(data: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (data.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((start, index) => data.subarray(start, [...points, data.length][index]));
}

describe("detectEncoding", () => {
  test.each([
    [bytes(0xef, 0xbb, 0xbf, 0x61), "utf-8-bom"],
    [bytes(0xff, 0xfe, 0x61, 0x00), "utf-16le"],
    [bytes(0xfe, 0xff, 0x00, 0x61), "utf-16be"],
    [bytes(0x61, 0x62, 0x63), "utf-8"],
    [bytes(0xef, 0xbb), "utf-8"],
    [bytes(0xff), "utf-8"],
    [new Uint8Array(0), "utf-8"],
    [bytes(0x00, 0x61, 0x00, 0x62), "utf-8"],
  ])("%j → %s", (head, expected) => {
    expect(detectEncoding(head)).toBe(expected);
  });
});

describe("createTranscoder", () => {
  test.each<[Utf16Encoding]>([["utf-16le"], ["utf-16be"]])("turns %s into UTF-8 and drops the BOM", (encoding) => {
    const text = "héllo 中文 😀\n";
    const units = [0xfeff, ...Array.from({ length: text.length }, (_, index) => text.charCodeAt(index))];
    expect(transcode(encoding, [encodeUnits(units, encoding)])).toEqual(utf8(text));
  });

  test("joins a surrogate pair split across chunks, inside a code unit", () => {
    const data = encodeUnits([0xd83d, 0xde00], "utf-16le");
    expect(transcode("utf-16le", [data.subarray(0, 1), data.subarray(1, 3), data.subarray(3)])).toEqual(utf8("😀"));
  });

  test.each([
    ["a lone low surrogate", [0x41, 0xdc00, 0x42], [], "A\ufffdB"],
    ["a lone high surrogate at the end", [0x41, 0xd800], [], "A\ufffd"],
    ["a cut-off code unit at the end", [0x41], [0x00], "A\ufffd"],
    ["a lone high surrogate and a cut-off unit: one U+FFFD for both", [0xd800], [0x00], "\ufffd"],
  ])("turns %s into U+FFFD", (_case, units, tail, expected) => {
    const data = Uint8Array.from([...encodeUnits(units, "utf-16be"), ...tail]);
    expect(transcode("utf-16be", [data])).toEqual(utf8(expected));
  });

  test("gives the same bytes however the input is chunked (property)", () => {
    const unit = fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0xd83d, 0xde00, 0xdbff, 0xdfff, 0x41));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }), fc.constantFrom<Utf16Encoding>("utf-16le", "utf-16be"), (units, cuts, encoding) => {
        const data = encodeUnits([0xfeff, ...units], encoding);
        // Node's UTF-8 encoder replaces lone surrogates with U+FFFD, as the transcoder must.
        const expected = [...Buffer.from(String.fromCharCode(...units), "utf8")];
        expect(transcode(encoding, splitAt(data, cuts))).toEqual(expected);
      }),
    );
  });
});
