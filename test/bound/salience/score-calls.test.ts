// A scored line costs a few calls of a regular expression, not one per rule or mask (issue 16: the end of an output,
// and the hit path while the optimizing compiler is off, run in the interpreter, where a call costs about as much as
// the match). The scores and tokens stay what the rules and masks one by one give (recorded lines and random ones).
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import { mayBeSalient, NEEDLE_TEXTS } from "../../../src/bound/salience/prefilter.js";
import { REJECTIONS, scoreLine, strongScore, STRONG_RULES } from "../../../src/bound/salience/rules.js";
import { tokenize } from "../../../src/bound/salience/template.js";

const LOG_LINE = "2026-11-01T17:02:26.767Z ERROR [worker-1] connected to net/socket-157.ts (req 494d5bcc) in 615 ms";

/** The highest score of the strong rules a line matches, rule by rule (as scoreLine tried them before). */
function ruleByRule(text: string): number {
  let score = 0;
  for (const rule of STRONG_RULES) if (rule.score > score && rule.pattern.test(text)) score = rule.score;
  return score;
}

/** Every line of the recorded outputs (test/fixtures, test/fixtures/salience). */
function recordedLines(): string[] {
  const lines: string[] = [];
  for (const folder of ["test/fixtures", "test/fixtures/salience"]) {
    for (const name of readdirSync(folder)) {
      if (!name.endsWith(".txt") && !name.endsWith(".log")) continue;
      lines.push(...readFileSync(`${folder}/${name}`, "utf8").split(/\r?\n/).slice(0, 4000));
    }
  }
  return lines;
}

/** Calls of RegExp.prototype.test and String.prototype.replace made by `work`. */
function regexpCalls(work: () => void): { test: number; replace: number } {
  const testSpy = vi.spyOn(RegExp.prototype, "test");
  const replaceSpy = vi.spyOn(String.prototype, "replace");
  try {
    work();
    return { test: testSpy.mock.calls.length, replace: replaceSpy.mock.calls.length };
  } finally {
    testSpy.mockRestore();
    replaceSpy.mockRestore();
  }
}

describe("scoreLine's strong rules, joined per score", () => {
  test("an error log line costs at most 7 regular expression calls (one per rule was 20, then 9): the pass mark, 3 joined rules, the location hint, 2 rejections", () => {
    scoreLine(LOG_LINE); // the joined expressions are made on first use
    const calls = regexpCalls(() => expect(scoreLine(LOG_LINE)).toBe(9));
    expect(calls.test).toBeLessThanOrEqual(7);
  });

  test("a test runner's pass line costs one call, whatever error word it has (a spec run prints a thousand)", () => {
    scoreLine(LOG_LINE);
    for (const line of [" ✓ test/parser12.test.js > parser suite 12 > handles error responses 1 0ms", "  ✔ reports 0 errors for clean input (2ms)", "√ recovers from error_recovery case"]) {
      const calls = regexpCalls(() => expect(scoreLine(line)).toBe(0));
      expect(calls.test).toBe(1);
    }
  });

  test("a line's strong score is the highest of the rules it matches, on every recorded line", () => {
    const lines = recordedLines();
    expect(lines.length).toBeGreaterThan(10_000);
    let salient = 0;
    for (const line of lines) {
      const expected = ruleByRule(line);
      if (expected > 0) salient += 1;
      if (strongScore(line) !== expected) expect({ line, score: strongScore(line) }).toEqual({ line, score: expected });
    }
    expect(salient).toBeGreaterThan(200);
  });

  test("the same as rule by rule on random lines made of the rules' words", () => {
    const word = fc.constantFrom("error", "Error:", "ERROR", "FAILED", "fatal:", "panicked at", "npm ERR!", "make: ***", " 3 tests failed", "exit code 2", "not ok 1", "TypeError:", "[error] ", "E   ", "==12==ERROR: AddressSanitizer:", "✖ ", "x.go:1:2: ", "Traceback (most recent call last)", "ok", "0 errors", "a.ts:3:4", " ", "::", "\t", "Fatal", "ENOENT", "\" 503", "Permission denied", "CONFLICT (content): ", "❯ a.ts:1:2");
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.string({ maxLength: 5 })), { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        expect(strongScore(text)).toBe(ruleByRule(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("the rejections that ignore case, joined", () => {
  /** The three as they were written one by one (the oracle). */
  const oneByOne = [
    /(?:^|[^\d,.])0 (?:errors?|failures?|failed|failing|problems?)\b/i,
    /\b(?:errors?|failures?|failed|problems?)[=:]\s*0\b(?![.,]\d)/i,
    /\bno (?:errors?|failures?|problems?)\b|\bwithout errors?\b|\berror[-_ ]?free\b/i,
  ];
  const rejectedOneByOne = (text: string): boolean => oneByOne.some((pattern) => pattern.test(text));

  test("the same answer as one by one, on every recorded line and on random lines of their words", () => {
    for (const line of recordedLines()) if (REJECTIONS[0]!.test(line) !== rejectedOneByOne(line)) expect({ line, rejected: REJECTIONS[0]!.test(line) }).toEqual({ line, rejected: rejectedOneByOne(line) });
    const word = fc.constantFrom("0 errors", "0 Failures", " 0 failed", "10 errors", "1.0 problems", "errors=0", "Failures: 0", "failed: 0.5", "No errors", "without error", "error-free", "Error_Free", "errorfree", ",", ".", "0", " ", "x", "ERROR");
    fc.assert(
      fc.property(fc.array(fc.oneof(word, fc.string({ maxLength: 3 })), { maxLength: 8 }), (pieces) => {
        const text = pieces.join("");
        expect(REJECTIONS[0]!.test(text)).toBe(rejectedOneByOne(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("tokenize's masks", () => {
  test("a log line whose blanks are single spaces, with no long token and no hex id, is masked and split in one pass: no replace, no test, no split (it was a replace, two tests and a split)", () => {
    tokenize(LOG_LINE);
    const split = vi.spyOn(String.prototype, "split");
    try {
      const calls = regexpCalls(() => tokenize(LOG_LINE));
      expect(calls).toEqual({ test: 0, replace: 0 });
      expect(split).not.toHaveBeenCalled();
    } finally {
      split.mockRestore();
    }
  });

  test("a line the one pass leaves (a hex id) is masked by the one-pass module (shape-mask.wat), no replace: only the test whether its blanks are single spaces (the expressions were the hint for both masks, each mask's own hint and that test; the hex mask and the digits)", () => {
    const line = "commit 9f2c1e0b7a4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b by x";
    tokenize(line);
    const calls = regexpCalls(() => tokenize(line));
    expect(calls).toEqual({ test: 1, replace: 0 });
    expect(tokenize(line)).toEqual(["commit", "H", "by", "x"]);
  });
});

describe("mayBeSalient's needles, grouped by their first character", () => {
  const needles = NEEDLE_TEXTS.filter((text) => !text.startsWith("\n"));
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  /** The needles one branch each, as the expression was first written (the oracle). */
  const oneBranchEach = new RegExp([...needles.map(escape), ...NEEDLE_TEXTS.filter((text) => text.startsWith("\n")).map((text) => `^${escape(text.slice(1))}`), "[\\u2700-\\u273f\\u274c\\u276f\\u00d7\\u25cf]"].join("|"));

  test("the same answer as one branch per needle, on every recorded line and on random ones", () => {
    for (const line of recordedLines()) if (mayBeSalient(line) !== oneBranchEach.test(line)) expect({ line, may: mayBeSalient(line) }).toEqual({ line, may: oneBranchEach.test(line) });
    const piece = fc.oneof(fc.constantFrom(...needles, "E  ", "not ok", "✖", "×", "●", "❯", "E", "R", "o", " "), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const text = pieces.join("");
        expect(mayBeSalient(text)).toBe(oneBranchEach.test(text));
      }),
      { numRuns: 3000 },
    );
  });
});
