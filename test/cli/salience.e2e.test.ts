// `--salience` end to end: on by default for the model, off on request, never with --style opencode; JSON meta.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { runCli } from "./cli-process.js";

const make = readFileSync(new URL("../fixtures/salience/make-k-j8.txt", import.meta.url));
const ERROR = "f121.c:12:12: error: incompatible types when initializing type ‘int *’ using type ‘struct point’";

describe("correx bound --salience", () => {
  test("on by default for the model: the middle error is shown with its line number", () => {
    // --no-fold: with near-duplicates folded, this output's error is shown in the head (near-fold.e2e.test.ts).
    const run = runCli(["bound", "--for", "model", "--no-spill", "--max-bytes", "10240", "--no-fold"], make);
    expect(run.code).toBe(0);
    expect(run.text).toContain(`L620: ${ERROR}`);
    expect(Buffer.byteLength(run.text)).toBeLessThanOrEqual(10240);
  });

  test("--salience off is plain head and tail", () => {
    const run = runCli(["bound", "--for", "model", "--no-spill", "--max-bytes", "10240", "--salience", "off"], make);
    expect(run.text).not.toContain(ERROR);
    expect(run.text).not.toMatch(/^L\d+: /m);
  });

  test("--style opencode stays opencode's cut", () => {
    const run = runCli(["bound", "--for", "model", "--no-spill", "--max-bytes", "10240", "--style", "opencode"], make);
    expect(run.text).toContain("... output truncated; full content not saved (--no-spill) ...");
    expect(run.text).not.toMatch(/^L\d+: /m);
  });

  test("--format json lists the kept middle ranges in meta", () => {
    const run = runCli(["bound", "--for", "model", "--no-spill", "--max-bytes", "10240", "--format", "json", "--no-fold"], make);
    const payload = JSON.parse(run.text) as { meta: { middle: unknown; shown: { from_line: number }[] } };
    expect(payload.meta.middle).toEqual([{ from_line: 619, to_line: 623 }]);
    expect(payload.meta.shown.map((range) => range.from_line).slice(0, 2)).toEqual([1, 619]);
  });
});
