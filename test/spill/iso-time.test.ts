import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isoTime } from "../../src/spill/iso-time.js";

describe("isoTime", () => {
  test("writes what Date.prototype.toISOString writes, for any time in milliseconds", () => {
    // Past the years 0000–9999 too (±YYYYYY, where it falls back to Date), and every day of leap and century years.
    fc.assert(fc.property(fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }), (ms) => {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }), (ms) => {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }), { numRuns: 20_000 });
  });

  test.each([0, -1, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_000, -62_167_219_200_001, 2 ** 50 - 1])("%d", (ms) => {
    expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
