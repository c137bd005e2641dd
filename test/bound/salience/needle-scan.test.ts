// The one-pass SIMD needle scan against a plain reference: the same hits, the same line counts, and every hit of a
// kind seen fewer times than the limit reported.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { assignBuckets } from "../../../src/bound/salience/needle-buckets.js";
import { NeedleScan } from "../../../src/bound/salience/needle-scan.js";
import { BYTE_NEEDLES } from "../../../src/bound/salience/prefilter.js";

/**
 * Every position where some needle (its first 16 bytes) starts, overlaps included; for a needle that opens with the
 * newline (glog's `\nW1`), the line after it (none when the newline is the last byte).
 */
function referenceHits(bytes: Buffer): number[] {
  const hits = new Set<number>();
  for (const needle of BYTE_NEEDLES) {
    const after = needle[0] === 0x0a ? 1 : 0;
    for (let at = bytes.indexOf(needle.subarray(0, 16)); at !== -1; at = bytes.indexOf(needle.subarray(0, 16), at + 1)) if (at + after < bytes.length) hits.add(at + after);
  }
  return [...hits].sort((a, b) => a - b);
}

/**
 * The kind of a hit: the line from it, hex digits (0-9, a-f, A-F) as "0" and each run of them one "0", its first 32
 * such characters, from at most 48 bytes up to the line's end.
 */
function kindOf(bytes: Buffer, position: number): string {
  let key = "";
  let run = false;
  for (let index = position; index < position + 48 && index < bytes.length && bytes[index] !== 0x0a && key.length < 32; index += 1) {
    const byte = bytes[index]!;
    const hex = /[0-9a-fA-F]/.test(String.fromCharCode(byte));
    if (!(hex && run)) key += hex ? "0" : String.fromCharCode(byte);
    run = hex;
  }
  return key;
}

/** A hit's fine key: the 48 bytes from it up to the line's end, hex digits as "0" where they lie. */
function fineKeyOf(bytes: Buffer, position: number): string {
  let key = "";
  for (let index = position; index < position + 48 && index < bytes.length && bytes[index] !== 0x0a; index += 1) {
    const byte = String.fromCharCode(bytes[index]!);
    key += /[0-9a-fA-F]/.test(byte) ? "0" : byte;
  }
  return key;
}

/** The hits a scan with `limit` must report (it may report more: a slot shared by two kinds forgets a count). */
function referenceNovel(bytes: Buffer, hits: number[], limit: number): number[] {
  const seen = new Map<string, number>();
  return hits.filter((position) => {
    const key = kindOf(bytes, position);
    const count = seen.get(key) ?? 0;
    if (count >= limit) return false;
    seen.set(key, count + 1);
    return true;
  });
}

/** newlines[i]: the newlines in bytes[0, i). */
function newlineCounts(bytes: Buffer): Int32Array {
  const counts = new Int32Array(bytes.length + 1);
  for (let index = 0; index < bytes.length; index += 1) counts[index + 1] = counts[index]! + (bytes[index] === 0x0a ? 1 : 0);
  return counts;
}

function check(bytes: Buffer, limit: number, plain = false): void {
  const scan = NeedleScan.create(BYTE_NEEDLES, plain)!;
  const found = { positions: [] as number[], linesBefore: [] as number[] };
  const newlines = scan.scan(bytes, 0, bytes.length, limit, Number.MAX_SAFE_INTEGER, found);
  const hits = referenceHits(bytes);
  const newlinesBefore = newlineCounts(bytes);
  expect(newlines).toBe(newlinesBefore[bytes.length]);
  expect(scan.hits).toBe(hits.length);
  const reported = new Set(found.positions);
  const novel = referenceNovel(bytes, hits, limit);
  expect(novel.filter((position) => !reported.has(position))).toEqual([]);
  expect(found.positions.length).toBeLessThanOrEqual(novel.length + 16); // a repeated kind is not reported again
  const all = new Set(hits);
  expect(found.positions.filter((position) => !all.has(position))).toEqual([]);
  expect([...found.positions].sort((a, b) => a - b)).toEqual(found.positions);
  expect(found.linesBefore).toEqual(found.positions.map((position) => newlinesBefore[position]));
}

const FRAGMENTS = ["rror", "ERR", "ail", "AIL", "xception", "Traceback", "anic", "atal", "***", "xit", "\" 5", "Cannot", "×", "✘", "●", "❌",
  "Permission denied", "Segmentation fault", "data", "status", "at ", "E", "r", "x", " ", "  ", "7", "42", "1234", "\n", "\n", "é", "\t"];

describe("NeedleScan", () => {
  test("is available on Node 20 (WebAssembly SIMD)", () => {
    expect(NeedleScan.create(BYTE_NEEDLES)).not.toBeNull();
  });

  test("runs relaxed SIMD's module on Node 20 (V8's flag on only while it compiles), and the plain one where asked", () => {
    expect(NeedleScan.relaxed).toBe(true);
    expect(NeedleScan.create(BYTE_NEEDLES, true)).not.toBeNull();
    if (Number(process.versions.node.split(".")[0]) < 22) {
      // the flag is off again: another module with relaxed SIMD is still rejected
      const relaxedOnly = Buffer.from("AGFzbQEAAAABBQFgAAF7AwIBAAoPAQ0AQQD9D0EA/Q/9gAIL", "base64");
      expect(() => new (globalThis as unknown as { WebAssembly: { Module: new (bytes: Buffer) => object } }).WebAssembly.Module(relaxedOnly)).toThrow();
    }
  });

  test("both modules, relaxed and plain SIMD, match the reference on random text with every needle planted", () => {
    const planted = [...BYTE_NEEDLES.map((needle) => needle.toString("latin1")), ...BYTE_NEEDLES.map((needle) => needle.subarray(0, 3).toString("latin1")),
      "timeout", "req 4c13181f", "worker-7", "efuse", "ERRO", "\n", "\n", " ", "  ", "0", "9", "\u00e9", "\u00e2\u009c\u0093", "\u00e2", "\u00c3"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...planted), { maxLength: 300 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), (parts, limit, plain) => {
        check(Buffer.from(`${parts.join("")}\n`, "latin1"), limit, plain);
      }),
      { numRuns: 300 },
    );
  });

  test("finds the hits, newlines and kinds of the real recorded outputs as the reference does", () => {
    const folder = new URL("../../fixtures/salience/", import.meta.url);
    const names = readdirSync(folder).filter((name) => name.endsWith(".txt") && !name.endsWith(".must-keep.txt")).sort();
    const all = Buffer.concat(names.slice(0, 6).map((name) => readFileSync(new URL(name, folder))));
    const bytes = all.subarray(0, all.lastIndexOf(0x0a) + 1);
    for (const limit of [1, 4, 64]) for (const plain of [false, true]) check(bytes, limit, plain);
  });

  test("a number's width makes no new kind of line: lines that differ only in their numbers' and ids' widths are one kind", () => {
    // A log's worker 7 and worker 13, 95 ms and 1825 ms, an id of 7 or 8 digits: with each digit masked in place
    // (the kind before) every width moved what followed it, and each mix of widths was a kind of its own.
    const lines: string[] = [];
    for (let index = 0; index < 400; index += 1) {
      const worker = [7, 13, 2, 104][index % 4];
      const took = [95, 1825, 7, 31000][(index >> 2) % 4];
      const id = ["4c13181", "4c13181f", "9f", "1234abcd99"][(index >> 4) % 4];
      lines.push(`ERROR [worker-${worker}] request ${id} timed out after ${took} ms\n`);
    }
    const bytes = Buffer.from(lines.join(""));
    const scan = NeedleScan.create(BYTE_NEEDLES)!;
    const found = { positions: [] as number[], linesBefore: [] as number[] };
    scan.scan(bytes, 0, bytes.length, 16, Number.MAX_SAFE_INTEGER, found);
    expect(scan.hits).toBe(400);
    expect(found.positions).toHaveLength(16);
    // A word that differs is still another kind.
    const other = Buffer.from(lines.map((line, index) => (index % 2 ? line.replace("timed out", "refused") : line)).join(""));
    const again = { positions: [] as number[], linesBefore: [] as number[] };
    NeedleScan.create(BYTE_NEEDLES)!.scan(other, 0, other.length, 16, Number.MAX_SAFE_INTEGER, again);
    expect(again.positions.length).toBeGreaterThanOrEqual(32);
  });

  test("work: in a flood of one kind of error, a hit's kind is worked out only while its fine key is not yet seen `limit` times", () => {
    // 20,000 error lines of four widths' mixes: each fine key (the bytes as they lie) reaches the limit after 16
    // hits, and only those hits pay for the kind (a gather of 48 bytes): computed for every hit, a flood of errors
    // (several needles a line) cost +55 % at 100 MiB.
    const lines: string[] = [];
    for (let index = 0; index < 20_000; index += 1) lines.push(`ERROR [worker-${index % 2 ? 7 : 13}] request failed after ${index % 4 < 2 ? 95 : 1825} ms\n`);
    const bytes = Buffer.from(lines.join(""));
    const scan = NeedleScan.create(BYTE_NEEDLES)!;
    const found = { positions: [] as number[], linesBefore: [] as number[] };
    scan.scan(bytes, 0, bytes.length, 16, Number.MAX_SAFE_INTEGER, found);
    expect(scan.hits).toBeGreaterThanOrEqual(20_000);
    const fineKeys = new Set(referenceHits(bytes).map((position) => fineKeyOf(bytes, position))).size;
    expect(scan.kinds).toBeLessThanOrEqual(16 * fineKeys);
    expect(scan.kinds).toBeGreaterThan(0);
    expect(found.positions.length).toBeLessThanOrEqual(16 * new Set(referenceHits(bytes).map((position) => kindOf(bytes, position))).size);
  });

  test("matches the reference on random lines of needles, near-needles, digits and multi-byte characters", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 400 }), fc.integer({ min: 1, max: 5 }), (parts, limit) => {
        check(Buffer.from(`${parts.join("")}\n`), limit);
      }),
      { numRuns: 200 },
    );
  });

  test("a needle that opens with the newline (glog's `\\nW1204 …`) hands back the line after it, its kind read from there", () => {
    // Before salaudit6 the scan handed back the newline, the line before's last byte: every such hit one kind (an
    // empty line from there), the warning line never scored on the byte path.
    const lines = Array.from({ length: 60 }, (_, index) => (index % 3 === 2 ? `W1204 18:00:0${index % 10}.123456  1234 shard.cc:${index}] shard ${index}: took ${index * 7} ms (${["fetch", "merge", "index", "flush"][index % 4]} slow)` : `I1204 18:00:0${index % 10}.123456  1234 shard.cc:${index}] shard ${index} loaded`));
    const bytes = Buffer.from(`${lines.join("\n")}\n`);
    const scan = NeedleScan.create(BYTE_NEEDLES)!;
    const found = { positions: [] as number[], linesBefore: [] as number[] };
    scan.scan(bytes, 0, bytes.length, 255, Number.MAX_SAFE_INTEGER, found);
    const starts = lines.map((_, index) => lines.slice(0, index).reduce((sum, line) => sum + line.length + 1, 0));
    // the first line has no newline before it in the window: not found (the window's first line, a region's, is the byte path's to miss)
    expect(found.positions).toEqual(starts.filter((_, index) => index % 3 === 2));
    expect(found.linesBefore).toEqual(lines.map((_, index) => index).filter((index) => index % 3 === 2));
    // a window that ends with the newline before a W line: no hit for it (the next window's first line)
    const cut = starts[5]!;
    const part = { positions: [] as number[], linesBefore: [] as number[] };
    NeedleScan.create(BYTE_NEEDLES)!.scan(bytes, 0, cut, 255, Number.MAX_SAFE_INTEGER, part);
    expect(part.positions).toEqual([starts[2]]);
  });

  test("a scan from any offset to any later line end (whole pairs of blocks, and the block or two after them) matches the reference", () => {
    const lines = Array.from({ length: 40 }, (_, index) => `${"ab".repeat(index % 9)}ERROR x${index}${index % 3 === 0 ? " failed" : ""}`);
    const bytes = Buffer.from(`${lines.join("\n")}\n`);
    const ends = [...bytes.keys()].filter((index) => bytes[index] === 0x0a).map((index) => index + 1);
    const newlinesBefore = newlineCounts(bytes);
    const all = referenceHits(bytes);
    for (let start = 0; start < 48; start += 1) {
      for (const end of ends.filter((each) => each > start && each - start <= 120)) {
        const scan = NeedleScan.create(BYTE_NEEDLES)!;
        const found = { positions: [] as number[], linesBefore: [] as number[] };
        expect(scan.scan(bytes, start, end, 255, Number.MAX_SAFE_INTEGER, found)).toBe(newlinesBefore[end]! - newlinesBefore[start]!);
        const hits = all.filter((position) => position >= start && position < end);
        expect(found.positions).toEqual(hits); // every kind new: each hit comes back
        expect(found.linesBefore).toEqual(hits.map((position) => newlinesBefore[position]! - newlinesBefore[start]!));
        expect(scan.hits).toBe(hits.length);
      }
    }
  });

  test("a window with more new hits than its output holds (131,072) resumes where it stopped", () => {
    // 1 MiB of 8-byte lines `ERRxxxx`, each a hit of a kind seen at most a few times: every line comes back.
    const letters = "ghijklmnopqstuvw"; // no a, r, x: no other needle starts in them; no hex digit either
    const lines: string[] = [];
    for (let index = 0; index < 131_072 + 5_000; index += 1) {
      const code = (index * 7919) % 16 ** 4;
      lines.push(`ERR${[0, 1, 2, 3].map((place) => letters[Math.floor(code / 16 ** place) % 16]).join("")}`);
    }
    const bytes = Buffer.from(`${lines.join("\n")}\n`);
    const scan = NeedleScan.create(BYTE_NEEDLES)!;
    const found = { positions: [] as number[], linesBefore: [] as number[] };
    expect(scan.scan(bytes, 0, bytes.length, 255, Number.MAX_SAFE_INTEGER, found)).toBe(lines.length);
    expect(found.positions).toEqual(lines.map((_, index) => 8 * index));
    expect(found.linesBefore).toEqual(lines.map((_, index) => index));
  });

  test("hands back at most `most` hits, and still counts the lines and the kinds of the rest", () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => `ERROR request ${index} failed: ${"xyz".repeat(index % 7)}\n`).join(""));
    const scan = NeedleScan.create(BYTE_NEEDLES)!;
    const found = { positions: [] as number[], linesBefore: [] as number[] };
    expect(scan.scan(bytes, 0, bytes.length, 64, 5, found)).toBe(1000);
    expect(found.positions).toHaveLength(5);
    expect(scan.hits).toBe(2000); // each line: the "ERR" of ERROR and the "ail" of failed
  });

  test("kinds that differ only in the last bytes of their 32 are counted apart: each comes back `limit` times, no more", () => {
    // 32 bytes from the hit: "ERROR [worker-7] connected to " then two letters (no hex digit) that alone tell the kinds apart.
    const ends = [..."ghijklmnopqrstuvwxyz"].flatMap((first) => [..."ghijk"].map((second) => `${first}${second}`));
    const rounds = 100;
    const lines: string[] = [];
    for (let round = 0; round < rounds; round += 1) for (const end of ends) lines.push(`2026-12-01 ERROR [worker-7] connected to ${end}/socket in ${round} ms`);
    const bytes = Buffer.from(`${lines.join("\n")}\n`);
    const scan = NeedleScan.create(BYTE_NEEDLES)!;
    const found = { positions: [] as number[], linesBefore: [] as number[] };
    scan.scan(bytes, 0, bytes.length, 64, Number.MAX_SAFE_INTEGER, found);
    expect(scan.hits).toBe(lines.length);
    expect(found.positions).toHaveLength(ends.length * 64);
  });

  test("puts needles shorter than three bytes in bucket 0 and every needle in one bucket", () => {
    const buckets = assignBuckets(BYTE_NEEDLES);
    expect(buckets).toHaveLength(8);
    expect(buckets.flat().sort((a, b) => a - b)).toEqual(BYTE_NEEDLES.map((_, index) => index));
    expect(buckets[0]!.every((index) => BYTE_NEEDLES[index]!.length < 3)).toBe(true);
  });
});
