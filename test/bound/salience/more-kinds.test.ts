// Kinds of real output recorded in the third audit (recipes/kinds_cases.sh), on the groups the line path builds
// (byte-path-kept.test.ts runs each with its must-keep list on the byte path). Before: a Go service's recovered panic
// took Go's own frame (`/usr/lib/go-1.19/src/net/http/server.go`, Debian's path) for the program's, and pytest's `E`
// line of a short traceback (`--tb=short`, a collection error) came without its `file.py:N: in test` line and code,
// sqlite3's `Parse error near line N:` was not salient, gdb's backtrace gave no frame (only its note that the C
// library's source is missing, `No such file or directory`, was salient), go vet's type error (`vet: f.go:L:C:`)
// was not salient, nor a C++ exception nobody caught (`terminate called after throwing …`, `what():`), and eslint's
// unix format (`path:L:C: message [Error/rule]`) was read as `grep -n` output, none of its lines scored.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { logPadding } from "./log-padding.js";

const fixture = (name: string): string[] => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url), "utf8").split("\n");

describe("a Go service's recovered panic", () => {
  test("the panic line with the program's innermost frame, not Go's own under /usr/lib/go-1.19", () => {
    const groups = groupsOf(fixture("go-http-panic.txt"));
    const group = groups.find((each) => each.some((line) => line.includes("http: panic serving")));
    expect(group?.slice(1)).toEqual(["main.priceOf(...)", "/tmp/rec/go-http-panic/main.go:19"]);
  });
});

describe("a Java exception with its causes", () => {
  test("the first cause's group goes on into the root cause (`Caused by:` continues it)", () => {
    const groups = groupsOf(fixture("java-service-caused-by.txt"));
    const cause = groupWith(groups, "Caused by: OrderService$StorageException: cannot read page 12 of table orders");
    expect(cause).toContain("Caused by: java.io.IOException: segment 0007.dat: unexpected end of file at offset 18432");
    expect(cause).toContain("at OrderService.readRow(OrderService.java:18)");
  });
});

describe("pytest's short tracebacks", () => {
  test("`--tb=short`: the frame line and the code over each E line", () => {
    const groups = groupsOf(fixture("pytest-short-tb-2-failures.txt"));
    expect(groupWith(groups, "E   assert 21 == 22")).toEqual(["tests/test_module06.py:90: in test_no_errors_on_valid_input_20", 'assert data["value"] == 22', "E   assert 21 == 22"]);
    expect(groupWith(groups, "E   assert 9 == 10")).toEqual(["tests/test_module13.py:42: in test_no_errors_on_valid_input_8", 'assert data["value"] == 10', "E   assert 9 == 10"]);
  });

  test("a collection error: the test module's line (not importlib's) over the ModuleNotFoundError", () => {
    const groups = groupsOf(fixture("pytest-collection-error.txt"));
    expect(groupWith(groups, "E   ModuleNotFoundError: No module named 'yaml_schema_missing'")).toEqual(["tests/test_mod23.py:1: in <module>", "import yaml_schema_missing", "E   ModuleNotFoundError: No module named 'yaml_schema_missing'"]);
  });
});

describe("sqlite3 and gdb", () => {
  test("sqlite3's errors in a script are salient", () => {
    const groups = groupsOf(fixture("sqlite-echo-migration.txt"));
    expect(groups.map((group) => group.join(" | "))).toEqual(["Parse error near line 435: no such table: invoices", "Runtime error near line 629: UNIQUE constraint failed: orders.id (19)"]);
  });

  test("gdb: the signal with the backtrace's first frame in the program; not the note on the C library's source", () => {
    const groups = groupsOf(fixture("gdb-segfault-backtrace.txt"));
    expect(groups).toEqual([["Program received signal SIGSEGV, Segmentation fault.", "#1  0x0000555555555171 in name_length (owner=0x0) at ledger_report.c:11"]]);
  });
});

describe("a C++ exception nobody caught", () => {
  test("`terminate called after throwing an instance of …` with its `what():` line; bash's `Aborted` under it is a group of its own", () => {
    const groups = groupsOf(fixture("cpp-uncaught-exception.txt"));
    expect(groups).toEqual([["terminate called after throwing an instance of 'std::runtime_error'", "what():  config shard 418: /etc/ledger/shards/418.conf: no such file"], ["bash: line 1: 10219 Aborted                 ./shard_loader"]]);
  });
});

describe("go vet", () => {
  test("its type error and its analyzer's finding, in the middle of 2 MiB of log lines on each side, at 4,096 bytes", () => {
    const padding = logPadding();
    const input = padding + fixture("go-vet-2-packages.txt").join("\n") + padding;
    const correx = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
    const result = spawnSync(process.execPath, [correx, "bound", "--for", "model", "--no-spill", "--max-bytes", "4096"], { input, maxBuffer: 1 << 26 });
    const lines = result.stdout.toString("utf8").split("\n").map((line) => line.replace(/^L\d+: /, ""));
    expect(lines).toContain("vet: p05/parse_test.go:147:8: undeclared name: normalizeAll");
    expect(lines).toContain("p09/parse.go:16:9: fmt.Sprintf format %d has arg text of wrong type string");
  });
});

describe("diagnostics in `path:line:col: message` form are not grep -n output", () => {
  test("eslint's unix format, gcc's, flake8's and mypy's lines are a log; grep -rn's and grep -n's are not", () => {
    expect(recognizeContent(fixture("eslint-unix-3-errors.txt").slice(0, 20))).toBe("log");
    expect(recognizeContent(["f001.c:5:7: warning: unused variable ‘x’", "f002.c:5:7: warning: unused variable ‘y’", "f003.c:9:1: error: expected ‘;’"])).toBe("log");
    expect(recognizeContent(["app/a.py:3:1: E302 expected 2 blank lines, found 1", "app/a.py:9:80: E501 line too long (88 > 79 characters)", "app/b.py:1:1: F401 'os' imported but unused"])).toBe("log");
    expect(recognizeContent(["app/a.py:12: error: Incompatible return value type", "app/a.py:30: note: Revealed type is int", "app/b.py:7: error: Name 'x' is not defined"])).toBe("log");
    expect(recognizeContent(["src/a.ts:12:  throw new Error(x)", "src/b.ts:40:  error()", "src/c.ts:7: // error"])).toBe("grep");
  });

  test("eslint's unix format: each `[Error/rule]` line is salient, the warnings are not", () => {
    const groups = groupsOf(fixture("eslint-unix-3-errors.txt"));
    expect(groups.map((group) => group.join(" ").replace(/^\/tmp\/rec\/eslint-unix-3-errors\//, ""))).toEqual([
      "src/module047.js:22:35: 'missingHelper47' is not defined. [Error/no-undef]",
      "src/module061.js:22:35: 'missingHelper61' is not defined. [Error/no-undef]",
      "src/module083.js:22:35: 'missingHelper83' is not defined. [Error/no-undef]",
    ]);
  });
});
