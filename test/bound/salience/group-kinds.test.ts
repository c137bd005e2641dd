// What a group keeps of kinds of failure recorded for the second audit of real outputs in the middle of 2 MB of logs
// (test/fixtures/salience/recipes/audit_cases.sh). Before: rustc's `help:` and its suggested lines, a Python
// traceback's innermost frame past the 10 lines its `Traceback` group takes, PostgreSQL's `DETAIL:`/`HINT:`/
// `STATEMENT:`, git push's ` ! [rejected]` ref line and Node's `Require stack:` were lost; kubectl's last line and
// ctest's `1 tests failed out of 40` were not salient.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { BYTE_NEEDLES } from "../../../src/bound/salience/prefilter.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { groupsOf, groupWith } from "./groups-of.js";

const fixture = (name: string): string[] => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url), "utf8").split("\n");

describe("the second audit's kinds keep what an engineer needs", () => {
  test("rustc: each error's `help:` with the suggestion's changed lines (`48 -`, `48 +`) or the suggested line", () => {
    const groups = groupsOf(fixture("cargo-e0599-after-warnings.txt"));
    expect(groupWith(groups, "error[E0599]: no method named `balanse` found for struct `Ledger` in the current scope")?.slice(-5)).toEqual([
      "help: there is a method `balance` with a similar name",
      "|",
      "48 -     let total = ledger.balanse();",
      "48 +     let total = ledger.balance();",
      "|",
    ]);
    expect(groupWith(groups, "error[E0308]: mismatched types")?.slice(-4)).toEqual(["help: try using a conversion method", "|", "49 |     let owner: String = 42.to_string();", "|                           ++++++++++++"]);
  });

  test("Python: the traceback's innermost frame, with its code, over the exception (a Flask service's log)", () => {
    const group = groupWith(groupsOf(fixture("flask-server-traceback.txt")), "KeyError: 'plum'");
    expect(group).toEqual(['File "/tmp/rec/flask-server-traceback/app.py", line 7, in price', 'return {"name": name, "price": PRICES[name] * 100}', "~~~~~~^^^^^^", "KeyError: 'plum'"]);
  });

  test("PostgreSQL: the fields under an ERROR of its log, after the log's line prefix", () => {
    const groups = groupsOf(fixture("postgres-log-statement.txt"));
    const duplicate = groupWith(groups, '2026-12-01 19:34:47.816 UTC [20529] ERROR:  duplicate key value violates unique constraint "orders_pkey"');
    expect(duplicate?.slice(1)).toEqual(["2026-12-01 19:34:47.816 UTC [20529] DETAIL:  Key (id)=(150) already exists.", "2026-12-01 19:34:47.816 UTC [20529] STATEMENT:  insert into orders values (150, 1);"]);
    const column = groupWith(groups, '2026-12-01 19:34:47.853 UTC [20529] ERROR:  column "totl" does not exist at character 8');
    expect(column?.length).toBe(3);
    // psql's own report: `LINE 1:` and its caret, then the hint.
    expect(groupsOf(['ERROR:  column "totl" does not exist', "LINE 1: select totl from orders", "               ^", 'HINT:  Perhaps you meant to reference the column "orders.total".'])).toHaveLength(1);
  });

  test("git push: the rejected ref line and the remote over `error: failed to push some refs`", () => {
    expect(groupsOf(fixture("git-push-rejected.txt"))).toEqual([
      ["To /tmp/rec/git-push-rejected/remote.git", "! [rejected]        HEAD -> main (fetch first)", "error: failed to push some refs to '/tmp/rec/git-push-rejected/remote.git'"],
    ]);
  });

  test("Node: `Require stack:` and its list under `Cannot find module`, then the frames (the program's own one among them)", () => {
    const group = groupWith(groupsOf(fixture("node-cannot-find-module.txt")), "Error: Cannot find module 'yaml-loader-missing'");
    expect(group?.slice(0, 4)).toEqual(["Error: Cannot find module 'yaml-loader-missing'", "Require stack:", "- /tmp/rec/node-cannot-find-module/lib/config.js", "- /tmp/rec/node-cannot-find-module/main.js"]);
    expect(group).toContain("at Object.<anonymous> (/tmp/rec/node-cannot-find-module/lib/config.js:1:18)");
    // A `- item` line continues only under `Require stack:`.
    expect(groupsOf(["Error: Cannot find module 'x'", "- not a stack line"])).toEqual([["Error: Cannot find module 'x'"]]);
  });

  test("Node: a frame in Node's own code ends a group (node:test's frames after the test's own two)", () => {
    const group = groupWith(groupsOf(fixture("node-test-spec-2-failures.txt")), "TypeError [Error]: Cannot read properties of undefined (reading 'name')");
    expect(group?.slice(-2)).toEqual(["at describeOrder (/tmp/rec/node-fail/test/parser16.test.js:5:71)", "at TestContext.<anonymous> (/tmp/rec/node-fail/test/parser16.test.js:38:71)"]);
    expect(groupsOf(fixture("node-test-spec-2-failures.txt")).flat().filter((line) => line.includes("(node:"))).toEqual([]);
  });

  test("kubectl's last line and ctest's summary are salient, and a byte needle finds each", () => {
    for (const line of ["The connection to the server localhost:8080 was refused - did you specify the right host or port?", "98% tests passed, 1 tests failed out of 40"]) {
      expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
      expect(BYTE_NEEDLES.some((needle) => Buffer.from(line).includes(needle))).toBe(true);
    }
    expect(scoreLine("100% tests passed, 0 tests failed out of 40")).toBeLessThan(SALIENT_SCORE);
  });
});
