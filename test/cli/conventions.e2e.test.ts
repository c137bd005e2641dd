// The CLI behaves like the tools people know (issue 15): usage, units, files as arguments, useful hints.
import { spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX, runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-conventions-"));
const spill = join(root, "spill");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("usage", () => {
  test("bare correx prints the help on stderr and exits 2, the usage-error code", () => {
    const run = runCli([]);
    expect(run.code).toBe(2);
    expect(run.text).toBe("");
    expect(run.stderr).toContain("Usage: correx [options] [command]");
    expect(run.stderr).toContain("bound [options] [files...]");
  });

  test("normalize --help says that its default format is json", () => {
    const help = runCli(["normalize", "--help"]).text.replace(/\s+/g, " ");
    expect(help).toContain('--format <format> text, or json (the unified payload with meta) (default: "json")');
  });

  test("a payload flag without --to warns that it does nothing, and the output still comes", () => {
    const run = runCli(["bound", "--call-id", "toolu_1", "--name", "f", "--spill-dir", spill], "hi\n");
    expect(run).toMatchObject({ code: 0, text: "hi\n" });
    expect(run.stderr).toBe("correx: warning: --call-id does nothing without --to PROVIDER\ncorrex: warning: --name does nothing without --to PROVIDER\n");
  });

  test("an empty --spill-dir (an unset variable) is a usage error for every command that takes it, and nothing runs or is saved", () => {
    const cwd = mkdtempSync(join(tmpdir(), "correx-empty-spill-dir-"));
    const marker = join(cwd, "ran");
    const lines = Array.from({ length: 3000 }, (_, index) => `line ${index}`).join("\n");
    for (const args of [["bound"], ["run", "--spill-dir", "", "--", "touch", marker], ["mcp"], ["read", "last"], ["grep", "last", "x"], ["ls"], ["rm", "last"], ["gc"]]) {
      const withFlag = args[0] === "run" ? args : [...args, "--spill-dir", ""];
      const run = spawnSync(CORREX, withFlag, { cwd, input: lines, encoding: "utf8" });
      expect(run.status, withFlag.join(" ")).toBe(2);
      expect(run.stderr).toBe("correx: invalid value for --spill-dir: the path is empty (an unset variable?); give the store's directory, or leave the flag out for the default\n");
    }
    expect(readdirSync(cwd)).toEqual([]);
    rmSync(cwd, { recursive: true, force: true });
  });

  test("--format with --to is a usage error: the provider payload is the output", () => {
    const run = runCli(["bound", "--format", "json", "--to", "mcp"], "hi\n");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("correx: --format and --to cannot be combined");
    expect(run.text).toBe("");
  });

  test("normalize --to still works without --format (its json default is not a given flag)", () => {
    const run = runCli(["normalize", "--to", "mcp", "--no-spill"], "hi\n");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.text)).toEqual({ content: [{ type: "text", text: "hi\n" }] });
  });

  test("a near-miss choice suggests the values it may have meant", () => {
    const run = runCli(["lower", "--to", "openai"], "{}");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^correx: invalid value for --to: 'openai' \(accepts: openai-chat, openai-responses, anthropic, .*; did you mean 'openai-chat' or 'openai-responses'\?\)\n$/);
  });

  test("run's help examples do not hide a failure: a pipeline runs under pipefail", () => {
    const examples = runCli(["run", "--help"]).text.split("Example:\n")[1]!.split("\n").filter((line) => line.includes("|"));
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(example).toContain("pipefail");
  });

  test("lower without --to says so once, without repeating the program name", () => {
    expect(runCli(["lower"], "{}").stderr).toMatch(/^correx: lower needs --to PROVIDER/);
  });

  test("a forced shape that does not match reads as English ('an anthropic')", () => {
    expect(runCli(["normalize", "--from", "anthropic"], "{}").stderr).toMatch(/^correx: not an anthropic tool result/);
  });
});

describe("units", () => {
  test("a bare --timeout is seconds, as in timeout(1): 30 lets a short command finish", () => {
    const run = runCli(["run", "--spill-dir", spill, "--timeout", "30", "--", "sh", "-c", "sleep 0.2; echo done"]);
    expect(run).toMatchObject({ code: 0, text: "done\n\nCommand exited with code 0.\n" });
  });

  test("--timeout and --kill-after take units", () => {
    const run = runCli(["run", "--spill-dir", spill, "--timeout", "300ms", "--kill-after", "1s", "--", "sleep", "30"]);
    expect(run.code).toBe(124);
    expect(run.text).toContain("Command exceeded timeout of 300 ms.");
  });

  test.each([
    [["mcp", "--timeout", "soon"], "--timeout"],
    [["mcp", "--kill-after", "forever"], "--kill-after"],
    [["proxy", "--request-timeout", "3000000000", "--", "true"], "--request-timeout"],
    [["proxy", "--kill-after", "x", "--", "true"], "--kill-after"],
  ])("mcp and proxy take durations like run: %j", (args, flag) => {
    const run = runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^correx: invalid value for ${flag}: .*accepts a duration`));
  });

  test.each([["50KiB"], ["51200"], ["0.05MB"]])("--max-bytes %s is a size", (size) => {
    expect(runCli(["bound", "--max-bytes", size, "--no-spill"], "x\n")).toMatchObject({ code: 0, text: "x\n" });
  });
});

describe("files as arguments", () => {
  const first = join(root, "first.txt");
  const second = join(root, "second.txt");
  writeFileSync(first, "one\ntwo\n");
  writeFileSync(second, "three\n");

  test("several files are one stream in order, like cat, and - is stdin", () => {
    const run = runCli(["bound", "--no-spill", first, "-", second], "from stdin\n");
    expect(run).toMatchObject({ code: 0, text: "one\ntwo\nfrom stdin\nthree\n", stderr: "" });
  });

  test("a file that cannot be read is a usage error before anything is read", () => {
    const run = runCli(["bound", "--no-spill", first, join(root, "missing.txt")]);
    expect(run).toMatchObject({ code: 2, text: "", stderr: `correx: cannot read ${join(root, "missing.txt")}: no such file\n` });
    expect(runCli(["bound", "--no-spill", root]).stderr).toBe(`correx: cannot read ${root}: it is a directory\n`);
  });

  test("standard input that is a directory (`correx bound < DIR`) is the same usage error, exit 2 (it was 74 and 'EISDIR: illegal operation…')", () => {
    for (const args of [["bound"], ["bound", "--max-lines", "5"], ["normalize"]]) {
      const run = spawnSync(process.execPath, [CORREX, ...args], { stdio: [openSync(root, "r"), "pipe", "pipe"], encoding: "utf8" });
      expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }, args.join(" ")).toEqual({ status: 2, stdout: "", stderr: "correx: cannot read standard input: it is a directory\n" });
    }
  });

  test("a long file is bounded and spilled like stdin", () => {
    const long = join(root, "long.txt");
    writeFileSync(long, Array.from({ length: 5000 }, (_, index) => `line ${index + 1}`).join("\n") + "\n");
    const run = runCli(["bound", "--spill-dir", spill, "--max-lines", "10", long]);
    expect(run.code).toBe(0);
    expect(run.text).toMatch(/omitted \d+ lines/);
    expect(run.text.trimEnd().split("\n").at(-1)).toBe("line 5000");
  });
});

describe("output ends with a newline, as text tools' output does", () => {
  test("the summary of a binary input", () => {
    const run = runCli(["bound", "--no-spill", join(process.cwd(), "test", "fixtures", "elf.bin")]);
    expect(run.text).toMatch(/^binary output: 34\.\d KiB, ELF executable \(sniffed\)\n\[full output not saved \(--no-spill\)\]\n$/);
  });

  test("normalize --format text of a tool result whose text has none", () => {
    expect(runCli(["normalize", "--format", "text", "--no-spill"], '{"content":[{"type":"text","text":"hi"}]}').text).toBe("hi\n");
  });

  test("but text that fits passes through byte for byte, without one added", () => {
    expect(runCli(["bound", "--no-spill"], "no newline").text).toBe("no newline");
  });
});

describe("hints", () => {
  test("bound waiting on a terminal says that it reads standard input", () => {
    // script(1) gives correx a pseudo-terminal as stdin; Ctrl-D (EOT) ends the input.
    const result = spawnSync("script", ["-q", "-c", `${process.execPath} ${CORREX} bound --for model --no-spill`, "/dev/null"], { input: "\x04", encoding: "utf8", timeout: 60_000 });
    expect(result.stdout).toContain("correx: reading standard input; end with Ctrl-D");
  });

  test("bound on a pipe says nothing", () => {
    expect(runCli(["bound", "--no-spill"], "x\n").stderr).toBe("");
  });

  test("a whole command line in one argument hints at --shell", () => {
    const run = runCli(["run", "--spill-dir", spill, "--", "ls -la | wc -l"]);
    expect(run.code).toBe(127);
    expect(run.stderr).toBe("correx: ls -la | wc -l: command not found (a whole command line in one argument: run it with --shell)\n");
  });
});
