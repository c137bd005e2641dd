// Kinds of real output recorded in the fifth audit (recipes/wide2_cases.sh): front-end builds, linters, Ruby, PHP,
// shell, ansible, sanitizers, servers (byte-path-kept.test.ts runs each with its must-keep list on the byte path), and
// long clean outputs whose middle lines mention errors harmlessly. Before: esbuild's `✘ [ERROR]`, rspec's
// `Failure/Error:` and vite's `error during build:` came without what they announce past a blank line; pylint's and
// flake8's errors, stylelint's `14:3  ✖`, PHP's `Warning: … on line N`, bash's `Aborted` and ansible's recap
// `failed=1` were not salient; a failed test whose title says "no errors" was rejected as a line saying all is well;
// ansible's task and pylint's module did not travel above a failure; PHP's stack trace and jest's snapshot diff were cut.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { groupsOf, groupWith } from "./groups-of.js";

const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
const fixture = (name: string): string[] => raw(name).toString("utf8").split("\n");
/** The group whose first line includes `text`. */
const groupOpening = (name: string, text: string): string[] | undefined => groupsOf(fixture(name)).find((group) => group[0]!.includes(text));

describe("a report that announces what comes past a blank line", () => {
  test.each([
    ["esbuild-warnings-1-error.txt", '✘ [ERROR] Could not resolve "./round-cents.js"', "src/region47.js:1:27:", '1 │ import { roundCents } from "./round-cents.js";'],
    ["esbuild-ts-syntax-error.txt", '✘ [ERROR] Expected ")" but found "total"', "src/region071.ts:4:27:", "4 │   for (const item of items total += item.cents * 2;"],
  ])("%s: esbuild's error with its location and code", (name, error, location, code) => {
    expect(groupOpening(name, error)?.slice(0, 4)).toEqual([error, "", location, code]);
  });

  test.each([
    ["vite-packages-build-error.txt", "[PARSE_ERROR] Unexpected token", "5 │   total = total ** ;"],
    ["vite-packages-unresolved-import.txt", "[UNRESOLVED_IMPORT] Could not resolve './round-cents.js' in src/region20.js", '1 │ import { roundCents } from "./round-cents.js";'],
  ])("%s: vite's `error during build:` with rolldown's error and its code", (name, error, code) => {
    const group = groupOpening(name, "error during build:")!;
    expect(group.slice(0, 4)).toEqual(["error during build:", "Build failed with 1 error:", "", error]);
    expect(group).toContain(code);
  });

  test.each([
    ["rspec-doc-2-failures.txt", "Failure/Error: expect(Invoice.new(700).total(1.2)).to eq(841)", ["expected: 841", "got: 840"]],
    ["rspec-doc-2-failures.txt", "Failure/Error: expect(Invoice.new(1900).total(1.2)).to eq(2281)", ["expected: 2281", "got: 2280"]],
  ])("%s: rspec's `Failure/Error:` with the values past the blank line, and its frame", (name, error, values) => {
    const group = groupOpening(name, error)!;
    expect(group.slice(0, 4)).toEqual([error, "", ...values]);
    expect(group[group.length - 1]).toMatch(/^# \.\/spec\/invoice\d+_spec\.rb:\d+:in `block/);
  });

  test("rspec-doc-nomethod-error.txt: the exception rspec reports under `Failure/Error:`, with its frame", () => {
    expect(groupOpening("rspec-doc-nomethod-error.txt", "NoMethodError:")).toEqual(["NoMethodError:", "undefined method `totl' for #<Invoice:0x00007fe087e4be88 @cents=400>", "# ./spec/invoice17_spec.rb:18:in `block (3 levels) in <top (required)>'"]);
  });
});

describe("errors that were not salient", () => {
  test.each([
    ["pylint-40-modules-1-error.txt", "ledger/mod23.py:13:15: E1101: Instance of 'Ledger23' has no 'totl' member; maybe 'total'? (no-member)"],
    ["pylint-undefined-variable.txt", "ledger/mod23.py:13:42: E0602: Undefined variable 'LIMIT' (undefined-variable)"],
  ])("%s: pylint's error under its module's header", (name, error) => {
    expect(groupWith(groupsOf(fixture(name)), error)).toEqual(["************* Module ledger.mod23", error]);
  });

  test("flake8's undefined name; not pylint's or flake8's style codes", () => {
    expect(groupsOf(fixture("flake8-40-modules-undefined-name.txt"))).toEqual([["ledger/mod23.py:13:43: F821 undefined name 'LIMIT'"]]);
    for (const line of ["ledger/mod01.py:11:9: F841 local variable 'unused' is assigned to but never used", "ledger/mod01.py:14:80: E501 line too long (98 > 79 characters)", "ledger/mod24.py:2:0: W0611: Unused import sys (unused-import)", "ledger/mod23.py:1:0: C0114: Missing module docstring (missing-module-docstring)"]) {
      expect(scoreLine(line)).toBe(0);
    }
  });

  test.each([
    ["stylelint-warnings-1-error.txt", "styles/panel33.css", '14:3   ✖  Unknown property "colr"          property-no-unknown'],
    ["stylelint-unclosed-block.txt", "styles/panel41.css", "19:1  ✖  Unclosed block  CssSyntaxError"],
  ])("%s: stylelint's error under its file, not its warnings", (name, file, error) => {
    const groups = groupsOf(fixture(name));
    expect(groupWith(groups, error)).toEqual([file, error]);
    expect(groups.filter((group) => group.some((line) => line.includes("⚠")))).toEqual([]);
  });

  test.each([
    ["php-import-fatal.txt", 'Warning: Undefined array key "sku" in /tmp/rec/wide2/php-import-fatal/import.php on line 15'],
    ["php-report-uncaught.txt", 'PHP Warning:  Undefined array key "region" in /tmp/rec/wide2/php-report-uncaught/report.php on line 16'],
  ])("%s: PHP's warning", (name, warning) => {
    expect(groupWith(groupsOf(fixture(name)), warning)).toEqual([warning]);
  });

  test.each([
    ["node-heap-oom-batch.txt", "bash: line 1:  7965 Aborted                 node --max-old-space-size=48 shard.js $s"],
    ["cpp-out-of-range-batch.txt", "bash: line 1:  4086 Aborted                 ./tier_report $r"],
  ])("%s: bash's report of a child killed by a signal", (name, line) => {
    expect(fixture(name)).toContain(line);
    expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(scoreLine("./release.sh: line 4: 31337 Killed                  ./worker --shard 7")).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(scoreLine("Aborted 3 of 12 uploads, retrying")).toBe(0);
  });

  test.each([
    ["ansible-failed-task.txt", "TASK [Install error page template 17] ******************************************", "web3                       : ok=17   changed=17   unreachable=0    failed=1    skipped=0    rescued=0    ignored=0   "],
    ["ansible-failed-command.txt", "TASK [Check free space for error logs 12] **************************************", "web5                       : ok=12   changed=12   unreachable=0    failed=1    skipped=0    rescued=0    ignored=0   "],
  ])("%s: ansible's task over a host's failure; the recap's host with failed=1, not the hosts with failed=0", (name, task, recap) => {
    const groups = groupsOf(fixture(name));
    const failure = groups.find((group) => group.some((line) => line.startsWith("fatal: [")))!;
    expect(failure.slice(0, 2)[0]).toBe(task);
    expect(groups.filter((group) => group.some((line) => /\bfailed=\d/.test(line)))).toEqual([[recap.trim()]]);
  });
});

describe("a failed test's title that says what it checks", () => {
  test.each([
    ["phpunit-testdox-failure.txt", " ✘ Total of cart without errors 11"],
    ["rspec-doc-2-failures.txt", "    returns the total with tax when no error occurs in case 7 (FAILED - 1)"],
    ["rspec-doc-nomethod-error.txt", "    returns the total with tax when no error occurs in case 4 (FAILED - 1)"],
  ])("%s: salient though it says `no errors`", (name, line) => {
    expect(fixture(name)).toContain(line);
    expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });

  test("a passing test's, a summary's and a build's `no errors` or `0 errors` still say all is well", () => {
    for (const line of [" ✔ Total of cart without errors 10", "✖ 12 problems (0 errors, 12 warnings)", "Compiled with no errors", "error: 0 errors found"]) expect(scoreLine(line)).toBe(0);
  });
});

describe("what travels with the error", () => {
  test.each([
    ["php-import-fatal.txt", "#0 /tmp/rec/wide2/php-import-fatal/import.php(15): price_with_tax()"],
    ["php-report-uncaught.txt", "#0 /tmp/rec/wide2/php-report-uncaught/report.php(17): customer_of()"],
  ])("%s: PHP's uncaught exception with its stack trace", (name, frame) => {
    const group = groupOpening(name, "Fatal error:  Uncaught") ?? groupOpening(name, "Fatal error: Uncaught");
    expect(group?.slice(1, 4)).toEqual(["Stack trace:", frame, "#1 {main}"]);
  });

  test("jest's snapshot failure with both values of its diff (its legend is `- Snapshot  - 1`)", () => {
    const groups = groupsOf(fixture("jest-snapshot-failure.txt")).filter((group) => group.includes("● invoice rows 13 › renders invoice row 21"));
    expect(groups).toHaveLength(2);
    for (const group of groups) expect(group).toEqual(expect.arrayContaining(["- Snapshot  - 1", "+ Received  + 1", '-   "label": "Row 21",', '+   "label": "Row 21 (refund)",', "at Object.toMatchSnapshot (test/rows13.test.js:68:31)"]));
    expect(scoreLine(" › 1 snapshot failed.")).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });

  test("ruby-worker-backtrace.txt: a logged Ruby exception with the program's frame (`worker.rb:7:in `fee'`)", () => {
    expect(groupOpening("ruby-worker-backtrace.txt", "ERROR record 377 failed")).toEqual(["03:08:08 ERROR record 377 failed: NoMethodError: undefined method `*' for nil:NilClass", "worker.rb:7:in `fee'"]);
  });
});

describe("the byte path's needles and the text's", () => {
  test("bash's signal reports have a byte needle; Python linters' codes a text needle only (prefilter.ts says why)", () => {
    expect(mayBeSalient("ledger/mod23.py:13:15: E1101: Instance of 'Ledger23' has no 'totl' member")).toBe(true);
    expect(mayBeSalient("ledger/mod23.py:13:43: F821 undefined name 'LIMIT'")).toBe(true);
    const text = bound(Buffer.concat([raw("node-heap-oom-batch.txt"), Buffer.from("2026-12-01T04:00:00Z INFO [worker-1] compiled src/module-1.ts in 1 ms\n".repeat(30_000))]), { budget: { maxLines: 2000, maxBytes: 4096 } }).text;
    expect(text).toContain("bash: line 1:  7965 Aborted                 node --max-old-space-size=48 shard.js $s");
  });
});

describe("long clean outputs promote nothing", () => {
  test.each(["webpack-build-clean", "rspec-doc-all-pass", "ansible-all-ok"])("%s", (name) => {
    for (const bytes of [51200, 10240, 4096]) {
      const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes } });
      expect(result.text.split("\n").filter((line) => /^L\d+: /.test(line))).toEqual([]);
    }
  });
});
