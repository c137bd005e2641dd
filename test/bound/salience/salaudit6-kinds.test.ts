// Kinds of real output recorded in the twelfth audit (recipes/salaudit6_cases.sh): redis-server restarted 40 times
// under a supervisor's loop, once on a dump cut short and once on a refused configuration; jasmine suites in 60 npm
// workspaces, one failing; `npm install --verbose` in 30 services, one ERESOLVE; c8's coverage of 16 packages, one
// under its threshold; eslint's compact format, 3 errors among 1,920 warnings; cabal's build of 40 modules, one type error
// among 120 warnings.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { describeMustKeep, fixture, salient, salientOf } from "./corpus-kinds.js";
import { groupsOf, groupWith } from "./groups-of.js";
import { largeAround } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));

const KINDS = [
  "redis-restarts-bad-rdb",
  "redis-restarts-config-error",
  "jasmine-workspaces-1-failure",
  "npm-install-verbose-eresolve",
  "c8-coverage-threshold",
  "eslint-compact-3-errors",
  "cabal-build-keep-going",
  "journalctl-redis-bad-rdb",
];

describeMustKeep("the twelfth audit's outputs keep their must-keep lines", KINDS);

const line = (name: string, part: string): string => fixture(`${name}.txt`).find((each) => each.includes(part))!;

describe("redis", () => {
  test("a `#` line that says an error is salient; redis's advice at every start and its other levels are not", () => {
    expect(salientOf("redis-restarts-bad-rdb").map((each) => each.replace(/^\d+:M [\d A-Za-z:.]+ /, ""))).toEqual([
      "# Short read or OOM loading DB. Unrecoverable error, aborting now.",
      "# Internal error in RDB reading offset 0, function at rdb.c:3249 -> Unexpected EOF reading RDB file",
      "--- RDB ERROR DETECTED ---",
      "Could not connect to Redis at 127.0.0.1:6393: Connection refused",
    ]);
    expect(salient("1:M 04 Dec 2026 20:24:19.218 # WARNING Memory overcommit must be enabled! Without it, a background save or replication may fail under low memory condition.")).toBe(false);
    expect(salient("1:M 04 Dec 2026 20:24:19.218 # Failed opening the temp RDB file temp-1.rdb (in server root dir /data) for saving: Permission denied")).toBe(true);
    expect(salient("1:M 04 Dec 2026 20:24:19.218 # +failover-end master mymaster 127.0.0.1 6379")).toBe(false);
    expect(salient("1:M 04 Dec 2026 20:24:19.218 - Client closed connection id=3 addr=127.0.0.1:38138 laddr=127.0.0.1:6393 fd=8 name= age=0 idle=0 flags=N db=0 sub=0 psub=0 ssub=0 multi=-1 qbuf=0 qbuf-free=20474 argv-mem=0 multi-mem=0 rbs=16384 rbp=16384 obl=0 oll=0 omem=0 tot-mem=37632 events=r cmd=ping user=default redir=-1 resp=2")).toBe(false);
  });

  test("under journalctl's prefix: the same line salient, the report's lines continuing it (not redis-check-rdb's progress)", () => {
    const lines = fixture("journalctl-redis-bad-rdb.txt");
    expect(salientOf("journalctl-redis-bad-rdb").map((each) => each.replace(/^.*?\]: (?:\d+:M [\d A-Za-z:.]+ )?/, ""))).toEqual(["# Short read or OOM loading DB. Unrecoverable error, aborting now.", "# Internal error in RDB reading offset 0, function at rdb.c:3249 -> Unexpected EOF reading RDB file", "--- RDB ERROR DETECTED ---", "Could not connect to Redis at 127.0.0.1:6393: Connection refused"]);
    const detected = lines.find((each) => each.endsWith("--- RDB ERROR DETECTED ---"))!;
    expect(groupWith(groupsOf(lines), detected)!.slice(1, 3)).toEqual([lines.find((each) => each.endsWith("[offset 1566] Unexpected EOF reading RDB file")), lines.find((each) => each.endsWith("[additional info] While doing: read-object-value"))]);
    const internal = lines.find((each) => each.includes("# Internal error in RDB"))!;
    expect(groupWith(groupsOf(lines), internal)).toEqual([internal]);
  });

  test("redis-check-rdb's report travels under `--- RDB ERROR DETECTED ---`; the refused configuration's line and reason under `*** FATAL CONFIG FILE ERROR ***`", () => {
    expect(groupWith(groupsOf(fixture("redis-restarts-bad-rdb.txt")), "--- RDB ERROR DETECTED ---")).toEqual(["--- RDB ERROR DETECTED ---", "[offset 1566] Unexpected EOF reading RDB file", "[additional info] While doing: read-object-value", "[additional info] Reading key 'order:2:4'", "[additional info] Reading type 0 (string)"]);
    expect(groupWith(groupsOf(fixture("redis-restarts-config-error.txt")), "*** FATAL CONFIG FILE ERROR (Redis 7.0.15) ***")).toEqual(["*** FATAL CONFIG FILE ERROR (Redis 7.0.15) ***", "Reading the configuration file, at line 7", ">>> 'maxmemory 1.7gb'", "argument must be a memory value"]);
  });
});

describe("test runners, installers, coverage, linters", () => {
  test("jasmine: `Failures:` over its numbered title, message, expectation and stack", () => {
    const group = groupWith(groupsOf(fixture("jasmine-workspaces-1-failure.txt")), "Failures:")!;
    expect(group.slice(0, 4)).toEqual(["Failures:", "1) p17 pricing prices tier 17 at 19", "Message:", "Expected 18 to be 19."]);
    expect(group.some((each) => each.includes("spec/tier.spec.js:53:26"))).toBe(true);
  });

  test("c8: istanbul's rows that name uncovered lines travel above its threshold error", () => {
    const error = "ERROR: Coverage for lines (58.33%) does not meet global threshold (90%)";
    expect(groupWith(groupsOf(fixture("c8-coverage-threshold.txt")), error)).toEqual([line("c8-coverage-threshold", "38-42,44-48").trim(), error]);
  });

  test("eslint's compact format: its errors salient, not its warnings; its output is no grep -n output", () => {
    expect(salientOf("eslint-compact-3-errors")).toHaveLength(3);
    expect(recognizeContent(fixture("eslint-compact-3-errors.txt").slice(0, 20))).toBe("log");
  });

  test("npm's ERESOLVE report and cabal's GHC error: salient already (guards)", () => {
    expect(salientOf("cabal-build-keep-going")).toEqual(["src/M23.hs:11:29: error:"]);
    expect(salientOf("npm-install-verbose-eresolve").some((each) => each.includes("While resolving: svc17@1.0.0"))).toBe(true);
  });

  // Each output between ~1.5 MiB of its own lines before its error, at the default budget (the byte path).
  test.each([
    ["redis-restarts-bad-rdb", "start 23", ["Short read or OOM loading DB. Unrecoverable error, aborting now.", "--- RDB ERROR DETECTED ---", "[offset 1566] Unexpected EOF reading RDB file"]],
    ["redis-restarts-config-error", "start 17", ["*** FATAL CONFIG FILE ERROR (Redis 7.0.15) ***", ">>> 'maxmemory 1.7gb'", "argument must be a memory value"]],
    ["jasmine-workspaces-1-failure", "@ledger/p17@1.0.0 test", ["1) p17 pricing prices tier 17 at 19", "Expected 18 to be 19.", "npm error workspace @ledger/p17@1.0.0"]],
    ["npm-install-verbose-eresolve", "== svc17", ["ERESOLVE unable to resolve dependency tree", "While resolving: svc17@1.0.0", 'peer react@"^18.3.1" from react-dom@18.3.1']],
    ["c8-coverage-threshold", "== packages/p07", ["ERROR: Coverage for lines (58.33%) does not meet global threshold (90%)", "38-42,44-48,50-54"]],
    ["cabal-build-keep-going", "Compiling M23", ["src/M23.hs:11:29: error:", "Couldn't match type ‘[Char]’ with ‘Int’", '11 | cents23 qty = total23 qty + "cents"']],
    ["journalctl-redis-bad-rdb", "start 23", ["Short read or OOM loading DB. Unrecoverable error, aborting now.", "--- RDB ERROR DETECTED ---", "[offset 1566] Unexpected EOF reading RDB file"]],
    ["eslint-compact-3-errors", "module047.js", ["Error - 'missingHelper47' is not defined. (no-undef)", "Error - 'missingHelper61' is not defined. (no-undef)", "Error - 'missingHelper83' is not defined. (no-undef)"]],
  ])("%s in the middle of 3 MiB of its own lines, at the default budget (the byte path)", (name, before, wanted) => {
    const input = largeAround(name, before);
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input, maxBuffer: 1 << 26 });
    const lines = result.stdout.toString("utf8").split("\n");
    expect(wanted.filter((needle) => !lines.some((each) => each.includes(needle)))).toEqual([]);
  });
});
