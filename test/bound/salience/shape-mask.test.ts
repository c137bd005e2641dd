// The one-pass token masks (shape-mask.wat) give what template.ts's regular expressions give, for the line shapes
// (six masks) and for the miner (three): on every UTF-16 unit in the places a rule looks at, random text, the
// recorded outputs, and texts past the module's first memory; tokenizeAll is tokenize line by line.
import * as fs from "node:fs";
import * as path from "node:path";
import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import { maskTokens, MINER, SHAPE } from "../../../src/bound/salience/shape-mask.js";
import { lineShapes, tokenize, tokenizeAll, WILDCARD } from "../../../src/bound/salience/template.js";
import { shapeMaskAsWritten } from "./mask-token.js";

/** The miner's masks: long tokens, hex ids, digit runs. */
function minerAsWritten(text: string): string {
  return text
    .replace(/(?<!\S)\S{65,}/g, WILDCARD)
    .replace(/(?<!\S)(?=[0-9a-f]*\d)[0-9a-f]{7,}(?!\S)/gi, "H")
    .replace(/\d+/g, "N");
}

function expectBothMasks(text: string): void {
  expect(maskTokens(text, SHAPE)).toBe(shapeMaskAsWritten(text));
  expect(maskTokens(text, MINER)).toBe(minerAsWritten(text));
}

const unit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const piece = fc.oneof(
  fc.constantFrom(" ", "  ", "\t", "\n", "\u00a0", "\u2003", "\u3000", "\ufeff", "\u001f", "\u0085", "", "x", "0", "7f3a9c2", "DEADBEEF1", "abcdef0123", "src/a.ts:3:4", "/usr/lib", "C:\\x\\y", "./", "'name'", '("x"),', "[`y`];", "‘q’", "«a»", "“b”.", "^~~~~", "--", "!!!", "…", "é", "(req 494d5bcc)", "\u0000\u0000\u0000"),
  fc.string({ maxLength: 6 }),
  fc.string({ unit, maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF/.\\'\"()[],;:"), minLength: 1, maxLength: 12 }),
  fc.string({ unit: fc.constantFrom("a", "1", "f", "/", ".", "é"), minLength: 60, maxLength: 70 }),
);
const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(""));

describe("shape-mask", () => {
  test("every UTF-16 unit, alone and where each rule looks at it", () => {
    const places = [(c: string) => c, (c: string) => `${c}${c}${c}`, (c: string) => `a${c}${c}${c}1`, (c: string) => `'x${c}'`, (c: string) => `(${c}q'`, (c: string) => `"a"${c}`, (c: string) => `${c}/x`, (c: string) => `x/${c}`, (c: string) => `12345a${c}`, (c: string) => `abc${c}1234`, (c: string) => `1${c}2 ${c}`];
    for (const place of places) {
      // each unit's text on a line of its own (the masks never cross a blank): one text per place, compared by line
      const joined = Array.from({ length: 0x10000 }, (_, code) => place(String.fromCharCode(code))).join("\n");
      expect(maskTokens(joined, SHAPE)?.split("\n")).toEqual(shapeMaskAsWritten(joined).split("\n"));
      expect(maskTokens(joined, MINER)?.split("\n")).toEqual(minerAsWritten(joined).split("\n"));
    }
  });

  test("random text, ASCII and not", () => {
    fc.assert(fc.property(text, (each) => expectBothMasks(each)), { numRuns: 3000 });
  });

  test("the recorded outputs", () => {
    const folder = path.join(import.meta.dirname, "../../fixtures/salience");
    for (const name of fs.readdirSync(folder).filter((file) => file.endsWith(".txt"))) expectBothMasks(fs.readFileSync(path.join(folder, name), "utf8"));
  });

  test("texts past the module's first memory, then a short one (its memory grown, its views made again)", () => {
    const line = "2026-11-01T17:02:26.767Z ERROR [worker-13] src/net/socket-157.ts failed 'conn' 494d5bcc in 615 ms ~~~~";
    const ascii = Array.from({ length: 30_000 }, () => line).join("\n");
    expectBothMasks(ascii);
    expectBothMasks(`${ascii}\n✓ done ${"x".repeat(70)}`);
    expectBothMasks(line);
  });
});

describe("tokenizeAll", () => {
  test("is tokenize line by line, newlines inside a text included", () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 12 }), (texts) => {
        expect(tokenizeAll(texts)).toEqual(texts.map((each) => tokenize(each)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("without WebAssembly", () => {
  test("template.ts's expressions give the same shapes and tokens", async () => {
    const global = globalThis as unknown as { WebAssembly?: unknown };
    const saved = global.WebAssembly;
    vi.resetModules();
    Reflect.deleteProperty(global, "WebAssembly");
    try {
      const masks = await import("../../../src/bound/salience/shape-mask.js");
      const expressions = await import("../../../src/bound/salience/template.js");
      expect(masks.maskTokens("a 12", masks.SHAPE)).toBeUndefined();
      fc.assert(
        fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (texts) => {
          expect(expressions.lineShapes(texts)).toEqual(lineShapes(texts));
          expect(expressions.tokenizeAll(texts)).toEqual(tokenizeAll(texts));
          expect(texts.map((each) => expressions.tokenize(each))).toEqual(texts.map((each) => tokenize(each)));
        }),
        { numRuns: 1000 },
      );
    } finally {
      global.WebAssembly = saved;
    }
  });
});

describe("a memory that cannot grow", () => {
  test("the text goes to the expressions: the same shapes and tokens", async () => {
    vi.resetModules();
    const masks = await import("../../../src/bound/salience/shape-mask.js");
    const expressions = await import("../../../src/bound/salience/template.js");
    const memory = (globalThis as unknown as { WebAssembly: { Memory: { prototype: { grow: (pages: number) => number } } } }).WebAssembly.Memory.prototype;
    const grow = vi.spyOn(memory, "grow").mockImplementation(() => {
      throw new RangeError("WebAssembly.Memory.grow(): Maximum memory size exceeded");
    });
    try {
      const line = "2026-11-01T17:02:26.767Z ERROR [worker-13] src/net/socket-157.ts failed 'conn' 494d5bcc in 615 ms";
      const lines = Array.from({ length: 2_000 }, (_, index) => `${line} #${index}`);
      expect(masks.maskTokens(lines.join("\n"), masks.SHAPE)).toBeUndefined();
      expect(grow).toHaveBeenCalled();
      expect(expressions.lineShapes(lines)).toEqual(lineShapes(lines));
      expect(expressions.tokenizeAll(lines)).toEqual(tokenizeAll(lines));
      expect(masks.maskTokens(line, masks.MINER)).toBe(minerAsWritten(line)); // a short text fits the first memory
    } finally {
      grow.mockRestore();
    }
  });
});
