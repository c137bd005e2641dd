// A region gathered from two pieces is gathered in the needle scan's own window and scanned where it lies: copied
// once (into the stage), not twice (stage, then window). Counted in bytes copied, never timed.
import { describe, expect, test } from "vitest";
import { NeedleScan } from "../../../src/bound/salience/needle-scan.js";
import { BYTE_NEEDLES } from "../../../src/bound/salience/prefilter.js";
import { SalienceScanner } from "../../../src/bound/salience/scanner.js";

/** Log lines, every fifth an error of one of a few kinds (numbers vary). */
function logLines(count: number): Buffer {
  const lines: string[] = [];
  for (let index = 0; index < count; index += 1) {
    lines.push(
      index % 5 === 0
        ? `2026-12-01T04:00:${String(index % 60).padStart(2, "0")}Z ERROR [worker-${index % 7}] request ${index} failed: connection refused (ECONNREFUSED)`
        : `2026-12-01T04:00:${String(index % 60).padStart(2, "0")}Z INFO [worker-${index % 7}] served /api/item/${index} in ${index % 900} ms`,
    );
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

function scanOf(scan: NeedleScan, bytes: Buffer, start: number, end: number): { positions: number[]; linesBefore: number[]; newlines: number } {
  const found = { positions: [] as number[], linesBefore: [] as number[] };
  const newlines = scan.scan(bytes, start, end, 16, Number.MAX_SAFE_INTEGER, found);
  return { ...found, newlines };
}

describe("the needle scan reads a region gathered in its stage where it lies", () => {
  test("the same hits and newlines as a copy, at the stage's start and past it, and nothing copied", () => {
    const bytes = logLines(3000);
    for (const at of [0, 4096, 77]) {
      const copied = NeedleScan.create(BYTE_NEEDLES)!;
      const inPlace = NeedleScan.create(BYTE_NEEDLES)!;
      const stage = inPlace.stage(at + bytes.length);
      bytes.copy(stage, at);
      const region = stage.subarray(at, at + bytes.length);
      const expected = scanOf(copied, bytes, 0, bytes.length);
      expect(expected.positions.length).toBeGreaterThan(10);
      expect(scanOf(inPlace, region, 0, bytes.length)).toEqual(expected);
      expect(inPlace.copiedBytes).toBe(0);
      expect(copied.copiedBytes).toBe(bytes.length);
    }
  });

  test("a stage is at most the scan's window", () => {
    const scan = NeedleScan.create(BYTE_NEEDLES)!;
    expect(scan.stage(4 * 1024 * 1024).length).toBe(1024 * 1024);
  });
});

describe("the byte path copies each byte that leaves the ring once", () => {
  /** The scanner's work after evicting `bytes` in pieces of `pieceBytes`. */
  function workOf(bytes: Buffer, pieceBytes: number): SalienceScanner["work"] {
    const scanner = new SalienceScanner((line) => line, 51200);
    scanner.begin(1, true);
    for (let from = 0; from < bytes.length; from += pieceBytes) scanner.evict(bytes.subarray(from, from + pieceBytes));
    scanner.flush();
    return scanner.work;
  }

  test("regions gathered from pieces that do not hold them whole are scanned in the stage: no byte copied again", () => {
    const bytes = logLines(40_000); // ~4 MiB: 16 regions of 256 KiB
    const work = workOf(bytes, 100 * 1024); // every region spans two or three pieces
    expect(work.scannedBytes).toBe(bytes.length);
    expect(work.copiedBytes).toBe(0); // old main: every byte, once more
  });

  test("a region that one piece holds is copied into the window once (it was not gathered)", () => {
    const bytes = logLines(40_000);
    const work = workOf(bytes, 1024 * 1024);
    expect(work.scannedBytes).toBe(bytes.length);
    expect(work.copiedBytes).toBeGreaterThan(0);
    expect(work.copiedBytes).toBeLessThan(bytes.length);
    // what is kept does not depend on the pieces
    const small = workOf(bytes, 100 * 1024);
    expect({ ...small, copiedBytes: 0, gatheredBytes: 0 }).toEqual({ ...work, copiedBytes: 0, gatheredBytes: 0 });
  });
});
