// Outputs whose paths hold `-N-` (recipes/salgrep_cases.sh): pytest -v over tests/test-1-unit/ .. tests/test-6-e2e/,
// find over logs/2026-10-06/ .. logs/2026-12-04/. content-kind.ts read each as grep -n output (`path-N-` context lines
// from one pattern on most lines), so nothing in it was scored. A real grep -rn -C1 over python3-11-stdlib/ is grep's.
// And jasmine's numbered failure list (`Failures:`, `1)`, `2)`, `3)`) in 60 npm workspaces: each item a failure of its own.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { describeMustKeep, fixture, raw } from "./corpus-kinds.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { largeAround } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));

describeMustKeep("outputs whose paths hold `-N-`, and jasmine's 3 failures, keep their must-keep lines", ["pytest-dash-dirs-1-failure", "find-dated-dirs-denied", "jasmine-workspaces-3-failures"]);

describe("a numbered failure list under `Failures:`", () => {
  test("jasmine: `Failures:` over its first item; `2)` and `3)` each a group of its own with its message and frame", () => {
    const groups = groupsOf(fixture("jasmine-workspaces-3-failures.txt"));
    expect(groupWith(groups, "Failures:")!.slice(0, 4)).toEqual(["Failures:", "1) p17 pricing prices tier 17 at 19", "Message:", "Expected 18 to be 19."]);
    for (const [title, message, frame] of <[string, string, string][]>[["2) p17 pricing prices tier 23 at 25", "Expected 24 to be 25.", "tier.spec.js:71:26"], ["3) p17 pricing prices tier 31 at 33", "Expected 32 to be 33.", "tier.spec.js:95:26"]]) {
      const group = groupWith(groups, title)!;
      expect(group.slice(0, 3)).toEqual([title, "Message:", message]);
      expect(group.some((each) => each.includes(frame!))).toBe(true);
    }
  });

  test("an item out of order or at another indent is no item; the list ends at a line no deeper than its items", () => {
    const groups = groupsOf(["Failures:", "1) a fails", "  Message:", "    Expected 1 to be 2.", "", "3) b fails", "  Message:", "", "2 specs, 1 failure", "", "2) c fails", "  Message:"]);
    expect(groups.some((group) => group[0] === "3) b fails" || group[0] === "2) c fails")).toBe(false);
  });
});

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
    ["jasmine-workspaces-3-failures", "@ledger/p17@1.0.0 test", ["2) p17 pricing prices tier 23 at 25", "Expected 24 to be 25.", "3) p17 pricing prices tier 31 at 33", "Expected 32 to be 33."]],
  ])("%s in the middle of 3 MiB of its own lines, at the default budget (the byte path)", (name, before, wanted) => {
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input: largeAround(name, before), maxBuffer: 1 << 26 });
    const lines = result.stdout.toString("utf8").split("\n");
    expect(wanted.filter((needle) => !lines.some((each) => each.includes(needle)))).toEqual([]);
  });
});
