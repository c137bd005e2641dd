// What travels with a salient line, on recorded test-runner outputs (the line path; byte-path-kept.test.ts runs the
// byte path on the same outputs): the frame a test runner prints under a failure's diff, jest's message under its
// `●` title, mocha's title over its error, the log lines over go's `--- FAIL:`, the message under Rust's
// `panicked at …:`, what ld printed over `collect2`, and never a passing test's `✓` line as a failure's continuation.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { groupsOf, groupWith } from "./groups-of.js";

const fixture = (name: string): string[] => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url), "utf8").split("\n");

/** `terraform validate -no-color` (1.11), recorded: the location comes under the error after a blank line. */
const TERRAFORM_NO_COLOR = [
  "There are some problems with the CLI configuration:",
  "╷",
  "│ Warning: Unable to open CLI configuration file",
  "│",
  "│ The CLI configuration file at \"/root/.terraformrc\" does not exist.",
  "╵",
  "",
  "",
  "Error: Invalid type specification",
  "",
  "  on main.tf line 5, in variable \"v\":",
  "   5:   type = strng",
  "",
  "The keyword \"strng\" is not a valid type specification.",
];

describe("a failure's group", () => {
  test("jest: the message under the ● title and the first frame under the diff and code frame", () => {
    const groups = groupsOf(fixture("jest-verbose-2-failures.txt"));
    // The diff between them is taken too (group-details.test.ts).
    const group = groupWith(groups, "● parser suite 7 › handles error responses 17");
    expect(group?.slice(0, 3)).toEqual(["● parser suite 7 › handles error responses 17", "", "expect(received).toEqual(expected) // deep equality"]);
    expect(group?.at(-1)).toBe("at Object.toEqual (test/parser07.test.js:23:67)");
    expect(groupWith(groups, "TypeError: Cannot read properties of undefined (reading 'name')")).toContain("at name (test/parser16.test.js:3:71)");
  });

  test("terraform without colour: the `on FILE line N` location and code under the error and a blank line, and its reason past the next", () => {
    expect(groupWith(groupsOf(TERRAFORM_NO_COLOR), "Error: Invalid type specification")).toEqual([
      "Error: Invalid type specification",
      "",
      'on main.tf line 5, in variable "v":',
      "5:   type = strng",
      "",
      'The keyword "strng" is not a valid type specification.',
    ]);
  });

  test("node:test's spec reporter: the frame under the diff, not Node's own frames", () => {
    const group = groupWith(groupsOf(fixture("node-test-spec-2-failures.txt")), "✖ handles error responses 17 (2.119561ms)");
    expect(group).toContain("at TestContext.<anonymous> (/tmp/rec/node-fail/test/parser07.test.js:25:51)");
    expect(group!.some((line) => line.includes("node:internal"))).toBe(false);
  });

  test("mocha: the title over the error, and the frame under the diff", () => {
    const groups = groupsOf(fixture("mocha-spec-2-failures.txt"));
    expect(groupWith(groups, "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:")).toEqual(
      expect.arrayContaining(["1) parser suite 7", "handles error responses 17:", "at Context.<anonymous> (test/parser07.test.js:24:51)"]),
    );
    expect(groupWith(groups, "TypeError: Cannot read properties of undefined (reading 'name')")?.slice(0, 2)).toEqual(["2) parser suite 16", "recovers from error_recovery case 30:"]);
  });

  test("go test -v: what the test logged, right over its --- FAIL:", () => {
    const groups = groupsOf(fixture("go-test-v-build-failure.txt"));
    expect(groupWith(groups, "--- FAIL: TestRecoversFromErrorRecovery17 (0.00s)")).toEqual(['parse_test.go:127: Parse("17,18") gave 2 items, want 3', "--- FAIL: TestRecoversFromErrorRecovery17 (0.00s)"]);
    expect(groupWith(groups, "p05/parse_test.go:147:8: undefined: normalizeAll")).toBeDefined();
  });

  test("cargo test: the message under `panicked at …:`, at the same indent", () => {
    const groups = groupsOf(fixture("cargo-test-2-failures.txt"));
    const panic = groups.find((group) => group[0]!.includes("panicked at src/lib.rs:629:43:"));
    expect(panic?.slice(1, 4)).toEqual(["assertion `left == right` failed", "left: [17, 18]", "right: [17, 19]"]);
  });

  test("gcc's link error: what ld printed over collect2", () => {
    const group = groupWith(groupsOf(fixture("make-j4-link-error.txt")), "collect2: error: ld returned 1 exit status");
    expect(group).toEqual(["/usr/bin/ld: f000.o: in function `main':", "/tmp/rec/makelink/f000.c:11: undefined reference to `report_totals'", "collect2: error: ld returned 1 exit status"]);
  });

  test("a Go panic: the first goroutine frame in the program's code with its function line, under the blank line and the goroutine header", () => {
    // Recorded: `go run main.go` (Go 1.19) of a program that indexes past a slice's end.
    const output = "starting\npanic: runtime error: index out of range [5] with length 3\n\ngoroutine 1 [running]:\nmain.pick(...)\n\t/tmp/bytepath/gopanic/main.go:6\nmain.main()\n\t/tmp/bytepath/gopanic/main.go:11 +0x65\nexit status 2";
    expect(groupWith(groupsOf(output.split("\n")), "panic: runtime error: index out of range [5] with length 3")).toEqual([
      "panic: runtime error: index out of range [5] with length 3",
      "main.pick(...)",
      "/tmp/bytepath/gopanic/main.go:6",
    ]);
  });

  test("Python's syntax error in the script itself: the File line, the code and the caret over it", () => {
    // Recorded: `python3 s.py` (Python 3.11) of `def f(:`.
    const output = '  File "/tmp/bytepath/misc/s.py", line 1\n    def f(:\n          ^\nSyntaxError: invalid syntax';
    expect(groupWith(groupsOf(output.split("\n")), "SyntaxError: invalid syntax")).toEqual(['File "/tmp/bytepath/misc/s.py", line 1', "def f(:", "^", "SyntaxError: invalid syntax"]);
  });

  test("a passing test's ✓ line is never a failure's continuation", () => {
    for (const name of ["jest-verbose-2-failures.txt", "vitest-verbose-2-failures.txt", "node-test-spec-2-failures.txt", "mocha-spec-2-failures.txt"]) {
      for (const group of groupsOf(fixture(name))) expect(group.filter((line) => /^[✓✔]/.test(line))).toEqual([]);
    }
  });

  test("no group on the all-pass suites looks for a frame, so none takes a line", () => {
    for (const name of ["vitest-verbose-all-pass.txt", "pytest-verbose-all-pass.txt"]) expect(groupsOf(fixture(name))).toEqual([]);
  });
});
