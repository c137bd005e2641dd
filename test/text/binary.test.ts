import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { describeBinary, looksBinary, sniffWork } from "../../src/text/binary.js";

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const repeat = (byte: number, count: number): number[] => new Array<number>(count).fill(byte);

describe("looksBinary", () => {
  test.each([
    ["empty input", new Uint8Array(0), false],
    ["ASCII text", utf8("hello world\n"), false],
    ["text with tabs, CR, FF, VT, BS overstrikes and colours", utf8("a\tb\r\n\f\v_\bH\x1b[31mred\x1b[0m\n"), false],
    ["multi-byte UTF-8 (CJK, emoji)", utf8("中文テスト한국어 👨‍👩‍👧 🇯🇵\n".repeat(50)), false],
    ["a single NUL byte", utf8("text\0text"), true],
    ["a NUL late in the first 8 KiB", Uint8Array.from([...repeat(0x61, 8000), 0]), true],
    ["a NUL after the first 8 KiB", Uint8Array.from([...repeat(0x61, 8192), 0]), false],
    ["UTF-16LE with a BOM (its NULs are text)", bytes(0xff, 0xfe, 0x41, 0x00, 0x42, 0x00), false],
    ["UTF-16BE with a BOM", bytes(0xfe, 0xff, 0x00, 0x41, 0x00, 0x42), false],
    ["UTF-16LE without a BOM", bytes(0x41, 0x00, 0x42, 0x00), true],
    ["Latin-1 text with a few accents (10% invalid UTF-8)", Uint8Array.from([...repeat(0x61, 90), ...repeat(0xe9, 10)]), false],
    ["30% suspicious bytes is still text", Uint8Array.from([...repeat(0x61, 70), ...repeat(0x01, 30)]), false],
    ["31% suspicious bytes is binary", Uint8Array.from([...repeat(0x61, 69), ...repeat(0x01, 31)]), true],
    ["mostly invalid UTF-8 (high bytes, no NUL)", Uint8Array.from({ length: 600 }, (_, index) => 0x80 + (index % 0x40)), true],
    ["DEL and other C0 controls count", Uint8Array.from([...repeat(0x61, 60), ...repeat(0x7f, 20), ...repeat(0x02, 20)]), true],
    ["overlong and surrogate encodings are invalid", Uint8Array.from([...repeat(0x61, 5), 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe0, 0x80, 0x80]), true],
    ["a multi-byte sequence cut off at the end of the head is not counted", bytes(0x61, 0x62, 0xf0, 0x9f, 0x98), false],
  ])("%s → %s", (_case, head, expected) => {
    expect(looksBinary(head)).toBe(expected);
  });

  test("a plain ASCII head (text controls included) is not looked at byte by byte (issue 16: V8 compiled that loop for every output over 8 KiB)", () => {
    const before = sniffWork.bytesStepped;
    expect(looksBinary(Buffer.from("2026-12-01 INFO [worker-1] done\tin 3 ms\r\n\x1b[32mok\x1b[0m\n".repeat(200)))).toBe(false);
    expect(sniffWork.bytesStepped).toBe(before);
    // Latin-1's é (one byte, invalid UTF-8): stepped from there.
    expect(looksBinary(Buffer.concat([Buffer.from("a".repeat(100)), Buffer.from([0xe9]), Buffer.from("b".repeat(99))]))).toBe(false);
    expect(sniffWork.bytesStepped - before).toBe(100);
  });

  test("a head of valid UTF-8 (a test run's ✓ lines, accents) is not stepped through either: its control characters are counted", () => {
    const before = sniffWork.bytesStepped;
    const vitest = readFileSync("test/fixtures/salience/vitest-verbose-2-failures.txt");
    expect(looksBinary(vitest)).toBe(false);
    expect(looksBinary(Buffer.from(`${"a".repeat(100)}é${"b".repeat(99)}`))).toBe(false);
    expect(looksBinary(Buffer.from(`✓ ok\n${"\x01\x02\x7f".repeat(40)}`))).toBe(true);
    expect(sniffWork.bytesStepped).toBe(before);
  });

  test("the same answer as stepping through every byte, whatever the head", () => {
    const byte = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constantFrom(0x00, 0x01, 0x08, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f, 0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4, 0xff), fc.integer({ min: 0, max: 255 }));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 64 }), fc.nat({ max: 200 }), fc.array(fc.constantFrom("é", "中", "👨‍👩‍👧", "\ud800"), { maxLength: 3 }), (tail, plain, chars) => {
        const head = Buffer.concat([Buffer.from("x".repeat(plain)), Buffer.from(chars.join("")), Uint8Array.from(tail)]);
        expect(looksBinary(head)).toBe(steppedLooksBinary(head));
        expect(looksBinary(new Uint8Array(head))).toBe(steppedLooksBinary(head));
      }),
      { numRuns: 3000 },
    );
  });
});

/** looksBinary as it was: every byte of the head stepped through. */
function steppedLooksBinary(head: Uint8Array): boolean {
  const bytes = head.subarray(0, 8192);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  if (bytes.includes(0)) return true;
  let suspicious = 0;
  for (let index = 0; index < bytes.length; ) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      if ((lead < 0x20 && !((lead >= 0x08 && lead <= 0x0d) || lead === 0x1b)) || lead === 0x7f) suspicious += 1;
      index += 1;
      continue;
    }
    const length = sequenceLength(bytes, index);
    if (length === 0) break;
    if (length > 0) index += length;
    else {
      suspicious += 1;
      index += 1;
    }
  }
  return suspicious > bytes.length * 0.3;
}

function sequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index]!;
  const [length, low, high] = lead >= 0xc2 && lead <= 0xdf ? [2, 0x80, 0xbf] : lead >= 0xe0 && lead <= 0xef ? [3, lead === 0xe0 ? 0xa0 : 0x80, lead === 0xed ? 0x9f : 0xbf] : lead >= 0xf0 && lead <= 0xf4 ? [4, lead === 0xf0 ? 0x90 : 0x80, lead === 0xf4 ? 0x8f : 0xbf] : [-1, 0, 0];
  if (length === -1) return -1;
  for (let offset = 1; offset < length; offset += 1) {
    if (index + offset >= bytes.length) return 0;
    const next = bytes[index + offset]!;
    if (next < (offset === 1 ? low : 0x80) || next > (offset === 1 ? high : 0xbf)) return -1;
  }
  return length;
}

describe("describeBinary", () => {
  test("names the sniffed type and the total size", () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
    expect(describeBinary(png, 1_258_291)).toBe("binary output: 1.2 MiB, PNG image (sniffed)");
  });

  test("says so when the type is unknown", () => {
    expect(describeBinary(bytes(1, 2, 3, 0), 3072)).toBe("binary output: 3.0 KiB, unknown type");
  });

  test("counts small sizes in bytes", () => {
    expect(describeBinary(bytes(0x7f, 0x45, 0x4c, 0x46), 512)).toBe("binary output: 512 B, ELF executable (sniffed)");
  });
});
