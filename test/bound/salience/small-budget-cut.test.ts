// What a cut keeps of the omitted middle at 2,048 and 4,096 bytes, where not every group fits (the byte path: each
// recorded output followed by 2 MiB of log lines). Before: a chosen group's details went in with it, ahead of the
// next group: at 2,048 bytes rustc's `help:` and its suggestion took the room of cargo's `could not compile`; at
// 4,096 unittest's first diff (the values its `AssertionError` line already names) and its in-list `... ERROR` line
// took that of the fourth failure, vitest's `Start at` / `Duration` lines (taken as its summary's continuation)
// that of the second failure's diff, and a Java exception's repeated frames that of its root cause (`Caused by:`).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { laterLines } from "../../../src/bound/salience/group-tiers.js";
import { GroupBuilder } from "../../../src/bound/salience/groups.js";
import { mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { Reservoir, type SalientGroup } from "../../../src/bound/salience/reservoir.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { logPadding } from "./log-padding.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
const FOLDER = fileURLToPath(new URL("../../fixtures/salience/", import.meta.url));
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const padding = Buffer.from(logPadding());

function projection(file: string, bytes: number): string[] {
  const input = Buffer.concat([readFileSync(FOLDER + file), padding]);
  const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill", "--max-bytes", String(bytes)], { input, maxBuffer: 1 << 26 });
  expect(result.status).toBe(0);
  const text = result.stdout.toString("utf8");
  expect(Buffer.byteLength(text)).toBeLessThanOrEqual(bytes);
  return text.replace(ANSI, "").split("\n");
}

/** The groups of a recorded output, fed as the line path feeds them. */
function groupsOf(file: string): SalientGroup[] {
  const lines = readFileSync(FOLDER + file, "utf8").replace(ANSI, "").split("\n");
  const builder = new GroupBuilder(new Reservoir(512, 1 << 22));
  lines.forEach((text, index) => {
    const line = { number: index + 1, text };
    if (mayBeSalient(text)) builder.offer(line, { at: (distance) => (index - distance >= 0 ? { number: index + 1 - distance, text: lines[index - distance]! } : undefined) });
    else builder.pass(line);
  });
  return builder.reservoir.held();
}

/** The texts of the lines that can wait of the first group with a line holding `text`, trimmed. */
function later(file: string, text: string): string[] {
  const group = groupsOf(file).find((each) => each.lines.some((line) => line.text.includes(text)));
  expect(group).toBeDefined();
  const numbers = laterLines(group!);
  return group!.lines.filter((line) => numbers.has(line.number)).map((line) => line.text.trim());
}

describe("the details a group's own lines come before (group-tiers.ts)", () => {
  test("rustc: the `help:` line and the suggestion under it", () => {
    expect(later("cargo-e0308-after-warnings.txt", "error[E0308]: mismatched types")).toEqual(["help: try using a conversion method", "|", "38 |     let label: String = sum.to_string();", "|                            ++++++++++++"]);
  });

  test("a failed assertion whose line names both values: its diff (unittest, vitest), not its frame", () => {
    expect(later("unittest-v-4-failures.txt", "AssertionError: {'retries': 3")).toEqual(["- {'retries': 3, 'timeout': 30}", "?                           ^", "", "+ {'retries': 3, 'timeout': 60}", "?                           ^"]);
    const vitest = later("vitest-verbose-2-failures.txt", "AssertionError: expected [ 17, 18 ]");
    expect(vitest).toContain("-   19,");
    expect(vitest.some((line) => line.startsWith("❯"))).toBe(false);
  });

  test("a stack's frames past the first two of a run, and Java's `... 13 more`", () => {
    expect(later("java-service-caused-by.txt", "Caused by: OrderService$StorageException")).toEqual(["... 13 more", ...Array<string>(4).fill("at OrderService.readRow(OrderService.java:17)")]);
  });

  test("an assertion whose values are only in its diff keeps it as its own (jest's `expect(received)`); other groups have none", () => {
    expect(later("jest-verbose-2-failures.txt", "expect(received).toEqual(expected)")).toEqual([]);
    expect(later("make-k-j8.txt", ": error: ")).toEqual([]);
  });
});

describe("unittest's in-list result line", () => {
  test("`... ERROR` is not salient (its `ERROR: test_x` section says it again, with why); the section's title is", () => {
    expect(scoreLine("test_case_02 (tests.test_mod24.Mod24Test.test_case_02) ... ERROR")).toBe(0);
    expect(scoreLine("ERROR: test_case_02 (tests.test_mod24.Mod24Test.test_case_02)")).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(scoreLine("2026-12-01 04:00:00 ERROR ... ERROR budget exceeded")).toBeGreaterThanOrEqual(SALIENT_SCORE);
  });
});

describe("the byte path at small budgets", () => {
  test.each(["cargo-e0308-after-warnings.txt", "cargo-e0425-after-warnings.txt", "cargo-e0599-after-warnings.txt"])("%s at 2,048 bytes: `could not compile` over the first error's hint", (file) => {
    const lines = projection(file, 2048);
    expect(lines.some((line) => /^L\d+: error: could not compile `ledger`/.test(line))).toBe(true);
    expect(lines.some((line) => /^L\d+: error\[E0\d+\]/.test(line))).toBe(true);
  });

  test("unittest at 4,096 bytes: every failure's AssertionError with where it failed; not the in-list `... ERROR` line", () => {
    const lines = projection("unittest-v-4-failures.txt", 4096);
    expect(lines).toContain("L650: AssertionError: 'header\\nrow 1\\nrow 2\\nfooter\\n' != 'header\\nrow 1\\nrow 3\\nfooter\\n'");
    expect(lines).toContain('L648:   File "/tmp/rec/unittest/tests/test_mod18.py", line 52, in test_case_15');
    expect(lines).toContain("L631: AssertionError: Lists differ: [1, 2, 3, 4] != [1, 2, 5, 4]");
    expect(lines).toContain("L609: KeyError: 'b'");
    expect(lines.filter((line) => /^L\d+: .* \.\.\. ERROR$/.test(line))).toEqual([]);
  });

  test("a Java service's log at 4,096 bytes: each cause of the chain with where it was thrown, the root cause among them", () => {
    const lines = projection("java-service-caused-by.txt", 4096);
    for (const text of ["L351: OrderService$OrderProcessingException: order 347 could not be loaded", "L366: Caused by: OrderService$StorageException: cannot read page 12 of table orders", "L367: \tat OrderService.loadPage(OrderService.java:23)", "L370: Caused by: java.io.IOException: segment 0007.dat: unexpected end of file at offset 18432", "L371: \tat OrderService.readRow(OrderService.java:18)"]) expect(lines).toContain(text);
  });

  test("a group just past the head the middle was chosen for is shown (pytest's collection error at 4,096 bytes)", () => {
    // Before: the head the groups were chosen past ended at line 9, the final head (the rest of the room's share) at 8:
    // `ERROR collecting` was shown neither in the head nor in the middle.
    const lines = projection("pytest-collection-error.txt", 4096);
    expect(lines.some((line) => /^(?:L9: )?_+ ERROR collecting tests\/test_mod23\.py _+$/.test(line))).toBe(true);
  });

  test("vitest at 4,096 bytes: both failures' diffs, not `Start at` and `Duration`", () => {
    const lines = projection("vitest-verbose-2-failures.txt", 4096);
    for (const text of ["L1057: -   19,", "L1058: +   18,", "L1079: -   32,", "L1080: +   31,"]) expect(lines).toContain(text);
    expect(lines.filter((line) => /^L\d+: +(?:Start at|Duration) /.test(line))).toEqual([]);
  });
});
