// Strong rules and rejections for tools whose documented diagnostic format marks an error by its own shape, not by an
// error word: a severity letter, a level in brackets, a report's mark, a tree's annotation (rules.ts joins them in).
import type { Rule } from "./rules.js";

/**
 * Each alone makes a line salient (the ninth audit's kinds; test/bound/salience/salaudit3-kinds.test.ts):
 * - rubocop's offense of severity error or fatal (`lib/a.rb:20:1: E: Lint/Syntax: unexpected token $end`,
 *   `F: …`), its conventions, warnings and refactors (`C:`, `W:`, `R:`) not (TOOL_REJECTION);
 * - nginx's levels above `error` (`2026/12/04 12:41:21 [emerg] 3190#3190: unknown directive …`, `nginx: [emerg] …`,
 *   `[alert]`, `[crit]`) after its timestamp or its name, and `nginx -t`'s verdict `… test failed`; not `[warn]`,
 *   `[notice]`, `[info]`;
 * - a miette report's error mark as an ASCII theme prints it without a terminal (oxlint's `  x eslint(no-debugger):
 *   …`, `  x Unexpected token`; the `×` of a terminal is rules.ts's test mark): two spaces, `x`, then a rule's
 *   `plugin(rule):` or a capitalised message; `!` (a warning) and `help:` not;
 * - sqlfluff's unparsable section (`L:   3 | P:   1 |  PRS | Line 3, Position 1: Found unparsable section: …`) and its
 *   `WARNING: Parsing errors found and dialect is set to …`; its layout rules' lines not;
 * - `npm ls`'s tree: a dependency missing (`UNMET DEPENDENCY ms@2.1.3`, npm 6's `UNMET PEER DEPENDENCY`) or of a
 *   version its dependents do not accept (`pretty-format@1.0.0 deduped invalid: "^29.7.0" from …`); not an optional
 *   one that is not for this platform (`UNMET OPTIONAL DEPENDENCY fsevents@^2.3.3`);
 * - bun test's failed test (`(fail) prices 12 > price of 9 x 2 [0.73ms]`) and its count (` 1 fail`);
 * - (the tenth audit's, salaudit4-kinds.test.ts) a JSON log line at pino's and bunyan's numeric levels error and fatal
 *   (`{"level":50,…,"msg":"payment declined by gateway"}`, `"level":60`), not info (30) or warn (40); winston's and
 *   others' `"level":"error"` are rules.ts's; minitest's verbose verdict of a failed or erring test
 *   (`Region17Test#test_tier_17 = 0.00 s = F`, `= E`), not a passing one (`= .`), and its report of each at the end
 *   (`  1) Failure:` over the test's name and location, `Expected: 19`, `  Actual: 22`); turbo's summary of the tasks
 *   that failed (`Failed:    @ledger/p07#build`);
 * - (the eleventh audit's, salaudit5-kinds.test.ts) TeX's error (`! Undefined control sequence.`, -file-line-error's
 *   `./ch17.tex:14: …`) and MySQL's and MariaDB's client error anywhere in a line (`ERROR 1146 (42S02) at line 435: …`);
 * - (the twelfth audit's, salaudit6-kinds.test.ts) redis-server's log line at its `#` level (warning, which redis uses
 *   for its errors too) that says an error (`2454:M 04 Dec 2026 20:24:19.219 # Short read or OOM loading DB.
 *   Unrecoverable error, aborting now.`, `# Failed opening the temp RDB file …`); not its advice (`# WARNING Memory
 *   overcommit must be enabled! … may fail …`, every start), nor its `*` and `-` lines; under journalctl's prefix
 *   too (`Dec 04 21:21:33 vm redis-server[6347]: 6347:M …`); eslint's compact format's
 *   error (`src/a.js: line 22, col 35, Error - 'x' is not defined. (no-undef)`, eslint-formatter-compact), not its
 *   `Warning - `; jasmine's `Failures:` over its report (the numbered title under it, announced by the colon, then
 *   the indented `Message:`, the expectation, `Stack:` and its frames: groups.ts; each later item, `2) …`, a group of
 *   its own, failure-list.ts), rspec's as well;
 * - (the fourteenth audit's, salaudit8-kinds.test.ts) curl's failure, `curl: (N) message` at a line's start, which
 *   says what went wrong in curl's words and its exit code in the parentheses (`curl: (60) SSL certificate problem:
 *   self-signed certificate`, `(6) Could not resolve host: …`, `(28) Connection timed out after …`, `(56) Recv
 *   failure: …`, `(52) Empty reply from server`): most have no error word; strace's report of a process that exited
 *   with a status (`21158 +++ exited with 1 +++`, `[pid 21158] +++ …`), over which its failed call and what it wrote
 *   to stderr travel (location-above.ts), where its calls that fail as a matter of course (the loader's and the
 *   locale's `= -1 ENOENT` probes, hundreds a process) crowded the one that mattered out.
 */
export const TOOL_RULES: Rule[] = [
  // One `^` for the ten (each opens its line): a non-anchored alternation tries each of its `^` branches at every
  // position of a line, and every scored line (an ERROR log line) runs this group.
  {
    pattern: new RegExp(`^(?:${[
      /[^\s:]+:\d+:\d+: [EF]: (?:\[Correctable\] )?[A-Z]\w*\/\w+: /,
      /(?:\d{4}\/\d\d\/\d\d [\d:]{8} |nginx: )\[(?:emerg|alert|crit)\] |nginx: configuration file \S+ test failed$/,
      / {2}x (?:[\w-]+\([\w@\/.-]+\): |[A-Z])/,
      /L: *\d+ \| P: *\d+ \| +PRS \| |WARNING: Parsing errors found\b/,
      /\(fail\) \S| [1-9]\d* fail$/,
      /\{.*?"level":[56]0[,}]|[A-Z][\w:]*#test_.* = \d+\.\d+ s = [FE]$| {2}\d+\) (?:Failure|Error):$|Failed: +\S+#\S+$/,
      /(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ [^\s:]+: )?\d+:[XCSM] \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d\.\d{3} # (?!WARNING\b).*?\b(?:[Ee]rror|[Ff]ail(?:ed|ure|ing)?|[Ff]atal|FATAL|[Uu]nable|[Cc]annot|refused|denied)\b/,
      /\S+: line \d+, col \d+, Error - |Failures:$/,
      /curl: \(\d{1,2}\) \S/,
      /(?:\[pid +\d+\] |\d+ +)?\+\+\+ exited with [1-9]\d* \+\+\+$/,
    ].map((rule) => rule.source).join("|")})`),
    score: 9,
  },
  { pattern: /^[│├└┬─ ]*[├└]─[─┬] (?:UNMET (?:PEER )?DEPENDENCY \S|\S+@\S+ (?:deduped )?invalid: ")/, score: 8 },
  // TeX's error (pdflatex's log and terminal, `-interaction=nonstopmode`: `! Undefined control sequence.`, `! Missing $
  // inserted.`, `! LaTeX Error: …`), whose `l.14 …` line under it says where (isContinuation); with -file-line-error
  // `./ch17.tex:14: Undefined control sequence.`. MySQL's and MariaDB's client error (`ERROR 1146 (42S02) at line 435:
  // Table 'ledger.invoices' doesn't exist`), anywhere in a line: with --force its stderr lands inside the statements
  // echoed on its buffered stdout (`… 'customer 410'ERROR 1146 (42S02) at line 435: …`).
  { pattern: /^! (?:[A-Z]|==> )|^[^\s:]+\.(?:tex|sty|cls|ltx|dtx):\d+: [A-Z]|ERROR \d{4} \([0-9A-Z]{5}\)(?: at line \d+)?: /, score: 9 },
];

/**
 * A count of failures beside a zero that rules.ts's first rejection would take for all being well (Surefire's
 * `Tests run: 20, Failures: 1, Errors: 0, Skipped: 0 … <<< FAILURE!`, `Failures: 0, Errors: 1`, minitest's `800 runs,
 * 800 assertions, 1 failures, 0 errors, 0 skips`): that line is not rejected.
 */
export const FAILURES_COUNTED = /\b(?:Failures|Errors): [1-9]|\b[1-9]\d* (?:failures|errors), /;

/**
 * Lines that are never salient whatever words they hold (tried only on a line with a location, rules.ts): rubocop's conventions, warnings and refactors (`lib/a.rb:4:5:
 * W: Lint/UselessAssignment: Useless assignment to variable - error_count.`); staticcheck's simplifications, style,
 * quick fixes and unused code (`pkg/a.go:23:13: error strings should not be capitalized (ST1005)`: `S`, `ST`, `QF`,
 * `U1000`), which Go's `file.go:L:C:` rule would take for a compile error; its bug checks (`SA`) and compile errors stay.
 */
export const TOOL_REJECTION = /^[^\s:]+:\d+:\d+: [CWR]: (?:\[Correctable\] )?[A-Z]\w*\/\w+: |^[^\s:]+\.go:\d+:\d+: .* \((?:(?:S|ST|QF)\d{4}|U1000)\)$/;

/**
 * The text needles these rules add (prefilter.ts): rubocop's `: E: ` and `: F: `, nginx's levels, oxlint's mark, sqlfluff's
 * `PRS`, npm's `UNMET ` and `invalid: "`, bun's `(fail)` (its ` 1 fail` has `fail`), pino's numeric levels, minitest's
 * verdicts. The byte path's: TOOL_BYTE_NEEDLES.
 */
export const TOOL_NEEDLE_TEXTS: readonly string[] = [": E: ", ": F: ", "[emerg]", "[alert]", "[crit]", "\n  x ", "PRS | ", "UNMET ", "invalid: \"", "\"level\":5", "\"level\":6", " s = F", " s = E", "\ncurl: ("];

/**
 * The byte path's needles for them (prefilter.ts; their buckets: needle-buckets.ts): nginx's `[emerg] ` and `[crit] `;
 * since the tenth audit (its error in the middle of a long output of the tool's own lines was lost: large-tool-kinds.test.ts)
 * rubocop's `E: ` and `F: `, sqlfluff's `nparsable` (`Found unparsable section`), npm ls's `NMET ` and `nvalid: "`,
 * oxlint's `  x `, pino's `el":5` and `el":6`: each spelt from where its first three bytes let fewest positions of
 * ordinary text through (needle-buckets.ts has the figures). nginx's `[alert] ` and minitest's verdicts (`s = F`: every
 * `s = ` of code) have none: their lines are found on the window's path (the last MiB of an output) and wherever an
 * existing needle hits them (minitest prints each failure again, with why, at the end of its run). curl's `\ncurl: (`
 * (the fourteenth audit) opens with the newline before it: the scan hands back the line after it, as for glog's lines.
 */
export const TOOL_BYTE_NEEDLES: readonly string[] = ["[emerg] ", "[crit] ", "E: ", "F: ", "nparsable", "NMET ", "nvalid: \"", "  x ", "el\":5", "el\":6", "\ncurl: ("];

/** Ant's task prefix (`    [javac] `: the task's name in brackets right-aligned in 12 columns), which opens every line a task prints. */
const TASK_PREFIX = /^ +\[[a-z][\w-]*\] /;
const TASK_PREFIX_WIDTH = 12;
/** syslog's and journalctl's prefix (`Dec 04 21:21:33 vm redis-server[6347]: `), which opens every line a service logs. */
const SYSLOG_PREFIX = /^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ [^\s:]+: /;

/**
 * A line without ant's task prefix: javac's `    [javac]   symbol:   variable totl` under its `    [javac] …/Region093.java:6:
 * error: cannot find symbol` is indented past the prefix, as javac printed it (the prefix makes every line a sibling).
 * Only a prefix 12 columns wide: an indented `  [1] item` under an error stays its continuation. Nor syslog's or
 * journalctl's (the twelfth audit): redis-check-rdb's `… redis-server[6347]: [offset 1566] Unexpected EOF …` continues
 * `… redis-server[6347]: --- RDB ERROR DETECTED ---` as it does without the journal.
 */
export function withoutTaskPrefix(text: string): string {
  if (text.charCodeAt(3) === 0x20 && text.charCodeAt(6) === 0x20 && text.charCodeAt(9) === 0x3a) {
    const prefix = SYSLOG_PREFIX.exec(text);
    return prefix ? text.slice(prefix[0].length) : text;
  }
  if (text.charCodeAt(0) !== 0x20 || text.charCodeAt(TASK_PREFIX_WIDTH - 2) !== 0x5d) return text;
  const prefix = TASK_PREFIX.exec(text);
  return prefix && prefix[0].length === TASK_PREFIX_WIDTH ? text.slice(TASK_PREFIX_WIDTH) : text;
}
