// A flood of error lines: a new kind of error inside it is still found, and the work stays per byte, not per line
// (counted: bytes scanned, hits handed back, lines scored; never timed).
import { describe, expect, test } from "vitest";
import { BoundSession, MODEL_BUDGET, resolveBoundOptions } from "../../../src/bound/index.js";
import { REPEATS_PER_KIND } from "../../../src/bound/salience/hit-finder.js";
import { SalienceScanner } from "../../../src/bound/salience/scanner.js";
import { LineCollector } from "../../../src/bound/stream.js";

const FLOOD_LINES = 1_000_000;
const UNIQUE_AT = 500_001;
const UNIQUE = "src/billing/invoice.ts(41,7): error TS2322: Type 'string' is not assignable to type 'number'.";

/** Errors and warnings of a few kinds, every number varying (tsc, a server log, rustc, eslint). */
function floodLine(index: number): string {
  switch (index % 4) {
    case 0:
      return `src/module${index % 97}/file${index}.ts(${index % 400},${index % 80}): error TS2345: Argument of type 'string' is not assignable to parameter of type 'number'.`;
    case 1:
      return `2026-12-01T04:00:${String(index % 60).padStart(2, "0")}Z ERROR [worker-${index % 13}] request ${index} failed: connection refused (ECONNREFUSED 10.0.${index % 255}.7:5432)`;
    case 2:
      return `warning: unused variable: \`total${index}\` --> src/ledger.rs:${index % 900}:9`;
    default:
      return `  ${index % 300}:${index % 60}  warning  'unused${index}' is assigned a value but never used  no-unused-vars`;
  }
}

/** The flood in chunks of about 64 KiB, the unique error at line UNIQUE_AT. */
function* floodChunks(): Generator<Buffer> {
  let lines: string[] = [];
  for (let number = 1; number <= FLOOD_LINES; number += 1) {
    lines.push(number === UNIQUE_AT ? UNIQUE : floodLine(number));
    if (lines.length === 640 || number === FLOOD_LINES) {
      yield Buffer.from(`${lines.join("\n")}\n`);
      lines = [];
    }
  }
}

/** A word of letters that are not hex digits, different for every index: each line a new kind. */
function word(index: number): string {
  let text = "";
  for (let rest = index * 2654435761 % 2 ** 32; text.length < 7; rest = Math.floor(rest / 20)) text += "ghijklmnopqrstuvwxyz"[rest % 20];
  return text;
}

/** Lines that all look like errors, each of a kind never seen before (an id made of words, not numbers). */
function* novelChunks(): Generator<Buffer> {
  let lines: string[] = [];
  for (let number = 1; number <= FLOOD_LINES; number += 1) {
    lines.push(`ERROR upstream ${word(number)}-${word(number + 7)} timed out for user ${word(number * 3)}`);
    if (lines.length === 640 || number === FLOOD_LINES) {
      yield Buffer.from(`${lines.join("\n")}\n`);
      lines = [];
    }
  }
}

function scanFlood(simd: boolean, chunks = floodChunks()): { scanner: SalienceScanner; totalBytes: number } {
  const scanner = new SalienceScanner((line) => line, MODEL_BUDGET.maxBytes, simd);
  const collector = new LineCollector({ budget: MODEL_BUDGET, keep: "both", cleanLine: (line) => line, foldRepeats: true, salience: scanner });
  let totalBytes = 0;
  for (const chunk of chunks) {
    collector.write(chunk);
    totalBytes += chunk.length;
  }
  collector.finish();
  return { scanner, totalBytes };
}

describe("salience in a flood of errors", () => {
  test("one distinct error TS2322 among 1,000,000 lines of other errors and warnings is kept, with its line number", () => {
    const session = new BoundSession(resolveBoundOptions({ budget: MODEL_BUDGET, salience: true }));
    for (const chunk of floodChunks()) session.write(chunk);
    const result = session.finish();
    expect(result.text).toContain(`L${UNIQUE_AT}: ${UNIQUE}`);
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(MODEL_BUDGET.maxBytes);
  }, 60_000);

  test("work: each byte scanned once whatever the number of needles, a few hits per kind of line, few lines scored", () => {
    const { scanner, totalBytes } = scanFlood(true);
    const { scannedBytes, skippedBytes, hits, scoredLines } = scanner.work;
    expect(scannedBytes).toBeGreaterThan(totalBytes - 2 * 1024 * 1024); // all but the final window (ring)
    expect(scannedBytes).toBeLessThanOrEqual(totalBytes);
    expect(skippedBytes).toBe(0);
    // 1,000,000 lines, most with a needle hit: hits handed back and lines scored are bounded by the kinds of line.
    expect(hits).toBeLessThan(20_000);
    expect(scoredLines).toBeLessThan(5_000);
    // Only the first two groups of a template look on for a frame: the flood's lines are not decoded one by one.
    expect(scanner.work.followedLines).toBeLessThan(5_000);
    expect(scanner.groups().some((group) => group.lines.some((line) => line.number === UNIQUE_AT && line.text === UNIQUE))).toBe(true);
    // The summary's estimate: a line per 4 KiB for the first 128, then a line per 8 KiB, 16 KiB, … (not one per 4 KiB throughout).
    expect(totalBytes).toBeGreaterThan(90 * 1024 * 1024);
    expect(scanner.work.sampledLines).toBeGreaterThan(7 * 128);
    expect(scanner.work.sampledLines).toBeLessThan(1200);
  }, 60_000);

  test("work: a flood of ever new kinds of line hands back no more hits than the allowance can score", () => {
    const { scanner, totalBytes } = scanFlood(true, novelChunks());
    const allowance = 16_384 + (64 * totalBytes) / (1024 * 1024);
    // Lines looked at for a closed group's frame (jest's, mocha's under a diff) draw on the same allowance, at a quarter.
    expect(scanner.work.scoredLines + scanner.work.followedLines / 4).toBeLessThanOrEqual(allowance + 1);
    // Hits handed back per region: twice what the allowance can score, and 8 more (about 1,600 regions of 64 KiB).
    expect(scanner.work.hits).toBeLessThan(2 * allowance + 8 * 4_000);
  }, 60_000);

  test("work: log lines with errors of a few hundred kinds hand back at most REPEATS_PER_KIND hits of each kind, not one per error", () => {
    // Like bench/log-input.mjs: one line in six an ERROR whose 32 bytes from the needle differ only near their end.
    const words = ["compiled", "fetched", "retrying", "connected to", "wrote", "skipped", "resolved", "cache miss for", "timeout on", "checked"];
    const paths = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view", "test/spec"];
    const levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"];
    const workers = Array.from({ length: 16 }, (_, index) => String(index));
    const kinds = new Set<string>();
    function* logChunks(): Generator<Buffer> {
      let lines: string[] = [];
      for (let number = 1; number <= 300_000; number += 1) {
        const pick = (list: string[], salt: number): string => list[(Math.imul(number, salt) >>> 7) % list.length]!;
        const line = `2026-12-01T04:00:00Z ${pick(levels, 0x9e3779b1)} [worker-${pick(workers, 0x85ebca6b)}] ${pick(words, 0xc2b2ae35)} ${pick(paths, 0x27d4eb2f)}-${number % 500}.ts (req ${(Math.imul(number, 0x2545f491) >>> 0).toString(16)}) in ${number % 2000} ms`;
        const at = line.indexOf("ERROR");
        if (at !== -1) kinds.add(line.slice(at, at + 32).replace(/[0-9a-fA-F]/g, "0"));
        lines.push(line);
        if (lines.length === 640) {
          yield Buffer.from(`${lines.join("\n")}\n`);
          lines = [];
        }
      }
    }
    const { scanner } = scanFlood(true, logChunks());
    expect(kinds.size).toBeGreaterThan(100);
    expect(scanner.work.hits).toBeLessThanOrEqual(REPEATS_PER_KIND * kinds.size + 600);
    expect(scanner.work.scoredLines).toBeLessThanOrEqual(REPEATS_PER_KIND * kinds.size + 600);
  }, 60_000);

  test("without WebAssembly the indexOf path still bounds its work in the flood", () => {
    const { scanner, totalBytes } = scanFlood(false);
    // The allowance: 16,384 lines, then 64 per MiB; once it ran out, the needles run only now and then.
    expect(scanner.work.skippedBytes).toBeGreaterThan(totalBytes / 2);
    expect(scanner.work.scoredLines).toBeLessThanOrEqual(16_384 + (64 * totalBytes) / (1024 * 1024));
  }, 60_000);
});
