// The structured-content reducer (normalize/structured-reducer.ts): what it keeps is what a whole parse gives when
// nothing is cut, and is cut exactly as the whole value when something is; it fails wherever JSON.parse would.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundStructured, reducedOverBudget } from "../../src/mcp/structured-bound.js";
import { MAX_JSON_DEPTH, parseJsonBytes } from "../../src/normalize/json-input.js";
import { stringifyJson } from "../../src/normalize/lossless-json.js";
import { isReduced } from "../../src/normalize/reduced-json.js";
import { StructuredReducer } from "../../src/normalize/structured-reducer.js";
import { cutAt as cut } from "./helpers.js";

/** Reduces `bytes` (one container, then `tail`) fed in `chunks`; the value, or the failure. */
function reduce(chunks: Buffer[], promoteBytes?: number): { value: unknown; reducer: StructuredReducer; end: number } | { failure: string } {
  const reducer = new StructuredReducer(MAX_JSON_DEPTH - 1, promoteBytes === undefined ? {} : { promoteBytes });
  let at = 0;
  for (const chunk of chunks) {
    const end = reducer.write(chunk, 0);
    if (reducer.failure !== undefined) return { failure: reducer.failure };
    if (end >= 0) return { value: reducer.value(), reducer, end: at + end };
    at += chunk.length;
  }
  return { failure: "unfinished" };
}

const options = (maxBytes: number) => ({ maxBytes, where: "see output_path", media: new Set<string>(), dropped: new Set<string>() });

/** JSON with some whitespace, escapes, lossy numbers, long strings and long arrays (of rows, of scalars, nested). */
const jsonText = (): fc.Arbitrary<string> => {
  const scalar = fc.oneof(
    fc.constantFrom("0", "-0", "1.0", "1e3", "12345678901234567890", "true", "false", "null", "-12.5e-3", '""', '"\\u00e9\\ud83d\\ude00\\n"', '"\\ud800"'),
    fc.string({ maxLength: 12 }).map((text) => JSON.stringify(text)),
  );
  const longString = fc.integer({ min: 1, max: 12_000 }).map((length) => JSON.stringify("é😀a\n".repeat(length)));
  const row = fc.array(fc.tuple(fc.constantFrom("id", "name", "__proto__", "1", "id"), scalar), { maxLength: 4 })
    .map((members) => `{${members.map(([key, item]) => `${JSON.stringify(key)} :${item}`).join(",")}}`);
  const item = fc.oneof(scalar, row, fc.array(fc.oneof(scalar, row), { maxLength: 5 }).map((items) => `[${items.join(",")}]`));
  const long = fc.tuple(fc.array(item, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 400 }))
    .map(([items, length]) => `[ ${Array.from({ length }, (_, n) => items[n % items.length]).join(" ,\n")} ]`);
  const value = fc.oneof(item, longString, long, long.map((text) => `[${text}, ${text}]`));
  return fc.oneof(
    fc.array(value, { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc.array(fc.tuple(fc.constantFrom("rows", "b", "__proto__", "7", "rows"), value), { maxLength: 4 }).map((members) => `{${members.map(([key, item]) => `"${key}":${item}`).join(", ")}}`),
  );
};

describe("StructuredReducer", () => {
  it("gives what a whole parse gives when nothing was cut, and the same cut of the whole when something was", () => {
    fc.assert(fc.property(jsonText(), fc.array(fc.nat(), { maxLength: 8 }), fc.constantFrom(64, 512, 65536), (text, offsets, promoteBytes) => {
      const bytes = Buffer.from(`${text} ,"more":1}`);
      const whole = parseJsonBytes(Buffer.from(text));
      const read = reduce(cut(bytes, offsets), promoteBytes);
      if ("failure" in read) throw new Error(read.failure);
      expect(read.end).toBe(Buffer.byteLength(text));
      if (!read.reducer.cut) {
        expect(isReduced(read.value)).toBe(false);
        expect(stringifyJson(read.value)).toBe(stringifyJson(whole));
        return;
      }
      expect(isReduced(read.value)).toBe(true);
      for (const maxBytes of [200, 2000, 20000]) {
        if (!reducedOverBudget(read.value, maxBytes)) continue;
        expect(stringifyJson(boundStructured(read.value, options(maxBytes)).value)).toBe(stringifyJson(boundStructured(whole, options(maxBytes)).value));
      }
    }), { numRuns: 60 });
  });

  it("keeps an array of up to 2 × 64 + 1 items whole, since a cut keeps those whole too", () => {
    for (const length of [127, 128, 129, 130, 131]) {
      const text = `{"rows":[${Array.from({ length }, (_, n) => n % 10).join(",")}]}`;
      const bytes = Buffer.from(`${text}]`);
      const read = reduce(cut(bytes, Array.from({ length: bytes.length / 8 }, (_, n) => n * 8)), 16);
      if ("failure" in read) throw new Error(read.failure);
      expect(read.reducer.cut).toBe(length > 129);
      expect(stringifyJson(boundStructured(read.value, options(100)).value)).toBe(stringifyJson(boundStructured(JSON.parse(text), options(100)).value));
    }
  });

  it("fails where JSON.parse fails, however the bytes are cut", () => {
    const bad = ['{"a":1,}', "[1,]", '{"a" 1}', "[01]", "[1.]", "[-]", "[tru]", '["a\tb"]', '["\\x"]', '["\\u12g4"]', "[1 2]", '{"a":1]', "[nul,1]", "{1:2}", "[1e]", '{"a":{"b":[1,2}]}'];
    for (const text of bad) {
      for (const chunks of [[Buffer.from(`${text}}`)], cut(Buffer.from(`${text}}`), [1, 3, 5])]) {
        const read = reduce(chunks, 4);
        expect("failure" in read || (read.end !== Buffer.byteLength(text) && read.end >= 0), text).toBe(true);
      }
    }
  });

  it("holds a bounded amount and cuts a 20 MB array of rows to its ends (the bytes held are counted)", () => {
    const rows = Array.from({ length: 200_000 }, (_, n) => ({ id: n, name: `module-${n % 97}`, ok: n % 11 !== 0, ms: (n % 997) / 4 }));
    const bytes = Buffer.from(JSON.stringify({ rows, count: rows.length, note: "x".repeat(200_000) }));
    const read = reduce(cut(bytes, Array.from({ length: 40 }, (_, n) => n * 524_288 + 7)));
    if ("failure" in read) throw new Error(read.failure);
    expect(read.reducer.largestHeld).toBeLessThan(1024 * 1024);
    expect(reducedOverBudget(read.value, 25_600)).toBe(true);
    const whole = JSON.parse(bytes.toString()) as unknown;
    expect(stringifyJson(boundStructured(read.value, options(25_600)).value)).toBe(stringifyJson(boundStructured(whole, options(25_600)).value));
    expect(() => JSON.stringify(read.value)).toThrow(/reduced/);
  });
});
