// The byte path's one-off cost per scored line (issue 16): every scored line, on the byte path and in the window,
// reads the lines above it through one reader, not a closure made for it (each fed the scavenger, and the call
// sites' different closures deoptimized the scoring code).
import { afterEach, describe, expect, test, vi } from "vitest";
import { BoundSession, MODEL_BUDGET, resolveBoundOptions } from "../../../src/bound/index.js";
import { GroupBuilder } from "../../../src/bound/salience/groups.js";
import { logPadding } from "./log-padding.js";

/** A word of letters past f (no hex digit) for each number. */
const word = (number: number): string => [...number.toString(20)].map((digit) => "ghijklmnopqrstuvwxyz"[Number.parseInt(digit, 20)]).join("");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the lines above a scored line", () => {
  test("one reader for every line offered, whatever path scored it", () => {
    const readers = new Set<unknown>();
    let offered = 0;
    const offer = GroupBuilder.prototype.offer;
    vi.spyOn(GroupBuilder.prototype, "offer").mockImplementation(function (this: GroupBuilder, line, before) {
      offered += 1;
      readers.add(before);
      return offer.call(this, line, before);
    });
    const session = new BoundSession(resolveBoundOptions({ budget: MODEL_BUDGET }));
    const padding = logPadding();
    // Errors of ever new kinds (a letters-only word after ERROR, so that the scan's kinds differ): the first ones
    // leave the ring (the byte path), the last ones end up in the window's lines the cut does not show (the line path).
    const errors = (from: number, count: number): string => Array.from({ length: count }, (_, index) => `2026-12-01T10:00:00Z ERROR ${word(from + index)} job failed${" again".repeat(index % 9)}\n`).join("");
    for (const chunk of [padding, errors(0, 200), padding, errors(200, 600), padding.slice(0, 30_000)]) session.write(Buffer.from(chunk));
    session.finish();
    const scored = session as unknown as { collector: { options: { salience: { work: { scoredLines: number } } } } };
    expect(scored.collector.options.salience.work.scoredLines).toBeGreaterThan(150);
    expect(offered).toBeGreaterThan(scored.collector.options.salience.work.scoredLines + 100); // the window's lines too
    expect(readers.size).toBe(1);
  });
});
