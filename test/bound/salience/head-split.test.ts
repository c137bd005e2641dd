// A salient group the head's end splits (its salient line the head's last, its continuation below it) is completed in
// the middle. The byte path's case (pyright, its detail the first line to leave the ring) is in byte-path-kept.test.ts.
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { isLogWarning } from "../../../src/bound/salience/rare-warnings.js";
import { SalienceScanner } from "../../../src/bound/salience/scanner.js";
import { fixture, raw } from "./corpus-kinds.js";

describe("the in-memory cut completes a group its head ends inside", () => {
  // gcc's f2.c error (line 9, under its `In function` line 8) ends the salient cut's head at 4,096 bytes. Before: its
  // group began in that head, so it was no middle group, and the final head, one line shorter, showed neither the
  // error nor its code frame. Now the head shows the error and the middle its frame (L10, L11).
  test("gcc's f2.c error and its code frame at 4,096 bytes", () => {
    const result = bound(raw("gcc-repeated-error-unique-cause.txt"), { budget: { maxLines: 2000, maxBytes: 4096 } });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(4096);
    const lines = result.text.split("\n");
    const error = lines.indexOf("f2.c:1:24: error: incompatible types when initializing type ‘int *’ using type ‘double’");
    expect(error).toBeGreaterThan(0);
    expect(lines.slice(error + 1).filter((line) => line.startsWith("L10: ") || line.startsWith("L11: "))).toEqual(['L10:     1 | int f2(void){ int *p = 1.5; return "x"; }', "L11:       |                        ^~~"]);
  });
});

describe("the lines scored above the middle for the groups they open", () => {
  // The window's scan starts 32 lines above the middle; a log-level warning there is one the head shows: not counted
  // among the middle's (rare-warnings.ts: a ninth one shows none), and no group of its own.
  test("a warning the head shows is no rare warning of the middle (Python logging's recorded run)", () => {
    const lines = fixture("python-logging-lone-warning.txt").map((text, index) => ({ text, from: index + 1, to: index + 1, rawStart: 0, rawEnd: 0 }));
    const warning = lines.findIndex((line) => isLogWarning(line.text)) + 1;
    const scanner = new SalienceScanner((line) => line, 51_200);
    scanner.scanLines(lines, warning + 5, lines.length);
    expect(scanner.groups().filter((group) => group.lines.some((line) => line.number === warning))).toEqual([]);
  });
});
