// The one-line summary of the omitted lines is mined only when a cut shows it (issue 16: the end of an output,
// counted, not timed): an output with no salient line gets no salient section, so no summary, and the window's
// lines are not mined for one; with an error among them, every window line the summary counts is mined as before.
import { afterEach, describe, expect, test, vi } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { TemplateMiner } from "../../../src/bound/salience/template.js";
import { createRandom } from "../../fuzz/generate.js";

/** Varied log lines from a seeded generator (as bench/log-input.mjs makes them), none of them an error. */
function quietLog(count: number): string[] {
  const { next, pick } = createRandom(0x5eed);
  const words = ["compiled", "fetched", "connected to", "wrote", "skipped", "resolved", "cache miss for", "checked"];
  const paths = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view"];
  return Array.from({ length: count }, () => {
    const time = new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 86_400_000)).toISOString();
    return `${time} ${pick(["INFO", "INFO", "DEBUG"])} [worker-${Math.floor(next() * 16)}] ${pick(words)} ${pick(paths)}-${Math.floor(next() * 500)}.ts in ${Math.floor(next() * 2000)} ms`;
  });
}

describe("the summary's mining (counted, not timed)", () => {
  // ~200 KB: a whole window, every middle line taken for an exact summary. Near-duplicates not folded: folded, this
  // output fits with the cut inside its biggest run, and no salient cut is tried.
  const lines = quietLog(2500);
  const mined = vi.spyOn(TemplateMiner.prototype, "add");
  afterEach(() => mined.mockClear());

  test("no salient line: the cut has no salient section, and none of the window's ~2,000 middle lines is mined", () => {
    const result = bound(`${lines.join("\n")}\n`, { budget: { maxLines: 2000, maxBytes: 51200 }, foldSimilar: false });
    expect(result.truncated).toBe(true);
    expect(result.middle ?? []).toEqual([]);
    expect(result.text).not.toContain("the omitted lines");
    expect(mined).not.toHaveBeenCalled();
  });

  test("an error in the middle: it is shown with the summary of what the rest were, every omitted line counted", () => {
    const withError = [...lines];
    withError[1200] = "2026-11-01T12:00:00.000Z ERROR [worker-3] connection refused by db/pool-7.ts:42";
    const result = bound(`${withError.join("\n")}\n`, { budget: { maxLines: 2000, maxBytes: 51200 }, foldSimilar: false });
    expect(result.text).toContain("L1201: 2026-11-01T12:00:00.000Z ERROR [worker-3] connection refused");
    expect(result.text).toMatch(/the omitted lines, (?:mostly|among them): \d+ × /);
    expect(mined.mock.calls.length).toBeGreaterThan(1500);
  });
});
