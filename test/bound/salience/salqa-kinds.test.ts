// Kinds of real output recorded in the sixth audit (recipes/salqa_cases.sh): mypy, black, pip, npm workspaces, dpkg,
// curl, CMake with Ninja, doctest, bats, cppcheck, absl's glog-format log, yamllint (byte-path-kept.test.ts runs each
// with its must-keep list on the byte path). Before: doctest's `Failed example:` report was not salient at all (its
// location, `Expected:` and `Got:` lost at every budget); bats's `not ok` line came without its `#` diagnostics (where
// and what failed) on the byte path; dpkg's `dpkg: error processing package …:` and its closing `Errors were
// encountered while processing:`, Ninja's `ninja: build stopped:`, black's `1 file would fail to reformat` and
// doctest's `1 items had failures:` were not salient; Python's `except ImportError as error:` (a line of the setup.py
// shim pip prints under a failed build) was, with the shim's code under it.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { bound } from "../../../src/bound/index.js";
import { BYTE_NEEDLES, mayBeSalient } from "../../../src/bound/salience/prefilter.js";
import { scoreLine, SALIENT_SCORE } from "../../../src/bound/salience/rules.js";
import { groupsOf } from "./groups-of.js";

const raw = (name: string): Buffer => readFileSync(new URL(`../../fixtures/salience/${name}`, import.meta.url));
const fixture = (name: string): string[] => raw(name).toString("utf8").split("\n");
const mustKeep = (name: string): string[] => raw(`${name}.must-keep.txt`).toString("utf8").split("\n").map((line) => line.trim()).filter(Boolean);
/** The group whose first line includes `text`. */
const groupOpening = (name: string, text: string): string[] | undefined => groupsOf(fixture(name)).find((group) => group.some((line) => line.includes(text)));

const KINDS = ["mypy-notes-2-errors", "black-check-cannot-parse", "pip-wheel-build-error", "npm-workspaces-script-error", "dpkg-postinst-error", "curl-download-404", "cmake-ninja-link-error", "doctest-verbose-failure", "bats-tap-failure", "cppcheck-style-1-error", "absl-worker-log-exception", "yamllint-warnings-1-error"];

describe("the sixth audit's outputs keep their must-keep lines", () => {
  test.each(KINDS.flatMap((name) => [51200, 10240, 4096].map((bytes) => [name, bytes] as const)))("%s at %d bytes", (name, bytes) => {
    const result = bound(raw(`${name}.txt`), { budget: { maxLines: 2000, maxBytes: bytes } });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(bytes);
    const lines = result.text.split("\n");
    expect(mustKeep(name).filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
  });
});

describe("doctest's failure report", () => {
  test("`Failed example:` under its location, with the example, `Expected:` and `Got:` and their values", () => {
    expect(groupOpening("doctest-verbose-failure.txt", "Failed example:")).toEqual([
      'File "/tmp/rec/salqa/doctest-verbose-failure/ledger.py", line 1631, in ledger.net_total',
      "Failed example:",
      "net_total(30)",
      "Expected:",
      "2822",
      "Got:",
      "2821",
    ]);
  });

  test("its summary's `1 items had failures:` with the items under it", () => {
    expect(groupOpening("doctest-verbose-failure.txt", "items had failures:")).toEqual(["1 items had failures:", "1 of   5 in ledger.net_total"]);
  });

  test("an exception raised by an example continues the report too", () => {
    const lines = ['File "ledger.py", line 12, in ledger.ratio', "Failed example:", "    ratio(1, 0)", "Exception raised:", "    Traceback (most recent call last):", "    ZeroDivisionError: division by zero", "Trying:"];
    expect(groupsOf(lines)).toEqual([lines.slice(0, 6).map((line) => line.trim())]);
  });
});

describe("TAP's diagnostics under `not ok`", () => {
  test("bats: where the test is and the command that failed travel with it; the next `ok` line does not", () => {
    expect(groupOpening("bats-tap-failure.txt", "not ok 617")).toEqual(["not ok 617 refund of 17 keeps the sign in file 21", "# (in test file test/ledger_21.bats, line 104)", "#   `[ \"$output\" = \"10\" ]' failed"]);
  });

  test("Test::More's `#   Failed test` lines", () => {
    const lines = ["not ok 3 - totals match", "#   Failed test 'totals match'", "#   at t/03-total.t line 12.", "#          got: '41'", "#     expected: '42'", "ok 4 - rounds"];
    expect(groupsOf(lines)).toEqual([lines.slice(0, 5)]);
  });
});

describe("dpkg's failed package", () => {
  test("`dpkg: error processing package` with its reason, and the closing list", () => {
    const groups = groupsOf(fixture("dpkg-postinst-error.txt"));
    expect(groups).toContainEqual(["dpkg: error processing package ledger-part131 (--install):", "installed ledger-part131 package post-installation script subprocess returned error exit status 1"]);
    expect(groups).toContainEqual(["Errors were encountered while processing:", "ledger-part131"]);
  });
});

describe("a tool's failure summary", () => {
  test.each([
    "dpkg: error processing package ledger-part131 (--install):",
    "dpkg: error processing archive /var/cache/apt/archives/libc6_2.36-9_amd64.deb (--unpack):",
    "Errors were encountered while processing:",
    "ninja: build stopped: subcommand failed.",
    "ninja: build stopped: cannot make progress due to previous errors.",
    "199 files would be reformatted, 400 files would be left unchanged, 1 file would fail to reformat.",
    "Failed example:",
    "1 items had failures:",
  ])("salient, and found by the byte path's needles: %s", (line) => {
    expect(mayBeSalient(line)).toBe(true);
    expect(scoreLine(line)).toBeGreaterThanOrEqual(SALIENT_SCORE);
    expect(BYTE_NEEDLES.some((needle) => Buffer.from(line).includes(needle))).toBe(true);
  });

  test.each([
    "All done! ✨ 🍰 ✨",
    "600 files would be left unchanged.",
    "0 files would fail to reformat",
    "Failed examples are listed below:",
    "ninja: no work to do.",
  ])("not salient: %s", (line) => {
    expect(scoreLine(line)).toBeLessThan(SALIENT_SCORE);
  });
});

describe("Python code is not an error", () => {
  test.each(["  except ImportError as error:", "except (OSError, ValueError) as error:", "    except error.HTTPError:"])("%s", (line) => {
    expect(scoreLine(line)).toBeLessThan(SALIENT_SCORE);
  });

  test("pip's failed build keeps the compiler's error and pip's verdict, not the setup.py shim's code", () => {
    const groups = groupsOf(fixture("pip-wheel-build-error.txt"));
    expect(groups.some((group) => group.includes("ledger_part17/_speed.c:7:34: error: expected ‘;’ before ‘}’ token"))).toBe(true);
    expect(groups.some((group) => group.includes("ERROR: Failed building wheel for ledger-part17"))).toBe(true);
    expect(groups.filter((group) => group.some((line) => line.startsWith("except ") || line.startsWith('"ERROR: Can not execute')))).toEqual([]);
  });
});
