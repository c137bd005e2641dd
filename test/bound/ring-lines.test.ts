// The tail's lines read back from the ring: only the ring's end is cleaned, and the lines are the ones reading the
// whole ring gives (repeats folded across the point where reading starts, colours that clean to the same text).
import fc from "fast-check";
import { describe, expect, test, vi } from "vitest";
import { ByteRing } from "../../src/bound/byte-ring.js";
import { LineDecoder } from "../../src/bound/line-decoder.js";
import { RepeatFolder } from "../../src/bound/lines.js";
import { ringLines } from "../../src/bound/ring-lines.js";
import { LineCollector } from "../../src/bound/stream.js";
import { renderLine } from "../../src/text/render-line.js";

const clean = (line: string): string => renderLine(line, { stripAnsi: true, collapse: true });

/** A ring of `capacity` bytes fed `input` in pieces of `piece` bytes. */
function ringOf(input: Buffer, capacity: number, piece: number): ByteRing {
  const ring = new ByteRing(capacity, 0, true);
  for (let offset = 0; offset < input.length; offset += piece) ring.push(input.subarray(offset, offset + piece));
  return ring;
}

describe("the tail read back from the ring", () => {
  test("4 MiB of varied log lines: the tail cleans about the lines it keeps, not the ring's ten thousand", () => {
    const lines: string[] = [];
    let bytes = 0;
    for (let index = 0; bytes < 4 * 1024 * 1024; index += 1) {
      lines.push(`2026-11-01T00:00:${index % 60}Z INFO [worker-${index % 16}] fetched src/module-${index}.ts (req ${index.toString(16)}) in ${index % 2000} ms`);
      bytes += lines[index]!.length + 1;
    }
    const input = Buffer.from(`${lines.join("\n")}\n`);
    let cleaned = 0;
    const collector = new LineCollector({ budget: { maxLines: 2000, maxBytes: 51200 }, keep: "both", foldRepeats: true, cleanLine: (line) => ((cleaned += 1), line) });
    for (let offset = 0; offset < input.length; offset += 65536) collector.write(input.subarray(offset, offset + 65536));
    const window = collector.finish();
    expect(window.last).toHaveLength(2016);
    expect(window.last.at(-1)!.text).toBe(lines.at(-1));
    expect(window.last[0]!.from).toBe(lines.length - 2015);
    // The head's lines (up to 51,200 bytes), the 2,016 kept, and the two lines compared where reading starts.
    expect(cleaned).toBeLessThan(window.first.length + 2016 + 3);
  });

  test("the 2,016 tail lines of ASCII logs are decoded in a few blocks, not with a toString each", () => {
    const lines = Array.from({ length: 40000 }, (_, index) => `2026-11-01T00:00:${index % 60}Z INFO [worker-${index % 16}] fetched src/module-${index}.ts in ${index % 2000} ms`);
    const input = Buffer.from(`${lines.join("\n")}\n`);
    const collector = new LineCollector({ budget: { maxLines: 2000, maxBytes: 51200 }, keep: "both", foldRepeats: true, cleanLine: (line) => line });
    for (let offset = 0; offset < input.length; offset += 65536) collector.write(input.subarray(offset, offset + 65536));
    const toString = vi.spyOn(Buffer.prototype, "toString");
    try {
      const window = collector.finish();
      expect(window.last.map((line) => line.text)).toEqual(lines.slice(-2016));
      // ~200 KB of tail in 64 KiB blocks, and the two lines compared where reading starts
      expect(toString.mock.calls.length).toBeLessThan(10);
    } finally {
      toString.mockRestore();
    }
  });

  test("4 MiB as one line: the ring's one partial line is cleaned once", () => {
    const input = Buffer.from("2026-11-01T00:00:00Z INFO [worker-1] fetched src/module-1.ts in 12 ms ".repeat(60000));
    const cleaned: number[] = [];
    const collector = new LineCollector({ budget: { maxLines: 2000, maxBytes: 51200 }, keep: "both", foldRepeats: true, cleanLine: (line) => (cleaned.push(line.length), line) });
    for (let offset = 0; offset < input.length; offset += 65536) collector.write(input.subarray(offset, offset + 65536));
    const window = collector.finish();
    expect(window.last).toHaveLength(1);
    expect(window.last[0]!.partial).toBe("start");
    // The head's giant line (up to the 1 MiB line cap), then the ring's.
    expect(cleaned).toHaveLength(2);
  });

  test("the same lines as reading the whole ring (repeats, colours, empty lines, partial first line, folding on or off)", () => {
    const line = fc.oneof(
      fc.constantFrom("a", "b", "", "same line", "\u001b[31msame line\u001b[0m", "é ü"),
      fc.stringMatching(/^[a-z ]{0,12}$/),
      { arbitrary: fc.nat().map((number) => `line ${number}`), weight: 2 },
    );
    const count = fc.oneof({ arbitrary: fc.constant(1), weight: 10 }, { arbitrary: fc.integer({ min: 2, max: 60 }), weight: 1 });
    fc.assert(
      fc.property(fc.array(fc.tuple(line, count), { minLength: 1, maxLength: 800, size: "max" }), fc.integer({ min: 64, max: 160 }), fc.integer({ min: 1024, max: 16384 }), fc.boolean(), fc.boolean(), (runs, keep, capacity, ending, foldRepeats) => {
        const text = runs.map(([each, times]) => `${each}\n`.repeat(times)).join("");
        const input = Buffer.from(ending ? text : `${text}tail`);
        const newlines = input.filter((byte) => byte === 0x0a).length;
        const options = { cleanLine: clean, foldRepeats, totalNewlines: newlines };
        const whole = ringLines(ringOf(input, capacity, 97), options, new RepeatFolder(foldRepeats)).slice(-keep);
        expect(ringLines(ringOf(input, capacity, 97), options, new RepeatFolder(foldRepeats), keep)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });
});

describe("LineDecoder", () => {
  test("gives the lines toString gives, in ASCII blocks or (any other byte) line by line: multi-byte, split and invalid UTF-8, long lines", () => {
    const piece = fc.oneof(
      { arbitrary: fc.stringMatching(/^[ -~]{0,80}$/), weight: 6 },
      fc.constantFrom("é ü", "\u2713 ok", "\ud83d\ude00", "x".repeat(70000)),
      fc.uint8Array({ minLength: 1, maxLength: 6 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
    );
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 3 }), { minLength: 1, maxLength: 300 }), fc.boolean(), (lines, latin1) => {
        const bytes = Buffer.concat(lines.map((parts) => Buffer.from(`${parts.join("")}\n`, latin1 ? "latin1" : "utf8")));
        const decoder = new LineDecoder(bytes);
        for (let offset = 0; offset < bytes.length; ) {
          const newline = bytes.indexOf(0x0a, offset);
          const end = newline === -1 ? bytes.length : newline;
          expect(decoder.decode(offset, end)).toBe(bytes.toString("utf8", offset, end));
          offset = end + 1;
        }
      }),
      { numRuns: 200 },
    );
  });

  test("ASCII lines: one block decoded per 64 KiB, no line alone", () => {
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, index) => `line ${index} ${"x".repeat(index % 90)}\n`).join(""));
    const decoder = new LineDecoder(bytes);
    for (let offset = 0; offset < bytes.length; ) {
      const end = bytes.indexOf(0x0a, offset);
      decoder.decode(offset, end);
      offset = end + 1;
    }
    expect(decoder.work.ranges).toBe(0);
    expect(decoder.work.blocks).toBeLessThanOrEqual(Math.ceil(bytes.length / 65536) + 1);
  });
});
