// The miner's tokens: the line is masked whole (three regular expressions, issue 16's one-off CPU), with the tokens
// maskToken gives one token at a time, and always as a plain array of strings.
import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import { tokenize, TemplateMiner, WILDCARD } from "../../../src/bound/salience/template.js";
import { maskToken } from "./mask-token.js";

/** What tokenize gave when it masked token by token. */
function tokenEach(text: string): string[] {
  const raw = text.trim().split(/\s+/);
  const tokens = raw.slice(0, 24).map(maskToken);
  if (raw.length > 24) tokens.push(WILDCARD);
  return tokens;
}

const piece = fc.oneof(
  fc.constantFrom(" ", "  ", "\t", "\u00a0", "\u2003", "\n", "", "x", "0", "7f3a9c2", "DEADBEEF1", "deadbeef", "abcdef0123", "ERROR", "…", "é", "a1b2", "/usr/lib/x.so:12"),
  fc.string({ maxLength: 6 }),
  fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEF"), minLength: 6, maxLength: 10 }),
  fc.string({ unit: fc.constantFrom("a", "1", "f", "/"), minLength: 60, maxLength: 70 }),
  fc.string({ unit: "binary", maxLength: 4 }),
);

describe("tokenize", () => {
  test("the tokens maskToken gives token by token, at most 24 and a wildcard, whatever the line", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(tokenize(text)).toEqual(tokenEach(text));
      }),
      { numRuns: 3000 },
    );
  });

  test("real lines: log lines, long ids and paths, more than 24 tokens", () => {
    const lines = [
      "2026-11-01T17:02:26.767Z ERROR [worker-1] connected to net/socket-157.ts (req 494d5bcc) in 615 ms",
      `  at Object.<anonymous> (/home/u/${"a".repeat(70)}/x.js:12:5)`,
      Array.from({ length: 30 }, (_, index) => `t${index}`).join(" "),
      "",
      "   ",
      "commit 9f2c1e0b7a4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
      // At the edges of the one pass (plainTokens) and of the lines it leaves to the masks.
      `a ${"x1".repeat(32)} b`,
      `a ${"x1".repeat(32)}y b`,
      "id 7f3a9c 7f3a9c2 7F3A9C2 DEADBEEF DEADBEEF1 deadbee1) (deadbee1",
      "é naïve 12€ 3½ 中文 x",
      "a\u00a0b 1",
      "a\u0085b 1",
      "a\u1680b 1",
      "a b ",
      " a b",
      "a  b",
      "0 1 22 x9y9z 9",
      "x",
    ];
    for (const line of lines) expect(tokenize(line)).toEqual(tokenEach(line));
  });

  test("the miner widens and matches templates as before", () => {
    const miner = new TemplateMiner(16);
    const a = miner.add("ERROR [worker-1] request 12 failed after 30 ms");
    const b = miner.add("ERROR [worker-7] request 98 failed after 31 ms");
    expect(b.id).toBe(a.id);
    expect(b.tokens).toEqual(["ERROR", "[worker-N]", "request", "N", "failed", "after", "N", "ms"]);
  });

  test("a line is masked in three passes whatever its tokens (not a replace per token)", () => {
    const line = Array.from({ length: 30 }, (_, index) => `w${index}`).join(" ");
    const replace = vi.spyOn(String.prototype, "replace");
    try {
      tokenize(line);
      expect(replace.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      replace.mockRestore();
    }
  });

  test("a line whose blanks are single spaces is not split by String.prototype.split at all (one pass), others by a regular expression after a trim (issue 16)", () => {
    const lines = ["2026-11-01T17:02:26.767Z ERROR [worker-1] connected to net/socket-157.ts (req 494d5bcc) in 615 ms", "  at x (a.js:1:2)", "a\tb"];
    const split = vi.spyOn(String.prototype, "split");
    const trim = vi.spyOn(String.prototype, "trim");
    try {
      const tokens = lines.map(tokenize);
      expect(split.mock.calls.map(([separator]) => (separator instanceof RegExp ? "regexp" : separator))).toEqual(["regexp", "regexp"]);
      expect(trim).toHaveBeenCalledTimes(2);
      expect(tokens).toEqual(lines.map(tokenEach));
    } finally {
      split.mockRestore();
      trim.mockRestore();
    }
  });
});
