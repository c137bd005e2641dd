// Outputs whose paths hold `-N-` (recipes/salgrep_cases.sh): pytest -v over tests/test-1-unit/ .. tests/test-6-e2e/,
// find over logs/2026-10-06/ .. logs/2026-12-04/. content-kind.ts read each as grep -n output (`path-N-` context lines
// from one pattern on most lines), so nothing in it was scored. A real grep -rn -C1 over python3-11-stdlib/ is grep's.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { describeMustKeep, fixture, raw } from "./corpus-kinds.js";
import { largeAround } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));

describeMustKeep("outputs whose paths hold `-N-` keep their must-keep lines", ["pytest-dash-dirs-1-failure", "find-dated-dirs-denied"]);

describe("grep -n output is recognised only when it is consistently grep's", () => {
  test("a path's own `-N-` (a test directory, a date) makes no grep context line", () => {
    expect(recognizeContent(fixture("pytest-dash-dirs-1-failure.txt").slice(0, 20))).toBe("log");
    expect(recognizeContent(fixture("find-dated-dirs-denied.txt").slice(0, 20))).toBe("log");
    expect(recognizeContent(["/tmp/b/build-2-x86_64/src/a.c: In function ‘main’:", "/tmp/b/build-2-x86_64/src/b.c: In function ‘parse’:", "/tmp/b/build-2-x86_64/src/c.c: In function ‘load’:"])).toBe("log");
    expect(recognizeContent(["./logs/2026-12-04/a.log", "./logs/2026-12-04/b.log", "./logs/2026-12-05/a.log"])).toBe("log");
  });

  test("real grep -rn -C1 (`path:N:`, `path-N-` of the same path, `--`) is grep's, with `-11-` in every path; grep -n on one file too", () => {
    expect(recognizeContent(fixture("grep-rn-context-dash-dir.txt").slice(0, 20))).toBe("grep");
    expect(recognizeContent(["src/a.c-11-int x;", "src/a.c:12:  error(x);", "src/a.c-13-}", "--", "src/b.c-3-", "src/b.c:4:  fail();", "src/b.c-5-}", "--"])).toBe("grep");
    expect(recognizeContent(["11-int x;", "12:  error(x);", "13-}", "--", "40-", "41:  fail();", "42-}"])).toBe("grep");
    // Context lines alone, with no match line among them, are no grep output.
    expect(recognizeContent(["src/a.c-11-int x;", "src/a.c-13-}", "src/b.c-3-"])).toBe("log");
  });

  test("grep's `raise TypeError(...)` lines are data: no middle line promoted", () => {
    const text = bound(raw("grep-rn-context-dash-dir.txt"), { budget: { maxLines: 2000, maxBytes: 10240 } }).text;
    expect(text.split("\n").filter((line) => /^L\d+: /.test(line))).toEqual([]);
  });

  // Each output between ~1.5 MiB of its own lines before its error, at the default budget (the byte path).
  test.each([
    ["pytest-dash-dirs-1-failure", "test_api_2_10 PASSED", ["tests/test-3-api/test_api_2.py::test_api_2_17 FAILED"]],
    ["find-dated-dirs-denied", "./logs/2026-11-23/worker", ["find: ‘./logs/2026-11-23/archive’: Permission denied"]],
  ])("%s in the middle of 3 MiB of its own lines, at the default budget (the byte path)", (name, before, wanted) => {
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input: largeAround(name, before), maxBuffer: 1 << 26 });
    const lines = result.stdout.toString("utf8").split("\n");
    expect(wanted.filter((needle) => !lines.some((each) => each.includes(needle)))).toEqual([]);
  });
});
