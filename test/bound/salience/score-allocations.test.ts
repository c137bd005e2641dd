// Scoring a line allocates nothing of its own (issue 16's one-off CPU): the end of an output runs without V8's
// optimizing compiler (one-off.ts), where a for-of over the rules allocated an iterator result per rule tried.
import { describe, expect, test, vi } from "vitest";
import { scoreLine } from "../../../src/bound/salience/rules.js";

describe("scoreLine", () => {
  test("no iterator over the rules (thirty per scored line where the code is not optimized)", () => {
    const iterator = vi.spyOn(Array.prototype, Symbol.iterator as never);
    try {
      expect(scoreLine("2026-12-01T10:00:00Z ERROR [worker-3] job 12 failed")).toBeGreaterThan(0);
      expect(scoreLine("all good")).toBe(0);
      expect(iterator).not.toHaveBeenCalled();
    } finally {
      iterator.mockRestore();
    }
  });
});
