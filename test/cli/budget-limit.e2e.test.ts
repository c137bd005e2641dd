// The largest byte budget is 1 GiB (units.ts MAX_BUDGET_BYTES): past it, `--max-bytes 4GiB` (a "no limit" a user may
// reach for) was an internal error with a stack trace (a RangeError from the tail ring, four times the budget).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { bound, project, UsageError } from "../../src/index.js";
import { runCli } from "./cli-process.js";

const numbered = `${Array.from({ length: 100 }, (_, index) => `line ${index}`).join("\n")}\n`;
const env = { CORREX_SPILL_DIR: join(mkdtempSync(join(tmpdir(), "correx-budget-limit-")), "store") };

describe("--max-bytes past 1 GiB", () => {
  test.each(["bound", "run", "mcp"])("%s: a usage error naming the range (exit 2), 1GiB itself bounds", (command) => {
    const args = command === "run" ? ["run", "--max-bytes", "4GiB", "--", "true"] : [command, "--max-bytes", "4GiB"];
    expect(runCli(args, numbered, env)).toMatchObject({ text: "", code: 2, stderr: "correx: invalid value for --max-bytes: '4GiB' (accepts a size from 1 byte to 1GiB, e.g. 51200, 50KiB, 1MB)\n" });
  });

  test("bound --max-bytes 1GiB cuts to the lines asked, no error", () => {
    const run = runCli(["bound", "--max-bytes", "1GiB", "--max-lines", "5", "--no-spill"], numbered, env);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.text.split("\n")[0]).toBe("line 0");
  });

  test("the config file's maxBytes past 1 GiB is a warning and the default holds", () => {
    const home = mkdtempSync(join(tmpdir(), "correx-budget-config-"));
    mkdirSync(join(home, "correx"));
    writeFileSync(join(home, "correx", "config.json"), JSON.stringify({ maxBytes: "4GiB" }));
    const run = runCli(["bound", "--max-lines", "5", "--no-spill"], numbered, { ...env, XDG_CONFIG_HOME: home });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("correx: warning: ignoring invalid value for maxBytes in");
    expect(run.text.split("\n")[0]).toBe("line 0");
  });

  test("hook --max-bytes past 1 GiB is a usage error, not a rewrite every command then refuses", () => {
    expect(runCli(["hook", "claude-code", "--max-bytes", "4294967296"], "{}", env)).toMatchObject({ code: 2, stderr: "correx: invalid value for --max-bytes: '4294967296' (accepts a whole number from 1 to 1073741824)\n" });
  });
});

describe("the library's budget", () => {
  const budget = { maxLines: 5, maxBytes: 1000 };
  test.each([
    [{ ...budget, maxBytes: 4 * 1024 ** 3 }, /^budget\.maxBytes 4294967296: accepts a number of bytes from 1 to 1073741824/],
    [{ ...budget, maxBytes: Number.NaN }, /^budget\.maxBytes NaN/],
    [{ ...budget, maxLines: 0 }, /^budget\.maxLines 0/],
    [{ ...budget, maxTokens: Number.NaN }, /^budget\.maxTokens NaN/],
  ])("%j: UsageError (maxTokens NaN looped for ever, maxBytes past 1 GiB a RangeError)", (given, message) => {
    expect(() => bound(numbered, { budget: given })).toThrow(UsageError);
    expect(() => bound(numbered, { budget: given })).toThrow(message);
    expect(() => project({ ok: true, data: numbered }, { budget: given })).toThrow(message);
  });
  test("Infinity lines or tokens is no limit of that kind", () => {
    expect(bound(numbered, { budget: { maxLines: Number.POSITIVE_INFINITY, maxBytes: 100_000, maxTokens: Number.POSITIVE_INFINITY } }).text).toBe(numbered);
  });
});
