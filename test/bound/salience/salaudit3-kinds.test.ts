// Kinds of real output recorded in the ninth audit (recipes/salaudit3_cases.sh): rubocop's offenses with one syntax
// error, nginx's `-T` over 40 sites and its error log through 30 reloads (one `[emerg]` each among warnings and
// notices), Biome's and oxlint's lint (errors among warnings; a location above Biome's diagnostic, below oxlint's),
// clang-tidy's warnings with one compiler error, ava's and bun's failed test, `npm ls --all` of a damaged install, mono's
// C# compiler, sqlfluff's findings with one unparsable section, staticcheck's findings with a compile error.
import { describe, expect, test } from "vitest";
import { describeMustKeep, fixture, mustKeep, salient, salientOf } from "./corpus-kinds.js";
import { groupsOf, groupWith } from "./groups-of.js";

const KINDS = [
  "rubocop-offenses-1-syntax-error",
  "nginx-t-unknown-directive",
  "nginx-reload-log-emerg",
  "biome-lint-warnings-errors",
  "oxlint-warnings-parse-error",
  "clang-tidy-warnings-1-error",
  "ava-1-failure",
  "bun-test-1-failure",
  "npm-ls-invalid-missing",
  "mcs-warnings-1-error",
  "sqlfluff-lint-parse-error",
  "staticcheck-findings-compile-error",
];

describeMustKeep("the ninth audit's outputs keep their must-keep lines", KINDS);

describe("rubocop", () => {
  test("an offense of severity error or fatal is salient, conventions, warnings and refactors not", () => {
    expect(salientOf("rubocop-offenses-1-syntax-error")).toEqual(["lib/ledger/m23.rb:20:1: E: Lint/Syntax: unexpected token $end"]);
    for (const line of ["app/models/order.rb:3:5: F: Lint/Syntax: unexpected token tRPAREN", "lib/a.rb:12:3: E: [Correctable] Layout/IndentationWidth: Use 2 (not 4) spaces for indentation.", "a.rb:1:1: E: Lint/Syntax: unexpected token $end"]) expect(salient(line)).toBe(true);
    for (const line of ["lib/a.rb:4:5: W: Lint/UselessAssignment: Useless assignment to variable - error_count.", "lib/a.rb:1:1: C: [Correctable] Style/FrozenStringLiteralComment: Missing frozen string literal comment.", "lib/a.rb:9:3: R: Metrics/AbcSize: Assignment Branch Condition size for raise_error is too high.", "WWWWWWWWWWEWWW"]) {
      expect(salient(line)).toBe(false);
    }
  });
});

describe("nginx", () => {
  test("its [emerg] and the failed test, not its [warn] and [notice] lines", () => {
    expect(salientOf("nginx-t-unknown-directive").map((line) => line.replace(/\/tmp\/\S*\//, ""))).toEqual([
      '2026/12/04 12:41:21 [emerg] 31993#31993: unknown directive "proxy_passs" in site17.conf:32',
      "nginx: configuration file site17.conf test failed",
    ]);
    expect(salientOf("nginx-reload-log-emerg").map((line) => line.replace(/\/tmp\/\S*\//, ""))).toEqual(['2026/12/04 12:42:40 [emerg] 3190#3190: unknown directive "proxy_passs" in nginx.conf:11']);
  });

  test.each([
    'nginx: [emerg] bind() to 0.0.0.0:80 failed (98: Address already in use)',
    "2026/12/04 12:00:01 [crit] 812#812: *19 SSL_do_handshake() failed (SSL: error:0A00006C:SSL routines::bad key share) while SSL handshaking",
    "2026/12/04 12:00:01 [alert] 812#812: worker process 813 exited on signal 9",
    "nginx: [alert] could not open error log file: open() \"/var/log/nginx/error.log\" failed (13: Permission denied)",
    "nginx: configuration file /etc/nginx/nginx.conf test failed",
  ])("salient: %s", (line) => {
    expect(salient(line)).toBe(true);
  });

  test.each([
    '2026/12/04 12:41:20 [warn] 31977#31977: conflicting server name "api-01.internal" on 127.0.0.1:8001, ignored',
    "nginx: [warn] the \"user\" directive makes sense only if the master process runs with super-user privileges, ignored in /etc/nginx/nginx.conf:1",
    "2026/12/04 12:42:24 [notice] 2386#2386: signal 1 (SIGHUP) received from 2402, reconfiguring",
    "2026/12/04 12:42:24 [notice] 2386#2386: worker process 2387 exited with code 0",
    "nginx: the configuration file /etc/nginx/nginx.conf syntax is ok",
    "nginx: configuration file /etc/nginx/nginx.conf test is successful",
    "# the [emerg] level stops nginx",
  ])("not salient: %s", (line) => {
    expect(salient(line)).toBe(false);
  });
});

describe("Biome and oxlint (miette-like reports)", () => {
  test("Biome's error keeps the header above it, which says where; its warnings and notes are not salient", () => {
    const lines = fixture("biome-lint-warnings-errors.txt");
    expect(lines.filter((line) => /^ {2}[!i] /.test(line) && salient(line))).toEqual([]);
    const groups = groupsOf(lines);
    const debuggerGroup = groupWith(groups, "× This is an unexpected use of the debugger statement.")!;
    expect(debuggerGroup[0]).toMatch(/^src\/m18\.js:23:3 lint\/suspicious\/noDebugger {2}FIXABLE {2}━+$/);
    const parse = groupWith(groups, "× Expected an identifier, an array pattern, or an object pattern but instead found '= items.length'.")!;
    expect(parse[0]).toMatch(/^src\/m33\.js:23:9 parse ━+$/);
  });

  test("oxlint's error (`x` without a terminal, `×` on one), with or without a rule, over its location", () => {
    expect(salientOf("oxlint-warnings-parse-error")).toEqual([
      "  x eslint(no-debugger): `debugger` statement is not allowed",
      "  x eslint(no-cond-assign): Expected a conditional expression and instead saw an assignment",
      "  x Unexpected token",
      "Found 156 warnings and 3 errors.",
    ]);
    const group = groupWith(groupsOf(fixture("oxlint-warnings-parse-error.txt")), "x Unexpected token")!;
    expect(group.slice(0, 2)).toEqual(["x Unexpected token", ",-[src/m33.js:23:9]"]);
    for (const line of ["  × eslint(no-debugger): `debugger` statement is not allowed", "  x typescript-eslint(no-explicit-any): Unexpected any. Specify a different type."]) expect(salient(line)).toBe(true);
    for (const line of ["  ! eslint(no-unused-vars): Variable 'errors' is declared but never used.", "  ⚠ eslint(eqeqeq): Expected === and instead saw ==", "  help: Remove the debugger statement", "  x = x + 1;", "  x and y are the error bounds"]) {
      expect(salient(line)).toBe(false);
    }
  });
});

describe("compilers and checkers", () => {
  test("clang-tidy's compiler error, not its warnings", () => {
    const lines = fixture("clang-tidy-warnings-1-error.txt");
    expect(lines.filter((line) => line.includes(": warning: ") && salient(line))).toEqual([]);
    expect(lines.filter((line) => line.includes(": error: ") && salient(line)).length).toBe(1);
  });

  test("mono's C# compiler: the error and the verdict, not its 436 warnings", () => {
    expect(salientOf("mcs-warnings-1-error")).toEqual(mustKeep("mcs-warnings-1-error"));
  });

  test("sqlfluff's unparsable section keeps its file's header; its layout findings and FAIL headers are not salient", () => {
    const lines = fixture("sqlfluff-lint-parse-error.txt");
    expect(lines.filter(salient)).toEqual(["L:   3 | P:   1 |  PRS | Line 3, Position 1: Found unparsable section: 'FROMM", "WARNING: Parsing errors found and dialect is set to 'ansi'. Have you configured your dialect correctly?"]);
    const group = groupWith(groupsOf(lines), "L:   3 | P:   1 |  PRS | Line 3, Position 1: Found unparsable section: 'FROMM")!;
    expect(group[0]).toBe("== [models/m17.sql] FAIL");
    expect(group).toContain("| orders o\\njoin customers c on c.id=...'");
  });

  test("staticcheck: a compile error and the bug checks (SA) are salient, its simple, style, quickfix and unused checks not", () => {
    expect(salientOf("staticcheck-findings-compile-error")).toEqual(["pkg067/region.go:18:7: undeclared name: totl (compile)"]);
    expect(salient("pkg/a.go:12:2: this value of x is never used (SA4006)")).toBe(true);
    for (const line of ["pkg/a.go:23:13: error strings should not be capitalized (ST1005)", "pkg/a.go:19:5: should omit comparison to bool constant, can be simplified to verbose (S1002)", "pkg/a.go:7:6: func helper is unused (U1000)", "pkg/a.go:9:2: could use tagged switch on err (QF1003)"]) {
      expect(salient(line)).toBe(false);
    }
    expect(salient("pkg/a.go:9:2: undefined: errorsx")).toBe(true);
  });
});

describe("test runners", () => {
  test("bun's failed test: its error with the values and frame; the title and the count; not its passes", () => {
    expect(salientOf("bun-test-1-failure")).toEqual(["error: expect(received).toBe(expected)", "(fail) prices 12 > price of 9 x 2 [0.73ms]", "1 tests failed:", "(fail) prices 12 > price of 9 x 2 [0.73ms]", " 1 fail"]);
    const group = groupWith(groupsOf(fixture("bun-test-1-failure.txt")), "error: expect(received).toBe(expected)")!;
    expect(group).toEqual(expect.arrayContaining(["30 |     expect(price(9, 2)).toBe(19);", "Expected: 19", "Received: 18", "at <anonymous> (/tmp/rec/salaudit3/bun-test-1-failure/test/prices12.test.js:30:25)"]));
    for (const line of [" 0 fail", "(pass) prices 12 > price of 10 x 2 [0.04ms]", "(pass) error handling > returns 400"]) expect(salient(line)).toBe(false);
  });

  test("ava's failed test and its count, not its passes", () => {
    expect(salientOf("ava-1-failure")).toEqual(["  ✘ [fail]: tiers14 › tier 14.17 maps 17 ", "  1 test failed"].map((line) => fixture("ava-1-failure.txt").find((each) => each.trimEnd() === line.trimEnd()) ?? line));
  });
});

describe("npm ls", () => {
  test("a missing and an invalid dependency in the tree; not optional ones, nor packages named for errors", () => {
    const lines = fixture("npm-ls-invalid-missing.txt");
    const tree = lines.filter((line) => /^[│├└ ]/.test(line) && salient(line));
    expect(tree.filter((line) => line.includes("UNMET DEPENDENCY"))).toEqual(["│ └── UNMET DEPENDENCY ms@^2.1.3", "│ │ ├── UNMET DEPENDENCY ms@2.1.3"]);
    expect(tree.every((line) => line.includes("UNMET DEPENDENCY") || line.includes("pretty-format@1.0.0"))).toBe(true);
    expect(lines.filter((line) => /UNMET OPTIONAL|http-errors|es-errors/.test(line) && salient(line))).toEqual([]);
    for (const line of ["├── UNMET PEER DEPENDENCY react@^18.0.0", "│ ├─┬ pretty-format@1.0.0 invalid: \"^29.7.0\" from node_modules/@jest/core"]) expect(salient(line)).toBe(true);
    for (const line of ["├── error-ex@1.3.2", "│ └── UNMET OPTIONAL DEPENDENCY fsevents@^2.3.2", "├── is-invalid-path@1.0.2", "├── ajv-errors@3.0.0 extraneous"]) expect(salient(line)).toBe(false);
  });
});
