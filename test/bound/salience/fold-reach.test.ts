// A partial window (the head list and the last lines of a longer output) folds only what a cut can show: the head
// list's start and the tail list's end, each as far as its share of the room reaches once folded, not the ~2,500
// lines the two lists hold (issue 16: the fold was a third of salience's fixed cost at the end of an output).
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { foldWork } from "../../../src/bound/salience/near-fold.js";
import { expectTrueHeadAndTail, likeNotes } from "./fold-check.js";
import { createRandom } from "../../fuzz/generate.js";

/** Varied log lines from a seeded generator (as bench/log-input.mjs makes them): runs of near-duplicates, ERROR lines among them. */
function logLines(count: number): string[] {
  const { next, pick } = createRandom(0x5eed);
  const levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"];
  const words = ["compiled", "fetched", "retrying", "connected to", "wrote", "skipped", "resolved", "cache miss for", "timeout on", "checked"];
  const paths = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view", "test/spec"];
  return Array.from({ length: count }, (_, index) => {
    const time = new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 86_400_000)).toISOString();
    const id = Math.floor(next() * 0xffffffff).toString(16).padStart(8, "0");
    return `${time} ${pick(levels)} [worker-${Math.floor(next() * 16)}] ${pick(words)} ${pick(paths)}-${Math.floor(next() * 500)}.ts (req ${id}) in ${Math.floor(next() * 2000)} ms`;
  });
}

describe("the fold of a partial window (counted, not timed)", () => {
  const lines = logLines(16000);
  const input = `${lines.join("\n")}\n`;

  test.each([51200, 10240])("at %d bytes: the lines shaped are what the cut can show, and what it shows is folded and true", (maxBytes) => {
    foldWork.shapedLines = 0;
    foldWork.scoredLines = 0;
    const result = bound(input, { budget: { maxLines: 2000, maxBytes } });
    // The window holds the head list (~550 lines at 51,200 bytes, ~110 at 10,240) and the tail list's 2,016 lines:
    // every one of them was shaped before (2,565 and 2,126 lines), now about 1,650 and 240 (the bound leaves room
    // for other changes to what is salient, which moves where runs end).
    expect(result.text).toContain("[... omitted ");
    expect(foldWork.shapedLines).toBeLessThan(maxBytes === 51200 ? 2000 : 500);
    expect(likeNotes(result.text).length).toBeGreaterThan(maxBytes === 51200 ? 20 : 4);
    expectTrueHeadAndTail([...lines, ""], result.text);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(maxBytes);
  });
});
