// Line shapes (near-duplicate folding) stay what the six masks written with look-behinds gave, whichever cheaper form
// template.ts runs them in (a forward test before the long-token and hex masks, the path mask with the blank captured).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { lineShapes, WILDCARD } from "../../../src/bound/salience/template.js";
import { shapeMaskAsWritten as maskAsWritten } from "./mask-token.js";

/** lineShapes' tokens from the oracle's mask. */
function shapeAsWritten(text: string): string[] {
  const masked = maskAsWritten(text);
  const tokens = /^\s|\s$|\s\s|[^\S ]/.test(masked) ? masked.trim().split(/\s+/) : masked.split(" ");
  const more = tokens.length > 24;
  if (more) tokens.length = 24;
  tokens.unshift(/^\s/.test(text) ? " " : "");
  if (more) tokens.push(WILDCARD);
  return tokens;
}

const piece = fc.oneof(
  fc.constantFrom(" ", "  ", "\t", "\u00a0", "", "x", "0", "7f3a9c2", "DEADBEEF1", "abcdef0123", "src/a.ts:3:4", "/usr/lib", "C:\\x\\y", "./", "'name'", '("x"),', "‘q’", "^~~~~", "--", "…", "é", "(req 494d5bcc)"),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF/.\\"), minLength: 5, maxLength: 12 }),
  fc.string({ unit: fc.constantFrom("a", "1", "f", "/", "."), minLength: 60, maxLength: 70 }),
);

describe("lineShapes", () => {
  test("the shapes the look-behind masks gave, on random lines in batches", () => {
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join("")), { minLength: 1, maxLength: 8 }), (texts) => {
        expect(lineShapes(texts)).toEqual(texts.map(shapeAsWritten));
      }),
      { numRuns: 2000 },
    );
  });

  test("log lines, paths at a line's start and end, long tokens, hex ids", () => {
    const texts = [
      "2026-11-01T17:02:26.767Z ERROR [worker-1] connected to net/socket-157.ts (req 494d5bcc) in 615 ms",
      "/srv/app/a.js:1:2 then b/c",
      `x ${"a/".repeat(40)} y`,
      "commit 9f2c1e0b7a4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
      "  at f (src/a.ts:3:4)",
      "",
    ];
    expect(lineShapes(texts)).toEqual(texts.map(shapeAsWritten));
  });
});
