// Kinds of real output recorded in the eleventh audit (recipes/salaudit5_cases.sh): pdflatex in nonstop mode, meson and
// ninja -k 0, sphinx-build, ant on 12 modules, dune, autoconf's configure on 12 components, git rebase --exec, mariadb
// --force running a migration, pyright with 120 warnings and one error; and service logs with one warning among their info lines (Python logging,
// java.util.logging, pino, winston: rare-warnings.test.ts).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { describeMustKeep, fixture, mustKeep, salient, salientOf } from "./corpus-kinds.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { largeAround } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));

const KINDS = [
  "pdflatex-undefined-control-sequence",
  "meson-ninja-undeclared",
  "sphinx-build-warnings-1-error",
  "ant-modules-javac-error",
  "dune-build-type-error",
  "autoconf-configure-missing-lib",
  "git-rebase-exec-conflict",
  "mariadb-migration-errors",
  "pyright-warnings-1-error",
  "python-logging-lone-warning",
  "python-logging-many-warnings",
  "jul-lone-warning",
  "pino-lone-warning",
  "winston-lone-warning",
];

describeMustKeep("the eleventh audit's outputs keep their must-keep lines", KINDS);

describe("builds and documents", () => {
  test("TeX: `! Undefined control sequence.` with its `l.14` line and the rest of that line under it", () => {
    expect(salientOf("pdflatex-undefined-control-sequence")).toEqual(["! Undefined control sequence."]);
    expect(groupWith(groupsOf(fixture("pdflatex-undefined-control-sequence.txt")), "! Undefined control sequence.")).toEqual(["! Undefined control sequence.", "l.14 The adjusted total is \\totalcents", "{17} cents."]);
    for (const line of ["! Missing $ inserted.", "! LaTeX Error: File `ledger.sty' not found.", "! Emergency stop.", "./ch17.tex:14: Undefined control sequence."]) expect(salient(line)).toBe(true);
    // Look-alikes: git push's refusal is indented (and salient by its own words only), a CSS `!important`, TeX's boxes.
    for (const line of ["! [", "!important", "Overfull \\hbox (12.5pt too wide) in paragraph at lines 7--8", "l.14 The adjusted total is \\totalcents", "LaTeX Font Info:    Checking defaults for OML/cmm/m/it on input line 3."]) expect(salient(line)).toBe(false);
  });

  test("ant: javac's error under the task prefix takes its code, caret, symbol and location lines (deeper past `[javac] `), not the next file's warning", () => {
    const group = groupWith(groupsOf(fixture("ant-modules-javac-error.txt")), "[javac] /tmp/rec/salaudit5/ant-modules-javac-error/mod07/src/ledger/Region093.java:6: error: cannot find symbol");
    expect(group).toEqual(["[javac] /tmp/rec/salaudit5/ant-modules-javac-error/mod07/src/ledger/Region093.java:6: error: cannot find symbol", "[javac]     return totl;", "[javac]            ^", "[javac]   symbol:   variable totl", "[javac]   location: class Region093"]);
  });

  test("autoconf: the failed check travels above `configure: error:`", () => {
    expect(groupWith(groupsOf(fixture("autoconf-configure-missing-lib.txt")), "configure: error: libledgerxml is required to build comp07")).toEqual(["checking for ledgerxml_parse in -lledgerxml... no", "configure: error: libledgerxml is required to build comp07"]);
    expect(salient("checking for ledgerxml_parse in -lledgerxml... no")).toBe(false);
  });

  test("OCaml: `File \"…\", line N, characters A-B:` and the code frame travel above dune's `Error:`", () => {
    expect(groupWith(groupsOf(fixture("dune-build-type-error.txt")), "Error: This expression has type string but an expression was expected of type")).toEqual(['File "src/m23.ml", line 4, characters 6-13:', '4 |   n + "cents"', "^^^^^^^", "Error: This expression has type string but an expression was expected of type", "int"]);
    expect(salientOf("dune-build-type-error")).toEqual(["Error: This expression has type string but an expression was expected of type"]);
  });

  test("mariadb --force: its client errors inside the echoed statements (stderr into buffered stdout); not the statements", () => {
    expect(salientOf("mariadb-migration-errors").map((line) => line.slice(line.indexOf("ERROR")))).toEqual(["ERROR 1146 (42S02) at line 435: Table 'ledger.invoices' doesn't exist", "ERROR 1062 (23000) at line 713: Duplicate entry '7' for key 'PRIMARY'"]);
    expect(salient("INSERT INTO errors VALUES (1146, 'ERROR 1146 is a table that is missing')")).toBe(false);
  });

  test("pyright: the error's detail, indented by two spaces and two no-break spaces, travels with it", () => {
    const lines = fixture("pyright-warnings-1-error.txt");
    expect(lines.find((line) => line.includes("is not assignable"))!.startsWith("  \u00a0\u00a0\"Literal")).toBe(true);
    const error = lines.find((line) => line.includes(" - error: "))!;
    expect(salientOf("pyright-warnings-1-error")).toEqual([error, "1 error, 120 warnings, 0 informations"]);
    expect(groupWith(groupsOf(lines), error.trim())).toEqual(["/tmp/rec/salaudit5/pyright-warnings-1-error/ledger/m23.py", error.trim(), "\"Literal['7']\" is not assignable to \"int\" (reportArgumentType)"]);
  });

  test("meson and ninja, sphinx, git rebase: salient already (guards)", () => {
    expect(salientOf("meson-ninja-undeclared")).toHaveLength(3);
    expect(salientOf("sphinx-build-warnings-1-error")).toEqual(['/tmp/rec/salaudit5/sphinx-build-warnings-1-error/page17.rst:6: ERROR: Unknown directive type "code-blok".']);
    expect(salientOf("git-rebase-exec-conflict")).toEqual(["CONFLICT (content): Merge conflict in rate.txt", "error: could not apply fc79a76... region 23: add part 23"]);
  });

  test.each([
    ["pdflatex-undefined-control-sequence", "Undefined control sequence"],
    ["mariadb-migration-errors", "ERROR 1146"],
  ])("%s in the middle of 3 MiB of its own lines, at the default budget (the byte path)", (name, before) => {
    const input = largeAround(name, before);
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input, maxBuffer: 1 << 26 });
    const lines = result.stdout.toString("utf8").split("\n");
    expect(mustKeep(name).filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
  });
});
