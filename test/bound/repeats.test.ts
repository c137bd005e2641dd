// Repeats on the fast path: folding costs a memcmp per stretch, not work per line; the tail ring never becomes an
// object per line; the result is the one line-by-line folding gives, however the input is chunked.
import { readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BoundSession, resolveBoundOptions } from "../../src/bound/index.js";
import { repeatNote } from "../../src/bound/lines.js";
import { LineCollector } from "../../src/bound/stream.js";
import type { Budget } from "../../src/bound/types.js";
import { countNewlines, countRepeats } from "../../src/text/newlines.js";
import { makeStore } from "../spill/helpers.js";

const MODEL: Budget = { maxLines: 2000, maxBytes: 51200 };

/** Streams `pattern` repeated up to `size` bytes through a collector in 64 KiB chunks; counts the lines it cleaned. */
function collect(pattern: string, size: number, foldRepeats: boolean, budget = MODEL) {
  let cleaned = 0;
  const collector = new LineCollector({ budget, keep: "both", foldRepeats, cleanLine: (line) => ((cleaned += 1), line) });
  const block = Buffer.from(pattern.repeat(Math.ceil(65536 / pattern.length)));
  for (let written = 0; written < size; written += block.length) collector.write(block.subarray(0, Math.min(block.length, size - written)));
  return { window: collector.finish(), cleaned };
}

describe("work per input, counted (a regression check that wall time cannot flake)", () => {
  test.each([
    ["yes", "y\n"],
    ["empty lines", "\n"],
    ["a long repeated line", `${"x".repeat(300)}\n`],
  ])("20 MB of %s: a handful of lines cleaned, not one per line", (_name, pattern) => {
    const lines = Math.floor((20 * 1024 * 1024) / pattern.length);
    const size = lines * pattern.length;
    const { window, cleaned } = collect(pattern, size, true);
    expect(window.totalLines).toBe(lines);
    expect(window.first.map((line) => line.text)).toEqual([pattern.slice(0, -1), repeatNote(lines - 1)]);
    // One line per chunk boundary at most (a repeat split across two chunks takes the line-by-line path).
    expect(cleaned).toBeLessThan(size / 65536 + 100);
  });

  test("short lines past the head (yes --no-fold): the tail keeps about the line budget, not a million objects", () => {
    const { window, cleaned } = collect("y\n", 20 * 1024 * 1024, false);
    expect(window.complete).toBe(false);
    expect(window.last.length).toBeLessThanOrEqual(MODEL.maxLines + 16);
    expect(window.last.at(-1)).toMatchObject({ text: "y", to: 10 * 1024 * 1024 });
    expect(cleaned).toBeLessThan(3 * MODEL.maxLines + 100);
  });

  test("a ring of varied short lines that folds (seq) keeps its tail bounded too", () => {
    const lines = Array.from({ length: 400_000 }, (_, index) => String(index)).join("\n");
    const collector = new LineCollector({ budget: MODEL, keep: "both", foldRepeats: true, cleanLine: (line) => line });
    collector.write(Buffer.from(`${lines}\n`));
    const window = collector.finish();
    expect(window.last.length).toBeLessThanOrEqual(2 * (MODEL.maxLines + 16));
    expect(window.last.at(-1)).toMatchObject({ text: "399999", to: 400_000 });
  });
});

describe("the same result as line-by-line folding", () => {
  const fragment = fc.constantFrom("a", "b", "", "same line", "é😀", "\x1b[31mred\x1b[0m", "x".repeat(120));
  const runs = fc.array(fc.tuple(fragment, fc.integer({ min: 1, max: 400 })), { minLength: 1, maxLength: 12 });

  test("folded runs, chunked anywhere, equal one-byte-at-a-time reading (which never takes the fast path)", () => {
    fc.assert(
      fc.property(runs, fc.array(fc.nat(20000), { maxLength: 8 }), fc.integer({ min: 3, max: 60 }), fc.boolean(), (pieces, cuts, maxLines, newlineAtEnd) => {
        const text = pieces.map(([line, count]) => `${line}\n`.repeat(count)).join("");
        const bytes = Buffer.from(newlineAtEnd ? text : text.slice(0, -1));
        const options = resolveBoundOptions({ budget: { maxLines, maxBytes: 4000 } });
        const fast = new BoundSession(options);
        let start = 0;
        for (const cut of [...cuts, bytes.length].sort((a, b) => a - b)) {
          fast.write(bytes.subarray(start, Math.max(start, cut)));
          start = Math.max(start, cut);
        }
        const slow = new BoundSession(options);
        for (let index = 0; index < bytes.length; index += 1) slow.write(bytes.subarray(index, index + 1));
        expect(fast.finish().text).toBe(slow.finish().text);
      }),
      { numRuns: 150 },
    );
  });
});

describe("nothing left behind", () => {
  test("repeats that fold into a fit leave no spill file (the bytes written past 1 MiB are removed)", () => {
    const store = makeStore();
    const session = new BoundSession(resolveBoundOptions(), { store });
    const block = Buffer.from("same line\n".repeat(6554));
    for (let written = 0; written < 20_000_000; written += block.length) session.write(block);
    const result = session.finish();
    expect(result.truncated).toBe(false);
    expect(result.text).toMatch(/^same line\n\[previous line repeated \d+ more times\]\n$/);
    expect(readdirSync(store.dir)).toEqual([]);
  });
});

describe("byte scans", () => {
  test.each([
    ["", 0],
    ["\n", 1],
    ["y\n".repeat(10_000), 10_000],
    [`${"a".repeat(100)}\n`.repeat(999), 999],
  ])("countNewlines agrees with a plain count (%#)", (text, count) => {
    for (const offset of [0, 1, 3]) {
      const bytes = Buffer.from(`${"z".repeat(offset)}${text}`).subarray(offset);
      expect(countNewlines(bytes)).toBe(count);
    }
  });

  test("countNewlines on dense input starting and ending at any alignment", () => {
    const whole = Buffer.from("ab\n\n\nc\n".repeat(5000));
    for (const end of [whole.length, whole.length - 1, 1026, 1027, 1028, 1029]) {
      const bytes = whole.subarray(0, end);
      for (const from of [0, 1, 2, 3, 5]) expect(countNewlines(bytes, from)).toBe(bytes.subarray(from).toString().split("\n").length - 1);
    }
    // 256 newlines then nothing left past an unaligned offset (the word count is zero).
    expect(countNewlines(Buffer.alloc(300, "\n").subarray(1, 258))).toBe(257);
  });

  test("countRepeats counts whole copies only", () => {
    const line = Buffer.from("abc");
    expect(countRepeats(Buffer.from("abc\nabc\nabc\nab"), 0, line)).toBe(3);
    expect(countRepeats(Buffer.from("abc\nabc\nabd\n"), 0, line)).toBe(2);
    expect(countRepeats(Buffer.from("abcd\n"), 0, line)).toBe(0);
    expect(countRepeats(Buffer.from("\n\n\nx"), 0, Buffer.alloc(0))).toBe(3);
  });
});
