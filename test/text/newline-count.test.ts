// The SIMD newline count against a plain loop: any start and length (the 64-byte steps, the 16-byte steps, the last
// bytes), runs longer than a byte lane can count (255 × 16 bytes of newlines), and bytes already in the counter's
// own memory (newlineCountWindow), which are counted where they are: no copy.
import { describe, expect, test } from "vitest";
import { countNewlineBytes, newlineCountWindow, newlineCountWork } from "../../src/text/newline-count.js";

function plainCount(bytes: Uint8Array, start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index += 1) if (bytes[index] === 10) count += 1;
  return count;
}

/** Deterministic bytes with newlines at `density` (a small linear congruential generator: the same every run). */
function bytesOf(length: number, density: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state / 2 ** 32 < density ? 10 : 65 + (state % 26);
  }
  return bytes;
}

describe("countNewlineBytes", () => {
  test("the same as a plain loop for every start and length, whatever the density", () => {
    for (let round = 0; round < 60; round += 1) {
      const bytes = bytesOf(300 + round * 1777, [0, 0.01, 0.3, 1][round % 4]!, round + 1);
      for (const [start, end] of [[0, bytes.length], [round % 61, bytes.length - (round % 17)], [7, 7 + 256 + round]]) {
        expect(countNewlineBytes(bytes, start, end)).toBe(plainCount(bytes, start!, end!));
      }
    }
  });

  test("runs of newlines longer than a byte lane can count, across the window's size", () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 77, 10);
    expect(countNewlineBytes(bytes)).toBe(bytes.length);
    expect(countNewlineBytes(bytes, 3, 255 * 16 + 100)).toBe(255 * 16 + 97);
  });

  test("bytes held elsewhere are copied into the counter's first 64 KiB only, a piece at a time (no more of its memory is touched)", () => {
    const window = newlineCountWindow()!;
    window.fill(0x5a, 64 * 1024 + 8);
    const data = bytesOf(1024 * 1024 + 333, 0.02, 11);
    expect(countNewlineBytes(data, 1, data.length)).toBe(plainCount(data, 1, data.length));
    expect(window.subarray(64 * 1024 + 8).every((byte) => byte === 0x5a)).toBe(true);
  });

  test("bytes in the counter's own memory are counted there, not copied; other bytes are copied to it", () => {
    const window = newlineCountWindow();
    expect(window?.length).toBe(1024 * 1024);
    const data = bytesOf(window!.length, 0.05, 9);
    window!.set(data);
    const copied = newlineCountWork.copied;
    expect(countNewlineBytes(window!, 5, window!.length - 3)).toBe(plainCount(data, 5, data.length - 3));
    expect(newlineCountWork.copied).toBe(copied);
    expect(countNewlineBytes(data, 5, data.length - 3)).toBe(plainCount(data, 5, data.length - 3));
    expect(newlineCountWork.copied).toBe(copied + data.length - 8);
  });
});
