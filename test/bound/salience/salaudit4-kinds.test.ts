// Kinds of real output recorded in the tenth audit (recipes/salaudit4_cases.sh): JSON log lines of pino and winston
// (an error with its stack in a field, another with none), Python logging's default format, minitest's verbose run,
// Maven Surefire's JUnit 5 run, GHC's --make with warnings and one type error, psql running a migration, a turbo
// monorepo build where one package fails, bunyan's JSON lines, uvicorn serving a FastAPI app whose handler raises,
// `next build` of 5 apps where one has a type error, Playwright's list reporter with one failed expectation.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { describeMustKeep, fixture, mustKeep, salient, salientOf } from "./corpus-kinds.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { largeAround } from "./large-tool-outputs.js";

const KINDS = [
  "pino-worker-json-errors",
  "winston-worker-json-errors",
  "python-logging-default-format",
  "minitest-verbose-failures",
  "maven-surefire-1-failure",
  "ghc-make-type-error",
  "psql-migration-errors",
  "turbo-monorepo-build-failure",
  "bunyan-worker-json-errors",
  "uvicorn-fastapi-traceback",
  "nextjs-build-type-error",
  "playwright-list-1-failure",
];

describeMustKeep("the tenth audit's outputs keep their must-keep lines", KINDS);

describe("JSON log lines", () => {
  test("pino's level 50 is salient with its stack or without an error word; its info and warn lines are not", () => {
    expect(salientOf("pino-worker-json-errors").map((line) => [JSON.parse(line).level, JSON.parse(line).msg])).toEqual([[50, "pricing failed"], [50, "payment declined by gateway"]]);
    for (const line of ['{"level":60,"time":1796395507537,"pid":1,"hostname":"h","msg":"cannot continue: ledger locked"}', '{"name":"orders","hostname":"h","pid":1,"level":50,"msg":"payment declined by gateway","time":"2026-12-04T14:45:12.114Z","v":0}']) {
      expect(salient(line)).toBe(true);
    }
    for (const line of ['{"level":30,"time":1,"pid":1,"hostname":"h","req":{"method":"GET","url":"/api/v1/error-reports/20"},"res":{"statusCode":200},"responseTime":20,"msg":"request completed"}', '{"level":40,"time":1,"upstream":"rates-api","ms":1225,"msg":"slow upstream response"}', '{"level":30,"time":1,"errorCount":0,"msg":"request completed"}', '{"level":30,"time":1,"ms":50,"msg":"order priced"}']) {
      expect(salient(line)).toBe(false);
    }
  });

  test("bunyan's level 50 (after its name, hostname and pid), with its `err` or without", () => {
    expect(salientOf("bunyan-worker-json-errors").map((line) => [JSON.parse(line).level, JSON.parse(line).msg])).toEqual([[50, "pricing failed"], [50, "payment declined by gateway"]]);
  });

  test("winston's error lines, not its info lines with an error in their URL", () => {
    expect(salientOf("winston-worker-json-errors").map((line) => JSON.parse(line).message)).toEqual(["Cannot read properties of undefined (reading '2')", "payment declined by gateway"]);
  });

  test("pino's level 50 without an error word, in the middle of 3 MiB of its lines, is kept at the default budget (the byte path's `el\":5`)", () => {
    const input = largeAround("pino-worker-json-errors", '"level":50');
    const correx = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
    const result = spawnSync(process.execPath, [correx, "bound", "--for", "model", "--no-spill"], { input, maxBuffer: 1 << 26 });
    expect(result.stdout.toString("utf8")).toContain('"order":512,"gateway":"acme-pay","status":402,"reason":"insufficient_funds","msg":"payment declined by gateway"}');
  });
});

describe("test runners", () => {
  test("minitest's verdicts of the failed and the erring test, not the passing ones named for errors; its report of the failure with both values", () => {
    expect(salientOf("minitest-verbose-failures")).toEqual([
      "Region17Test#test_tier_17_prices_without_error = 0.00 s = F",
      "Region29Test#test_fee_doubles_the_price = 0.00 s = E",
      "  1) Failure:",
      "  2) Error:",
      "NoMethodError: undefined method `fee' for #<struct Ledger::Region number=29>",
      "800 runs, 799 assertions, 1 failures, 1 errors, 0 skips",
    ]);
    expect(groupWith(groupsOf(fixture("minitest-verbose-failures.txt")), "1) Failure:")).toEqual(["1) Failure:", "Region17Test#test_tier_17_prices_without_error [/tmp/rec/salaudit4/minitest-verbose-failures/test/region17_test.rb:74]:", "Expected: 19", "Actual: 22"]);
    for (const line of ["800 runs, 800 assertions, 1 failures, 0 errors, 0 skips", "Ledger::RegionTest#test_0001_prices a tier = 0.01 s = F"]) expect(salient(line)).toBe(true);
    for (const line of ["800 runs, 800 assertions, 0 failures, 0 errors, 0 skips", "Region28Test#test_raises_error_for_unknown_tier = 0.00 s = .", "Region05Test#test_fee_doubles_the_price = 0.00 s = S"]) expect(salient(line)).toBe(false);
  });

  test("Playwright: the failed test's line, its error and the count; not the passing tests named for error banners and pages", () => {
    expect(salientOf("playwright-list-1-failure").map((line) => line.trim())).toEqual(["✘  174 tests/cart17.spec.mjs:28:3 › cart 17 › total for 7 items (6.1s)", "Error: expect(locator).toHaveText(expected) failed", "1 failed"]);
  });

  test("Surefire's class line and summary that count a failure beside `Errors: 0`; not the passing classes", () => {
    const lines = fixture("maven-surefire-1-failure.txt");
    expect(lines.filter((line) => line.includes("Tests run:") && salient(line))).toEqual([
      "[ERROR] Tests run: 20, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.466 s <<< FAILURE! -- in ledger.Region17Test",
      "[ERROR] Tests run: 800, Failures: 1, Errors: 0, Skipped: 0",
    ]);
    expect(salient("[ERROR] Tests run: 40, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 0.2 s <<< ERROR! -- in ledger.Region03Test")).toBe(true);
    expect(salient("[INFO] Tests run: 800, Failures: 0, Errors: 0, Skipped: 0")).toBe(false);
  });
});

describe("builds and scripts", () => {
  test("turbo: the package's error, npm's failed script, the task's and the run's verdicts, its summary of failed tasks", () => {
    expect(salientOf("turbo-monorepo-build-failure")).toEqual(mustKeep("turbo-monorepo-build-failure").map((needle) => fixture("turbo-monorepo-build-failure.txt").find((line) => line.includes(needle))!));
    expect(salient(" Tasks:    15 successful, 16 total")).toBe(false);
  });

  test("Next.js: its location above the type error and its code frame past a blank line travel with it; the build worker's exit code", () => {
    const lines = fixture("nextjs-build-type-error.txt").map((line) => line.replace(/\x1b\[[0-9;]*m/g, ""));
    expect(lines.filter(salient)).toEqual(["Failed to compile.", "Type error: Type 'string' is not assignable to type 'number'.", "Next.js build worker exited with code: 1 and signal: null"]);
    expect(groupWith(groupsOf(lines), "Type error: Type 'string' is not assignable to type 'number'.")).toEqual(expect.arrayContaining(["./app/p17/page.tsx:4:9", '> 4 |   const total: number = "0";', "|         ^"]));
    expect(salient("Next.js build worker exited with code: 0 and signal: null")).toBe(false);
  });

  test("GHC's type error, not its 160 warnings; the error's explanation and code travel with it", () => {
    expect(salientOf("ghc-make-type-error")).toEqual(["src/Ledger/M23.hs:15:17: error:"]);
    expect(groupWith(groupsOf(fixture("ghc-make-type-error.txt")), "src/Ledger/M23.hs:15:17: error:")).toContain('15 | scale23 n = n + "cents"');
  });

  test("psql's errors, not its NOTICEs that a table to drop does not exist", () => {
    expect(salientOf("psql-migration-errors")).toEqual(['psql:migrate.sql:435: ERROR:  relation "invoices" does not exist', 'psql:migrate.sql:988: ERROR:  duplicate key value violates unique constraint "customers_pkey"']);
  });

  test("uvicorn: the 500 request line, `Exception in ASGI application` and the exception with the handler's frame under Starlette's; not the 404s nor the error-report endpoint's 200s", () => {
    const lines = fixture("uvicorn-fastapi-traceback.txt");
    expect(lines.filter(salient).map((line) => line.replace(/127\.0\.0\.1:\d+/, "H"))).toEqual(['INFO:     H - "GET /orders/377 HTTP/1.1" 500 Internal Server Error', "ERROR:    Exception in ASGI application", "Traceback (most recent call last):", "TypeError: 'NoneType' object is not subscriptable"]);
    expect(groupWith(groupsOf(lines), "TypeError: 'NoneType' object is not subscriptable")![0]).toBe('File "/tmp/rec/salaudit4/uvicorn-fastapi-traceback/app.py", line 13, in order');
  });

  test("Python logging's default format: the ERROR lines and the traceback's exception, not an INFO line with an error in its path", () => {
    expect(salientOf("python-logging-default-format")).toEqual(["ERROR:ledger.sync:record 433 failed", "Traceback (most recent call last):", "KeyError: 'currency'", "ERROR:ledger.sync:record 611 rejected: amount -12.50 is below zero"]);
    expect(salient("INFO:ledger.http:GET /api/error-codes/50 200 (50 ms)")).toBe(false);
  });
});
