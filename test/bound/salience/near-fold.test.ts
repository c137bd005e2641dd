// Near-duplicate folding (issue 12, item 3) on recorded real outputs: runs of lines alike but for numbers, paths,
// hashes and names fold into their first lines and a note with the true range; salient lines never fold.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { countLines } from "../../../src/bound/budget.js";
import { formatLikeNote } from "../../../src/bound/salience/format.js";
import { findRuns, foldWork } from "../../../src/bound/salience/near-fold.js";
import { SALIENT_SCORE, scoreLine } from "../../../src/bound/salience/rules.js";
import { alike, lineShape, lineShapes, WILDCARD } from "../../../src/bound/salience/template.js";
import { maskToken } from "./mask-token.js";
import { SpillStore } from "../../../src/spill/store.js";
import { expectTrueHeadAndTail, likeNotes } from "./fold-check.js";

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const fixture = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}.txt`, import.meta.url));
const linesOf = (input: Buffer): string[] => input.toString("utf8").replace(ANSI, "").split("\n").map((line) => line.replace(/\r$/, ""));
const mustKeep = (name: string): string[] =>
  readFileSync(new URL(`../../fixtures/salience/${name}.must-keep.txt`, import.meta.url), "utf8").split("\n").map((line) => line.trim()).filter(Boolean);
const kept = (text: string, wanted: string[]): string[] => wanted.filter((needle) => text.split("\n").some((line) => line.includes(needle)));

const spillDir = mkdtempSync(join(tmpdir(), "correx-near-fold-"));
const store = new SpillStore(spillDir);
store.prepare();
afterAll(() => rmSync(spillDir, { recursive: true, force: true }));

const WITH_ERRORS = ["make-k-j8", "eslint-warnings-3-errors", "cargo-e0308-after-warnings", "server-log-stack-trace", "set-x-deploy", "python-batch-traceback", "tsc-build-verbose", "tsc-many-errors", "find-permission-denied", "vitest-verbose-2-failures", "pytest-verbose-2-failures", "node-test-tap-2-failures"];
const BUDGETS = [51200, 10240, 4096];

describe("line shapes", () => {
  test("lines that differ only in numbers, paths, hashes or quoted names are alike; other words are not", () => {
    expect(alike(lineShape("ok 41 - sum of zeros (41)"), lineShape("ok 42 - sum of zeros (42)"))).toBe(true);
    expect(alike(lineShape("gcc -O2 -c f17.c -o f17.o"), lineShape("gcc -O2 -c f123.c -o f123.o"))).toBe(true);
    expect(alike(lineShape("  12:5  warning  'unused2' is never reassigned  prefer-const"), lineShape("  3:17  warning  'result' is never reassigned  prefer-const"))).toBe(true);
    expect(alike(lineShape("commit 3ec1a3e0b4 bound: salience"), lineShape("commit 89ea358f1c bound: salience"))).toBe(true);
    expect(alike(lineShape("TSFILE: /tmp/a/dist/mod029.js"), lineShape("TSFILE: /tmp/b/dist/x.d.ts"))).toBe(true);
    expect(alike(lineShape("ok 41 - sum of zeros (41)"), lineShape("ok 42 - product of ones (42)"))).toBe(false);
    expect(alike(lineShape("ok 41 - sum of zeros (41)"), lineShape("ok 42 - sum of ones (42)"))).toBe(true);
    expect(alike(lineShape("warning: unused variable"), lineShape("error: unused variable"))).toBe(false);
    expect(alike(lineShape("  indented line"), lineShape("indented line"))).toBe(false);
  });

  test("lines are shaped together as each would be token by token (recorded outputs, random lines)", () => {
    // The shape token by token, as it was first written: the reference the batch must equal.
    const shapeToken = (token: string): string => {
      if (token.length > 64) return WILDCARD;
      if (/[/\\]/.test(token) && /[\w.]/.test(token)) return "P";
      if (/^[(\[]?[`'"‘“«].*[`'"’”»][)\].,:;]*$/.test(token)) return "Q";
      return maskToken(token).replace(/([^\w\s])\1+/g, "$1$1");
    };
    const reference = (text: string): string[] => {
      const raw = text.trim().split(/\s+/);
      return [/^\s/.test(text) ? " " : "", ...raw.slice(0, 24).map(shapeToken), ...(raw.length > 24 ? [WILDCARD] : [])];
    };
    const recorded = readdirSync(new URL("../../fixtures/salience/", import.meta.url)).filter((name) => name.endsWith(".txt")).flatMap((name) => linesOf(fixture(name.replace(/\.txt$/, ""))));
    expect(lineShapes(recorded)).toEqual(recorded.map(reference));
    const piece = fc.constantFrom("a", "7", "0xdeadbeef1", "deadbee", "/", "\\", ".", "'", '"', "‘", "’", "(", ")", "[", "]", ",", ":", "~~", "^^^", "…", " ", "  ", "\t", "\u00a0", "\n", "x".repeat(70), "é", "😀");
    const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(""));
    fc.assert(fc.property(fc.array(text, { maxLength: 8 }), (texts) => {
      expect(lineShapes(texts)).toEqual(texts.map(reference));
    }), { numRuns: 2000 });
  });

  test("the note says how many lines, like which, and their range", () => {
    expect(formatLikeNote(1840, true, 120, 1959)).toBe("[... 1840 more lines like the line above (lines 120-1959) ...]");
    expect(formatLikeNote(12, false, 13, 24)).toBe("[... 12 more lines like those above (lines 13-24) ...]");
  });
});

describe("runs on recorded outputs", () => {
  test.each(WITH_ERRORS)("%s: no run holds a salient line", (name) => {
    const lines = linesOf(fixture(name)).map((text, index) => ({ text, from: index + 1, to: index + 1, rawStart: 0, rawEnd: 0 }));
    for (const run of findRuns(lines)) {
      for (const line of lines.slice(run.start, run.end)) expect(scoreLine(line.text), line.text).toBeLessThan(SALIENT_SCORE);
    }
  });

  test("a find listing (each line all path) and blank lines start no run", () => {
    const lines = linesOf(fixture("find-permission-denied")).map((text, index) => ({ text, from: index + 1, to: index + 1, rawStart: 0, rawEnd: 0 }));
    expect(findRuns(lines)).toEqual([]);
  });
});

describe("work near-fold does (counted, not timed)", () => {
  const line = (text: string, partial?: "start" | "end") => ({ text, from: 1, to: 1, rawStart: 0, rawEnd: 0, ...(partial ? { partial } : {}) });
  const giant = `2026-11-01T00:00:00Z ERROR [worker-1] connection refused in 12 ms `.repeat(16384);

  test("a list's lines are shaped in one batch, not one call each", () => {
    foldWork.shapeBatches = 0;
    foldWork.shapedLines = 0;
    findRuns(Array.from({ length: 500 }, (_, index) => line(`INFO [worker-${index % 4}] fetched src/module-${index}.ts in ${index} ms`)));
    expect(foldWork.shapeBatches).toBe(1);
    expect(foldWork.shapedLines).toBe(500);
  });

  test("a giant partial line with nothing around it is not scored (it never folds); a whole line, or one with a continuation, is", () => {
    foldWork.scoredLines = 0;
    findRuns([line(giant, "end")]);
    findRuns([line(giant, "start")], true);
    expect(foldWork.scoredLines).toBe(0);
    findRuns([line("ERROR: connection refused")]);
    expect(foldWork.scoredLines).toBe(1);
    findRuns([line(giant, "start"), line("    at connect (net.js:12:5)")], true);
    expect(foldWork.scoredLines).toBe(2);
  });
});

describe("bound folds near-duplicates in the shown lines", () => {
  test("make -k -j8 at 10,240 bytes: the warnings fold, the error shows in place with its code frame", () => {
    const input = fixture("make-k-j8");
    const result = bound(input, { budget: { maxLines: 2000, maxBytes: 10240 } });
    expect(result.text).toContain("[... 606 more lines like those above (lines 13-618) ...]\nf121.c: In function ‘broken_121’:\nf121.c:12:12: error: incompatible types");
    expect(result.text).toContain("make: *** [Makefile:11: f121.o] Error 1");
    expect(result.shown[0]).toEqual({ from_line: 1, to_line: 12 });
    expect(result.shown[1]!.from_line).toBe(619);
    expectTrueHeadAndTail(linesOf(input), result.text);
    const plain = bound(input, { budget: { maxLines: 2000, maxBytes: 10240 }, foldSimilar: false });
    expect(likeNotes(plain.text)).toEqual([]);
  });

  test.each(WITH_ERRORS.flatMap((name) => BUDGETS.map((bytes) => [name, bytes] as const)))("%s at %d bytes: within budget, true lines and notes, no salient line folded, no must-keep line lost", (name, bytes) => {
    const input = fixture(name);
    const lines = linesOf(input);
    const budget = { maxLines: 2000, maxBytes: bytes };
    const result = bound(input, { budget, spill: { store } });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(bytes);
    expect(countLines(result.text)).toBeLessThanOrEqual(2000);
    expectTrueHeadAndTail(lines, result.text);
    for (const note of likeNotes(result.text)) {
      for (let line = note.from; line <= note.to; line += 1) expect(scoreLine(lines[line - 1]!), lines[line - 1]).toBeLessThan(SALIENT_SCORE);
    }
    const wanted = mustKeep(name);
    const plain = bound(input, { budget, foldSimilar: false });
    expect(kept(result.text, wanted).length).toBeGreaterThanOrEqual(kept(plain.text, wanted).length);
    if (result.spill?.kind === "saved") expect(readFileSync(result.spill.path).equals(input)).toBe(true);
    expect(bound(result.text, { budget }).text).toBe(result.text);
  });

  test("meta.shown leaves out the lines a note stands for", () => {
    const result = bound(fixture("make-k-j8"), { budget: { maxLines: 2000, maxBytes: 10240 } });
    const notes = likeNotes(result.text);
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      for (const range of result.shown) expect(range.to_line < note.from || range.from_line > note.to).toBe(true);
    }
  });

  test("an output that fits passes byte for byte, runs and all", () => {
    const text = Array.from({ length: 300 }, (_, index) => `ok ${index + 1} - sum of zeros (${index + 1})`).join("\n") + "\n";
    const result = bound(text, { budget: { maxLines: 2000, maxBytes: 51200 } });
    expect(result.truncated).toBe(false);
    expect(result.text).toBe(text);
  });

  test("a tail of 500 passing tests folds, and what came before it is shown", () => {
    const details = Array.from({ length: 40 }, (_, index) => `  detail ${index}: ${"x".repeat(index % 7)} value=${index * 37}`);
    const oks = Array.from({ length: 500 }, (_, index) => `ok ${index + 41} - sum of zeros (${index + 41})`);
    const word = (n: number): string => `${"bcdfghjklmnpqrstvwxz"[n % 20]}${"aeiou"[n % 5]}${"bcdfghjklmnpqrstvwxz"[(n * 7) % 20]}`;
    const preamble = Array.from({ length: 400 }, (_, index) => `# ${word(index)} ${word(index * 3 + 1)} ${word(index * 11 + 2)}`);
    const input = ["TAP version 13", ...preamble, "# the failure:", ...details, ...oks, "1..540", "# fail 1", ""].join("\n");
    const budget = { maxLines: 2000, maxBytes: 4096 };
    const folded = bound(input, { budget });
    expect(folded.text).toContain("ok 41 - sum of zeros (41)\n[... 499 more lines like the line above (lines 444-942) ...]\n1..540");
    expect(folded.text).toContain("# the failure:");
    expectTrueHeadAndTail(input.split("\n"), folded.text);
    const plain = bound(input, { budget, foldSimilar: false });
    expect(plain.text).not.toContain("# the failure:");
  });

  test("--salience off and --no-fold (repeat folding off) fold nothing; opencode's style neither", () => {
    const input = fixture("make-k-j8");
    const budget = { maxLines: 2000, maxBytes: 10240 };
    expect(likeNotes(bound(input, { budget, salience: false }).text)).toEqual([]);
    expect(likeNotes(bound(input, { budget, hygiene: { stripAnsi: true, collapse: true, foldRepeats: false, detectBinary: true } }).text)).toEqual([]);
    expect(likeNotes(bound(input, { budget, style: "opencode" }).text)).toEqual([]);
  });
});
