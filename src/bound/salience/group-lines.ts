// What the lines under and around a salient line look like (groups.ts reads them): stack frames, a test's failure title
// and pass mark, an assertion's diff, a gutter, a report whose parts stand apart by a blank line, a list of modules.

/** A gutter line with nothing in it (rustc's `   |` between its labels): continues a group without using up its lines. */
export const BARE_GUTTER = /^\s*[|│]\s*$/;

/**
 * A stack frame with a location outside the runtime's own code: JavaScript's `at f (test/a.test.js:23:67)` (not
 * `node:`), vitest's `❯ file:line:col`, a Go goroutine's `\t/src/app/main.go:11 +0x65` (not Go's own sources:
 * `/usr/local/go/src/…`, Debian's `/usr/lib/go-1.19/src/…`, under which net/http recovers a handler's panic),
 * terraform's `  on main.tf line 5, in variable "v":` under its `Error:` and a blank line, gdb's backtrace frame
 * `#1  0x… in name_length (owner=0x0) at report.c:11` under `Program received signal SIGSEGV` (not the C library's,
 * `at ../sysdeps/…`), Ruby's `worker.rb:7:in `fee'` (rspec's `# ./spec/a_spec.rb:27:in `block …'`).
 */
export const FRAME = /^\s*(?:at (?:[^()]* \()?(?!node:|internal\/)[^\s()]+:\d+:\d+\)?|❯ (?:\S+ )?\S+:\d+:\d+)\s*$|^\s*(?:# |from )?[\w.\/-]+\.rb:\d+:in [`']|^\t(?!\/usr\/(?:local\/)?(?:lib\/)?go-?[\d.]*\/)\S+\.go:\d+(?: \+0x[\da-f]+)?$|^│?\s+on \S+\.tf(?:\.json)? line \d+\b|^#\d+ +(?:0x[\da-f]+ in )?\S+ \(.*\) at (?!\.\.\/sysdeps\/)\S+:\d+$/;

/** A Go goroutine's frame (its file line) and the function line printed above it (`main.load(...)`, `net/http.(*conn).serve(0xc000…)`). */
export const GO_FRAME = /^\t\S+\.go:\d+/;
export const GO_FUNCTION = /^[\w.\/*()[\]-]+\(.*\)$/;

/**
 * A JavaScript frame in Node's own code (`at Test.run (node:internal/test_runner/test:796:25)`): it ends a group, whose
 * first frame of the program's own code is looked for under it when the group has none (`close`).
 */
export const RUNTIME_FRAME = /^\s*at (?:[^()]* \()?(?:node:|internal\/)/;

/** A test's failure title, whose message comes under it after a blank line (jest's `●`, `FAIL`, `✕`). */
export const TITLE = /^\s*(?:●|✕|✖|×|FAIL)\s/;
/**
 * A line that says a test passed: never a failure's continuation (jest's and vitest's `✓` lines under a `FAIL` file);
 * nor vitest's `Start at` and `Duration` under its summary (indented to align with ` Test Files`).
 */
export const PASSING = /^\s*[✓✔√]\s|^ +(?:Start at|Duration) {2}\S/;
/**
 * A failed assertion, whose expected/actual diff comes under it: Python's and Node's `AssertionError`, jest's
 * `expect(received)` (Playwright's `expect(locator)`, `expect(page)`: its `Expected: "19"`, `Received: "18"` past a blank
 * line and `Locator:`), minitest's report of a failure (`  1) Failure:` over the test's name and `Expected: 19`, `  Actual: 22`).
 */
export const ASSERTION = /\bAssertion(?:Error|FailedError)\b|\bexpect\((?:received|locator|page)\)|^ {2}\d+\) Failure:$/;
/**
 * A line of that diff: `- {'a': 1}`, `+   18,`, `+ actual - expected`, `- Expected  - 1`, difflib's `?     ^` guide; the
 * values jest and bun print for a matcher (`Expected: 19`, `Received: 18`, `Expected length: 3`), past a blank line;
 * minitest's `  Actual: 22`.
 */
export const DIFF_LINE = /^\s*(?:[-+](?: |$)|\? +[-+^ ]*[-+^]\s*$|(?:Expected|Received|Actual)(?: [a-z]+)*: \S)/;
/** A diff's legend (`+ actual - expected`, `- Expected  - 1`, jest's `- Snapshot  - 1`): a second one under a diff already taken opens a second diff of the same values (mocha prints its own under Node's). */
export const LEGEND = /^\s*[-+] (?:actual|expected|Expected|Received|Snapshot)\b/;
/** A diff line that is not a legend: a value. */
export const isDiffValue = (text: string): boolean => DIFF_LINE.test(text) && !LEGEND.test(text);

/**
 * A report whose parts stand apart by a blank line: Go's race detector's `WARNING: DATA RACE`, its `Read at 0x… by
 * goroutine 7:` with its frames, a blank line, then `Previous write at 0x… by goroutine 9:`, the other side, with its;
 * esbuild's `✘ [ERROR] Could not resolve "./x.js"` over a blank line and its indented location and code; rspec's
 * `Failure/Error: expect(…)` over a blank line and its `expected:`/`got:` lines or the exception, and its frame; vite's
 * `error during build:`, rolldown's `Build failed with 1 error:`, a blank line, then the error (`[PARSE_ERROR] …`)
 * and its code (a line of such a group that ends with `:` announces the line under it, as the first line does);
 * Next.js's `Type error: …` over a blank line and its code frame.
 */
const SPANS_BLANKS = "WARNING: DATA RACE";
/**
 * terraform's diagnostic without colour (`-no-color`, as CI runs it): `Error: Failed to query available provider
 * packages`, a blank line, then its detail, unindented (`Could not retrieve the list of available versions for
 * provider` / `hashicorp/random: could not connect to registry.terraform.io: …`), and a second paragraph past a blank
 * line (`To see which modules …`; under `Error: Invalid type specification` the first is its location and code, the
 * second its reason, `The keyword "strng" is not a valid type specification.`).
 */
export const DETAIL_PARAGRAPH = /^Error: [A-Z]/;
/** pnpm's error (` ERR_PNPM_NO_MATCHING_VERSION  No matching version found for left-pad@^9.0.0`, thin spaces around the code), whose paragraphs a blank line parts. */
export const PNPM_ERROR = /^\s?ERR_PNPM_\w+/;
/** pnpm's paragraph under an install error that says which package asked for it. */
export const PNPM_DETAIL = /^This error happened while installing /;

/**
 * ExUnit's assertion or exception in a failure's block (`     Assertion with == failed`, `     ** (KeyError) …`), under
 * its `  1) test name (Module)` title and location (owners.ts) and over its `code:`, `left:` and `right:` lines, which
 * are as indented as it (groups.ts takes them as its continuation).
 */
export const EXUNIT_DETAIL = /^\s+(?:Assertion with \S+ failed$|\*\* \([A-Z][\w.]*\) )/;

/** True for the first line of such a report (string tests: no regular expression runs for it but on rspec's). */
export const spansBlanks = (text: string): boolean =>
  text === SPANS_BLANKS || text === "error during build:" || PNPM_ERROR.test(text) || text.startsWith("✘ [ERROR] ") || text.startsWith("Type error: ") || (text.includes("Failure/Error: ") && /^\s*Failure\/Error: /.test(text));

/** An item of the list under Node's `Require stack:` (`- /app/lib/config.js`), the modules that asked for the missing one. */
export const LIST_ITEM = /^- \S/;

/**
 * TAP's diagnostics under a failed test's `not ok 17 …` line (`#` comments: bats's `# (in test file x.bats, line 104)`
 * and the command that failed, Test::More's `#   Failed test '…'` / `#   at t/x.t line 12.`).
 */
export const TAP_FAILURE = "not ok ";
export const TAP_DIAGNOSTIC = /^#(?:\s|$)/;

/** doctest's failure report: `Failed example:`, the example indented, then `Expected:` and `Got:` (or `Exception raised:`) over theirs. */
export const DOCTEST_FAILURE = "Failed example:";
export const DOCTEST_PART = /^(?:Expected:|Got:|Exception raised:|Expected nothing|Got nothing|Differences \(.*\):)$/;

/**
 * An item of a tree drawn with box lines (`npm ls`'s `│ │ ├── UNMET DEPENDENCY ms@2.1.3`): the lines under it are its
 * siblings and their children, not its detail, though their gutter (`│`) reads as a continuation; it takes none.
 */
export const TREE_ITEM = /^[│ ]*[├└]─/;
