// Where a diagnostic is, when its tool prints that above it rather than on its line: Biome's header over its report,
// sqlfluff's file line over its findings, the code frame bun prints over a failed expectation, Next.js's location over
// its type error, autoconf's failed check over `configure: error:`, OCaml's
// `File "…", line N, characters A-B:` over its `Error:`, istanbul's coverage table over c8's and nyc's threshold error
// docker build's step over its failed COPY or RUN, wget's request over its `ERROR 404`, and strace's failed call and stderr writes over a process's exit
// with a status (owners.ts asks first).
import type { Above } from "./lines-above.js";
import type { NumberedLine } from "./reservoir.js";

/** A line above as found (owners.ts clips what it keeps). */
const taken = (line: NumberedLine): NumberedLine => ({ number: line.number, text: line.text });

/** A report's error mark at its indent (Biome's and miette's `  × …`, oxlint's ASCII `  x …`). */
const REPORT_ERROR = /^ {2}[×x] \S/;
/**
 * Biome's header over a diagnostic (`src/m18.js:23:3 lint/suspicious/noDebugger  FIXABLE  ━━━━`, `src/m33.js:23:9 parse
 * ━━━━`, a file's `biome.json deserialize ━━━━`): the path and position, the rule, its tags, a rule of `━` to the width.
 */
const REPORT_HEADER = /^\S+ [\w\/.-]+(?: {2}[A-Z]+)* +━{3,}$/;

/** sqlfluff's finding (`L:   3 | P:   1 |  PRS | …`) under its file's `== [models/m17.sql] FAIL`, and a finding's wrapped text. */
const SQLFLUFF_FINDING = /^L: *\d+ \| P: *\d+ \| /;
const SQLFLUFF_WRAPPED = /^ {10,}\| /;
const SQLFLUFF_FILE = /^== \[\S.*\] (?:FAIL|PASS)$/;
/** Findings of one file looked back through for its line (sqlfluff lists a file's findings, wrapped, under it). */
const MAX_SQLFLUFF_LOOK_BACK = 200;

/** bun's code frame over `error: expect(received).toBe(expected)`: the line that failed (`30 |     expect(…)`) and its caret. */
const FRAME_CODE = /^\d+ \| /;
const FRAME_CARET = /^\s+\^\s*$/;

/** Next.js's `./app/p17/page.tsx:4:9` over its `Type error: …` (or `Module not found: …`) when a build fails. */
const NEXT_LOCATION = /^\.{0,2}\/?[\w@.\/[\]()-]+:\d+:\d+$/;
const NEXT_ERROR = /^(?:Type error|Module not found): /;

/** autoconf's check whose answer a `configure: error: …` explains (`checking for ledgerxml_parse in -lledgerxml... no`). */
const CONFIGURE_ERROR = /^configure: error: /;
const CONFIGURE_CHECK = /^checking .*\.\.\. /;

/**
 * OCaml's location over its error (`File "src/m23.ml", line 4, characters 6-13:`, then the code frame `4 |   n +
 * "cents"` and its carets, then `Error: This expression has type string …`), as ocamlc and dune print it.
 */
const OCAML_LOCATION = /^File "[^"]+", lines? \d+(?:-\d+)?, characters \d+-\d+:$/;
const OCAML_FRAME = /^\d+ \| |^\s+\^+\s*$|^\.\.\.+$/;
/** Code frame lines looked back through for OCaml's location. */
const MAX_OCAML_FRAME = 8;

/**
 * c8's and nyc's `ERROR: Coverage for lines (58.33%) does not meet global threshold (90%)` under istanbul's text table:
 * the rows that name uncovered lines (` tiers.js |   58.33 |      100 |      50 |   58.33 | 38-42,44-48 `) say where.
 */
const COVERAGE_ERROR = /^ERROR: Coverage for \w+ \([\d.]+%\) does not meet /;
const COVERAGE_RULE = /^[-|]+$/;
const COVERAGE_TABLE = /\|/;
const COVERAGE_UNCOVERED = /\|\s*\S[^|]*$/;
/** Table lines looked back through, and the rows with uncovered lines taken (the nearest). */
const MAX_COVERAGE_TABLE = 40;
const MAX_COVERAGE_ROWS = 4;

/**
 * docker build's legacy builder (`docker build` without buildx): a failed COPY or ADD (`COPY failed: file not found in
 * build context …: stat conf/part-13.yaml: file does not exist`) under its `Step 14/26 : COPY conf/part-13.yaml
 * /etc/svc09/`, the line above it (a failed RUN's command is on its own error line).
 */
const DOCKER_ERROR = /^(?:COPY|ADD) failed: /;
const DOCKER_STEP = /^Step \d+\/\d+ : (?:COPY|ADD) /;

/**
 * strace's report of a process that exited with a status (`21158 +++ exited with 1 +++`; `[pid 21158] ` when -f writes to
 * stderr; no prefix for one process): what it said on stderr (`21158 write(2, "data/part-37.csv", 16) = 16`) and the
 * failed call above those writes (`21158 openat(AT_FDCWD, "data/part-37.csv", O_RDONLY) = -1 ENOENT (No such file or
 * directory)`), its own lines only; not the calls that fail as a program looks for its locale's messages while it
 * writes (`…/LC_MESSAGES/libc.mo … = -1 ENOENT`), nor, without a write, any but the nearest failed call.
 */
const STRACE_EXIT = /^(\[pid +\d+\] |\d+ +)?\+\+\+ exited with [1-9]\d* \+\+\+$/;
const STRACE_STDERR = /^write\(2, /;
const STRACE_FAILED = /^\w+\(.*\) += -1 E[A-Z]+ /;
/** A process's lines looked back through for its failed call (other processes' lines between them count too). */
const MAX_STRACE_LOOK_BACK = 60;
/** Its lines taken: the failed call and the writes under it. */
const MAX_STRACE_LINES = 8;

/**
 * wget's request (`--2026-12-05 03:17:21--  http://127.0.0.1:8791/data/part-0131.csv`) over its failure
 * (`2026-12-05 03:17:21 ERROR 404: File not found.`), its connection and response lines between them: the URL that failed.
 */
const WGET_ERROR = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ERROR \d{3}: /;
const WGET_REQUEST = /^--\d{4}-\d\d-\d\d \d\d:\d\d:\d\d-- {2}\S/;
/** Lines looked back through for wget's request (its resolving, connecting and response lines). */
const MAX_WGET_LOOK_BACK = 6;

/** What the line's own text says an owner above may be found for (owners.ts tests it with its own). */
export const LOCATED_ABOVE = /\+\+\+ exited with [1-9]|^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d ERROR \d{3}: |^ {2}[×x] \S|^L: *\d+ \| P: *\d+ \| |^error: |^(?:Type error|Module not found): |^configure: error: |^Error: |^ERROR: Coverage for |^(?:COPY|ADD) failed: /;

/** The location printed above a diagnostic, nearest last; undefined when the line is none of these tools'. */
export function locationAbove(line: NumberedLine, before: Above): NumberedLine[] | undefined {
  if (REPORT_ERROR.test(line.text)) {
    const blank = before.at(1);
    const header = before.at(2);
    return blank && blank.text.trim().length === 0 && header && REPORT_HEADER.test(header.text) ? [taken(header)] : undefined;
  }
  if (SQLFLUFF_FINDING.test(line.text)) return sqlfluffFile(before);
  if (NEXT_ERROR.test(line.text)) {
    const location = before.at(1);
    return location && NEXT_LOCATION.test(location.text) ? [taken(location)] : undefined;
  }
  if (line.text.startsWith("Error: ")) return ocamlLocation(before);
  if (COVERAGE_ERROR.test(line.text)) return uncoveredRows(before);
  if (DOCKER_ERROR.test(line.text)) {
    const step = before.at(1);
    return step && DOCKER_STEP.test(step.text) ? [taken(step)] : undefined;
  }
  if (CONFIGURE_ERROR.test(line.text)) {
    const check = before.at(1);
    return check && CONFIGURE_CHECK.test(check.text) ? [taken(check)] : undefined;
  }
  if (WGET_ERROR.test(line.text)) {
    for (let distance = 1; distance <= MAX_WGET_LOOK_BACK; distance += 1) {
      const candidate = before.at(distance);
      if (!candidate) break;
      if (WGET_REQUEST.test(candidate.text)) return [taken(candidate)];
    }
    return undefined;
  }
  const exited = STRACE_EXIT.exec(line.text);
  if (exited) return straceCause(before, exited[1] ?? "");
  if (line.text.startsWith("error: ")) {
    const caret = before.at(1);
    const code = before.at(2);
    return caret && FRAME_CARET.test(caret.text) && code && FRAME_CODE.test(code.text) ? [taken(code), taken(caret)] : undefined;
  }
  return undefined;
}

/** strace's failed call and the writes to stderr under it, of the process whose prefix is `prefix` (undefined when none). */
function straceCause(before: Above, prefix: string): NumberedLine[] | undefined {
  const writes: NumberedLine[] = [];
  for (let distance = 1; distance <= MAX_STRACE_LOOK_BACK; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) break;
    if (!candidate.text.startsWith(prefix)) continue;
    const call = candidate.text.slice(prefix.length);
    if (STRACE_STDERR.test(call)) {
      if (writes.length < MAX_STRACE_LINES - 1) writes.push(taken(candidate));
    } else if (STRACE_FAILED.test(call) && !call.includes("/LC_MESSAGES/")) {
      return [taken(candidate), ...writes.reverse()];
    }
  }
  return writes.length > 0 ? writes.reverse() : undefined;
}

/** OCaml's `File "…", line N, characters A-B:` over its code frame, with the frame (undefined when there is none). */
function ocamlLocation(before: Above): NumberedLine[] | undefined {
  const frame: NumberedLine[] = [];
  for (let distance = 1; distance <= MAX_OCAML_FRAME; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) return undefined;
    if (OCAML_LOCATION.test(candidate.text)) return [taken(candidate), ...frame.reverse()];
    if (!OCAML_FRAME.test(candidate.text)) return undefined;
    frame.push(taken(candidate));
  }
  return undefined;
}

/** istanbul's table rows that name uncovered lines, above c8's or nyc's threshold error (undefined when none). */
function uncoveredRows(before: Above): NumberedLine[] | undefined {
  const rows: NumberedLine[] = [];
  for (let distance = 1; distance <= MAX_COVERAGE_TABLE && rows.length < MAX_COVERAGE_ROWS; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate || !COVERAGE_TABLE.test(candidate.text)) break;
    if (!COVERAGE_RULE.test(candidate.text) && COVERAGE_UNCOVERED.test(candidate.text) && !candidate.text.startsWith("File ") && !candidate.text.startsWith("All files ")) rows.push(taken(candidate));
  }
  return rows.length > 0 ? rows.reverse() : undefined;
}

/** sqlfluff's `== [models/m17.sql] FAIL` over a finding, through the file's other findings. */
function sqlfluffFile(before: Above): NumberedLine[] | undefined {
  for (let distance = 1; distance <= MAX_SQLFLUFF_LOOK_BACK; distance += 1) {
    const candidate = before.at(distance);
    if (!candidate) return undefined;
    if (SQLFLUFF_FILE.test(candidate.text)) return [taken(candidate)];
    if (!SQLFLUFF_FINDING.test(candidate.text) && !SQLFLUFF_WRAPPED.test(candidate.text)) return undefined;
  }
  return undefined;
}

