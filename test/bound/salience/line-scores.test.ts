// A cut of a whole output scores each line once (issue 16, counted, not timed): the fold reads every line a cut can
// show for what is salient, and the scanner then reads the window's middle lines again; those were scored twice,
// with the needle expression and the rules' regular expressions, at the end of every output cut. The scores the
// fold worked out are looked up instead (line-scores.ts), for that cut only.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { knownScore } from "../../../src/bound/salience/line-scores.js";
import { foldWork } from "../../../src/bound/salience/near-fold.js";
import { mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { scoreWork } from "../../../src/bound/salience/rules.js";

const VITEST = readFileSync("test/fixtures/salience/vitest-verbose-2-failures.txt", "utf8");

describe("the scores of a cut's lines (counted, not timed)", () => {
  test("a recorded vitest run (84 KB, 1,098 lines, a whole window): each line with a needle is scored once, not 1,768 times in all", () => {
    const lines = VITEST.split("\n");
    const withNeedle = new Set(lines.filter((line) => line.length > 0 && mayBeSalient(line))).size;
    const scored = scoreWork.scored;
    foldWork.scoredLines = 0;
    const result = bound(VITEST, { budget: { maxLines: 2000, maxBytes: 51200 } });
    expect(result.middle?.length).toBeGreaterThan(0); // a salient middle: the scanner read the middle lines
    expect(foldWork.scoredLines).toBeGreaterThan(1000);
    expect(scoreWork.scored - scored).toBeLessThanOrEqual(withNeedle);
  });

  test("nothing is remembered past the cut (the next output's lines are another window's), whatever the budget", () => {
    const lines = VITEST.split("\n");
    for (const budget of [{ maxLines: 2000, maxBytes: 51200 }, { maxLines: 2000, maxBytes: 4096 }, { maxLines: 60, maxBytes: 1 << 20 }]) {
      bound(VITEST, { budget });
      expect(lines.filter((line) => knownScore(line) !== undefined)).toEqual([]);
    }
  });
});
