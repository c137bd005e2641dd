// The collector's line count with salience on: the newlines of the bytes that leave the tail ring are counted by
// the scanner (its needle scan counts them anyway), the ring's own once at the end; the totals stay exact.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { SalienceScanner } from "../../src/bound/salience/scanner.js";
import { LineCollector } from "../../src/bound/stream.js";

type Mode = "simd" | "indexOf" | "off";
const keepLine = (line: string): string => line;

function collect(bytes: Buffer, cuts: readonly number[], mode: Mode, maxBytes = 51_200) {
  const budget = { maxLines: 2000, maxBytes };
  const salience = mode === "off" ? undefined : new SalienceScanner(keepLine, maxBytes, mode === "simd");
  const collector = new LineCollector({ budget, keep: "both", cleanLine: keepLine, foldRepeats: true, salience });
  let start = 0;
  for (const cut of [...cuts, bytes.length].filter((at) => at > 0 && at <= bytes.length).sort((a, b) => a - b)) {
    collector.write(bytes.subarray(start, Math.max(start, cut)));
    start = Math.max(start, cut);
  }
  const window = collector.finish();
  return { window, counted: collector.countedBytes, last: window.last.map(({ from, to, text }) => ({ from, to, text })) };
}

function expectedLines(bytes: Buffer): number {
  let newlines = 0;
  for (let index = bytes.indexOf(10); index !== -1; index = bytes.indexOf(10, index + 1)) newlines += 1;
  return newlines + (bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? 1 : 0);
}

function logLines(megabytes: number): Buffer {
  const lines: string[] = [];
  for (let index = 0, size = 0; size < megabytes * 1024 * 1024; index += 1) {
    const line = index % 331 === 0 ? `src/f${index}.ts(3,7): error TS2322: Type 'x' is not assignable` : `2026-12-01T04:00:${index % 60}Z INFO [worker-${index % 13}] served /api/v${index % 7} in ${index % 997} ms`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

describe("the collector's line count with salience on", () => {
  test("totals and the tail's line numbers are exact whatever the lines and the chunking, as with salience off", () => {
    const line = fc.oneof(
      { weight: 20, arbitrary: fc.string({ maxLength: 120 }) },
      { weight: 3, arbitrary: fc.constantFrom("error: build failed", "Traceback (most recent call last):", "  at f (src/a.ts:1:2)", "") },
      { weight: 1, arbitrary: fc.integer({ min: 5_000, max: 20_000 }).map((length) => "y".repeat(length)) }, // past a carried partial line's cap
      { weight: 1, arbitrary: fc.integer({ min: 200_000, max: 700_000 }).map((length) => "z".repeat(length)) }, // past a region
    );
    // 1.1 to 4 MiB: past the head and the 1 MiB ring, so that bytes leave the ring for the scanner.
    const input = fc.tuple(fc.array(line, { minLength: 1, maxLength: 400 }), fc.boolean(), fc.integer({ min: 1_150_000, max: 4_200_000 })).map(([lines, newlineAtEnd, size]) => {
      const block = lines.join("\n");
      const text = Array.from({ length: Math.ceil(size / (block.length + 1)) }, () => block).join("\n");
      return Buffer.from(newlineAtEnd ? `${text}\n` : text);
    });
    fc.assert(
      fc.property(input, fc.array(fc.nat(4_000_000), { maxLength: 12 }), (bytes, cuts) => {
        const off = collect(bytes, [], "off");
        expect(off.window.totalLines).toBe(expectedLines(bytes));
        for (const mode of ["simd", "indexOf"] as const) {
          const on = collect(bytes, cuts, mode);
          expect(on.window.totalLines).toBe(off.window.totalLines);
          expect(on.last).toEqual(off.last);
        }
      }),
      { numRuns: 12 },
    );
  });

  test("a diff (whose lines are not scored) and an input past the head with no newline at all keep exact totals", () => {
    const diff = Buffer.from(`diff --git a/x.ts b/x.ts\n--- a/x.ts\n+++ b/x.ts\n@@ -1,3 +1,3 @@\n${Array.from({ length: 60_000 }, (_, index) => `+const value${index} = ${index};`).join("\n")}\n`);
    const oneLine = Buffer.from(`${"w".repeat(3 * 1024 * 1024)}`);
    for (const bytes of [diff, oneLine]) {
      for (const cuts of [[], [65_536, 1_000_003, 2_000_000]]) {
        const on = collect(bytes, cuts, "simd");
        expect(on.window.totalLines).toBe(expectedLines(bytes));
        expect(on.last).toEqual(collect(bytes, cuts, "off").last);
      }
    }
  });

  test("with salience on, only the ring's own bytes are counted by the collector; with it off, every byte past the head", () => {
    const bytes = logLines(24);
    const cuts = Array.from({ length: 24 }, (_, index) => (index + 1) * 1024 * 1024);
    const on = collect(bytes, cuts, "simd");
    expect(on.window.totalLines).toBe(expectedLines(bytes));
    expect(on.counted).toBeLessThanOrEqual(1024 * 1024); // the ring (was every byte past the head: 24 MiB)
    const off = collect(bytes, cuts, "off");
    expect(off.window.totalLines).toBe(on.window.totalLines);
    expect(off.counted).toBeGreaterThan(23 * 1024 * 1024);
  });
});
