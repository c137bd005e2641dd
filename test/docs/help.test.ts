// Every command explains itself: --version, --help with options, defaults and an example, and a suggestion
// for a mistyped command or option.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readHelpCommands, readHelpOptions } from "./help-text.js";
import { ROOT, runShell } from "./run-shell.js";

const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const commands = readHelpCommands(runShell("correx --help").stdout);

describe("correx --help, --version and mistakes", () => {
  test("--version prints the package version", () => {
    expect(runShell("correx --version")).toEqual({ stdout: `${version}\n`, stderr: "", code: 0 });
  });

  test("the top-level help lists every command", () => {
    expect(commands).toEqual(expect.arrayContaining(["bound", "normalize", "lower", "read", "grep", "rm", "ls", "gc", "config", "run", "mcp", "proxy", "hook"]));
  });

  test.each(commands)("`correx %s --help` lists its options and ends with an example", (command) => {
    const help = runShell(`correx ${command} --help`);
    expect(help.code).toBe(0);
    expect(help.stdout.startsWith(`Usage: correx ${command} `)).toBe(true);
    expect(readHelpOptions(help.stdout).map((option) => option.flags.at(-1))).toContain("--help");
    expect(help.stdout).toMatch(/\nExample:\n {2}[^\n]*\bcorrex\b/);
    expect(runShell(`correx help ${command}`).stdout).toBe(help.stdout);
  });

  test("the options with a fixed default show it", () => {
    const defaults = Object.fromEntries(readHelpOptions(runShell("correx bound --help").stdout).flatMap((option) => (option.defaultValue === undefined ? [] : [[option.flags.at(-1)!, option.defaultValue]])));
    expect(defaults).toEqual({
      "--format": "text", "--max-lines": "2000", "--tokenizer": "estimate", "--keep": "both", "--head-ratio": "0.2",
      "--style": "correx", "--max-output": "256MiB", "--max-age": "7d", "--quota": "1GiB", "--envelope": "part",
      "--from": "auto", "--json-cap": "64MiB",
    });
  });

  test("a mistyped command suggests the nearest one and exits 2", () => {
    expect(runShell("correx bund")).toEqual({ stdout: "", stderr: "correx: error: unknown command 'bund'\n(Did you mean bound?)\n", code: 2 });
  });

  test("a mistyped option suggests the nearest one and exits 2", () => {
    expect(runShell("correx bound --max-line 5 < /dev/null")).toEqual({
      stdout: "", stderr: "correx: error: unknown option '--max-line'\n(Did you mean --max-lines?)\n", code: 2,
    });
  });
});
