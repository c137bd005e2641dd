// The tail ring's newlines at the end of an output are counted by WebAssembly SIMD, not by an indexOf per line: the
// end runs without TurboFan, where each of Buffer's indexOf calls cost ~1,800 instructions (a 1 MiB ring of log
// lines: ~10,000 calls for its count, ~8,000 more for the line number of the tail's first line; issue 16).
import { afterEach, describe, expect, test, vi } from "vitest";
import { ByteRing } from "../../src/bound/byte-ring.js";
import { RepeatFolder } from "../../src/bound/lines.js";
import { ringLines } from "../../src/bound/ring-lines.js";
import { benchLog } from "./salience/bench-log.js";

/** Calls of Buffer's (and Uint8Array's) indexOf and lastIndexOf while `work` runs, and its result. */
function countSearches<T>(work: () => T): { calls: number; result: T } {
  let calls = 0;
  const spies = [Buffer.prototype, Uint8Array.prototype].flatMap((prototype) =>
    (["indexOf", "lastIndexOf"] as const).map((name) => {
      const original = prototype[name] as (...args: unknown[]) => number;
      return vi.spyOn(prototype, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        calls += 1;
        return original.apply(this, args);
      } as never);
    }),
  );
  try {
    return { result: work(), calls };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** A 1 MiB ring fed 3 MiB of the bench's log lines (wrapped, ~10,000 lines held), and the newlines it holds. */
function wrappedRing(): { ring: ByteRing; newlines: number; total: number } {
  const input = Buffer.from(`${benchLog(30_000).join("\n")}\n`);
  const ring = new ByteRing(1024 * 1024, 0, false);
  for (let offset = 0; offset < input.length; offset += 65_536) ring.push(input.subarray(offset, offset + 65_536));
  const held = input.subarray(input.length - 1024 * 1024);
  const count = (bytes: Buffer): number => bytes.reduce((sum, byte) => sum + (byte === 10 ? 1 : 0), 0);
  return { ring, newlines: count(held), total: count(input) };
}

afterEach(() => vi.restoreAllMocks());

describe("the ring's newlines at the end of an output (counted, not timed)", () => {
  test("the count of a 1 MiB ring of ~10,000 lines is exact and makes no indexOf call per line", () => {
    const { ring, newlines } = wrappedRing();
    expect(newlines).toBeGreaterThan(9_000);
    const { calls, result } = countSearches(() => ring.newlines());
    expect(result).toBe(newlines);
    expect(calls).toBeLessThan(10); // main's build: one call per newline, ~10,000
  });

  test("the tail's 200 lines read back with their true numbers, searching about the lines kept, not the ring's", () => {
    const { ring, newlines, total } = wrappedRing();
    const options = { cleanLine: (line: string) => line, foldRepeats: false, totalNewlines: total, ringNewlines: newlines };
    const { calls, result } = countSearches(() => ringLines(ring, options, new RepeatFolder(false), 200));
    expect(result).toHaveLength(200);
    expect(result[result.length - 1]!.from).toBe(total);
    expect(result[0]!.from).toBe(total - 199);
    expect(calls).toBeLessThan(1_000); // main's build: ~10,000 (a count of the lines before the tail's first)
  });
});
