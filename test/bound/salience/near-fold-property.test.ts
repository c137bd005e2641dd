// Near-duplicate folding, property-tested on outputs made of runs of near-duplicates with salient lines among
// them: the budget holds on what is written, the spill is the input, bounding again changes nothing, every line
// and every note shown is true, and no salient line is inside a note's range.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { countLines } from "../../../src/bound/budget.js";
import { SALIENT_SCORE, scoreLine } from "../../../src/bound/salience/rules.js";
import { SpillStore } from "../../../src/spill/store.js";
import { boundInChunks } from "./bound-in-chunks.js";
import { expectTrueHeadAndTail, likeNotes } from "./fold-check.js";

const spillDir = mkdtempSync(join(tmpdir(), "correx-near-fold-prop-"));
const store = new SpillStore(spillDir);
store.prepare();
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

/** Line makers: each run is one of these over growing numbers. */
const kinds: ((n: number) => string)[] = [
  (n) => `ok ${n} - sum of zeros (${n})`,
  (n) => `gcc -O2 -Wall -c src/f${n}.c -o build/f${n}.o`,
  (n) => `  ${n}:${n % 40}  warning  'unused${n}' is assigned a value but never used  no-unused-vars`,
  (n) => `2026-12-01T04:33:${String(n % 60).padStart(2, "0")}Z INFO  [orders] GET /api/orders/${n} 200 1.${n % 9}ms`,
  (n) => `TSFILE: /tmp/rec/tsc/packages/util/dist/mod${String(n).padStart(3, "0")}.js`,
  (n) => `commit ${(n * 2654435761).toString(16).padStart(10, "0")} chore: bump ${n}`,
];
const salient = fc.constantFrom(
  "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  "make: *** [Makefile:11: f121.o] Error 1",
  "  22:35  error    'missingHelper47' is not defined  no-undef",
  "not ok 97 - sum of zeros (97)",
  "TypeError: Cannot read properties of undefined (reading 'name')",
);
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.integer({ min: 0, max: kinds.length - 1 }), count: fc.integer({ min: 1, max: 300 }), cycle: fc.integer({ min: 1, max: 3 }) }).map(({ kind, count, cycle }) => Array.from({ length: count }, (_, index) => kinds[(kind + (index % cycle)) % kinds.length]!(index + 1))) },
  { weight: 1, arbitrary: salient.map((line) => [line]) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 40 }), { maxLength: 5 }) },
);
const output = fc.array(segment, { maxLength: 12 }).chain((segments) =>
  fc.boolean().map((newline) => Buffer.from(segments.flat().join("\n") + (newline ? "\n" : ""))),
);
const budget = fc.record({ maxLines: fc.integer({ min: 5, max: 400 }), maxBytes: fc.integer({ min: 400, max: 12000 }) });

describe("near-duplicate folding, properties", () => {
  test("budget, spill == input, idempotence, true lines and notes, salient lines never folded", () => {
    fc.assert(
      fc.property(output, budget, fc.integer({ min: 1, max: 4096 }), (bytes, drawn, chunk) => {
        // A budget too small for the marker is refused, naming the smallest that works (issue 11): that one is used.
        const { result, limits } = boundInChunks(bytes, drawn, chunk, store);
        expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(limits.maxBytes);
        expect(countLines(result.text)).toBeLessThanOrEqual(limits.maxLines);
        if (result.spill?.kind === "saved") expect(readFileSync(result.spill.path).equals(bytes)).toBe(true);
        expect(bound(result.text, { budget: limits }).text).toBe(result.text);
        const lines = bytes.toString("utf8").split("\n");
        expectTrueHeadAndTail(lines, result.text);
        for (const note of likeNotes(result.text)) {
          for (let line = note.from; line <= note.to; line += 1) expect(scoreLine(lines[line - 1]!)).toBeLessThan(SALIENT_SCORE);
        }
      }),
      { numRuns: 200 },
    );
  });

  test("an output that fits is passed byte for byte", () => {
    fc.assert(
      fc.property(output, (bytes) => {
        const text = bytes.toString("utf8");
        const limits = { maxLines: countLines(text) + 1, maxBytes: bytes.length + 1 };
        const result = bound(bytes, { budget: limits });
        if (!/[\x00-\x08\x0b-\x1f\x7f]/.test(text) && !/(^|\n)([^\n]*)\n\2(\n|$)/.test(text)) expect(result.text).toBe(text);
        expect(likeNotes(result.text)).toEqual(likeNotes(text));
      }),
      { numRuns: 100 },
    );
  });
});
