// Kinds of real output recorded in the third audit (recipes/kinds_cases.sh), on the groups the line path builds
// (byte-path-kept.test.ts runs each with its must-keep list on the byte path). Before: a Go service's recovered panic
// took Go's own frame (`/usr/lib/go-1.19/src/net/http/server.go`, Debian's path) for the program's, and pytest's `E`
// line of a short traceback (`--tb=short`, a collection error) came without its `file.py:N: in test` line and code.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { groupsOf, groupWith } from "./groups-of.js";

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
