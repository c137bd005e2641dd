// What makes a line salient: strict patterns for errors and failures, a location bonus, and the passes that reject look-alikes.
import { knownScore } from "./line-scores.js";
import { compileNative } from "./native-regexps.js";
import { FAILURES_COUNTED, TOOL_REJECTION, TOOL_RULES, withoutTaskPrefix } from "./tool-rules.js";

/** Score at or above which a line is kept as salient (a strong marker alone reaches it; a weak word needs a location). */
export const SALIENT_SCORE = 5;

/** A pattern and the score a line that matches it gets. */
export interface Rule {
  pattern: RegExp;
  score: number;
}

/** Named errno codes (not any `E[A-Z]{4,}`, which matches `EDITOR`); each is also a prefilter needle. */
const ERRNO = "ENOENT|EACCES|EPERM|ENOSPC|ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|EADDRINUSE|ENOTFOUND|ERESOLVE";

/** Strong markers (SPEC §4.1): each alone makes a line salient. Patterns are anchored on word edges, never substrings. */
const STRONG: Rule[] = [
  { pattern: /(?:^|[\s(\[]|(?<!:):)error(?:\[E\d+\]|\s+TS\d+|\s+[A-Z]{1,4}\d{2,5})?:(?!:)/i, score: 10 },
  { pattern: /\berror\[E\d{4}\]|\berror TS\d{3,5}\b/, score: 10 },
  { pattern: /^\s*\d+:\d+\s+error\s{2}/, score: 10 },
  // `[ERROR]`, an `ERROR` column; nginx's and Apache's lower-case `[error]`, `[proxy:error]` after their timestamp.
  { pattern: /\[(?:ERROR|FATAL|CRITICAL|SEVERE)\]|(?:^|[\s|])(?:ERROR|FATAL|CRITICAL|SEVERE)(?=[\s:|\]]|$)|(?:^\d{4}\/\d\d\/\d\d [\d:]{8} |\] )\[(?:\w+:)?error\] /, score: 9 },
  { pattern: /\blevel[=:]\s*"?(?:error|fatal|ERROR|FATAL)\b|"(?:level|severity)"\s*:\s*"(?:error|fatal|ERROR|FATAL|CRITICAL)"/, score: 9 },
  { pattern: /\b[A-Z][A-Za-z0-9]*(?:Error|Exception)\b(?::(?!:)|$|\s+in\b|\s+at\b|\s\[[A-Za-z][\w]*\]:)|\((?:[A-Z]\w*::)*[A-Z]\w*(?:Error|Exception)\)$|^\s*Exception\b|(?<![\w:\/-])Exception(?::(?!:)|$)|^\s*Caused by:|^Error (?:from server|response from daemon)\b/, score: 9 },
  { pattern: /\bpanicked at\b|^panic: /, score: 10 },
  // A count of failures (`2 failed`, `3 errors`), not a year or a size before a file named for errors (`ls -l`'s `Dec 17  2022 errors.h`).
  { pattern: /\bFAILED\b|\*\*\*\s*Failed\b|^\s*FAIL\b|^--- FAIL:|\bFAIL:|\bFailures?:\s*[1-9]|(?:^|[\s(,])(?<!\b(?:[Aa]n?|[Tt]he) )[1-9]\d* (?:tests? |snapshots? )?(?:failed|failing|failures?|errors?)\b(?![-.]\w)(?! (?!(?:in|and|or|of|out|so|found|occurred|generated|detected|emitted|reported|remaining|total|were|was|tests?|files?|suites?|specs?|examples?|cases?|checks?|assertions?)\b)[a-z])|^[#ℹ]\s+fail(?:ed)?\s+[1-9]|\sfailed=[1-9]/, score: 10 },
  { pattern: /^(?:[\w.\/-]+: )*(?:\(\d+\) )?(?:[Ff]ailed|[Uu]nable) to\b|^(?:[\w.\/-]+: )*[Cc]annot (?:find|open|read|write|resolve|connect|create|load|access|allocate|locate|stat|execute|parse)\b|\b[Ff]ailed with\b|\b[Bb]uild failed\b|\b[Cc]ompilation failed\b|\bfailed:/, score: 7 },
  // A test's failure mark (`✕`, phpunit's `✘`, stylelint's `✖` after its `14:3`), rspec's `Failure/Error:` over what failed.
  { pattern: /^\s*[✘✕✗✖❌]\s|^\s*×\s|^\s*●\s(?!Console\b)|^\s*\d+:\d+\s+✖\s|^\s*Failure\/Error: /, score: 10 },
  { pattern: /^npm (?:error|ERR!)|^yarn error|^error\s|^\s?ERR_PNPM_\w+/, score: 10 },
  { pattern: /^(?:g?make(?:\[\d+\])?): \*\*\*|^\*\*\* |^g?make(?:\[\d+\])?: Target .* not remade because of errors/, score: 10 },
  { pattern: /(?:^|\s)fatal(?: error)?:|^FATAL\b|(?<![a-z,]\s)\bfatal error\b/i, score: 10 },
  { pattern: /\bexit(?:ed)? (?:status|code)[ =:]*(?:[1-9]\d*|-\d+)\b(?! (?:if|unless|when|on|for|to|and|or|means|indicates|is)\b)|\bexited with (?:code|status):? [1-9]|\bnon-zero exit (?:status|code)\s*:?\s*-?\d/i, score: 8 },
  { pattern: /"(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) [^"]*" 5\d\d\b/, score: 8 },
  { pattern: new RegExp(`(?<!\\x60)\\b(?:${ERRNO})\\b(?!\\x60)`), score: 8 },
  { pattern: /\bPermission denied\b|\bNo such file or directory\b|\bcommand not found\b|\bSegmentation fault\b|\(core dumped\)|\bAccess denied\b|\bConnection refused\b|\b[Cc]onnection to the server \S+ was refused\b|^(?:\S+: )?(?:line \d+: )?\s*\d+ (?:Aborted|Killed|Bus error|Floating point exception)\b/, score: 8 },
  // AddressSanitizer and its kin (`==31==ERROR: AddressSanitizer: heap-buffer-overflow`), valgrind's memcheck errors
  // (anywhere in a line: valgrind writes to stderr unbuffered, into the middle of the program's buffered stdout).
  { pattern: /^==\d+==\s?(?:ERROR|WARNING): \w+Sanitizer\b|^(?:WARNING|SUMMARY): \w+Sanitizer:/, score: 10 },
  { pattern: /==\d+== (?:Invalid (?:read|write|free|delete)\b|Conditional jump or move depends on uninitialised|Use of uninitialised value|Syscall param \S+ (?:points to|contains) uninitialised|[\d,]+ (?:\([\d,]+ direct, [\d,]+ indirect\) )?bytes in [\d,]+ blocks are definitely lost)/, score: 9 },
  // git's merge and rebase conflicts; Perl's compile failure (its location is `at FILE line N`, see LOCATION), prove's verdict.
  { pattern: /^CONFLICT \([\w/ -]+\): |^Automatic merge failed\b|\baborted due to compilation errors\b|^Result: FAIL\b/, score: 9 },
  { pattern: /^E {2,}\S/, score: 9 },
  // ShellCheck's mark of an error under the source line (`  ^-- SC2045 (error): Iterating over ls output is fragile.`);
  // anchored, so that a line without the mark fails at its first bytes.
  { pattern: /^\s*\^[-^]*\s+SC\d{4} \(error\): /, score: 10 },
  { pattern: /^\s*❯ (?:\S+ )?\S+:\d+:\d+$/, score: 6 },
  // Go's `file.go:L:C: message` (go vet's type errors as `vet: file.go:L:C: …`); Python's traceback header, which
  // ranks under the exception line that carries the innermost frame (owners.ts): at a small budget the exception and
  // where it was raised come before the outer frames.
  // Python linters' errors, not their style codes: pylint's `mod.py:13:15: E1101: … (no-member)` (its E and F
  // categories), pyflakes' undefined names through flake8 (`mod.py:13:43: F821 undefined name 'LIMIT'`).
  { pattern: /^(?:vet: )?[\w@.\/-]*\.go:\d+:\d+: |^Traceback \(most recent call last\)|^[^\s:]+\.py:\d+:\d+: (?:[EF]\d{4}: |F82[123] )/, score: 8 },
  { pattern: /^not ok \d+/, score: 10 },
  // sqlite3's errors in a script (`Parse error near line 435: no such table: invoices`, `Runtime error near line 629: …`);
  // a C++ exception nobody caught (`terminate called after throwing an instance of 'std::runtime_error'`, its
  // indented `what():` line under it); eslint's unix format (`src/a.js:22:35: 'x' is not defined. [Error/no-undef]`).
  { pattern: /^(?:Parse|Runtime) error near line \d+: |^terminate called after throwing an instance of '|\[Error\/[\w@\/-]+\]$/, score: 10 },
  // A tool's own failure report, whose words are not an error format: doctest's `Failed example:` (its `Expected:` and
  // `Got:` under it: groups.ts) and its summary's `1 items had failures:`; dpkg's `dpkg: error processing package x
  // (--install):` over its indented reason, and its (and apt's) closing `Errors were encountered while processing:`;
  // Ninja's `ninja: build stopped: subcommand failed.`; black's `…, 1 file would fail to reformat.`.
  { pattern: /^Failed example:$|^[1-9]\d* items? had failures:$|^dpkg(?:-\w+)?: error processing (?:package|archive) |^Errors were encountered while processing:$|^ninja: build stopped: |\b[1-9]\d* files? would fail to reformat\b/, score: 10 },
  // Go's race detector (`WARNING: DATA RACE`: ThreadSanitizer's report as Go prints it, in the middle of the program's log).
  { pattern: /^WARNING: DATA RACE$/, score: 10 },
  // A runtime's warning about the program (stderr, in the middle of its log): Node's `(node:31176) [DEP0005]
  // DeprecationWarning: …`, `MaxListenersExceededWarning: Possible EventEmitter memory leak`, not its notes on its own
  // experimental features; Python's `price_sync.py:21: RuntimeWarning: coroutine 'refresh' was never awaited` (at the
  // line start: pytest's warnings summary indents it); Perl's `… isn't numeric … at report.pl line 12, <STDIN> line
  // 318.`, `Use of uninitialized value … at x.pl line 14.` (anywhere in a line: stderr writes into buffered stdout);
  // PHP's `Warning: Undefined array key "sku" in /app/import.php on line 15` (`PHP Warning:  …` on stderr).
  { pattern: /^\(node:\d+\) (?:\[[A-Z]+\d+\] )?(?!ExperimentalWarning)[A-Z]\w*Warning: |^[^\s:]+\.py:\d+: (?!ExperimentalWarning)[A-Z]\w*Warning: |\S at [\w.\/-]+\.p[lm] line \d+(?:, <\w*> (?:line|chunk) \d+)?\.$|^(?:PHP )?Warning: {1,2}\S.* in \S+ on line \d+$/, score: 8 },
  // glog's and klog's severity letter (Google's C++ logging, absl's, Kubernetes' components), whatever the message says:
  // `E1203 12:34:56.789012   12345 reflector.go:147] …` (glog 0.6 writes the year too: `E20261203 …`), `F…` a fatal
  // line (the process aborts after it). Only the whole prefix (the letter, MMDD, the time to the microsecond, a thread
  // id, `file:line]`): a line that merely opens with `E1203` is not one. `W…` is a warning: not salient (a log
  // level's `WARN`, `WARNING:` is only while rare, rare-warnings.ts, which does not read glog's letter), nor `I…`.
  { pattern: /^E\d{4}(?:\d{4})? \d\d:\d\d:\d\d\.\d{6} +\d+ [^\s:\]]+:\d+\] /, score: 9 },
  { pattern: /^F\d{4}(?:\d{4})? \d\d:\d\d:\d\d\.\d{6} +\d+ [^\s:\]]+:\d+\] /, score: 10 },
  // Lua's report of a script that died (`lua5.4: report.lua:5: attempt to perform arithmetic on a nil value (field
  // 'qty')`, `luajit: x.lua:3: …`): the interpreter's name, then where; its `stack traceback:` continues it.
  { pattern: /^(?:lua(?:\d(?:\.\d)?)?|luajit): [^\s:]+:\d+: /, score: 9 },
  // bash's own diagnostics of a script (`steps/step17.sh: line 5: RELEASE_TAG: unbound variable`, `x.sh: line 4: [:
  // too many arguments`, `… integer expression expected`, `… bad substitution`): `FILE: line N:` then bash's wording.
  { pattern: /^\S+: line \d+: (?:.*: )?(?:unbound variable|too many arguments|integer expression expected|(?:unary|binary) operator expected|bad substitution|ambiguous redirect|bad array subscript|readonly variable|syntax error near unexpected token .*|syntax error: .*)$/, score: 8 },
  // An archive's check: unzip's `testing: data/x.csv   bad CRC 0a35ebb2  (should be dc0fbd14)` and its `At least
  // one error was detected in x.zip.`; gzip's (and its kin's) `gzip: x.gz: invalid compressed data--crc error`,
  // `… unexpected end of file`, `… not in gzip format`.
  { pattern: /\sbad CRC [0-9a-f]{8} +\(should be [0-9a-f]{8}\)$|^At least one error was detected in \S+\.$|^(?:gzip|gunzip|zcat|bzip2|bunzip2|xz|unxz|zstd|lzip): \S.*: (?:invalid compressed data--|unexpected end of (?:file|input)$|not in gzip format$|compressed data is corrupt)/, score: 9 },
  // systemd's verdict on a unit (`systemd-analyze verify`, the journal): `x.service: Service has no ExecStart=, …
  // Refusing.`, `Unit x.service has a bad unit file setting.`
  { pattern: /^\S+\.(?:service|socket|timer|mount|automount|swap|target|path|slice|scope): .*\bRefusing\.$|^Unit \S+ has a bad unit file setting\.$/, score: 9 },
  // GitHub Actions' workflow commands, as a tool in a CI job prints them (vitest's github-actions reporter, eslint's and
  // ruff's github formats, a script's `core.error`): `::error file=src/a.ts,line=3,col=5::'x' is not defined.`, and
  // the runner's own `##[error]Process completed with exit code 1.`; whatever the message says. `::warning` and
  // `::notice` are not salient (a checker's findings: not a log level's rare warning either, rare-warnings.ts).
  { pattern: /^::error(?: [^:]*)?::|^##\[error\]/, score: 9 },
  // pnpm's verdict on one package of a recursive run (`pnpm -r run build`: `packages/p07 build: Failed`, its output's
  // prefix, then `Failed`), which names the package where its error line may not.
  { pattern: /^[\w@.\/-]+ [\w:.-]+: Failed$/, score: 8 },
  // Elixir's exception as a script or a process dies of it (`** (ArithmeticError) bad argument in arithmetic expression`,
  // `** (KeyError) key :qty not found in: %{…}`, `** (Mix) …`), its indented frames under it; ExUnit's failed test
  // (`  1) test prices tier 17 (TierTest)`, `  2) doctest Ledger.total/1 (1) (LedgerTest)`) over its indented
  // location, assertion, `code:`, `left:` and `right:` lines.
  // ExUnit's assertion under it (`     Assertion with == failed`, an exception's `     ** (KeyError) …`) is salient too, for
  // the byte path (`ail`, `rror`), and takes the title and location above it (owners.ts).
  { pattern: /^\s*\*\* \([A-Z][\w.]*\) |^\s+\d+\) (?:test|doctest|property) .* \([A-Z][\w.]*\)$|^\s+Assertion with \S+ failed$/, score: 9 },
  // apt's and apt-get's errors (`E: Unable to locate package x`, `E: Package 'python' has no installation candidate`,
  // `E: Sub-process /usr/bin/dpkg returned an error code (1)`, `E: Version '9' for 'x' was not found`), as a
  // Dockerfile's RUN line prints them: `E:` opens the line, a capitalized word follows (its `W:` and `N:` are warnings
  // and notes: not salient); the resolver's `The following packages have unmet dependencies:` over its indented
  // ` x : Depends: y (>= 2) but it is not installable` lines (their continuation).
  { pattern: /^E: [A-Z]|^The following packages have unmet dependencies:$/, score: 9 },
  // Tcl's errors as tclsh reports a script that died (`can't read "qty": no such variable`, `invalid command name
  // "fo"`, `wrong # args: should be "…"`, `expected integer but got "x"`), over its `    while executing` trace (whose
  // quoted commands, `"expr {$qty * $price}"`, open with the quote: isContinuation). Each anchored at the line start.
  { pattern: /^(?:can't (?:read|set|unset) "[^"]*": |can't use (?:non-numeric (?:string|floating-point value)|empty string) as operand of "|invalid command name "|wrong # args: should be "|expected (?:integer|floating-point number|boolean value|list|dictionary|version number) but got "|key "[^"]*" not known in dictionary$|missing value to go with key$|couldn't (?:open|read|write|execute|create|delete|change) "[^"]*": )/, score: 9 },
  // Tools whose documented format marks an error by its shape (rubocop, nginx, oxlint, sqlfluff, npm ls, bun, TeX, MySQL's client): tool-rules.ts.
  ...TOOL_RULES,
];

/** Weak words: salient only together with a location. */
const WEAK = /(?<![\w./-])(?:error|errors|failure|failed|exception)(?![\w./-])/i;

/** A `file:line[:col]` or `file(line,col)` location; Perl's `at FILE line N`, PHP's `in FILE on line N`. */
const LOCATION = /(?:[\w@~.\/\\-]+\.[A-Za-z]\w{0,5}|\b[A-Za-z]:\\[^\s:]+)(?::\d+(?::\d+)?\b|\(\d+,\d+\))|\b(?:at [\w@~.\/\\-]+\.[A-Za-z]\w{0,5}|in [\w@~.\/\\-]+\.[A-Za-z]\w{0,5} on) line \d+\b/;
/**
 * What every LOCATION match holds, found fast (it opens on a literal): a file extension right before `:N`, `(N` or
 * ` line N` (` on line N`), or a drive's `:\`. LOCATION itself tries every word character as a path's start, the
 * costliest pattern here.
 */
const LOCATION_HINT = /\.[A-Za-z]\w{0,5}(?:[:(]| (?:on )?line )\d|:\\/;

/** LOCATION and the hint that must match before it runs (the tests check the hint on real and random lines). */
export const LOCATION_PATTERNS = { hint: LOCATION_HINT, location: LOCATION };

/**
 * A failed test's title (a test's failure mark before it, `✘`, `✕`, `×`, `●`…, not eslint's `✖ 12 problems`; rspec's
 * `(FAILED - 2)` after it): when it says `no errors` or `0 errors` (phpunit's `✘ Total of cart without errors 11`, rspec's
 * `… when no error occurs in case 7 (FAILED - 1)`), that is what the test checks, not a count. Tried only on a line
 * the first rejection matched (and a count of failures beside the zero: tool-rules.ts FAILURES_COUNTED).
 */
const FAILED_TITLE = /^\s*[✘✕✗✖❌×●]\s(?!\d+ problems?\b)|\(FAILED - \d+\)$/;

/**
 * Lines that say all is well, or count zero problems: never salient even when a strong word appears. The rejections
 * that ignore case are one alternation (`0 errors`, `failures: 0`, `no problems`): one call of a regular expression
 * for the three, and one for the rest.
 */
const REJECT: RegExp[] = [
  /(?:^|[^\d,.])0 (?:errors?|failures?|failed|failing|problems?)\b|\b(?:errors?|failures?|failed|problems?)[=:]\s*0\b(?![.,]\d)|\bno (?:errors?|failures?|problems?)\b|\bwithout errors?\b|\berror[-_ ]?free\b/i,
  // (A test runner's pass mark, ✓ ✔ √, rejects a line too: PASS_MARK, tried before the rules.)
  // unittest's in-list `test_x (mod.Case.test_x) ... ERROR` too: its `ERROR: test_x` section under the list says it again,
  // with why; and gdb's note that it has no source for a frame (`79\t../sysdeps/x86_64/strlen-evex.S: No such file or directory.`).
  // What a Go test logged (`    checks_test.go:13: got expected error "empty input"`, `attempt 1 failed: timeout,
  // retrying`): what a passing test checked or tried; a failed test's log travels with its `--- FAIL:` (owners.ts,
  // `go test -v` prints it above; without -v it is printed under, as its continuation).
  // Python's `except OSError as error:`, a line of code (the setup.py shim pip prints with a failed build's command).
  /\bPASS(?:ED)?\b|^\s*ok\b|\bok$|\s\.\.\. (?:ok\b|ERROR$)|^--- PASS:|^=== RUN\b|^\d+\t\S+: No such file or directory\.$|^ {4}\w+_test\.go:\d+: |^\s*except\b[\w\s.,()]*:$/,
];

/** The rejections (tests check the first, three joined, against them one by one). */
export const REJECTIONS: readonly RegExp[] = REJECT;

/** The strong rules joined into one expression per score and flags, the highest score first (made on first use). */
let strongGroups: Rule[] | undefined;

/**
 * A line's score is the highest of the strong rules it matches, so the rules of one score (and flags) are tried as
 * one alternation, the highest score first: a few calls of a regular expression per line, not one per rule (the end
 * of an output runs in the interpreter, where a call costs about as much as the match; issue 16). Loops by index:
 * scoreLine allocates no iterator (score-allocations.test.ts).
 */
function joinStrongRules(): Rule[] {
  const keys: string[] = [];
  const sources: string[][] = [];
  for (let index = 0; index < STRONG.length; index += 1) {
    const { pattern, score } = STRONG[index]!;
    const key = `${score} ${pattern.flags}`;
    let at = keys.indexOf(key);
    if (at === -1) at = keys.push(key) - 1;
    (sources[at] ??= []).push(`(?:${pattern.source})`);
  }
  const groups: Rule[] = [];
  for (let at = 0; at < keys.length; at += 1) {
    const space = keys[at]!.indexOf(" ");
    groups.push({ pattern: new RegExp(sources[at]!.join("|"), keys[at]!.slice(space + 1)), score: Number(keys[at]!.slice(0, space)) });
  }
  compileNative(groups.map((group) => group.pattern));
  compileNative([PASS_MARK, LOCATION_HINT, FAILED_TITLE, FAILURES_COUNTED, TOOL_REJECTION].concat(REJECT));
  return groups.sort((a, b) => b.score - a.score);
}

/** The strong rules one by one (tests check scoreLine's joined expressions against them). */
export const STRONG_RULES: readonly Readonly<Rule>[] = STRONG;

/** The highest score of the strong rules `text` matches, 0 when none does. */
export function strongScore(text: string): number {
  const groups = (strongGroups ??= joinStrongRules());
  for (let index = 0; index < groups.length; index += 1) {
    const group = groups[index]!;
    if (group.pattern.test(text)) return group.score;
  }
  return 0;
}

/** Lines scored by the rules (a line the fold scored for this cut is looked up: line-scores.ts); counted for tests. */
export const scoreWork = { scored: 0 };

/** Looks at a line of clean text: 0 when it is not salient, otherwise a score (higher keeps first). */
export function scoreLine(text: string): number {
  const known = knownScore(text);
  return known === undefined || known < 0 ? scoreText(text) : known;
}

/**
 * A test runner's pass mark (`✓`, `✔`, `√`): a line with one is rejected whatever it says, before the rules run (a spec run prints a thousand `✓ handles error responses` lines, whose error word
 * made each try every rule; issue 16).
 */
const PASS_MARK = /[✓✔√]/;

function scoreText(text: string): number {
  if (text.length === 0) return 0;
  scoreWork.scored += 1;
  strongGroups ??= joinStrongRules(); // (PASS_MARK among the expressions compiled to native code first)
  if (PASS_MARK.test(text)) return 0;
  let score = strongScore(text);
  const located = LOCATION_HINT.test(text) && LOCATION.test(text);
  if (score === 0) {
    if (!located || !WEAK.test(text)) return 0;
    score = 3;
  }
  for (let index = 0; index < REJECT.length; index += 1) {
    if (REJECT[index]!.test(text) && (index !== 0 || !(FAILED_TITLE.test(text) || FAILURES_COUNTED.test(text)))) return 0;
  }
  // A checker's findings below an error's severity (rubocop's `W:`, staticcheck's style checks) have a location: tried only then (~10 % on every ERROR line otherwise).
  if (located && TOOL_REJECTION.test(text)) return 0;
  return located ? score + 3 : score;
}

/**
 * True for a line that continues the one above it: an indented line, a stack frame, a caret or gutter line (`|`, `> 4 |`,
 * terraform's `│`), valgrind's indented `==PID==    at …`, a sanitizer's `READ of size 4 at …` over its frames,
 * rustc's `...` between two excerpts and its `help:` with the suggested lines (`13 +     let total = …`), gcc's and
 * clang's `f.c:4:30: note: …` (with its code frame under it), Node's `Require stack:` (groups.ts takes its `- path`
 * list), PostgreSQL's `DETAIL:`, `HINT:`, `STATEMENT:` and psql's `LINE 1:` under its `ERROR:`, PHP's `Stack trace:`
 * and its frames (`#0 /app/report.php(16): customer_of()`, `#1 {main}`) under an uncaught exception, Lua's `stack
 * traceback:` (its frames are indented by a tab), Tcl's trace's quoted commands (`"expr {$qty * $price}"`, between its
 * indented `    while executing` and `    (procedure "total" line 3)`), systemd's `Unit x.service has a bad unit file setting.` under its refusal; redis's `[offset 1566] …` (not its progress, `[offset 27] AUX FIELD …`), `[additional info] …` under `--- RDB ERROR DETECTED ---`, and `Reading the
 * configuration file, at line 7`, `>>> 'maxmemory 1.7gb'` under `*** FATAL CONFIG FILE ERROR ***` (the reason: groups.ts).
 */
export function isContinuation(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  if (first === 0x20 || first === 0x09) return text.trim().length > 0;
  return /^(?:at |Caused by:|stack traceback:$|l\.\d+ |"\S|\[offset \d+\] (?!Checking RDB file |AUX FIELD |Selecting DB ID |RESIZE DB |Checksum OK)|\[additional info\] |Reading the configuration file, at line \d+$|>>> '|Unit \S+ has a bad unit file setting\.$|\s*\^|\s*[|│]|\s*-->|\s*>?\s*\d+\s*\||==\d+== {2,}\S|(?:READ|WRITE) of size \d+ at |(?:Previous )?(?:[Rr]ead|[Ww]rite) at 0x[0-9a-f]+ by |\.\.\.$|help: |\d+ [-+~] |Require stack:$|LINE \d+: |Stack trace:$|#\d+ (?:\S+\(\d+\): |\{main\}$))/.test(text) || (text.includes(": note: ") && COMPILER_NOTE.test(text)) || (text.includes(":  ") && POSTGRES_FIELD.test(text));
}

/** PostgreSQL's fields under its `ERROR:` (server log, after its line prefix, or psql's): `DETAIL:  Key (id)=(1) already exists.`, `STATEMENT:  insert …`. */
const POSTGRES_FIELD = /^(?:.*\s)?(?:DETAIL|HINT|STATEMENT|CONTEXT|QUERY):  \S/;

/** gcc's and clang's note under a diagnostic (`f.c:4:30: note: expected ‘struct point’ …`). */
const COMPILER_NOTE = /^[^\s:]+:\d+:\d+: note: /;

/** Leading blanks of a line: spaces, tabs, and no-break spaces (pyright indents a diagnostic's detail with two of each). */
export function indentOf(text: string): number {
  let at = 0;
  for (let code = text.charCodeAt(0); code === 0x20 || code === 0x09 || code === 0xa0; code = text.charCodeAt(at)) at += 1;
  return at;
}

/**
 * True for a line that continues a salient line indented by `headIndent`: a continuation (above) that is indented
 * deeper than it, or that opens with its own mark (`at `, `Caused by:`, a gutter). A line as indented as the salient
 * line is its sibling, not its detail: vitest's and jest's `✓` lines under a `×` one, eslint's next warning.
 */
export function continuesLine(text: string, headIndent: number): boolean {
  const body = withoutTaskPrefix(text);
  if (!isContinuation(body)) return false;
  const indent = indentOf(body);
  return indent === 0 || indent > headIndent;
}

/** True for a line that owns the indented block under it, as eslint prints a file path once above its problems. */
export function isFileHeader(text: string): boolean {
  return text.length < 512 && /^(?:\/|[A-Za-z]:\\|\.{0,2}\/?[\w@.-]+\/)[^\s:]*\.[A-Za-z]\w{0,6}$/.test(text);
}

/** True for a `set -x` trace line (`+ cmd`), which says what ran just before the salient line under it. */
export function isTraceLine(text: string): boolean {
  return /^\++ \S/.test(text);
}

/** True for the line a C/C++ compiler prints above a diagnostic to say where it is (`f.c: In function ‘main’:`). */
export function isCompilerContext(text: string): boolean {
  return /: In (?:function|member function|constructor|destructor|instantiation of|lambda function)\b|^In file included from |: At top level:$/.test(text);
}
