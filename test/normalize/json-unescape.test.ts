import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNESCAPE_MAX_BYTES, wasmUnescape } from "../../src/normalize/json-unescape.js";

/** JSON.stringify's text, with some or all characters past ASCII (and controls) written as \uXXXX escapes. */
function escapedJson(value: string, escapeEvery: number): string {
  let count = 0;
  return JSON.stringify(value).replace(/[^\x20-\x7e]/gu, (c) => ((count += 1) % escapeEvery === 0 ? [...c].map((u) => Array.from({ length: u.length }, (_, i) => `\\u${u.charCodeAt(i).toString(16).padStart(4, "0")}`).join("")).join("") : c));
}

/** What the module writes for a string's contents, or -1. */
function unescape(contents: Buffer): { bytes: Buffer; units: number } | -1 {
  const out = Buffer.alloc(contents.length + 8, 0xee);
  const written = wasmUnescape()!.into(contents, 0, contents.length, out, 4);
  return written < 0 ? -1 : { bytes: out.subarray(4, 4 + written), units: wasmUnescape()!.units };
}

describe("wasmUnescape", () => {
  it("is there on Node 20 (WebAssembly SIMD)", () => {
    expect(wasmUnescape()).toBeDefined();
  });

  it("writes what JSON.parse then Buffer.from write, and counts the UTF-16 length, for any string however escaped", () => {
    const unit = fc.constantFrom("a", "Z", " ", "é", "€", "😀", "\n", "\t", "\r", "\b", "\f", '"', "\\", "/", "\u0000", "\u001b", "\u007f", "\ud800", "\udbff", "\udc00", "\udfff", "\u2028", "\uffff");
    fc.assert(fc.property(fc.array(unit, { maxLength: 200 }), fc.integer({ min: 1, max: 3 }), (units, escapeEvery) => {
      const value = units.join("");
      const json = escapedJson(value, escapeEvery);
      const contents = Buffer.from(json.slice(1, -1));
      const result = unescape(contents);
      expect(result).not.toBe(-1); // valid JSON: never declined
      if (result === -1) return;
      expect(result.bytes.equals(Buffer.from(JSON.parse(json) as string, "utf8"))).toBe(true);
      expect(result.units).toBe((JSON.parse(json) as string).length);
    }), { numRuns: 3000 });
  });

  it("declines what JSON.parse refuses, and bytes that are not UTF-8", () => {
    for (const bad of ["a\tb", "\\x", "\\u12g4", "\\u12", "a\\", "\\uD83D\\uDE0", "\u0001", "\\'", "\\U0041"]) {
      expect(unescape(Buffer.from(bad, "latin1"))).toBe(-1);
      expect(() => JSON.parse(`"${bad}"`)).toThrow();
    }
    for (const bytes of [[0x61, 0xff], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0x80]]) expect(unescape(Buffer.from(bytes))).toBe(-1);
  });

  it("takes a window of up to UNESCAPE_MAX_BYTES, 16 bytes a step and the rest one at a time", () => {
    for (const length of [0, 1, 15, 16, 17, 31, 32, 33, UNESCAPE_MAX_BYTES - 1, UNESCAPE_MAX_BYTES]) {
      const contents = Buffer.from("abcdefg\\n".repeat(Math.ceil(length / 9)).slice(0, length).replace(/\\$/, "x"));
      const result = unescape(contents);
      expect(result !== -1 && result.bytes.toString("latin1")).toBe(JSON.parse(`"${contents.toString("latin1")}"`));
    }
    expect(unescape(Buffer.alloc(UNESCAPE_MAX_BYTES + 1, 0x61))).toBe(-1);
  });
});
