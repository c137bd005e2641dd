// The hot path's regular expressions go to native code at their first run (native-regexps.ts): each is run once on a
// text of 1,000 characters or more before the first line it scores, and still gives the same answers after.
import { describe, expect, test, vi } from "vitest";

const LOG_LINE = "2026-11-01T17:02:26.767Z ERROR [worker-1] connected to net/socket-157.ts (req 494d5bcc) in 615 ms";

/** The texts RegExp.prototype.test was given while `work` ran. */
async function testedTexts(work: () => Promise<void>): Promise<string[]> {
  const spy = vi.spyOn(RegExp.prototype, "test");
  try {
    await work();
    return spy.mock.calls.map(([text]) => String(text));
  } finally {
    spy.mockRestore();
  }
}

describe("compileNative", () => {
  test("scoreLine's rules, the miner's tests and the needles each run once on a long text before their first line", async () => {
    vi.resetModules();
    const { scoreLine } = await import("../../../src/bound/salience/rules.js");
    const { tokenize } = await import("../../../src/bound/salience/template.js");
    const { mayBeSalient } = await import("../../../src/bound/salience/prefilter.js");
    const runs = (texts: string[]): string[] => texts.map((text) => (text.length >= 1000 ? "long" : text === LOG_LINE ? "line" : "other"));
    // The needle expression; the 7 joined rules, the pass mark, the location hint, the failed test's title, the 2
    // rejections (those that ignore case are one) and the located lines' rejection (tool-rules.ts); tokenize's leaf test (a log line needs no mask: tokenize's one pass),
    // and the first time a line needs the masks (shape-mask.wat, no expression), the test whether its blanks are
    // single spaces before the masked line itself.
    expect(runs(await testedTexts(async () => void mayBeSalient(LOG_LINE)))).toEqual(["long", "line"]);
    expect(runs(await testedTexts(async () => void scoreLine(LOG_LINE))).slice(0, 15)).toEqual([...Array(14).fill("long"), "line"]);
    expect(runs(await testedTexts(async () => void tokenize(LOG_LINE)))).toEqual(["long"]);
    expect(runs(await testedTexts(async () => void tokenize(`\t${LOG_LINE}`)))).toEqual(["long", "other"]);
    // Once each: the next line runs no long text, and the answers are the same.
    expect(runs(await testedTexts(async () => void expect(scoreLine(LOG_LINE)).toBe(9)))).not.toContain("long");
    expect(runs(await testedTexts(async () => void expect(tokenize(LOG_LINE)).toHaveLength(11)))).not.toContain("long");
  });

  test("a global expression's lastIndex is left at 0", async () => {
    const { compileNative } = await import("../../../src/bound/salience/native-regexps.js");
    const global = / +/g;
    compileNative([global]);
    expect(global.lastIndex).toBe(0);
    expect("a  b".replace(global, " ")).toBe("a b");
  });
});
