// The cheap byte-level prefilter: fixed needles found with Buffer.indexOf (memchr speed) before any regex runs.
import { knownScore, NO_NEEDLE } from "./line-scores.js";
import { compileNative } from "./native-regexps.js";
import { TOOL_BYTE_NEEDLES, TOOL_NEEDLE_TEXTS } from "./tool-rules.js";
import { WARNING_BYTE_NEEDLES, WARNING_NEEDLE_TEXTS } from "./rare-warnings.js";

/** Every strong marker of rules.ts contains one of these strings (the test for one line of text). */
export const NEEDLE_TEXTS: readonly string[] = [
  "rror", "ERR", "FAIL", "Fail", "fail", "xception", "Traceback", "panic", "fatal", "Fatal", "FATAL", "CRIT",
  "SEVERE", "***", "xit", "\" 5", "denied", "No such file", "found", "Segmentation fault", "(core dumped)",
  "ENOENT", "EACCES", "ECONN", "EADDRINUSE", "ETIMEDOUT", "ENOTFOUND", "ERESOLVE", "ENOSPC", "EPERM", "Caused by",
  "Unable", "unable", "Cannot", "cannot", "refused", "\nE  ", "\nnot ok", ".go:", "anitizer", "Invalid ", "nitialised",
  "ely lost", "CONFLICT (", "terminate called", "DATA RACE", "Warning: ", ".pl line ", ".pm line ", "Aborted", "Killed",
  ": E0", ": E1", ": F0", " F82",
  // glog's and klog's severity letter opening a line (`E1203 12:34:56.789012 …`, glog 0.6's `E20261203 …`), Lua's
  // interpreter, bash's `FILE: line N:`, archive checks, systemd's refusals.
  "\nE0", "\nE1", "\nE2", "\nF0", "\nF1", "\nF2", "\nlua", ": line ", "bad CRC", "nexpected end of", "compressed data",
  "not in gzip format", "Refusing", "bad unit file",
  // apt's `E: …` and its resolver's unmet dependencies; Tcl's errors (each opens its line).
  "\nE: ", "\nThe following packages have unmet", "\ncan't ", "\ninvalid command name", "\nwrong # args", "\nexpected ",
  "\nkey \"", "\nmissing value", "\ncouldn't ",
  // Elixir's `** (KeyError) …`, ExUnit's `  1) test name (Module)`.
  "** (", ") test ", ") doctest ", ") property ",
  // TeX's errors (`! Undefined control sequence.`, opening the line) and -file-line-error's `./ch17.tex:14: …`.
  "\n! ", ".tex:", ".sty:", ".cls:", ".ltx:", ".dtx:",
  // rubocop's severity letters, nginx's levels, oxlint's mark, sqlfluff's `PRS`, npm ls's marks (tool-rules.ts).
  ...TOOL_NEEDLE_TEXTS,
  // A log level's warning, salient while rare (rare-warnings.ts).
  ...WARNING_NEEDLE_TEXTS,
];

/**
 * The needles run over every byte that leaves the ring (every middle line of an output cut, not only big ones), so
 * each strong marker of rules.ts has one here too (tested on the rules' examples): a line the rules would keep is
 * never skipped by the byte path. Most start with a byte rare in ordinary text (upper case, `x`, `*`, a quote, a
 * non-ASCII lead byte); the rest (`annot `, `nable to`, `not `) are checked exactly where their first three bytes
 * match, and a hit's kind of line is scored only while it is new (needle-scan.ts), so floods stay cheap. `efused`
 * (not `Connection refused`) also finds kubectl's `The connection to the server … was refused`.
 */
const BYTE_NEEDLE_TEXTS = [
  "rror", "ERR", "ail", "AIL", "xception", "Traceback", "anic", "atal", "ATAL", "***", "xit", "\" 5",
  "Permission denied", "Access denied", "Segmentation fault", "core dumped", "Caused by", "annot ", "nable to",
  "CRIT", "SEVERE", "No such file", "not found", "not ok", "efused", "E  ",
  "ENO", "EACCES", "EPERM", "ECONN", "ETIMEDOUT", "EADDRINUSE", "ERESOLVE", ".go:",
  // AddressSanitizer's kin (`==N==ERROR:` has ERR), valgrind's memcheck errors, git's conflicts: spelt and placed so
  // that few positions of ordinary text pass their bucket's fingerprint (`ely lost`, not `definitely lost`; needle-buckets.ts).
  "anitizer", "Invalid ", "nitialised", "ely lost", "CONFLICT (",
  // Go's race detector, a runtime's warning (Node's, Python's), Perl's `at x.pl line N.` (or a module's `.pm`).
  "DATA RACE", "Warning: ", ".pl line ", ".pm line ",
  // C++'s `terminate called after throwing an instance of 'std::out_of_range'` (a type without `rror`/`xception`;
  // `after throwing`: `ter` of `terminate` opens too many words of ordinary text for the fingerprint).
  "after throwing",
  // bash's report of a child killed by a signal (`bash: line 1:  7965 Aborted   node job.js`). (Python linters' error
  // codes have text needles only: `: E0`, `: E1`, `F82` here took the recorded outputs from 14.9 to 18.4 positions and
  // 92 to 126 compares per KiB, log lines from 0.30 to 0.34 and 1.57 to 1.99; `.py:` hit every line of a pytest run.)
  "Aborted", "Killed",
  // bash's test builtin on a script's line (`x.sh: line 4: [: too many arguments`, `[: abc: integer expression
  // expected`), systemd's refused unit (`x.service: Service has no ExecStart=, … Refusing.`: `efusing.` shares
  // `efused`'s bucket and its fingerprint). What the seventh audit's other rules find has no byte needle: glog's and
  // klog's `E1203 12:34:56.789012 …` lines (the letter opening a line is their only mark: byte needles since
  // salaudit6, below; klog's Go files have `.go:`; a fatal line travels above the stack
  // trace under it, owners.ts), Lua's `lua5.4: x.lua:5: …`, bash's `unbound variable`, unzip's `bad CRC`, gzip's
  // `unexpected end of file`: each spelling tried let 0.5–2 more positions and 5–20 more compares per KiB of the
  // recorded outputs through the fingerprint (`.cc:` 0.6 / 6.6, `a5.` 0.9 / 7.8, `: line ` 2.2 / 16; needle-buckets.test.ts).
  "[: ", "efusing.",
  // glog's, absl's and klog's error and fatal lines (`E1203 …`, glog 0.6's `E20261203 …`, `F…`), opening with the
  // newline before them: the scan hands back the line after it (needle-scan.wat), as for their warnings' `\nW1`.
  "\nE0", "\nE1", "\nE2", "\nF0", "\nF1", "\nF2",
  // TeX's most frequent error (`! Undefined control sequence.`), spelt `equence.` (its bucket lets fewest through):
  // TeX's other errors are found on the window's path or by an error word (`! LaTeX Error:`).
  "equence.",
  // The ninth audit's tools (tool-rules.ts): rubocop's severity letters, nginx's levels, oxlint's ASCII mark, sqlfluff's
  // unparsable section, npm ls's marks.
  ...TOOL_BYTE_NEEDLES,
  // A log level's warning (rare-warnings.ts): `WARN`, pino's and bunyan's `l":40`, a lower-case level's `"warn` and `=warn`.
  ...WARNING_BYTE_NEEDLES,
];

/** Lead bytes of the test markers ✘ ✕ ✗ ✖ (E2 9C), ❌ (E2 9D 8C), × (C3 97), ● (E2 97 8F), and vitest's frame mark ❯ (E2 9D AF). */
const MARKER_NEEDLES = [[0xe2, 0x9c], [0xe2, 0x9d, 0x8c], [0xc3, 0x97], [0xe2, 0x97, 0x8f], [0xe2, 0x9d, 0xaf]];

/** The needles of the byte path, as bytes. */
export const BYTE_NEEDLES: readonly Buffer[] = [...BYTE_NEEDLE_TEXTS.map((text) => Buffer.from(text, "latin1")), ...MARKER_NEEDLES.map((bytes) => Buffer.from(bytes))];

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The text needles as one expression: a needle inside the line (those sharing a first character as one branch,
 * `E(?:RR|NOENT|…)`: a tenth fewer instructions than one branch per needle), one that opens it, or a test runner's
 * mark. Made on first use (a short output never tests a line).
 */
function needleExpression(): RegExp {
  const firsts: string[] = [];
  const rests: string[][] = [];
  for (const text of NEEDLE_TEXTS) {
    if (text.startsWith("\n")) continue;
    let at = firsts.indexOf(text[0]!);
    if (at === -1) at = firsts.push(text[0]!) - 1;
    (rests[at] ??= []).push(escape(text.slice(1)));
  }
  const inside = firsts.map((first, at) => (rests[at]!.length === 1 ? `${escape(first)}${rests[at]![0]}` : `${escape(first)}(?:${rests[at]!.join("|")})`));
  const opening = NEEDLE_TEXTS.filter((text) => text.startsWith("\n")).map((text) => `^${escape(text.slice(1))}`);
  const expression = new RegExp([...inside, ...opening, "[\\u2700-\\u273f\\u274c\\u276f\\u00d7\\u25cf]"].join("|"));
  compileNative([expression]);
  return expression;
}

let anyNeedle: RegExp | undefined;

/**
 * Positions in bytes[start, end) where a needle starts, sorted, at most `limit` of them (the earliest of each
 * needle). Needles that begin with a newline report the position after it (the line they open).
 */
export function findHits(bytes: Buffer, start: number, end: number, limit: number, needles: readonly Buffer[] = BYTE_NEEDLES): number[] {
  const hits: number[] = [];
  if (limit <= 0) return hits;
  const window = bytes.subarray(start, end);
  for (const needle of needles) {
    let found = 0;
    let position = window.indexOf(needle);
    while (position !== -1 && found < limit) {
      hits.push(start + position + (needle[0] === 0x0a ? 1 : 0));
      found += 1;
      position = window.indexOf(needle, position + needle.length);
    }
  }
  hits.sort((a, b) => a - b);
  return hits.length > limit ? hits.slice(0, limit) : hits;
}

/** The same test on one line of text: false means no rule of rules.ts can match it. */
export function mayBeSalient(text: string): boolean {
  const known = knownScore(text);
  return known === undefined ? (anyNeedle ??= needleExpression()).test(text) : known !== NO_NEEDLE;
}
