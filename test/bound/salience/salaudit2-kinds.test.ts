// Kinds of real output recorded in the eighth audit (recipes/salaudit2_cases.sh): apt-get's failures in a provisioning
// script (a package it cannot find or has no candidate for, unmet dependencies, a maintainer script that fails), pnpm's
// and yarn's install errors, `pnpm -r --no-bail run build` with one failing package, Tcl's error trace in a batch,
// vitest's and eslint's GitHub Actions annotations, an Elixir script's exception in a batch, ExUnit's failed test. Before: apt's `E: Package 'python' has no installation candidate`,
// `E: Sub-process /usr/bin/dpkg returned an error code (1)`, `The following packages have unmet dependencies:`, Tcl's
// `can't read "qty": no such variable`, a workflow command's `::error …::` and pnpm's `packages/p07 build: Failed` were
// not salient, and pnpm's `This error happened while installing …` under its error (past a blank line) was lost.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { groupsOf, groupWith } from "./groups-of.js";

const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
const fixture = (name: string): string[] => raw(name).toString("utf8").split("\n");
const mustKeep = (name: string): string[] => raw(`${name}.must-keep.txt`).toString("utf8").split("\n").map((line) => line.trim()).filter(Boolean);
const salient = (line: string): boolean => mayBeSalient(line) && scoreLine(line) >= SALIENT_SCORE;

const KINDS = [
  "apt-get-provision-missing-packages",
  "apt-get-provision-broken-deb",
  "pnpm-install-no-matching-version",
  "pnpm-recursive-build-failure",
  "yarn-install-errors",
  "tcl-batch-no-such-variable",
  "vitest-github-actions-annotations",
  "eslint-gha-annotations",
  "elixir-batch-arithmetic-error",
  "exunit-trace-1-failure",
];

describe("the eighth audit's outputs keep their must-keep lines", () => {
  // Without the fold too (the library's `foldSimilar: false`): only salience keeps a middle line then (the old rules
  // lost apt's, Tcl's and pnpm's lines at 10,240 and 4,096 bytes).
  test.each(KINDS.flatMap((name) => [51200, 10240, 4096].flatMap((bytes) => [[name, bytes, true], [name, bytes, false]] as const)))("%s at %d bytes (fold %s)", (name, bytes, foldSimilar) => {
    const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes }, foldSimilar });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(bytes);
    const lines = result.text.split("\n");
    expect(mustKeep(name).filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
  });
});

describe("apt-get and dpkg", () => {
  test("apt's E: lines are salient, its W: and N: lines and its progress are not", () => {
    const lines = fixture("apt-get-provision-missing-packages.txt").concat(fixture("apt-get-provision-broken-deb.txt"));
    expect([...new Set(lines.filter((line) => line.startsWith("E: ") && salient(line)))]).toEqual([
      "E: Package 'python' has no installation candidate",
      "E: Unable to locate package libssl1.1",
      "E: Couldn't find any package by glob 'libssl1.1'",
      "E: Couldn't find any package by regex 'libssl1.1'",
      "E: Unable to correct problems, you have held broken packages.",
      "E: Sub-process /usr/bin/dpkg returned an error code (1)",
    ]);
    for (const line of ["E: Version '9.9' for 'jq' was not found", "E: Failed to fetch http://deb.debian.org/debian/pool/main/j/jq/jq_1.6-2.1_amd64.deb  404  Not Found"]) expect(salient(line)).toBe(true);
    for (const line of ["W: --force-yes is deprecated, use one of the options starting with --allow instead.", "N: Ignoring file 'x.list.save' in directory '/etc/apt/sources.list.d/'", "E: x", "Get:12 http://deb.debian.org/debian bookworm/main amd64 ripgrep amd64 13.0.0-4+b2 [1,245 kB]", "Setting up ripgrep (13.0.0-4+b2) ..."]) {
      expect(salient(line)).toBe(false);
    }
    expect(lines.filter((line) => /^(?:Get|Setting up|Unpacking|Preparing|Selecting)\b/.test(line) && salient(line))).toEqual([]);
  });

  test("the resolver's unmet dependencies, with the packages under it", () => {
    const group = groupWith(groupsOf(fixture("apt-get-provision-broken-deb.txt")), "The following packages have unmet dependencies:")!;
    expect(group).toEqual(["The following packages have unmet dependencies:", "ledger-client : Depends: libledger-core (>= 2.0) but it is not installable"]);
  });

  test("dpkg's error processing a package takes the line its maintainer script printed above it, not dpkg's own", () => {
    const groups = groupsOf(fixture("apt-get-provision-broken-deb.txt"));
    const group = groups.find((lines) => lines.includes("dpkg: error processing package ledger-agent (--configure):"))!;
    expect(group.slice(0, 3)).toEqual(["install: invalid user ‘ledger’", "dpkg: error processing package ledger-agent (--configure):", "installed ledger-agent package post-installation script subprocess returned error exit status 1"]);
    const dpkg = groupWith(groupsOf(["Setting up jq (1.6-2.1) ...", "dpkg: error processing package jq (--configure):", " dependency problems - leaving unconfigured"]), "dpkg: error processing package jq (--configure):")!;
    expect(dpkg[0]).toBe("dpkg: error processing package jq (--configure):");
  });
});

describe("Tcl", () => {
  test("tclsh's error with its trace: the message, the command and the procedure it ran in", () => {
    const error = `can't read "qty": no such variable`;
    const group = groupWith(groupsOf(fixture("tcl-batch-no-such-variable.txt")), error)!;
    expect(group.slice(0, 4)).toEqual([error, "while executing", '"expr {$qty * $price}"', '(procedure "line_total" line 3)']);
  });

  test.each([
    'invalid command name "proces_batch"',
    'wrong # args: should be "line_total rec"',
    'expected integer but got "12a"',
    'can\'t use non-numeric string as operand of "*"',
    'key "qty" not known in dictionary',
    'couldn\'t open "ledger.csv": no such file or directory',
    'can\'t read "totals(7)": no such element in array',
  ])("Tcl's error: %s", (line) => {
    expect(salient(line)).toBe(true);
  });

  test("not the words elsewhere in a line, nor a line of the batch", () => {
    for (const line of ['puts "can\'t read input"', "I can't read the file yet", "expected integer results in region 7", "region 7: line 19 sku R07-019 qty 5 total 120"]) expect(salient(line)).toBe(false);
    expect(fixture("tcl-batch-no-such-variable.txt").filter(salient)).toEqual([`can't read "qty": no such variable`]);
  });
});

describe("GitHub Actions' workflow commands", () => {
  test.each([
    "::error file=src/a.ts,line=3,col=5::'x' is not defined.",
    "::error::Process completed with exit code 1.",
    "::error title=Build::tsc found 3 type problems",
    "##[error]Process completed with exit code 1.",
  ])("salient: %s", (line) => {
    expect(salient(line)).toBe(true);
  });

  test("eslint's annotations (eslint-formatter-gha): the 3 errors, whose messages have no error word, not the 1,920 warnings", () => {
    const lines = fixture("eslint-gha-annotations.txt");
    expect(lines.filter((line) => line.startsWith("::warning ")).length).toBe(1920);
    expect(lines.filter(salient).map((line) => line.replace(/^::error file=\/\S*?\/src\//, "src/"))).toEqual(mustKeep("eslint-gha-annotations"));
  });

  test.each([
    "::warning file=src/a.ts,line=3,col=5::'x' is assigned a value but never used.",
    "::notice::3 tests skipped",
    "::group::Run npm test",
    "::endgroup::",
    "##[warning]Node.js 16 actions are deprecated.",
    "##[group]Run actions/checkout@v4",
  ])("not salient: %s", (line) => {
    expect(salient(line)).toBe(false);
  });
});

describe("pnpm and yarn", () => {
  test("pnpm's error keeps its paragraph past the blank line: which package asked for the version", () => {
    const lines = fixture("pnpm-install-no-matching-version.txt");
    const error = lines.find((line) => line.includes("ERR_PNPM_NO_MATCHING_VERSION"))!;
    const group = groupWith(groupsOf(lines), error.trim())!;
    expect(group.some((line) => line.startsWith("This error happened while installing a direct dependency of ") && line.endsWith("/services/svc17"))).toBe(true);
  });

  test("a recursive run's verdict on a package is salient, its `Done` not", () => {
    const lines = fixture("pnpm-recursive-build-failure.txt");
    expect(lines.filter((line) => / build: (?:Failed|Done)$/.test(line) && salient(line))).toEqual(["packages/p07 build: Failed"]);
    expect(salient("apps/web lint: Failed")).toBe(true);
    expect(salient("Tests: Failed")).toBe(false);
  });

  test("yarn's error line is salient (as it was), its info lines not", () => {
    const lines = fixture("yarn-install-errors.txt");
    expect(lines.filter(salient)).toEqual(mustKeep("yarn-install-errors"));
  });
});

describe("Elixir and ExUnit", () => {
  test("an Elixir script's exception, with its frames", () => {
    const error = "** (ArithmeticError) bad argument in arithmetic expression: nil * 83";
    expect(groupWith(groupsOf(fixture("elixir-batch-arithmetic-error.txt")), error)).toEqual([error, ":erlang.*(nil, 83)", "report.exs:3: Report.line_total/1", "report.exs:14: anonymous fn/3 in Report.run/1", '(elixir 1.14.0) lib/enum.ex:2468: Enum."-reduce/3-lists^foldl/2-0-"/3', "report.exs:13: Report.run/1"]);
    expect(salient("** (KeyError) key :qty not found in: %{price: 12, sku: \"R7-19\"}")).toBe(true);
    expect(salient("** (Mix) Could not find a Mix.Project, please ensure you are running Mix in a directory with a mix.exs file")).toBe(true);
    expect(salient("** notes (see below)")).toBe(false);
  });

  test("ExUnit's failed test: the title, location, assertion and values together", () => {
    const group = groupWith(groupsOf(fixture("exunit-trace-1-failure.txt")), "1) test prices tier 17 of region 13 (Region13Test)")!;
    expect(group).toEqual(["1) test prices tier 17 of region 13 (Region13Test)", "tiers_test.exs:1574", "Assertion with == failed", "code:  assert Tier.price(17) == 52", "left:  51", "right: 52", "stacktrace:", "tiers_test.exs:1575: (test)"]);
    expect(fixture("exunit-trace-1-failure.txt").filter((line) => line.includes("* test ") && salient(line))).toEqual([]);
  });

  test("the assertion alone (the byte path finds it by `ail`) takes its title and location above it", () => {
    const lines = ["", "  1) test totals (LedgerTest)", "     test/ledger_test.exs:12", "     Assertion with == failed", "     code:  assert Ledger.total([]) == 1", "     left:  0", "     right: 1"];
    const group = groupWith(groupsOf(lines.slice(2).map((line, index) => (index === 0 ? "     (no title here)" : line))), "Assertion with == failed")!;
    expect(group.slice(0, 2)).toEqual(["(no title here)", "Assertion with == failed"]);
    expect(groupWith(groupsOf(lines), "1) test totals (LedgerTest)")).toEqual(lines.slice(1).map((line) => line.trim()));
  });
});
