// The salience rules on real lines: strong markers count, look-alikes never do, context lines are recognised.
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { BYTE_NEEDLES, mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { continuesLine, isCompilerContext, LOCATION_PATTERNS, isContinuation, isFileHeader, isTraceLine, SALIENT_SCORE, scoreLine } from "../../../src/bound/salience/rules.js";

const salient = [
  "src/a.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
  "src/main.ts:14:7 - error TS2322: Type 'string' is not assignable to type 'number'.",
  "error[E0308]: mismatched types",
  "f121.c:12:12: error: incompatible types when initializing type ‘int *’ using type ‘struct point’",
  "  22:35  error    'missingHelper47' is not defined                    no-undef",
  "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin",
  "2026-12-01T04:34:02.288Z ERROR [orders] GET /api/orders/42 500 1.4ms",
  "TypeError: Cannot read properties of undefined (reading 'name')",
  "Exception in thread \"main\" java.lang.NullPointerException",
  "Traceback (most recent call last):",
  "thread 'main' panicked at src/main.rs:4:5:",
  "FAILED tests/test_orders.py::test_total_rounding - AssertionError: assert 1 == 2",
  "1/3 Test #1: sum ..............................***Failed    0.01 sec",
  "   × orders > rounds totals 3ms",
  "  ● orders › rounds totals",
  "npm error code ERESOLVE",
  "make: *** [Makefile:11: f121.o] Error 1",
  "fatal: not a git repository (or any of the parent directories): .git",
  "Process completed with exit code 2.",
  "127.0.0.1 - - [01/Dec/2026:04:34:02 +0000] \"GET /api/orders/42 HTTP/1.1\" 502 0",
  "Error: listen EADDRINUSE: address already in use :::3000",
  "find: '/etc/ssl/private': Permission denied",
  "cp: cannot stat '/srv/app/releases/next/config.yml': No such file or directory",
  "deploy.sh: line 12: kubectl: command not found",
  "E       AssertionError: assert 3 == 4",
  "not ok 3 - rounds totals",
  "--- FAIL: TestRound (0.00s)",
  "Tests  2 failed | 1038 passed (1040)",
  "ssh: connect to host 10.0.0.7 port 22: Connection refused",
  "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server",
  "open /var/lib/app/db.sqlite: EACCES: permission denied",
  "Segmentation fault (core dumped)",
  // Summary lines (the byte path lost them whenever more output followed).
  "✖ 1923 problems (3 errors, 1920 warnings)",
  "make: Target 'all' not remade because of errors.",
  "make[2]: Target 'install' not remade because of errors.",
  "# fail 2",
  "ℹ fail 1",
  // node:test's spec reporter, Node's coded errors, vitest's frame under a failure's diff.
  "✖ fails (0.91871ms)",
  "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
  "TypeError [ERR_INVALID_ARG_TYPE]: The \"path\" argument must be of type string. Received undefined",
  " ❯ test/parser09.test.js:23:67",
  " ❯ parse src/parse.ts:3:9",
  "TypeError [Error]: Cannot read properties of undefined (reading 'name')",
  // Go's compiler and vet print a location and the message, no severity word.
  "p05/parse_test.go:147:8: undefined: normalizeAll",
  "./main.go:12:2: declared and not used: total",
  // kubectl's and docker's errors, Ruby's exception class at the end, pnpm's codes.
  "Error from server (NotFound): pods \"web-0\" not found",
  "Error response from daemon: No such container: web",
  "app.rb:3:in 'total': undefined method 'price' for nil (NoMethodError)",
  " ERR_PNPM_NO_MATCHING_VERSION  No matching version found for left-pad@9.9.9",
  // Sanitizers and valgrind (recorded: asan-test-suite, valgrind-invalid-read; a valgrind line lands anywhere in the
  // program's buffered stdout), git's conflicts, Perl's compile failure and prove's verdict.
  "==5316==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x56188762f2b6",
  "SUMMARY: AddressSanitizer: heap-buffer-overflow /tmp/rec/asan/asan_case.c:8 in main",
  "WARNING: ThreadSanitizer: data race (pid=4242)",
  "==4939== Invalid read of size 4",
  "step 1597: processed batch 1597 o==4939== Invalid read of size 4",
  "==4939== Conditional jump or move depends on uninitialised value(s)",
  "==4939== 64 bytes in 1 blocks are definitely lost in loss record 1 of 1",
  "CONFLICT (content): Merge conflict in src/file-300.c",
  "CONFLICT (modify/delete): src/a.c deleted in HEAD and modified in feature.",
  "Automatic merge failed; fix conflicts and then commit the result.",
  "syntax error at t/17-parse.t line 2, near \"1;\"",
  "Execution of t/17-parse.t aborted due to compilation errors.",
  "Result: FAIL",
  // nginx's and Apache's error logs.
  "2026/12/01 15:20:01 [error] 4242#4242: *17 connect() to 127.0.0.1:8080 failed (111: Connection refused) while connecting to upstream",
  "[Tue Dec 01 15:20:01.123456 2026] [proxy:error] [pid 4242] (111)Connection refused: AH00957: http: attempt to connect to 127.0.0.1:8080 (*) failed",
];

const notSalient = [
  "Errors: 0",
  "Found 0 errors. Watching for file changes.",
  "0 errors, 0 warnings",
  "src/error_recovery.ts compiled",
  "  ✓ error handling > reports error_recovery state 2ms",
  "tests/test_errors.py::test_error_handling_3 PASSED                     [ 41%]",
  "ok 41 - error handling (41)",
  "test_no_errors_found ... ok",
  "=== RUN   TestErrorHandling",
  "--- PASS: TestErrorHandling (0.00s)",
  "  ● Console",
  "    Failed to find any package alias matches",
  "EDITOR=vim",
  "mirror: https://example.com/mirror",
  "the error-handling module was loaded",
  "2026-12-01T04:33:51.143Z INFO  [orders] GET /api/orders/1 200 4.8ms",
  "    at Object.<anonymous> (/srv/app/error.js:1:1)",
  "✖ 12 problems (0 errors, 12 warnings)",
  "make: Nothing to be done for 'all'.",
  "# fail 0",
  "ℹ fail 0",
  "# pass 600",
  " ❯ test/parser09.test.js (40 tests) 12ms",
  "❯ npm run build",
  "    parse_test.go:127: Parse(\"17,18\") gave 2 items",
  "I1201 04:33:51.143210       1 server.go:123] listening on :8443",
  "Error handling was reworked (see #123)",
  "    code: 'ERR_ASSERTION',",
  "Invalid read of size 4 is what valgrind says",
  "==4939== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)",
  "==4939==    definitely lost: 0 bytes in 0 blocks",
  "Auto-merging src/file-299.c",
  "Result: PASS",
  "2026/12/01 15:20:01 [notice] 4242#4242: signal process started",
  "see the [error] section of the manual",
];

/** Prose that mentions an error word (apt-cache show, man pages, --help, changelogs, recorded here): none is an error line. */
const prose = [
  "Description: show a 503 error page when maintenance-mode is on in Django",
  "Homepage: https://metacpan.org/release/Exception-Class",
  "Homepage: https://metacpan.org/release/Test-Exception",
  "Description: syntactic try/catch sugar for use with Exception::Class",
  "Description: perl module Exception::Handler",
  "Description: module for throwing HTTP-Errors as (Exception::Class-) Exceptions",
  "Description: RG::Exception Perl module",
  "Description: Horde Exception Handler",
  "Description: Flexible concrete Error type built on std::error::Error - Rust source code",
  "Description: Derive macro for `std::error::Error` - Rust source code",
  "Description: Emit `ETIMEDOUT` or `ESOCKETTIMEDOUT` when ClientRequest is hanged",
  "       command2 is executed if, and only if, command1 returns a non-zero exit status.  The return",
  "              birth time cannot be determined, a fatal error message results.  If you  specify a",
  "                               a warning and set exit code 1 unless",
  "      can still cause a panic or an unrecoverable fatal error when reading",
];

/** Real error lines beside the prose rules: an error word at a line's head, with a colon, a count, a code. */
const salientBesideProse = [
  "Exception: boom",
  "Exception in thread \"main\" java.lang.IllegalStateException: closed",
  "subprocess.CalledProcessError: Command '['make']' returned non-zero exit status 2.",
  "error: Recipe `build` failed with exit code 1",
  "1 error generated.",
  "Found 4 errors in 3 files.",
  "Tests:       1 failed, 5 passed, 6 total",
  "3 errors and 2 warnings",
  "exit status 1",
  "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
  "# Fatal error in , line 0",
  "Error: connect ECONNREFUSED 127.0.0.1:5432",
  "thread 'main' panicked at src/main.rs:4:5: called `Result::unwrap()` on an `Err` value: Os { code: 2 }",
  "Error: std::io::Error: No such file or directory",
];

describe("the byte path's needles", () => {
  // Middle lines of a cut reach the rules only through a needle hit: a salient line without one would be lost there.
  test.each(salient)("find: %s", (line) => {
    const bytes = Buffer.from(line);
    expect(BYTE_NEEDLES.some((needle) => bytes.includes(needle))).toBe(true);
  });
});

describe("scoreLine", () => {
  test.each(salient)("salient: %s", (line) => {
    expect(mayBeSalient(line)).toBe(true);
    expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });

  test.each(notSalient)("not salient: %s", (line) => {
    expect(scoreLine(line)).toBeLessThan(SALIENT_SCORE);
  });

  test.each(prose)("prose, not an error: %s", (line) => {
    expect(scoreLine(line)).toBeLessThan(SALIENT_SCORE);
  });

  test.each(salientBesideProse)("still salient: %s", (line) => {
    expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });

  test("a file:line location raises the score", () => {
    expect(scoreLine("src/a.ts:3:1 error: x")).toBeGreaterThan(scoreLine("error: x"));
  });

  test("Perl's `at FILE line N` and PHP's `in FILE on line N` are locations: a weak word beside one is salient", () => {
    expect(scoreLine("syntax error at t/17-parse.t line 2, near \"1;\"")).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(scoreLine("PHP Parse error:  unexpected token in /srv/www/index.php on line 12")).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(scoreLine("an error at lunch line 2")).toBe(0);
    for (const line of ["x at a.pl line 3", "y in /b/c.php on line 12"]) {
      expect(LOCATION_PATTERNS.hint.test(line) && LOCATION_PATTERNS.location.test(line)).toBe(true);
    }
  });
});

describe("context lines", () => {
  test.each([
    ["    at describeOrder (file:///srv/orders.mjs:11:44)", true],
    ["\tat com.example.Main.run(Main.java:12)", true],
    ["  --> src/main.rs:4:18", true],
    ["   |", true],
    ["│   on main.tf line 6, in variable \"replicas\":", true],
    ["==4939==    at 0x10920D: main (valgrind_steps.c:9)", true],
    ["==4939==  Address 0x4a40068 is 0 bytes after a block of size 40 alloc'd", true],
    ["WRITE of size 4 at 0x602000000020 thread T0", true],
    ["==4939== HEAP SUMMARY:", false],
    ["next request", false],
    ["", false],
  ])("continuation %j: %s", (line, expected) => {
    expect(isContinuation(line)).toBe(expected);
  });

  test.each([
    ["   → expected [ 30, 31 ] to deeply equal [ 30, 32 ]", 1, true],
    [" ✓ test/parser14.test.js > parser suite 14 > parses list 32 0ms", 1, false],
    ["  23:1  warning  'x' is assigned a value but never used  no-unused-vars", 2, false],
    ["    at describeOrder (file:///srv/orders.mjs:11:44)", 0, true],
    ["  --> src/main.rs:4:18", 0, true],
    ["at Object.<anonymous> (/srv/a.js:1:1)", 4, true],
  ])("%j under a line indented %i continues it: %s", (line, indent, expected) => {
    expect(continuesLine(line, indent)).toBe(expected);
  });

  test("file headers, trace lines and compiler context", () => {
    expect(isFileHeader("/tmp/rec/eslint/src/module047.js")).toBe(true);
    expect(isFileHeader("C:\\work\\src\\a.ts")).toBe(true);
    expect(isFileHeader("✖ 1923 problems (3 errors, 1920 warnings)")).toBe(false);
    expect(isTraceLine("+ cp /srv/app/releases/next/config.yml /etc/app/")).toBe(true);
    expect(isTraceLine("++ date +%s")).toBe(true);
    expect(isTraceLine("+1 more")).toBe(false);
    expect(isCompilerContext("f121.c: In function ‘main’:")).toBe(true);
  });
});

describe("recognizeContent", () => {
  test.each([
    [["diff --git a/x b/x", "index 1..2 100644"], "diff"],
    [["--- a/x", "+++ b/x", "@@ -1 +1 @@"], "diff"],
    [["commit 2098fb8c0d2b0fbb5c6bbf4b0c4e3d6d2f0b9a11", "Author: x"], "git-log"],
    [["{", '  "name": "x"'], "json"],
    [["src/a.ts:12:  throw new Error(x)", "src/b.ts:40:  error()", "src/c.ts:7: // error"], "grep"],
    [["12:throw new Error(x)", "40:error()", "77:// error"], "grep"],
    [["2026-12-01T04:33:50.690Z INFO  [orders] listening", "2026-12-01T04:33:51.138Z DEBUG x", "2026-12-01T04:33:51.143Z INFO y"], "log"],
    [['{"level":"error","msg":"x"}', '{"level":"info","msg":"y"}'], "log"],
  ])("%j is %s", (lines, kind) => {
    expect(recognizeContent(lines)).toBe(kind);
  });
});

describe("the location hint before the location pattern", () => {
  // scoreLine runs LOCATION only where its hint matches: a line LOCATION matches and the hint does not would lose its
  // location bonus. Checked on every line of the recorded outputs and on random lines.
  const gateHolds = (line: string): void => {
    const { hint, location } = LOCATION_PATTERNS;
    if (location.test(line)) expect(hint.test(line), JSON.stringify(line)).toBe(true);
  };

  test("on every line of the recorded outputs and the examples", () => {
    const folder = new URL("../../fixtures/salience/", import.meta.url);
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".txt"))) {
      for (const line of readFileSync(new URL(file, folder), "utf8").split("\n")) gateHolds(line);
    }
    for (const line of [...salient, ...notSalient]) gateHolds(line);
  });

  const FRAGMENTS = [
    "error", "Error", "ERROR", "eRRor", "errors", "fatal", "FATAL", "Fatal", "fatal error", "exit", "EXIT", "exited with code 2", "exit status 1", "non-zero exit",
    "0 errors", "0 failed", "0 problems", "errors=0", "errors: 0", "failures:\t0", "Failures: 1", "failed", "failed:", "FAIL", "FAILED", "FAIL:", "--- FAIL:", "***", "*** Failed",
    "Failed to", "Unable to", "Cannot open", "cannot find", "Build failed", "✘", "✕", "✗", "❌", "×", "●", "● Console", "E  ", "E   x", "not ok 3", "npm ERR!", "npm error",
    "yarn error", "level=error", "level: FATAL", "\"level\":\"error\"", "\"severity\": \"CRITICAL\"", "TypeError:", "FooException", "Exception", "Caused by:", "CRITICAL", "SEVERE",
    "[ERROR]", "Traceback (most recent call last)", "panicked at", "panic: ", "a.ts:12:3", "a.ts(1,2)", "index.js:7", "C:\\x\\y.cs:3", "C:\\src\\main:12", "D:\\a(3,4)", "12:04:31.5", "\" 500", "\"GET /x HTTP/1.1\" 503",
    "ENOENT", "ECONNREFUSED", "EPERM", "ENOSPC", "Permission denied", "No such file or directory", "command not found", "Segmentation fault", "(core dumped)", "Access denied",
    "Connection refused", "PASS", "PASSED", "ok", " ... ok", "✓", "✔", "√", "=== RUN", "--- PASS:", "no errors", "without errors", "error-free", "make: ***", "1 failed",
    "3 errors", "(3 errors", "✖", "❯", "# fail 2", "ℹ fail 1", " [ERR_X]:", "not remade because of errors", "a.go:3:4: ", " [Error]:", "(NoMethodError)", "Error from server", " ERR_PNPM_X", "\t/src/main.go:11 +0x65", "12:5", "  ", "\t", "\u00a0", " ", ":", ".", "x", "7", "0", "(", ")", "=", "-", "/", "\\",
  ];

  test("on random lines of the words, marks and punctuation the rules look for", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 14 }), (parts) => gateHolds(parts.join(""))),
      { numRuns: 20_000, seed: 16 },
    );
  });
});
