// Kinds of real output recorded in the fourth audit (recipes/wide_cases.sh), on the groups the line path builds and
// through the public bounding path (byte-path-kept.test.ts runs each with its must-keep list on the byte path). Before:
// g++'s error inside a library's template came without the program's line that asked for it (`unit19.cpp:6:12:
// required from here`, the line above it), Go's race detector (`WARNING: DATA RACE`), Node's and Python's runtime
// warnings and Perl's (`… at x.pl line 12, <STDIN> line 318.`) were not salient, a passing Go test's log line with an
// error word and its own location was (`    checks_test.go:13: … got expected error …`), and so were a commit subject
// of `git log --oneline` naming an error it fixed and `ls -l`'s line of a file named for errors after the year
// (`Dec 17  2022 errors.h`, read as a count of errors).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { logPadding } from "./log-padding.js";

const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
const fixture = (name: string): string[] => raw(name).toString("utf8").split("\n");

describe("g++'s error inside a library's template", () => {
  test.each([
    ["gxx-template-error.txt", "/usr/include/c++/12/bits/predefined_ops.h:45:23: error: no match for ‘operator<’ (operand types are ‘Slot’ and ‘Slot’)", "unit19.cpp:6:12:   required from here"],
    ["gxx-find-no-equality.txt", "/usr/include/c++/12/bits/predefined_ops.h:270:24: error: no match for ‘operator==’ (operand types are ‘const Slot’ and ‘const Slot’)", "unit27.cpp:6:19:   required from here"],
  ])("%s: the program's `required from here` travels above the error", (name, error, here) => {
    const group = groupWith(groupsOf(fixture(name)), error);
    expect(group?.slice(0, 2)).toEqual([here, error]);
  });
});

describe("Go's race detector", () => {
  test.each(["go-race-detector.txt", "go-test-race.txt"])("%s: `WARNING: DATA RACE` with both accesses and their first frames, across the blank line between", (name) => {
    const group = groupsOf(fixture(name)).find((each) => each[0] === "WARNING: DATA RACE")!;
    expect(group[1]).toMatch(/^Read at 0x[0-9a-f]+ by goroutine \d+:$/);
    expect(group[3]).toMatch(/\.go:\d+ \+0x[0-9a-f]+$/);
    const previous = group.findIndex((line) => /^Previous write at 0x[0-9a-f]+ by goroutine \d+:$/.test(line));
    expect(group[previous - 1]).toBe("");
    expect(group[previous + 1]).toMatch(/\.\(\*(?:ledger|Counter)\)\.(?:audit|Miss)\(\)$/);
    expect(group.length).toBe(12);
  });
});

describe("a runtime's warnings in the middle of a log", () => {
  test.each([
    ["node-runtime-warnings.txt", ["(node:31176) MaxListenersExceededWarning: Possible", "(node:31176) [DEP0005] DeprecationWarning: Buffer() is deprecated"]],
    ["python-runtime-warnings.txt", ["price_sync.py:21: RuntimeWarning: coroutine 'refresh' was never awaited", "price_sync.py:23: DeprecationWarning: 'locale.getdefaultlocale' is deprecated"]],
    ["perl-runtime-warnings.txt", [`Argument "" isn't numeric in multiplication (*) at invoice_report.pl line 12, <STDIN> line 318.`, `Argument "12x50" isn't numeric in multiplication (*) at invoice_report.pl line 12, <STDIN> line 471.`]],
    ["perl-uninitialized-value.txt", ["Use of uninitialized value $agent in concatenation (.) or string at access_summary.pl line 14, <STDIN> line 512."]],
  ])("%s: each warning is a group of its own", (name, warnings) => {
    const groups = groupsOf(fixture(name));
    for (const warning of warnings) expect(groups.some((group) => group[0]!.includes(warning))).toBe(true);
    expect(groups.length).toBe(warnings.length);
  });

  test("Python's warning keeps its code line under it", () => {
    const group = groupsOf(fixture("python-runtime-warnings.txt")).find((each) => each[0]!.includes("RuntimeWarning: coroutine"));
    expect(group?.[1]).toBe("refresh(item)");
  });

  test("not Node's note on its own experimental features, nor pytest's indented warnings summary, nor prose", () => {
    for (const line of [
      "(node:4242) ExperimentalWarning: VM Modules is an experimental feature and might change at any time",
      "  /tmp/rec/tests/test_mod.py:12: DeprecationWarning: datetime.utcnow() is deprecated",
      "Warning: Permanently added 'build-7' (ED25519) to the list of known hosts.",
      "the script stops at report.pl line 12 when the input ends",
    ]) expect(scoreLine(line)).toBeLessThan(SALIENT_SCORE);
  });
});

describe("C++'s terminate for an exception type without `rror` or `xception` in its name", () => {
  test("std::out_of_range in the middle of a batch, then 2 MiB of log lines: its terminate and what() lines at 4,096 bytes", () => {
    const input = Buffer.concat([raw("cpp-out-of-range-batch.txt"), Buffer.from(logPadding())]);
    const text = bound(input, { budget: { maxLines: 2000, maxBytes: 4096 } }).text;
    expect(text).toContain("terminate called after throwing an instance of 'std::out_of_range'");
    expect(text).toContain("what():  vector::_M_range_check: __n (which is 9) >= this->size() (which is 4)");
  });
});

describe("long clean outputs promote nothing", () => {
  test.each(["git-log-oneline", "git-log-graph-oneline", "go-test-all-pass-error-names", "go-test-all-pass-retry-logs", "make-clean-error-names", "npm-install-http-log", "ls-lR-include-arch", "ls-l-python-stdlib"])("%s", (name) => {
    for (const bytes of [51200, 10240, 4096]) {
      const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes } });
      expect(result.middle).toBeUndefined();
      expect(result.text.split("\n").filter((line) => /^L\d+: /.test(line))).toEqual([]);
    }
  });

  test("a Go test's log line is not salient on its own; a failed test's log travels with its `--- FAIL:`", () => {
    expect(scoreLine(`    checks_test.go:13: case 0: got expected error "empty input"`)).toBe(0);
    expect(scoreLine("    checks_test.go:20: attempt 1 failed: timeout after 50ms, retrying")).toBe(0);
    expect(scoreLine(`checks.go:13: parse error in "x"`)).toBeGreaterThanOrEqual(SALIENT_SCORE);
    const groups = groupsOf(fixture("go-test-v-build-failure.txt"));
    expect(groupWith(groups, "--- FAIL: TestRecoversFromErrorRecovery17 (0.00s)")).toEqual(['parse_test.go:127: Parse("17,18") gave 2 items, want 3', "--- FAIL: TestRecoversFromErrorRecovery17 (0.00s)"]);
  });

  test("`ls -l`'s year or size before a file named for errors is not a count of errors; a count still is", () => {
    expect(scoreLine("-rw-r--r-- 1 root root  1012 Apr 27  2026 error-ldbl.h")).toBe(0);
    expect(scoreLine("-rw-r--r-- 1 root root 13054 Dec 17  2022 errors.h")).toBe(0);
    for (const line of ["3 errors", "Found 300 errors in 40 files.", "1 error.", "2 failed, 898 passed in 3.21s"]) expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });

  test("`git log --oneline` (with --graph's marks) is a git log: its subjects are never scored", () => {
    expect(recognizeContent(fixture("git-log-oneline.txt").slice(0, 20))).toBe("git-log");
    expect(recognizeContent(fixture("git-log-graph-oneline.txt").slice(0, 20))).toBe("git-log");
    expect(recognizeContent(["a03babe HEAD@{0}: rebase (finish): returning to refs/heads/salwide", "0ebe450 HEAD@{1}: rebase (pick): spill", "2d4e8df HEAD@{2}: commit: build"])).toBe("git-log");
    // A log whose lines open with a hex id now and then, a checksum list (two spaces), an ordinary log: scored.
    expect(recognizeContent(["deadbeef1 started", "INFO ready", "INFO serving", "cafe0042 stopped"])).toBe("log");
    expect(recognizeContent(["d41d8cd98f00b204e9800998ecf8427e  error.log", "0cc175b9c0f1b6a831c399e269772661  fail.txt", "92eb5ffee6ae2fec3ad71c777531578f  b.txt"])).toBe("log");
  });
});
