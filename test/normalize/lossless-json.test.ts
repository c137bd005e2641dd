// Numbers as written: a double never decides how a JSON number is written back.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseJsonBytes } from "../../src/normalize/json-input.js";
import { isExactNumber, LosslessNumber, scanJson, stringifyJson } from "../../src/normalize/lossless-json.js";
import { isRecord } from "../../src/payload.js";

describe("lossless JSON numbers", () => {
  test.each(["1234567890123456789", "-0", "1e999999", "1.0", "0.10", "1E5", "-1e-400", "123456789012345678901234567890"])("%s survives parse and stringify", (source) => {
    const text = `{"n":${source},"list":[${source}, "${source}"],"s":"a \\" ${source}"}`;
    const value = parseJsonBytes(Buffer.from(text));
    expect(stringifyJson(value)).toBe(`{"n":${source},"list":[${source},"${source}"],"s":"a \\" ${source}"}`);
    expect(stringifyJson(value, 2)).toContain(`"n": ${source},`);
  });

  test("numbers a double prints back the same stay plain numbers", () => {
    expect(parseJsonBytes(Buffer.from('[12, 0.5, -3, 1e-7, 123456789012345]'))).toEqual([12, 0.5, -3, 1e-7, 123456789012345]);
    expect(["12", "0.5", "-3", "123456789012345"].every(isExactNumber)).toBe(true);
    expect(["-0", "1.0", "1e3", "9007199254740993"].some(isExactNumber)).toBe(false);
  });

  test("a kept number is a number to arithmetic, not a record, and a plain JSON.stringify writes its double", () => {
    const value = parseJsonBytes(Buffer.from('{"n": 1.50}')) as { n: LosslessNumber };
    expect(value.n).toBeInstanceOf(LosslessNumber);
    expect(Number(value.n) + 1).toBe(2.5);
    expect(isRecord(value.n)).toBe(false);
    expect(JSON.stringify(value)).toBe('{"n":1.5}');
  });
});

describe("scanJson", () => {
  /** Every number token a double would change, found the slow way: each token tested as a string. */
  const lossyByTokens = (text: string): string[] => {
    const strings = /"(?:[^"\\]|\\.)*"/gu;
    return (text.replace(strings, (match) => " ".repeat(Buffer.byteLength(match))).match(/[-+0-9.eE]+/gu) ?? []).filter((token) => !isExactNumber(token));
  };

  test("finds the same lossy numbers as testing every token, in and around strings of any length", () => {
    const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom("-0", "1.0", "1e3", "1234567890123456", "123456789012345", "-123456789012345", "9007199254740993", "0", "-1", "1E+2", "0.5"));
    const string = fc.string({ unit: fc.constantFrom("a", "1", "-", '"', "\\", "é", " "), maxLength: 70 });
    const value = fc.array(fc.oneof(number.map((n) => String(n)), string.map((s) => JSON.stringify(s))), { maxLength: 30 });
    fc.assert(fc.property(value, (items) => {
      const text = `[${items.join(",")}]`;
      const bytes = Buffer.from(text);
      const found = scanJson(bytes, 100).lossyNumbers.map(({ start, end }) => bytes.subarray(start, end).toString("latin1"));
      expect(found).toEqual(lossyByTokens(text));
    }), { numRuns: 300 });
  });

  test("makes no string for a plain integer or a short string (the work is counted: strings made per number)", () => {
    const bytes = Buffer.from(JSON.stringify(Array.from({ length: 20_000 }, (_, id) => ({ id, name: `module-${id}`, ms: id % 997 }))));
    const toString = Buffer.prototype.toString;
    let made = 0;
    Buffer.prototype.toString = function (this: Buffer, ...args: Parameters<Buffer["toString"]>) {
      made += 1;
      return toString.apply(this, args);
    } as Buffer["toString"];
    try {
      expect(scanJson(bytes, 100).lossyNumbers).toEqual([]);
    } finally {
      Buffer.prototype.toString = toString;
    }
    expect(made).toBe(0);
  });
});
