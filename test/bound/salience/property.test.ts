// The promises of SPEC §4 with salience on, property-tested on outputs full of salient lines: the budget holds,
// the spill is the input, bounding a projection again changes nothing, and every line number shown is true.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { countLines } from "../../../src/bound/budget.js";
import { SpillStore } from "../../../src/spill/store.js";
import { boundInChunks } from "./bound-in-chunks.js";

const spillDir = mkdtempSync(join(tmpdir(), "correx-salience-prop-"));
const store = new SpillStore(spillDir);
store.prepare();
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

const salientLine = fc.constantFrom(
  "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
  "error[E0308]: mismatched types",
  "  --> src/main.rs:4:18",
  "Traceback (most recent call last):",
  '  File "job.py", line 10, in normalize',
  "KeyError: 'price'",
  "    at describeOrder (file:///srv/orders.mjs:11:44)",
  "make: *** [Makefile:11: f121.o] Error 1",
  "/srv/app/src/module047.js",
  "  22:35  error    'missingHelper47' is not defined  no-undef",
  "+ cp a b",
  "cp: cannot stat 'a': No such file or directory",
  "FAILED tests/test_x.py::test_a - AssertionError",
  "Errors: 0",
  "  ✓ handles error_recovery",
  "😀 error: é中文 ✘",
  "",
);
const fillerLine = fc.oneof(
  fc.integer({ min: 0, max: 99999 }).map((n) => `gcc -O2 -c f${n}.c -o f${n}.o`),
  fc.string({ maxLength: 60 }),
  fc.integer({ min: 0, max: 2000 }).map((n) => "x".repeat(n)),
);
const output = fc.array(fc.oneof({ weight: 1, arbitrary: salientLine }, { weight: 6, arbitrary: fillerLine }), { maxLength: 600 }).chain((lines) =>
  fc.boolean().map((newline) => Buffer.from(lines.join("\n") + (newline ? "\n" : ""))),
);
const budget = fc.record({ maxLines: fc.integer({ min: 1, max: 120 }), maxBytes: fc.integer({ min: 1, max: 6000 }) });

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

describe("bound with salience, properties", () => {
  test("the budget holds, the spill is the input, a second bounding changes nothing, line numbers are true", () => {
    fc.assert(
      fc.property(output, budget, fc.integer({ min: 1, max: 4096 }), (bytes, drawn, chunk) => {
        // A budget too small for the marker is refused, naming the smallest that works (issue 11): that one is used.
        const { result, limits } = boundInChunks(bytes, drawn, chunk, store);
        expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(limits.maxBytes);
        expect(countLines(result.text)).toBeLessThanOrEqual(limits.maxLines);
        if (result.spill?.kind === "saved") expect(readFileSync(result.spill.path).equals(bytes)).toBe(true);
        expect(bound(result.text, { budget: limits }).text).toBe(result.text);
        const lines = bytes.toString("utf8").replace(ANSI, "").split("\n");
        for (const line of result.text.split("\n")) {
          const match = /^L(\d+): (.*)$/s.exec(line);
          if (match && result.middle) expect(lines[Number(match[1]) - 1]).toBe(match[2]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
