// Kinds of real output recorded in the seventh audit (recipes/salaudit_cases.sh): glog's and absl's logs (an ERROR and
// a FATAL line whose text has no error word), Lua's runtime error in a batch, bash's own diagnostics of a step script,
// `unzip -t`'s bad CRC, `gzip -tv`'s corrupt and truncated files, `systemd-analyze verify`'s refused unit
// (byte-path-kept.test.ts runs each with its must-keep list on the byte path). Before: none of their lines was salient
// (glog's severity letter, Lua's `lua5.4: x.lua:5:`, bash's `unbound variable`, `[: too many arguments`, unzip's `bad
// CRC`, gzip's `unexpected end of file`, systemd's `Refusing.`), and systemd's output was read as `grep -n` matches
// (`path:N: Unknown key …` on every line), so none of it was scored.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { recognizeContent } from "../../../src/bound/salience/content-kind.js";
import { BYTE_NEEDLES, mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { groupsOf, groupWith } from "./groups-of.js";

const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
const fixture = (name: string): string[] => raw(name).toString("utf8").split("\n");
const mustKeep = (name: string): string[] => raw(`${name}.must-keep.txt`).toString("utf8").split("\n").map((line) => line.trim()).filter(Boolean);

const KINDS = ["glog-error-no-error-word", "glog-fatal-batch", "absl-fatal-batch", "lua-batch-nil-arithmetic", "bash-step-diagnostics", "unzip-test-bad-crc", "gzip-test-corrupt", "systemd-analyze-verify-units"];

describe("the seventh audit's outputs keep their must-keep lines", () => {
  // Without the fold (the library's `foldSimilar: false`), as an output less regular than these recordings would be:
  // only salience keeps a middle line then (the old rules kept none of these at 10,240 and 4,096 bytes).
  test.each(KINDS.flatMap((name) => [51200, 10240, 4096].flatMap((bytes) => [[name, bytes, true], [name, bytes, false]] as const)))("%s at %d bytes (fold %s)", (name, bytes, foldSimilar) => {
    const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes }, foldSimilar });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(bytes);
    const lines = result.text.split("\n");
    expect(mustKeep(name).filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
  });
});

describe("glog's and klog's severity letter", () => {
  test.each([
    ["glog-error-no-error-word.txt", "E20261203 23:48:20.615700  9383 ingest.cc:11] shard 377: checksum mismatch (want 9f2c41d0, have 1a0b77e3); shard quarantined"],
    ["glog-fatal-batch.txt", "F20261203 23:48:23.077057  9564 ingest.cc:11] region 7: lease on shard 23 taken by ingest-3 at epoch 41; stopping"],
    ["absl-fatal-batch.txt", "E1203 23:48:25.065794 140516244172864 worker.py:14] region 7 batch 18: snapshot is 3 epochs behind the primary; rows skipped"],
    ["absl-fatal-batch.txt", "F1203 23:48:25.066063 140516244172864 worker.py:16] region 7: lease on batch 23 taken by worker-3 at epoch 41; stopping"],
  ])("%s: an E or F line is salient whatever its message says", (name, line) => {
    expect(fixture(name)).toContain(line);
    expect(mayBeSalient(line)).toBe(true);
    expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });

  test("klog's (Kubernetes') lines, as kube components print them: E and F salient, the Go file a byte needle", () => {
    const error = "E1203 12:34:56.789012   12345 reflector.go:147] k8s.io/client-go/informers/factory.go:150: lease held by node-3";
    const fatal = "F1203 12:34:56.789012       1 server.go:266] unable to load in-cluster configuration";
    for (const line of [error, fatal]) {
      expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
      expect(BYTE_NEEDLES.some((needle) => Buffer.from(line).includes(needle))).toBe(true);
    }
  });

  test("I and W lines are not salient (a warning of a log level never is), nor a line that only opens like one", () => {
    const lines = fixture("glog-error-no-error-word.txt").concat(fixture("absl-fatal-batch.txt")).filter((line) => /^[IW]\d{4}/.test(line));
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.some((line) => line.startsWith("W"))).toBe(true);
    expect(lines.filter((line) => scoreLine(line) >= SALIENT_SCORE)).toEqual([]);
    for (const line of ["E1203 rows passed the filter", "E1203 12:34:56 shard 377 done", "F1203 12:34:56.789 main.cc:3] shard done", "E12031 12:34:56.789012 1 a.cc:3] x", "E1203 12:34:56.789012 1 a.cc] x"]) {
      expect(scoreLine(line)).toBe(0);
    }
  });

  test.each([
    ["glog-fatal-batch.txt", "*** Check failure stack trace: ***"],
    ["absl-fatal-batch.txt", "Fatal Python error: Aborted"],
  ])("%s: the fatal line travels above the stack trace the process prints as it aborts", (name, trace) => {
    const fatal = fixture(name).find((line) => line.startsWith("F"))!;
    const group = groupsOf(fixture(name)).find((lines) => lines.includes(trace))!;
    expect(group.slice(0, 2)).toEqual([fatal, trace]);
  });

  test("on the byte path, an F line without a needle of its own comes with its stack trace (2 MiB of log lines after it)", () => {
    const padding = Array.from({ length: 24_000 }, (_, n) => `2026-12-01T04:${String(n % 60).padStart(2, "0")}:00Z INFO [worker-${n % 13}] compiled src/module-${n % 97}.ts in ${n % 997} ms`).join("\n");
    const input = Buffer.concat([raw("glog-fatal-batch.txt"), Buffer.from(`${padding}\n`)]);
    const text = bound(input, { budget: { maxLines: 2000, maxBytes: 4096 } }).text;
    expect(text).toContain("ingest.cc:11] region 7: lease on shard 23 taken by ingest-3 at epoch 41; stopping");
  });
});

describe("errors that were not salient", () => {
  test("Lua's runtime error, with its stack traceback", () => {
    const error = "lua5.4: report.lua:5: attempt to perform arithmetic on a nil value (field 'qty')";
    expect(groupWith(groupsOf(fixture("lua-batch-nil-arithmetic.txt")), error)).toEqual([error, "stack traceback:", "report.lua:5: in local 'line_total'", "report.lua:12: in main chunk", "[C]: in ?"]);
    expect(scoreLine("luajit: scripts/load.lua:12: bad argument #1 to 'ipairs' (table expected, got nil)")).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(scoreLine("lua5.4 report.lua 7 finished in 12 ms")).toBe(0);
  });

  test.each([
    "steps/step17.sh: line 5: RELEASE_TAG: unbound variable",
    "steps/step29.sh: line 4: [: too many arguments",
    "./deploy.sh: line 12: [: abc: integer expression expected",
    "./deploy.sh: line 8: [: -gt: unary operator expected",
    "bash: line 1: ${tag/}: bad substitution",
    "./deploy.sh: line 3: $out: ambiguous redirect",
  ])("bash's own diagnostic: %s", (line) => {
    expect(mayBeSalient(line)).toBe(true);
    expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });

  test("bash's diagnostics in the recording, and not a script's own lines that use the words", () => {
    const lines = fixture("bash-step-diagnostics.txt");
    expect(lines.filter((line) => scoreLine(line) >= SALIENT_SCORE)).toEqual(mustKeep("bash-step-diagnostics"));
    for (const line of ["step 17: line 5 of the manifest has too many arguments", "note: line 4: unbound variable names are listed below", "docs/bash.md: line 9: explains unbound variable errors"]) {
      expect(scoreLine(line)).toBe(0);
    }
  });

  test("unzip's bad CRC and its verdict; gzip's corrupt and truncated files", () => {
    const unzip = fixture("unzip-test-bad-crc.txt");
    expect(unzip.filter((line) => scoreLine(line) >= SALIENT_SCORE).map((line) => line.trim())).toEqual(mustKeep("unzip-test-bad-crc"));
    const gzip = fixture("gzip-test-corrupt.txt");
    expect(gzip.filter((line) => scoreLine(line) >= SALIENT_SCORE)).toEqual(mustKeep("gzip-test-corrupt"));
    expect(scoreLine("gzip: logs/app.1.gz: not in gzip format")).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(scoreLine("At least one error was detected in the log, see above.")).toBe(0);
  });

  test("systemd-analyze verify: read as a checker's output, not grep's; the refused unit with its parser's lines about it", () => {
    const lines = fixture("systemd-analyze-verify-units.txt");
    expect(recognizeContent(lines.slice(0, 20))).toBe("log");
    expect(recognizeContent(["src/a.c:12:int main(void) {", "src/a.c:13:  return 0;", "src/b.c:4:#include <stdio.h>", "src/b.c:9:    int x = 1;"])).toBe("grep");
    const refusal = "ledger-37.service: Service has no ExecStart=, ExecStop=, or SuccessAction=. Refusing.";
    const group = groupWith(groupsOf(lines), refusal)!;
    expect(group.map((line) => line.replace(/^\S*\/units\//, "units/"))).toEqual([
      "units/ledger-37.service:6: Unknown key 'ExecStrat' in section [Service], ignoring.",
      "units/ledger-37.service:7: Unknown key 'MemoryZSwapMax' in section [Service], ignoring.",
      refusal,
      "Unit ledger-37.service has a bad unit file setting.",
    ]);
    expect(lines.filter((line) => line.includes("MemoryZSwapMax") && scoreLine(line) >= SALIENT_SCORE)).toEqual([]);
  });
});
