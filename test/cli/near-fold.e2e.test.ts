// Near-duplicate folding end to end: on with salience for the model, off with --salience off, --no-fold and
// --style opencode; --format json leaves the folded lines out of meta.shown.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const make = readFileSync(new URL("../fixtures/salience/make-k-j8.txt", import.meta.url));
const NOTE = "[... 606 more lines like those above (lines 13-618) ...]";
const ERROR = "f121.c:12:12: error: incompatible types when initializing type ‘int *’ using type ‘struct point’";
const base = ["bound", "--for", "model", "--no-spill", "--max-bytes", "10240"];

describe("correx bound: near-duplicate folding", () => {
  test("on by default for the model: the warnings fold, the error is shown in place", () => {
    const run = runCli(base, make);
    expect(run.code).toBe(0);
    expect(run.text).toContain(`${NOTE}\nf121.c: In function ‘broken_121’:\n${ERROR}`);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(10240);
  });

  test.each([["--salience", "off"], ["--no-fold"], ["--style", "opencode"]])("%s folds nothing", (...flags) => {
    const run = runCli([...base, ...flags], make);
    expect(run.code).toBe(0);
    expect(run.text).not.toMatch(/more lines like (?:the line|those) above/);
  });

  test("--format json: meta.shown leaves out the folded lines", () => {
    const run = runCli([...base, "--format", "json"], make);
    const payload = JSON.parse(run.text) as { meta: { shown: { from_line: number; to_line: number }[] } };
    expect(payload.meta.shown[0]).toEqual({ from_line: 1, to_line: 12 });
    expect(payload.meta.shown[1]!.from_line).toBe(619);
  });
});
