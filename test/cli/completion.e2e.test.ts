// `correx completion bash|zsh|fish`: generated from the command definitions, and working when sourced in bash.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { listedChoices } from "../../src/cli/completion.js";
import { CORREX, runCli } from "./cli-process.js";

const root = mkdtempSync(join(tmpdir(), "correx-completion-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const bin = join(root, "bin");
mkdirSync(bin);
symlinkSync(CORREX, join(bin, "correx"));
const spill = join(root, "spill");
const script = join(root, "correx.bash");
writeFileSync(script, runCli(["completion", "bash"]).text);
const commands = runCli(["--help"]).text.split("Commands:\n")[1]!.split("\n").map((line) => /^ {2}(\w+)/.exec(line)?.[1]).filter((name): name is string => !!name && name !== "help");

/** What bash completes for the words typed so far (the last one is the word being completed). */
function complete(...words: string[]): string[] {
  const line = ["correx", ...words];
  const program = `source ${script}; COMP_WORDS=(${line.map((word) => `'${word}'`).join(" ")}); COMP_CWORD=${line.length - 1}; _correx; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const result = spawnSync("bash", ["-c", program], { encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, CORREX_SPILL_DIR: spill } });
  expect(result.stderr).toBe("");
  return result.stdout.split("\n").filter(Boolean);
}

describe("correx completion bash, sourced in bash", () => {
  test("completes every command of --help, and nothing else", () => {
    expect(commands).toEqual(expect.arrayContaining(["bound", "run", "read", "config", "completion"]));
    expect(complete("").filter((word) => !word.startsWith("-") && word !== "help").sort()).toEqual([...commands].sort());
    expect(complete("bo")).toEqual(["bound"]);
  });

  test("completes a command's options, and an option's values from its help text", () => {
    expect(complete("bound", "--fo")).toEqual(["--for", "--format"]);
    expect(complete("bound", "--to", "open")).toEqual(["openai-chat", "openai-responses", "opencode"]);
    expect(complete("run", "--stderr", "")).toEqual(["merged", "separate"]);
  });

  test("completes directories for a directory option and stored output ids for read", () => {
    mkdirSync(join(root, "somedir"));
    expect(complete("bound", "--spill-dir", join(root, "some"))).toEqual([join(root, "somedir")]);
    const bounded = spawnSync(process.execPath, [CORREX, "bound", "--max-lines", "5", "--spill-dir", spill], { input: Array.from({ length: 200 }, (_, index) => `line ${index}`).join("\n") });
    const id = /tool_[a-z0-9]+/.exec(bounded.stdout.toString())![0];
    expect(complete("read", "")).toEqual(["last", id]);
    expect(complete("read", "tool_")).toEqual([id]);
  });
});

describe("zsh and fish", () => {
  test("zsh loads the same function through bashcompinit; its syntax is sound", () => {
    const zsh = runCli(["completion", "zsh"]).text;
    expect(zsh.startsWith("#compdef correx\n")).toBe(true);
    expect(zsh).toContain("bashcompinit");
    expect(zsh).toContain("complete -o filenames -F _correx correx");
    expect(spawnSync("bash", ["-n"], { input: zsh }).status).toBe(0);
  });

  test("fish has a line per command and per option", () => {
    const fish = runCli(["completion", "fish"]).text;
    for (const command of commands) expect(fish).toContain(`complete -c correx -n __fish_use_subcommand -a ${command} `);
    expect(fish).toContain("complete -c correx -n '__fish_seen_subcommand_from bound' -l to -x -a 'openai-chat openai-responses");
  });

  test("an unknown shell is a usage error", () => {
    expect(runCli(["completion", "tcsh"])).toMatchObject({ code: 2, text: "", stderr: "correx: invalid value for SHELL: 'tcsh' (accepts: bash, zsh, fish)\n" });
  });
});

describe("listedChoices", () => {
  test.each([
    ["projection: model | terminal (default: terminal on a TTY, else model)", ["model", "terminal"]],
    ["merged (one stream in arrival order) | separate (stderr bounded apart)", ["merged", "separate"]],
    ["text, or json (the unified payload with meta)", ["text", "json"]],
    ["text (a table), or json", ["text", "json"]],
    ["working directory of the command", []],
  ])("%s", (description, choices) => {
    expect(listedChoices(description)).toEqual(choices);
  });
});
