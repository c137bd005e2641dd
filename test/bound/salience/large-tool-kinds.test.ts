// The ninth audit's tools in a long output (tenth audit): their error in the middle of more than 2 MiB of the same
// tool's lines leaves the tail ring, so only salience's byte path (the needle scan) can find it. Before the tenth
// audit, rubocop's `E:` offense, oxlint's `  x` errors, sqlfluff's `PRS` finding and npm ls's `UNMET DEPENDENCY` and
// `invalid:` items had no byte needle and were lost at the default budget.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { largeAround } from "./large-tool-outputs.js";

const CORREX = fileURLToPath(new URL("../../../bin/correx", import.meta.url));
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** The model projection at the default budget (51,200 bytes), its lines without their `L<n>: ` numbers. */
function projection(input: Buffer): string[] {
  const result = spawnSync(process.execPath, [CORREX, "bound", "--for", "model", "--no-spill"], { input, maxBuffer: 1 << 26 });
  expect(result.status).toBe(0);
  return result.stdout.toString("utf8").replace(ANSI, "").split("\n").map((line) => line.replace(/^L\d+: /, ""));
}

/**
 * Each kind: its recorded output, the line its filler stops before, the lines of its middle that must be kept, and the
 * filler's size on each side (1.5 MiB unless said). sqlfluff's at 1.4 MiB: at 1.5 MiB its `== [models/m17.sql] FAIL`
 * line is the last of a 256 KiB region of the byte path, its finding 29 lines down in the next, and a region's lines
 * above are read back within the region only (lines-above.ts; regions.ts): a limit of the byte path, not of the needles.
 */
const KINDS: [string, string, string[], number?][] = [
  ["rubocop-offenses-1-syntax-error", ": E: Lint/Syntax", ["lib/ledger/m23.rb:20:1: E: Lint/Syntax: unexpected token $end"]],
  ["oxlint-warnings-parse-error", "x eslint(no-debugger)", ["x eslint(no-debugger): `debugger` statement is not allowed", ",-[src/m18.js:23:3]", "x eslint(no-cond-assign): Expected a conditional expression and instead saw an assignment", ",-[src/m27.js:25:16]", "x Unexpected token", ",-[src/m33.js:23:9]"]],
  ["sqlfluff-lint-parse-error", "== [models/m17.sql] FAIL", ["== [models/m17.sql] FAIL", "L:   3 | P:   1 |  PRS | Line 3, Position 1: Found unparsable section: 'FROMM"], 1.4],
  ["npm-ls-invalid-missing", "UNMET DEPENDENCY", ["UNMET DEPENDENCY ms@^2.1.3", "UNMET DEPENDENCY ms@2.1.3", 'pretty-format@1.0.0 deduped invalid: "^29.7.0" from node_modules/@jest/core']],
  ["biome-lint-warnings-errors", "lint/suspicious/noDebugger", ["src/m18.js:23:3 lint/suspicious/noDebugger", "× This is an unexpected use of the debugger statement.", "src/m33.js:23:9 parse", "× Expected an identifier, an array pattern, or an object pattern but instead found '= items.length'."]],
  ["clang-tidy-warnings-1-error", "src/f17.c:13:25: error", ["src/f17.c:13:25: error: use of undeclared identifier 'cnt' [clang-diagnostic-error]"]],
  ["mcs-warnings-1-error", "error CS0103", ["src/Region093.cs(14,20): error CS0103: The name `totl' does not exist in the current context"]],
  ["staticcheck-findings-compile-error", "(compile)", ["pkg067/region.go:18:7: undeclared name: totl (compile)"]],
  ["ava-1-failure", "✘ [fail]", ["✘ [fail]: tiers14 › tier 14.17 maps 17"]],
  ["bun-test-1-failure", "error: expect(received)", ["error: expect(received).toBe(expected)", "Expected: 19", "Received: 18", "(fail) prices 12 > price of 9 x 2"]],
  ["nginx-t-unknown-directive", '"proxy_passs"', ['unknown directive "proxy_passs" in', "sites/site17.conf test failed"]],
  ["nginx-reload-log-emerg", '"proxy_passs"', ['[emerg] 3190#3190: unknown directive "proxy_passs" in']],
];

describe("a tool's error in the middle of a long output of its own lines is kept at the default budget", () => {
  test.each(KINDS)("%s", (name, before, wanted, mib = 1.5) => {
    const input = largeAround(name, before, 40, mib * 1024 * 1024);
    expect(input.length).toBeGreaterThan(2 * mib * 1024 * 1024);
    const lines = projection(input);
    expect(wanted.filter((needle) => !lines.some((line) => line.includes(needle)))).toEqual([]);
  });
});
