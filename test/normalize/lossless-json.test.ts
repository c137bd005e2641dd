// Numbers as written: a double never decides how a JSON number is written back.
import { describe, expect, test } from "vitest";
import { parseJsonBytes } from "../../src/normalize/json-input.js";
import { isExactNumber, LosslessNumber, stringifyJson } from "../../src/normalize/lossless-json.js";
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
