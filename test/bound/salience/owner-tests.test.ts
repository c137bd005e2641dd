// ownerOf runs its rules only where one of two tests (the line's own text, the line above it) says one may apply
// (issue 16: a log line ran ~10 checks and read the line above twice, and TurboFan compiled all of that into the hit
// path, then ownerByText and failureTitle again on their own; counted here, not timed). The owners found stay those
// of the rules one by one: every recorded line with the lines above it, and random lines made of the rules' words.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { Above } from "../../../src/bound/salience/lines-above.js";
import { ownerOf, ownerOfAny } from "../../../src/bound/salience/owners.js";
import type { NumberedLine } from "../../../src/bound/salience/reservoir.js";
import { benchLog } from "./bench-log.js";

/** The lines above lines[index], nearest first, with the distances asked for counted. */
function above(lines: readonly string[], index: number, asked: number[] = []): Above {
  return {
    at: (distance: number): NumberedLine | undefined => {
      asked.push(distance);
      return index - distance >= 0 ? { number: index - distance + 1, text: lines[index - distance]! } : undefined;
    },
  };
}

/** Every recorded output (test/fixtures, test/fixtures/salience), as lines. */
function recordedOutputs(): string[][] {
  const outputs: string[][] = [];
  for (const folder of ["test/fixtures", "test/fixtures/salience"]) {
    for (const name of readdirSync(folder)) {
      if (name.endsWith(".txt") || name.endsWith(".log")) outputs.push(readFileSync(`${folder}/${name}`, "utf8").split(/\r?\n/).slice(0, 4000));
    }
  }
  return outputs;
}

describe("ownerOf's two tests", () => {
  test("the owners of every recorded line are those of the rules one by one", () => {
    let owned = 0;
    let lines = 0;
    for (const output of recordedOutputs()) {
      for (let index = 0; index < output.length; index += 1) {
        const line = { number: index + 1, text: output[index]! };
        const expected = ownerOfAny(line, above(output, index));
        if (expected.length > 0) owned += 1;
        const got = ownerOf(line, above(output, index));
        if (JSON.stringify(got) !== JSON.stringify(expected)) expect({ line, got }).toEqual({ line, got: expected });
        lines += 1;
      }
    }
    expect(lines).toBeGreaterThan(10_000);
    expect(owned).toBeGreaterThan(100);
  });

  test("each rule's own case: an owner found, the same as the rules one by one", () => {
    const cases = [
      ["  1) parser suite", "     handles errors:", "", "ERR_ASSERTION boom"],
      ["  1) parser suite", "     handles errors:", "     AssertionError: expected 1"],
      ["+ make all", "make: *** [all] Error 1"],
      ["f.c: In function ‘main’:", "f.c:4:5: error: expected ‘;’"],
      ["f.c: At top level:", "f.c:9:1: error: unknown type name"],
      ["In file included from a.h:1,", "a.c:1:2: error: x"],
      ["a.c: In function ‘f’:", "a.c:2:3: warning: unused", "    2 | int x;", "a.c:3:1: error: y"],
      ["    x_test.go:12: got 2, want 3", "--- FAIL: TestX (0.00s)"],
      [" ! [rejected]        main -> main (fetch first)", "error: failed to push some refs to 'origin'"],
      ["a.c:(.text+0x5): undefined reference to `f'", "collect2: error: ld returned 1 exit status"],
      ["  File \"a.py\", line 3, in f", "    x = d['plum']", "KeyError: 'plum'"],
      ["In deploy.sh line 3:", "for f in $(ls *.txt); do", "         ^-----^ SC2045 (error): Iterating over ls output is fragile."],
      ["____ test_total ____", "    def test_total():", ">       assert total() == 3", "E       assert 2 == 3"],
      ["tests/test_mod.py:90: in test_total", "    assert total() == 3", "E   assert 2 == 3"],
      ["src/app.js", "  3:1  error  'x' is not defined  no-undef"],
    ];
    for (const lines of cases) {
      const index = lines.length - 1;
      const line = { number: index + 1, text: lines[index]! };
      const expected = ownerOfAny(line, above(lines, index));
      expect({ lines, owned: expected.length > 0 }).toEqual({ lines, owned: true });
      expect(ownerOf(line, above(lines, index))).toEqual(expected);
    }
  });

  test("the same on random lines and lines above made of the rules' words", () => {
    const word = fc.constantFrom("error: ", "--- FAIL: ", "E   ", "> ", "+ ", "++ make", "collect2: error: ld returned 1", "KeyError: 'x'", "a.b.ValueError", "f.c: In function ‘main’:", "In file included from a.h:1", "f.c: At top level:", "In x.sh line 3:", "  ^-- SC2045 (error): ", "  1) suite", "   title:", "  File \"x.py\", line 3, in f", "x.py:9: in t", "___ test_x ___", " ! [rejected] a -> b", "To origin", "/usr/bin/ld: x", " ", "\t", "", ":", "a.c:1:2: ", "src/a.ts", "2026-11-01 ERROR x");
    // Whole lines each rule reads (a mocha title over a blank line, a `set -x` line, gcc's context, …) and pieces.
    const whole = fc.constantFrom("", "  ", "  1) parser suite", "     handles errors:", "+ make all", "f.c: In function ‘main’:", "E       assert 1 == 2", "> assert x", "--- FAIL: TestX (0.00s)", "    x_test.go:12: got 2", "error: failed to push some refs", "collect2: error: ld returned 1 exit status", "/usr/bin/ld: a.o: undefined reference to `f'", "KeyError: 'plum'", "  File \"a.py\", line 3, in f", "    x = d['plum']", "In deploy.sh line 3:", "for f in $(ls); do", "  ^-- SC2045 (error): Iterating over ls output is fragile.", "a.c:4:5: error: expected ';'", "src/app.js", "  3:1  error  x  no-undef");
    const line = fc.oneof(whole, fc.array(fc.oneof(word, fc.string({ maxLength: 4 })), { maxLength: 6 }).map((pieces) => pieces.join("")));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const index = lines.length - 1;
        const numbered = { number: index + 1, text: lines[index]! };
        expect(ownerOf(numbered, above(lines, index))).toEqual(ownerOfAny(numbered, above(lines, index)));
      }),
      { numRuns: 5000 },
    );
  });

  test("a bench log line asks for the line above once and runs none of the rules (old main: twice, and ten checks)", () => {
    const lines = benchLog(3000);
    let asked = 0;
    for (let index = 1; index < lines.length; index += 1) {
      if (!lines[index]!.includes("ERROR")) continue;
      const distances: number[] = [];
      expect(ownerOf({ number: index + 1, text: lines[index]! }, above(lines, index, distances))).toEqual([]);
      expect(distances).toEqual([1]);
      asked += 1;
    }
    expect(asked).toBeGreaterThan(400);
  });
});
