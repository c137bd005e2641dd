// What a failure's group keeps of its details, on recorded outputs (the line path; byte-path-kept.test.ts runs the
// byte path on the same outputs with their must-keep lists). Before: an assertion's expected/actual diff was lost
// (unittest's `- {…}` / `+ {…}` at the salient line's indent, jest's and mocha's under a blank line), gcc's `note:`
// under an error and its `In function` line above an earlier warning, rustc's label past its `...`, pytest's `>`
// source line over its `E` lines, and ShellCheck's errors were not salient at all.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { isContinuation, scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { groupsOf, groupWith } from "./groups-of.js";

const fixture = (name: string): string[] => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url), "utf8").split("\n");

describe("a failed assertion keeps its diff", () => {
  test("unittest: the diff at the AssertionError's own indent, across the blank line between its two halves", () => {
    const groups = groupsOf(fixture("unittest-v-4-failures.txt"));
    // The traceback's innermost frame comes above (owners.ts): where in the test the assertion failed.
    expect(groupWith(groups, "AssertionError: {'retries': 3, 'timeout': 30} != {'retries': 3, 'timeout': 60}")).toEqual([
      'File "/tmp/rec/unittest/tests/test_mod07.py", line 19, in test_case_04',
      "self.assertEqual(config, {'retries': 3, 'timeout': 60})",
      "AssertionError: {'retries': 3, 'timeout': 30} != {'retries': 3, 'timeout': 60}",
      "- {'retries': 3, 'timeout': 30}",
      "?                           ^",
      "",
      "+ {'retries': 3, 'timeout': 60}",
      "?                           ^",
    ]);
    // `Lists differ:` prints the first differing element over its diff: the diff is taken past those lines.
    expect(groupWith(groups, "AssertionError: Lists differ: [1, 2, 3, 4] != [1, 2, 5, 4]")).toEqual([
      'File "/tmp/rec/unittest/tests/test_mod12.py", line 34, in test_case_09',
      "self.assertEqual(ids, [1, 2, 5, 4])",
      "AssertionError: Lists differ: [1, 2, 3, 4] != [1, 2, 5, 4]",
      "- [1, 2, 3, 4]",
      "?        ^",
      "",
      "+ [1, 2, 5, 4]",
      "?        ^",
    ]);
  });

  test("jest: the diff under the message, before the frame", () => {
    expect(groupWith(groupsOf(fixture("jest-verbose-2-failures.txt")), "● parser suite 7 › handles error responses 17")).toEqual([
      "● parser suite 7 › handles error responses 17",
      "",
      "expect(received).toEqual(expected) // deep equality",
      "",
      "- Expected  - 1",
      "+ Received  + 1",
      "-   19,",
      "+   18,",
      "at Object.toEqual (test/parser07.test.js:23:67)",
    ]);
  });

  test("mocha: Node's diff under the AssertionError, not mocha's second diff of the same values", () => {
    const group = groupWith(groupsOf(fixture("mocha-spec-2-failures.txt")), "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:");
    expect(group?.slice(2)).toEqual([
      "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:",
      "+ actual - expected",
      "+   18",
      "-   19",
      "at Context.<anonymous> (test/parser07.test.js:24:51)",
    ]);
  });

  test("no diff line is taken under a failure that is not an assertion", () => {
    const lines = ["Error: connection reset", "", "- retrying in 5 s", "+ pool size 4"];
    expect(groupsOf(lines)).toEqual([["Error: connection reset"]]);
  });
});

describe("a compiler's or checker's details", () => {
  test("gcc: the function's `In function` over an earlier warning, and the note with its code frame under the error", () => {
    const group = groupWith(groupsOf(fixture("make-k-error-note.txt")), "f121.c:17:40: error: incompatible type for argument 1 of ‘area_121’");
    expect(group?.[0]).toBe("f121.c: In function ‘broken_121’:");
    expect(group?.slice(-3)).toEqual([
      "f121.c:12:34: note: expected ‘struct point’ but argument is of type ‘struct point *’",
      "12 | static int area_121(struct point p) { return p.x * p.y; }",
      "|                     ~~~~~~~~~~~~~^",
    ]);
  });

  test("rustc: the excerpt past `...`, its bare gutter lines not counted against the group's lines, and its `help:`", () => {
    const group = groupWith(groupsOf(fixture("cargo-e0425-after-warnings.txt")), "error[E0425]: cannot find function `totl` in this scope");
    expect(group).toContain("...");
    expect(group).toContain("41 |     let count: u32 = totl(items);");
    expect(group).toContain("|                      ^^^^");
    expect(group?.slice(-4)).toEqual(["help: a function with a similar name exists", "|", "41 |     let count: u32 = total(items);", "|                         +"]);
  });

  test("pytest: the section's title and the `>` source line over the E line", () => {
    expect(groupWith(groupsOf(fixture("pytest-verbose-2-failures.txt")), "E       assert 21 == 22")).toEqual([
      "_______________________ test_no_errors_on_valid_input_20 _______________________",
      '>       assert data["value"] == 22',
      "E       assert 21 == 22",
    ]);
    // No title past a line of another kind above the test's code.
    expect(groupsOf(["_____ test_a _____", "collected", ">       assert x", "E       assert 1 == 2"])).toEqual([[">       assert x", "E       assert 1 == 2"]]);
  });

  test("ShellCheck: an error is salient, with the `In FILE line N:` and source line over its mark; infos and warnings are not", () => {
    const groups = groupsOf(fixture("shellcheck-30-scripts.txt"));
    expect(groups).toEqual([["In scripts/job17.sh line 5:", "for f in $(ls /srv/releases); do", "^-----------------^ SC2045 (error): Iterating over ls output is fragile. Use globs."]]);
    expect(scoreLine("       ^-- SC2086 (info): Double quote to prevent globbing and word splitting.")).toBeLessThan(SALIENT_SCORE);
  });

  test("continuations: rustc's `...` and a compiler's located note; not a bare `note:` (cargo's backtrace hint)", () => {
    expect(isContinuation("...")).toBe(true);
    expect(isContinuation("f121.c:12:34: note: expected ‘struct point’ but argument is of type ‘struct point *’")).toBe(true);
    expect(isContinuation("note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace")).toBe(false);
    expect(isContinuation("help: there is a method `balance` with a similar name")).toBe(true);
    expect(isContinuation("f121.c:18:1: warning: control reaches end of non-void function [-Wreturn-type]")).toBe(false);
  });
});
