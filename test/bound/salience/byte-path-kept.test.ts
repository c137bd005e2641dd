// Salience's byte path on every recorded output with a must-keep list: followed by 2 MiB of log lines, the output
// leaves the tail ring, and each line an engineer needs must still be in the model projection. Before: summary lines
// the rules did not score (eslint's `✖ N problems (N errors…`, make's `not remade because of errors`, TAP's
// `# fail 2`) and vitest's `❯ file:line:col` under its diff (no needle) were lost, and a `×` line took the `✓` lines
// under it as its continuation (as indented as it), which pushed other lines out.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { logPadding } from "./log-padding.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
const FOLDER = fileURLToPath(new URL("../../fixtures/salience/", import.meta.url));
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const padding = Buffer.from(logPadding());

function projection(file: string, bytes: number): string[] {
  const input = Buffer.concat([readFileSync(FOLDER + file), padding]);
  const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill", "--max-bytes", String(bytes)], { input, maxBuffer: 1 << 26 });
  expect(result.status).toBe(0);
  return result.stdout.toString("utf8").replace(ANSI, "").split("\n");
}

const fixtures = readdirSync(FOLDER).filter((name) => name.endsWith(".must-keep.txt")).map((name) => name.replace(/\.must-keep\.txt$/, ".txt")).sort();

/**
 * Must-keep lines the byte path is not asked for: an output's last lines (the verdict, the code frame of an error that
 * ended the run), which a real run keeps in its tail (only the padding puts them in the middle), and Python linters'
 * codes (pylint's `E1101:`, flake8's `F821`), which have no byte needle (prefilter.ts: `: E0`, `: E1`, `F82` let a
 * quarter more positions of the recorded outputs through the fingerprint, an eighth more of log lines).
 */
const NOT_ON_THE_BYTE_PATH: Record<string, string[]> = {
  "tar-verbose-permission-denied.txt": ["tar: Exiting with failure status due to previous errors"],
  "webpack-module-parse-error.txt": ["> 5 |   total += ;"],
  "babel-verbose-syntax-error.txt": ["> 5 |   const rate = total >> ;"],
  "flake8-40-modules-undefined-name.txt": ["ledger/mod23.py:13:43: F821 undefined name 'LIMIT'"],
  "pylint-40-modules-1-error.txt": ["************* Module ledger.mod23", "ledger/mod23.py:13:15: E1101: Instance of 'Ledger23' has no 'totl' member; maybe 'total'? (no-member)"],
  "pylint-undefined-variable.txt": ["************* Module ledger.mod23", "ledger/mod23.py:13:42: E0602: Undefined variable 'LIMIT' (undefined-variable)"],
  // The seventh audit's lines without a byte needle (prefilter.ts says what each spelling tried cost): bash's `unbound
  // variable`, unzip's `bad CRC`, and gzip's `unexpected end of file`, which ends a real run (gzip stops there). (glog's
  // and absl's ERROR lines, whose severity letter is their only mark, were listed here until salaudit6's `\nE1`.)
  "bash-step-diagnostics.txt": ["steps/step17.sh: line 5: RELEASE_TAG: unbound variable"],
  "unzip-test-bad-crc.txt": ["testing: data/part-0417.csv       bad CRC 0a35ebb2  (should be dc0fbd14)"],
  "gzip-test-corrupt.txt": ["gzip: data/part-0608.csv.gz: unexpected end of file"],
  // The ninth audit's: the end of a run (ava's failure details and count, clang-tidy's `Found compiler error(s).`,
  // rubocop's summary); the lines whose marks had no byte needle (rubocop's `E:` offense, oxlint's `  x` errors,
  // sqlfluff's `PRS` finding, npm ls's `invalid:`) were listed here until the tenth audit.
  "ava-1-failure.txt": ["test/tiers14.test.js:86", "t.is(value, 18);", "- 17", "+ 18"],
  "clang-tidy-warnings-1-error.txt": ["Found compiler error(s)."],
  "rubocop-offenses-1-syntax-error.txt": ["40 files inspected, 586 offenses detected, 312 offenses autocorrectable"],
  // The tenth audit's: minitest's verdict `= E` has no byte needle (`s = E`: every `s = ` of code would pass); its run ends
  // with each failure again, with why.
  "minitest-verbose-failures.txt": ["Region29Test#test_fee_doubles_the_price = 0.00 s = E"],
  // Playwright's report of a failure ends its run: its title (`  1) tests/… ───`) and its code frame's `> 30 |` line, under
  // the error's call log, are a real run's tail.
  "playwright-list-1-failure.txt": ["1) tests/cart17.spec.mjs:28:3 › cart 17 › total for 7 items", '> 30 |     await expect(page.locator("#total")).toHaveText("19");'],
  // The twelfth audit's: eslint's compact format ends with its count alone (`1923 problems`, no error word: the stylish
  // format's `✖ 1923 problems (3 errors, …)` is salient), a real run's last line.
  "eslint-compact-3-errors.txt": ["1923 problems"],
};

describe("the byte path keeps every must-keep line at 10,240 bytes", () => {
  test.each(fixtures)("%s", (file) => {
    const wanted = readFileSync(FOLDER + file.replace(/\.txt$/, ".must-keep.txt"), "utf8").split("\n").map((line) => line.trim()).filter((line) => line && !NOT_ON_THE_BYTE_PATH[file]?.includes(line));
    const lines = projection(file, 10240);
    expect(wanted.filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
  });
});

describe("a failure's continuation is deeper than it", () => {
  test("vitest's × line keeps its → detail, not the ✓ lines as indented as it", () => {
    const lines = projection("vitest-verbose-2-failures.txt", 10240);
    expect(lines).toContain("L234:  × test/parser14.test.js > parser suite 14 > recovers from error_recovery case 30 8ms");
    expect(lines).toContain("L235:    → expected [ 30, 31 ] to deeply equal [ 30, 32 ]");
    expect(lines.filter((line) => /^L\d+: +✓/.test(line))).toEqual([]);
  });
});

describe("a group that does not fit whole at a small budget", () => {
  test("keeps its salient line without what follows it (vitest's ❯ frame without its code frame, at 4,096 bytes)", () => {
    const lines = projection("vitest-verbose-2-failures.txt", 4096);
    expect(lines).toContain("L1061:  ❯ test/parser09.test.js:23:67");
    expect(lines).toContain("L1083:  ❯ test/parser14.test.js:36:77");
    expect(lines.some((line) => line.startsWith("L1062:"))).toBe(false);
  });
});

describe("a template's first lines come first, whichever path scored them", () => {
  // The window's first lines (file00's, past the head) are scored after the lines that left the ring (file04's on):
  // ranked as scored, file04's TS2741 took the template's first place and file00's was left out at 4,096 bytes.
  test("tsc's first TS2741 (file00) is kept at 4,096 bytes", () => {
    const lines = projection("tsc-many-errors.txt", 4096);
    expect(lines.some((line) => line.includes("src/file00.ts:7:14 - error TS2741: Property 'label' is missing"))).toBe(true);
  });
});

describe("an exception with where it was raised ranks over Python's traceback header", () => {
  // Before: the `Traceback (most recent call last):` lines (score 10) went before the exceptions (9), and at 4,096
  // bytes unittest's `Lists differ` failure was lost; the exception now carries its innermost frame (owners.ts).
  test("unittest's third failure is kept at 4,096 bytes, with its frame", () => {
    const lines = projection("unittest-v-4-failures.txt", 4096);
    expect(lines).toContain("L631: AssertionError: Lists differ: [1, 2, 3, 4] != [1, 2, 5, 4]");
    expect(lines).toContain('L629:   File "/tmp/rec/unittest/tests/test_mod12.py", line 34, in test_case_09');
  });
});

describe("frames in Node's own code do not take a group's room", () => {
  // Before: a failure's group took up to 10 frames, node:test's runner frames among them (`at Test.run (node:internal/…)`),
  // and at 4,096 bytes node:test's summary `ℹ fail 2` was lost.
  test("node:test's summary is kept at 4,096 bytes, no frame in node: shown", () => {
    const lines = projection("node-test-spec-2-failures.txt", 4096);
    expect(lines).toContain("L1044: ℹ fail 2");
    expect(lines.filter((line) => /^L\d+: .*\(node:/.test(line))).toEqual([]);
  });
});

describe("a group that does not fit with the lines above it may still fit as its salient line alone", () => {
  // Before: at 2,048 bytes the cut took a group whole or as its salient line with the lines above it, and dropped it
  // otherwise: mocha's second failure (its title lines above) and pytest's first `E` line (its `>` line above) were lost.
  test("mocha's second error and pytest's first E line at 2,048 bytes", () => {
    expect(projection("mocha-spec-2-failures.txt", 2048)).toContain("L1039:      TypeError: Cannot read properties of undefined (reading 'name')");
    expect(projection("pytest-verbose-2-failures.txt", 2048)).toContain("L915: E       assert 21 == 22");
  });
});

describe("a group the head's end splits is completed in the middle", () => {
  // pyright's error is the head's last line (93: the head keeps 10,240 bytes of lines, its warnings folded or not) and
  // its detail the first line to leave the ring. Before: the byte path began its groups at line 94 and the window's
  // scan ended at 93, so the detail was in no group, and the head's cut left it (the error alone, with its file's
  // header, or shown in the head).
  test.each([[10240, ""], [10240, "--no-fold"]])("pyright's detail under its error at %d bytes %s", (bytes, flag) => {
    const input = Buffer.concat([readFileSync(FOLDER + "pyright-warnings-1-error.txt"), padding]);
    const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill", "--max-bytes", String(bytes), ...(flag ? [flag] : [])], { input, maxBuffer: 1 << 26 });
    const text = result.stdout.toString("utf8");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(bytes);
    const lines = text.replace(ANSI, "").split("\n");
    expect(lines.filter((line) => line.includes("m23.py:11:20 - error: Argument of type")).length).toBe(1);
    expect(lines.filter((line) => line.includes("\"Literal['7']\" is not assignable to \"int\" (reportArgumentType)")).length).toBe(1);
  });
});
