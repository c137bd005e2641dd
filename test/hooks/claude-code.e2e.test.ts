// `correx hook claude-code` as Claude Code runs it: a recorded event on stdin, hook JSON on stdout, exit 0; the
// rewritten Bash command, run the way Claude Code runs a command (sh -c), ends as the original did.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createTempDir, runShell, userEnvironment, type ShellRun } from "../docs/run-shell.js";
import { hookEventNames, hookOutputErrors, loadHookEvent, readHookEventText } from "./fixtures.js";
import { expectPageFits, LONG_FAILURE, markerReadCommand } from "./marker-page.js";

/** Runs a command line with a private store (CORREX_SPILL_DIR). */
function runWithStore(command: string, input = ""): ShellRun & { store: string } {
  const store = createTempDir("hook-store");
  return { ...runShell(command, { input, env: { CORREX_SPILL_DIR: store } }), store };
}

/** The hook's answer to a recorded event, checked to be what Claude Code takes: JSON on stdout, exit 0. */
function answer(name: string, flags = ""): Record<string, any> {
  const run = runWithStore(`correx hook claude-code${flags}`, readHookEventText(name));
  expect({ code: run.code, stderr: run.stderr.replace(/^correx hook: .*\n$/, "") }).toEqual({ code: 0, stderr: "" });
  const parsed = JSON.parse(run.stdout) as Record<string, any>;
  expect(hookOutputErrors(parsed)).toEqual([]);
  return parsed;
}

/** The command line the hook runs a recorded Bash event's command as. */
const rewrittenCommand = (name: string): string => answer(name).hookSpecificOutput.updatedInput.command as string;

describe("correx hook claude-code, spawned", () => {
  test.each(hookEventNames())("%s: valid hook JSON on stdout, exit 0", (name) => {
    answer(name);
  });

  test("the rewritten command prints what the command printed, then how it ended, and exits with its status", () => {
    const original = loadHookEvent("pre-tool-use-bash").tool_input as { command: string };
    const direct = runShell(`bash -c '${original.command.replace(/'/g, `'\\''`)}'`);
    expect(direct.code).toBe(1);
    const wrapped = runWithStore(rewrittenCommand("pre-tool-use-bash"));
    expect({ code: wrapped.code, stderr: wrapped.stderr }).toEqual({ code: 1, stderr: "" });
    expect(wrapped.stdout).toBe(`${direct.stdout}\nCommand exited with code 1.\n`);
    expect(wrapped.stdout.startsWith(`it's a "quoted" line\nTAP version 13\n`)).toBe(true);
  });

  test("a command still running near Claude Code's limit is stopped by correx, group and all, and the model reads its output so far", () => {
    const event = { ...loadHookEvent("pre-tool-use-bash"), tool_input: { command: "echo started; sleep 300", timeout: 12_000 } };
    const run = runWithStore("correx hook claude-code", JSON.stringify(event));
    const command = (JSON.parse(run.stdout) as Record<string, any>).hookSpecificOutput.updatedInput.command as string;
    expect(command).toBe("correx run --max-bytes 30000 --failure-max-bytes 10000 --timeout 5s --kill-after 5s -- bash -c 'echo started; sleep 300'");
    // without the stop, `correx run` would wait the 300 s out (and, ended by Claude Code, leave the group running)
    const wrapped = runWithStore(command);
    expect(wrapped.code).toBe(124);
    expect(wrapped.stdout).toBe("started\n\nCommand exceeded timeout of 5000 ms. Retry with a larger timeout.\n");
  });

  test("a long output is bounded to the hook's budget: the failure at the end is kept, the rest is saved and paged", () => {
    const wrapped = runWithStore(rewrittenCommand("pre-tool-use-bash-long"));
    expect(wrapped.code).toBe(7);
    // a failed command: bounded to what Claude Code shows of a failure whole (the test below)
    expect(Buffer.byteLength(wrapped.stdout)).toBeLessThanOrEqual(10000);
    expect(wrapped.stdout.startsWith("request 1: ok\n")).toBe(true);
    expect(wrapped.stdout).toContain("request 5000: ok\nrequest 5001: FAILED (connection reset)\n\nCommand exited with code 7.");
    const read = /correx read (tool_\w+) --offset (\d+)/.exec(wrapped.stdout)!;
    const page = runShell(`correx read ${read[1]} --offset ${read[2]} --limit 2`, { env: { CORREX_SPILL_DIR: wrapped.store } });
    expect(page.stdout).toContain(`${read[2]}: request ${read[2]}: ok\n`);
  });

  test("a failed command reaches the model whole through Claude Code's cut of a failure: the errors in the middle and the id kept", () => {
    // Claude Code 2.1.335 (src/hooks/README.md): a failed command's text is `Exit code N` and its output; past 11,024
    // characters it keeps the first and the last 5,000. A recorded 98 KB workspace build whose error sits at 55 %.
    const shownByClaudeCode = (text: string): string => (text.length <= 11_024 ? text : `${text.slice(0, 5_000)}\n\n... [${text.length - 10_000} characters truncated] ...\n\n${text.slice(-5_000)}`);
    const recorded = new URL("../fixtures/salience/npm-workspaces-script-error", import.meta.url).pathname;
    const event = { ...loadHookEvent("pre-tool-use-bash"), tool_input: { command: `cat '${recorded}.txt'; exit 1` } };
    const hook = runWithStore("correx hook claude-code", JSON.stringify(event));
    const wrapped = runWithStore((JSON.parse(hook.stdout) as Record<string, any>).hookSpecificOutput.updatedInput.command as string);
    expect(wrapped.code).toBe(1);
    const seen = shownByClaudeCode(`Exit code 1\n${wrapped.stdout}`.trim());
    for (const line of readFileSync(`${recorded}.must-keep.txt`, "utf8").split("\n").filter(Boolean)) expect(seen).toContain(line);
    const id = /correx read (tool_\w+) --offset \d+/.exec(seen)?.[1];
    expect(id).toBeDefined();
    expect(runShell(`correx read ${id} --offset 1 --limit 1`, { env: { CORREX_SPILL_DIR: wrapped.store } }).stdout).toContain("1: ");
  });

  test("the exit status survives every ending: a code, a signal, a command that is not there", () => {
    const event = loadHookEvent("pre-tool-use-bash");
    for (const [command, code] of [["exit 0", 0], ["exit 42", 42], ["kill -TERM $$", 143], ["no-such-command-here", 127]] as const) {
      const input = JSON.stringify({ ...event, tool_input: { command } });
      const hook = runWithStore("correx hook claude-code", input);
      const rewritten = (JSON.parse(hook.stdout) as { hookSpecificOutput: { updatedInput: { command: string } } }).hookSpecificOutput.updatedInput.command;
      expect({ command, code: runWithStore(rewritten).code }).toEqual({ command, code });
    }
  });

  test("a file written with a here-document and run: the rewrite writes the same file and ends as the original did", () => {
    const original = (loadHookEvent("pre-tool-use-bash-heredoc").tool_input as { command: string }).command;
    const runIn = (command: string) => {
      const cwd = createTempDir("hook-heredoc");
      const run = runShell(command, { cwd, env: { CORREX_SPILL_DIR: join(cwd, "store") } });
      return { ...run, file: readFileSync(join(cwd, "test/sum.test.mjs"), "utf8") };
    };
    const direct = runIn(`bash -c '${original.replace(/'/g, `'\\''`)}'`);
    const wrapped = runIn(rewrittenCommand("pre-tool-use-bash-heredoc"));
    expect(direct.code).toBe(0);
    expect({ code: wrapped.code, file: wrapped.file }).toEqual({ code: direct.code, file: direct.file });
    expect(wrapped.file).toContain("export const cases = [[1, 2, 3]];\n");
    expect(wrapped.stdout).toContain("# pass 1\n");
  });

  test("a command that calls a shell function of the user's (nvm, from Claude Code's shell snapshot) is left as it is: wrapped, bash -c has no such function", () => {
    // Claude Code sources its snapshot of the user's shell (functions included), then evals the command
    const snapshot = `nvm() { echo "Now using node v$2"; }`;
    const asClaudeCode = (command: string) => runWithStore(`bash -c '${snapshot}; eval "$0"' '${command.replace(/'/g, `'\\''`)}'`);
    const command = "nvm use 20 && echo tests ran";
    expect(asClaudeCode(command)).toMatchObject({ code: 0, stdout: "Now using node v20\ntests ran\n" });
    expect(asClaudeCode(`correx run -- bash -c '${command}'`)).toMatchObject({ code: 127 });
    const hook = runWithStore("correx hook claude-code", JSON.stringify({ ...loadHookEvent("pre-tool-use-bash"), tool_input: { command } }));
    expect(hook).toMatchObject({ code: 0, stdout: "{}\n", stderr: "correx hook: left as it is: `nvm` is a shell function from the user's startup files, which a wrapper's shell would not have\n" });
  });

  test("a command is wrapped only if Claude Code can still start it: its shell gets the command in one argument, at most 128 KiB", () => {
    // Claude Code runs `bash -c "… eval 'COMMAND' < /dev/null && pwd -P >| CWD_FILE"`, each `'` of COMMAND as `'"'"'`
    const asClaudeCode = (command: string) => spawnSync("bash", ["-c", `eval '${command.replaceAll("'", `'"'"'`)}' < /dev/null && pwd -P >| /dev/null`], { env: userEnvironment(), encoding: "utf8" });
    const event = loadHookEvent("pre-tool-use-bash");
    for (const lines of [1000, 3000]) {
      const command = `cat <<'EOF' | wc -l\n${Array.from({ length: lines }, (_, index) => `const s${index} = 'v';`).join("\n")}\nEOF`;
      expect(asClaudeCode(command).stdout.trim()).toBe(String(lines));
      const hook = runWithStore("correx hook claude-code", JSON.stringify({ ...event, tool_input: { command } }));
      const rewritten = (JSON.parse(hook.stdout) as Record<string, any>).hookSpecificOutput?.updatedInput.command as string | undefined;
      // 1000 lines: wrapped, and it runs; 3000 lines (56 KB): wrapped, Claude Code's spawn would fail with E2BIG, so left as it is
      if (lines === 3000) expect({ rewritten, stderr: hook.stderr }).toEqual({ rewritten: undefined, stderr: "correx hook: left as it is: the command is too long to wrap: quoted once more, it would pass Linux's 128 KiB limit on one argument\n" });
      else expect(asClaudeCode(rewritten!)).toMatchObject({ status: 0, stdout: `${lines}\n\nCommand exited with code 0.\n` });
    }
  });

  test("a leading cd runs in Claude Code's own shell, the rest under correx: same status, same directory after, same failure, the output bounded", () => {
    const base = createTempDir("hook-cd");
    for (const dir of ["sub dir/deeper", "it's", "sub"]) mkdirSync(join(base, "work", dir), { recursive: true });
    const work = join(base, "work");
    // as Claude Code runs a command: eval'd in its shell, then `pwd -P` saved to restore the directory next time
    // (only after a success); `final` is where the shell ended up either way
    const asClaudeCode = (command: string, label: string) => {
      const saved = join(base, `${label}.cwd`);
      const final = join(base, `${label}.final`);
      const script = `eval '${command.replaceAll("'", `'"'"'`)}' < /dev/null && pwd -P >| '${saved}'; status=$?; pwd -P >| '${final}'; exit $status`;
      const run = spawnSync("bash", ["-c", script], { cwd: work, env: userEnvironment({ CORREX_SPILL_DIR: join(base, "store") }), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim() : undefined);
      return { code: run.status, stdout: run.stdout, stderr: run.stderr, saved: read(saved), final: read(final), ran: existsSync(join(work, "ran")) };
    };
    const event = loadHookEvent("pre-tool-use-bash-cd");
    const cases = [
      ["cd 'sub dir' && seq 1 50000", "cd 'sub dir' && "],
      ["cd \"sub dir\" && cd deeper && pwd -P && false", "cd \"sub dir\" && cd deeper && "],
      ["cd \"it's\"; ls -a | wc -l; test -f nothing-here", "cd \"it's\"; "],
      ["cd $(printf sub) && (cd ../it\\\'s; pwd -P) && pwd -P", "cd $(printf sub) && "],
      ["cd missing_dir && touch ran", "cd missing_dir && "],
      ["cd missing_dir; pwd -P", "cd missing_dir; "],
    ] as const;
    for (const [index, [command, prefix]] of cases.entries()) {
      const hook = runWithStore("correx hook claude-code", JSON.stringify({ ...event, tool_input: { command } }));
      const rewritten = (JSON.parse(hook.stdout) as Record<string, any>).hookSpecificOutput.updatedInput.command as string;
      expect(rewritten.startsWith(`${prefix}correx run --max-bytes 30000 `), command).toBe(true);
      const direct = asClaudeCode(command, `direct${index}`);
      const wrapped = asClaudeCode(rewritten, `wrapped${index}`);
      expect({ command, code: wrapped.code, saved: wrapped.saved, final: wrapped.final, ran: wrapped.ran, stderr: wrapped.stderr })
        .toEqual({ command, code: direct.code, saved: direct.saved, final: direct.final, ran: direct.ran, stderr: direct.stderr });
      if (index === 0) {
        // 50,000 lines: the model reads a bounded output and the marker that pages the rest
        expect(direct.stdout.split("\n")).toHaveLength(50001);
        expect(Buffer.byteLength(wrapped.stdout)).toBeLessThanOrEqual(30000);
        expect(wrapped.stdout).toMatch(/correx read tool_\w+/);
        expect(wrapped.stdout).toContain("50000\n\nCommand exited with code 0.\n");
      } else if (command.startsWith("cd missing_dir &&")) {
        // the cd failed in Claude Code's shell: nothing ran under correx, and its error is the shell's own
        expect(wrapped.stdout).toBe("");
      } else {
        expect(wrapped.stdout).toBe(`${direct.stdout}\nCommand exited with code ${direct.code}.\n`);
      }
    }
    expect(asClaudeCode(cases[0][0], "check0")).toMatchObject({ code: 0, saved: join(work, "sub dir"), final: join(work, "sub dir") });
    expect(asClaudeCode(cases[1][0], "check1")).toMatchObject({ code: 1, saved: undefined, final: join(work, "sub dir/deeper") });
    expect(asClaudeCode(cases[4][0], "check4")).toMatchObject({ code: 1, saved: undefined, final: work, ran: false });
    expect(asClaudeCode(cases[4][0], "check5").stderr).toContain("missing_dir: No such file or directory");
  });

  test("a leading export, venv activate or quiet pushd runs in Claude Code's own shell, the rest under correx: it sees the variables and the directory, and the shell keeps them after", () => {
    const base = createTempDir("hook-prefix");
    const work = join(base, "work");
    for (const dir of ["d/e", "venv/bin"]) mkdirSync(join(work, dir), { recursive: true });
    // a tiny virtual environment: its activate exports VIRTUAL_ENV, puts its bin/ first on PATH, defines deactivate
    writeFileSync(join(work, "venv/bin/activate"), [
      `VIRTUAL_ENV="${join(work, "venv")}"`,
      "export VIRTUAL_ENV",
      "_OLD_VIRTUAL_PATH=\"$PATH\"",
      "PATH=\"$VIRTUAL_ENV/bin:$PATH\"",
      "export PATH",
      "deactivate () { PATH=\"$_OLD_VIRTUAL_PATH\"; export PATH; unset VIRTUAL_ENV; unset -f deactivate; }",
      "",
    ].join("\n"));
    writeFileSync(join(work, "venv/bin/venv-python"), "#!/bin/sh\necho \"venv python for $VIRTUAL_ENV\"\n", { mode: 0o755 });
    // as Claude Code runs a command (eval'd in its shell, `pwd -P` saved after a success), then what its shell kept
    const asClaudeCode = (command: string, label: string) => {
      const saved = join(base, `${label}.cwd`);
      const kept = join(base, `${label}.kept`);
      const script = `eval '${command.replaceAll("'", `'"'"'`)}' < /dev/null && pwd -P >| '${saved}'; status=$?; `
        + `{ pwd -P; echo "GREETING=$GREETING VIRTUAL_ENV=$VIRTUAL_ENV"; command -v venv-python; declare -F deactivate; dirs -l; } >| '${kept}'; exit $status`;
      const run = spawnSync("bash", ["-c", script], { cwd: work, env: userEnvironment({ CORREX_SPILL_DIR: join(base, "store"), GREETING: undefined, VIRTUAL_ENV: undefined }), encoding: "utf8" });
      const read = (file: string) => (existsSync(file) ? readFileSync(file, "utf8").trim() : undefined);
      return { code: run.status, stdout: run.stdout, stderr: run.stderr, saved: read(saved), kept: read(kept), ran: existsSync(join(work, "ran")) };
    };
    const event = loadHookEvent("pre-tool-use-bash-cd");
    const cases = [
      ["export GREETING='hello there' && sh -c 'echo \"$GREETING\"'", "export GREETING='hello there' && "],
      ["source venv/bin/activate && venv-python && sh -c 'echo \"$VIRTUAL_ENV\"; command -v venv-python'", "source venv/bin/activate && "],
      ["pushd d >/dev/null && pwd", "pushd d >/dev/null && "],
      ["cd d >/dev/null 2>&1 && export GREETING=hi; cd e && pwd -P && echo \"$GREETING\"", "cd d >/dev/null 2>&1 && export GREETING=hi; cd e && "],
      ["pushd missing >/dev/null 2>&1 && touch ran", "pushd missing >/dev/null 2>&1 && "],
    ] as const;
    for (const [index, [command, prefix]] of cases.entries()) {
      const hook = runWithStore("correx hook claude-code", JSON.stringify({ ...event, tool_input: { command } }));
      const rewritten = (JSON.parse(hook.stdout) as Record<string, any>).hookSpecificOutput?.updatedInput.command as string | undefined;
      expect({ command, rewritten: rewritten?.startsWith(`${prefix}correx run --max-bytes 30000 `) }).toEqual({ command, rewritten: true });
      const direct = asClaudeCode(command, `direct${index}`);
      const wrapped = asClaudeCode(rewritten!, `wrapped${index}`);
      expect({ command, code: wrapped.code, saved: wrapped.saved, kept: wrapped.kept, ran: wrapped.ran, stderr: wrapped.stderr })
        .toEqual({ command, code: direct.code, saved: direct.saved, kept: direct.kept, ran: direct.ran, stderr: direct.stderr });
      if (command.startsWith("pushd missing")) expect(wrapped.stdout).toBe("");
      else expect(wrapped.stdout).toBe(`${direct.stdout}\nCommand exited with code ${direct.code}.\n`);
    }
    // what each command printed and left, wrapped as it was run directly (checked equal above)
    expect(asClaudeCode(cases[0][0], "check0")).toMatchObject({ code: 0, stdout: "hello there\n" });
    expect(asClaudeCode(cases[1][0], "check1")).toMatchObject({
      code: 0,
      stdout: `venv python for ${join(work, "venv")}\n${join(work, "venv")}\n${join(work, "venv/bin/venv-python")}\n`,
      kept: `${work}\nGREETING= VIRTUAL_ENV=${join(work, "venv")}\n${join(work, "venv/bin/venv-python")}\ndeactivate\n${work}`,
    });
    expect(asClaudeCode(cases[2][0], "check2")).toMatchObject({ code: 0, stdout: `${join(work, "d")}\n`, saved: join(work, "d"), kept: `${join(work, "d")}\nGREETING= VIRTUAL_ENV=\n${join(work, "d")} ${work}` });
    expect(asClaudeCode(cases[3][0], "check3")).toMatchObject({ code: 0, stdout: `${join(work, "d/e")}\nhi\n`, saved: join(work, "d/e") });
    expect(asClaudeCode(cases[4][0], "check4")).toMatchObject({ code: 1, stdout: "", stderr: "", saved: undefined, ran: false });
  });

  test("lines the shell reading once got wrong run as they did: what Claude Code runs after the hook (the rewrite, or the line left alone) prints, ends and leaves the directory as the line itself", () => {
    const base = createTempDir("hook-same");
    const work = join(base, "work");
    mkdirSync(join(work, "sub"), { recursive: true });
    const asClaudeCode = (command: string, label: string) => {
      const saved = join(base, `${label}.cwd`);
      const script = `eval '${command.replaceAll("'", `'"'"'`)}' < /dev/null 2>&1 && pwd -P >| '${saved}'`;
      const run = spawnSync("bash", ["-c", script], { cwd: work, env: userEnvironment({ CORREX_SPILL_DIR: join(base, "store"), OLDPWD: undefined }), encoding: "utf8" });
      return { code: run.status, stdout: run.stdout.replace(/\n*Command exited with code \d+\.\n$/, "\n").replace(/^\(no output\)\n$/, ""), saved: existsSync(saved) ? readFileSync(saved, "utf8").trim() : undefined };
    };
    const event = loadHookEvent("pre-tool-use-bash-cd");
    const lines = [
      // the status and last word of the cd itself (the wrapper's bash -c has its own)
      "cd missing; echo status=$?",
      "cd sub; echo last=$_",
      // variables bash does not take from its environment
      "export IFS=, && x='a,b' && printf '[%s]\\n' $x",
      // a cd the reader took for quoted text or a comment, or a function's argument: the line was wrapped whole
      "echo $'\\'' && cd sub && echo \\'",
      "echo \"\"# ; cd sub",
      "function go { cd sub; }; go",
      // and lines rewritten as before
      "cd sub && echo $? && pwd -P",
      "cd missing && echo ran",
    ];
    for (const [index, line] of lines.entries()) {
      const hook = runWithStore("correx hook claude-code", JSON.stringify({ ...event, tool_input: { command: line } }));
      const rewritten = (JSON.parse(hook.stdout) as Record<string, any>).hookSpecificOutput?.updatedInput.command as string | undefined;
      const direct = asClaudeCode(line, `direct${index}`);
      const after = asClaudeCode(rewritten ?? line, `after${index}`);
      expect({ line, ...after }).toEqual({ line, ...direct });
    }
  });

  test("an MCP tool's output comes back bounded, with the image intact", () => {
    const output = answer("post-tool-use-mcp-image").hookSpecificOutput.updatedMCPToolOutput as { type: string }[];
    const original = loadHookEvent("post-tool-use-mcp-image").tool_response as { type: string }[];
    expect(output[1]).toEqual(original[1]);
    expect(Buffer.byteLength(JSON.stringify(output[0]))).toBeLessThan(JSON.stringify(original[0]).length);
  });

  test("the page a failed command's marker says to read fits what Claude Code shows whole, as the projection did", () => {
    const bash = (command: string) => ({ ...loadHookEvent("pre-tool-use-bash"), tool_input: { command } });
    const hook = runWithStore("correx hook claude-code", JSON.stringify(bash(LONG_FAILURE)));
    const wrapped = runWithStore((JSON.parse(hook.stdout) as Record<string, any>).hookSpecificOutput.updatedInput.command as string);
    expect(wrapped.code).toBe(1);
    expect(Buffer.byteLength(wrapped.stdout)).toBeLessThanOrEqual(10000);
    const { command, offset } = markerReadCommand(wrapped.stdout);
    // the budget finally applied (a failure's), not read's 51,200 bytes, which Claude Code would save and preview
    expect(command).toContain(" --max-bytes 10000");
    // the model runs it as written: the hook leaves a command that runs correx alone
    expect(JSON.parse(runWithStore("correx hook claude-code", JSON.stringify(bash(command))).stdout)).toEqual({});
    const page = runShell(command, { env: { CORREX_SPILL_DIR: wrapped.store } });
    expect(page.code).toBe(0);
    expectPageFits(page.stdout, offset, 10000);
  });

  test("a correx read page Claude Code saved to a file (past its 30,000 characters) comes back bounded, its continuation line kept", () => {
    // The page a marker's `correx read ID --offset N` prints is up to 51,200 bytes: Claude Code saved it and the model
    // read its first 2 KB, the hook leaving it alone as bounded already.
    const dir = createTempDir("hook-read-page");
    const run = runWithStore("correx run --max-bytes 4000 -- sh -c 'seq 1 20000 | sed s/$/:\\ error:\\ something\\ went\\ wrong\\ here/; exit 1'");
    const read = /correx read (tool_\w+) --offset (\d+)/.exec(run.stdout)!;
    const command = `correx read ${read[1]} --offset ${read[2]}`;
    const page = runShell(command, { env: { CORREX_SPILL_DIR: run.store } }).stdout;
    expect(page.length).toBeGreaterThan(30000);
    writeFileSync(join(dir, "page.txt"), page);
    const event = {
      ...loadHookEvent("post-tool-use-bash-correx"),
      tool_input: { command, description: "Read the omitted lines" },
      tool_response: { stdout: page.slice(0, 30000), stderr: "", interrupted: false, isImage: false, noOutputExpected: false, persistedOutputPath: join(dir, "page.txt"), persistedOutputSize: page.length },
    };
    const answered = runShell("correx hook claude-code", { input: JSON.stringify(event), env: { CORREX_SPILL_DIR: run.store } });
    const parsed = JSON.parse(answered.stdout) as Record<string, any>;
    expect(hookOutputErrors(parsed)).toEqual([]);
    const output = parsed.hookSpecificOutput.updatedToolOutput as { stdout: string };
    expect(Buffer.byteLength(output.stdout)).toBeLessThanOrEqual(30000);
    expect(output.stdout.startsWith(`<path>${join(run.store, read[1]!)}</path>`)).toBe(true);
    expect(output.stdout).toMatch(/\(Showing lines \d+-\d+ of 20000\. Use offset=\d+ to continue\.\)\n$/);
  });

  test("a Bash output Claude Code saved to a file (its model would read a 2 KB preview) comes back bounded from the whole file, saved and paged", () => {
    const dir = createTempDir("hook-persisted");
    const lines = Array.from({ length: 5000 }, (_, index) => `request ${index + 1}: ok`);
    lines[3199] = "request 3200: FAILED (connection reset by peer)";
    const whole = `${lines.join("\n")}\n`;
    writeFileSync(join(dir, "b7xk2m9qa.txt"), whole);
    const event = {
      ...loadHookEvent("post-tool-use-bash-long"),
      tool_input: { command: "cd tools && ./replay.sh requests.log", description: "Replay the request log" },
      tool_response: { stdout: whole.slice(0, 30000), stderr: "", interrupted: false, isImage: false, noOutputExpected: false, persistedOutputPath: join(dir, "b7xk2m9qa.txt"), persistedOutputSize: whole.length },
    };
    const run = runWithStore("correx hook claude-code", JSON.stringify(event));
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const parsed = JSON.parse(run.stdout) as Record<string, any>;
    expect(hookOutputErrors(parsed)).toEqual([]);
    const output = parsed.hookSpecificOutput.updatedToolOutput as { stdout: string; stderr: string; interrupted: boolean };
    expect(Object.keys(output)).toEqual(["stdout", "stderr", "interrupted", "noOutputExpected"]);
    expect(Buffer.byteLength(output.stdout)).toBeLessThanOrEqual(30000);
    expect(output.stdout.startsWith("request 1: ok\n")).toBe(true);
    expect(output.stdout).toContain("request 3200: FAILED (connection reset by peer)");
    expect(output.stdout.trimEnd().endsWith("request 5000: ok")).toBe(true);
    const read = /correx read (tool_\w+) --offset (\d+)/.exec(output.stdout)!;
    const page = runShell(`correx read ${read[1]} --offset 3200 --limit 1`, { env: { CORREX_SPILL_DIR: run.store } });
    expect(page.stdout).toContain("3200: request 3200: FAILED (connection reset by peer)\n");
    // a small output, and a command that ran under correx, are left as they are
    expect(runWithStore("correx hook claude-code", readHookEventText("post-tool-use-bash"))).toMatchObject({ code: 0, stdout: "{}\n", stderr: "correx hook: Bash: the output fits the budget\n" });
    expect(runWithStore("correx hook claude-code", readHookEventText("post-tool-use-bash-correx"))).toMatchObject({ code: 0, stdout: "{}\n" });
  });

  test("flags reach the rewritten command and the settings block", () => {
    const answered = answer("pre-tool-use-bash", " --permission allow --max-lines 50 --max-bytes 4000 --spill-dir '/tmp/a b'");
    expect(answered.hookSpecificOutput.permissionDecision).toBe("allow");
    expect(answered.hookSpecificOutput.updatedInput.command.startsWith("correx run --max-lines 50 --max-bytes 4000 --spill-dir '/tmp/a b' --timeout 113s --kill-after 5s -- bash -c ")).toBe(true);
    const settings = JSON.parse(runShell("correx hook claude-code --print-config --permission allow --max-bytes 4000").stdout);
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toBe("correx hook claude-code --permission allow --max-bytes 4000");
  });

  test("a relative --spill-dir reaches the rewritten command from the hook's directory, the settings block as given", () => {
    // The command runs after its own `cd`: a relative store would be one per directory the agent visited.
    const directory = realpathSync(createTempDir("hook-relative")); // as the hook's process.cwd() names it
    const run = runShell("correx hook claude-code --spill-dir ./store", { cwd: directory, input: readHookEventText("pre-tool-use-bash-cd") });
    const command = (JSON.parse(run.stdout) as Record<string, any>).hookSpecificOutput.updatedInput.command as string;
    expect(command).toContain(` && correx run --max-bytes 30000 --spill-dir ${join(directory, "store")} `);
    const settings = JSON.parse(runShell("correx hook claude-code --print-config --spill-dir ./store", { cwd: directory }).stdout);
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toBe("correx hook claude-code --spill-dir ./store");
  });

  test("--print-config prints the settings block whose command answers the events", () => {
    const run = runShell("correx hook claude-code --print-config");
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const settings = JSON.parse(run.stdout) as { hooks: Record<string, { matcher: string; hooks: { type: string; command: string }[] }[]> };
    expect(settings).toEqual({
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "correx hook claude-code" }] }],
        PostToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "correx hook claude-code" }] },
          { matcher: "mcp__.*", hooks: [{ type: "command", command: "correx hook claude-code" }] },
        ],
      },
    });
    const answered = { PreToolUse: ["pre-tool-use-bash"], PostToolUse: ["post-tool-use-bash-long", "post-tool-use-mcp-text"] };
    for (const [event, entries] of Object.entries(settings.hooks)) {
      expect(entries).toHaveLength(answered[event as keyof typeof answered].length);
      entries.forEach((entry, index) => {
        const name = answered[event as keyof typeof answered][index]!;
        expect(new RegExp(`^(?:${entry.matcher})$`).test(loadHookEvent(name).tool_name!)).toBe(true);
        const run = runWithStore(entry.hooks[0]!.command, readHookEventText(name));
        expect(JSON.parse(run.stdout).hookSpecificOutput.hookEventName).toBe(event);
      });
    }
  });

  test("mistakes: an unknown agent or flag value is a usage error (2); an unreadable event is 65, which Claude Code does not treat as blocking", () => {
    expect(runShell("correx hook cursor < /dev/null")).toEqual({ stdout: "", stderr: "correx: invalid value for AGENT: 'cursor' (accepts: claude-code, gemini-cli, codex)\n", code: 2 });
    expect(runShell("correx hook claude-code --permission deny < /dev/null")).toEqual({ stdout: "", stderr: "correx: invalid value for --permission: 'deny' (accepts: ask, allow)\n", code: 2 });
    const notJson = runWithStore("correx hook claude-code", "not json");
    expect({ code: notJson.code, stdout: notJson.stdout }).toEqual({ code: 65, stdout: "" });
    const noEvent = runWithStore("correx hook claude-code", JSON.stringify({ session_id: "s", cwd: "/" }));
    expect(noEvent).toMatchObject({ code: 65, stdout: "", stderr: "correx: a Claude Code hook event has a string hook_event_name (at $.hook_event_name)\n" });
  });

  test("an event without the fields correx never reads (session_id, transcript_path, cwd) is answered, not refused with a hook error", () => {
    const { session_id, transcript_path, cwd, ...bare } = loadHookEvent("pre-tool-use-bash");
    const rewrite = runWithStore("correx hook claude-code", JSON.stringify(bare));
    expect(rewrite.code).toBe(0);
    expect(JSON.parse(rewrite.stdout).hookSpecificOutput.updatedInput.command).toBe(rewrittenCommand("pre-tool-use-bash"));
    expect(runWithStore("correx hook claude-code", JSON.stringify({ hook_event_name: "Notification", message: "Claude needs your permission" }))).toMatchObject({ code: 0, stdout: "{}\n" });
    expect([session_id, transcript_path, cwd].every((field) => typeof field === "string")).toBe(true);
  });

  test("a left-alone Bash command that failed (PostToolUseFailure): {} and the reason on stderr, nothing saved; the event holds only what the model reads", () => {
    const run = runWithStore("correx hook claude-code", readHookEventText("post-tool-use-failure-bash"));
    expect(run).toMatchObject({
      code: 0,
      stdout: "{}\n",
      stderr: "correx hook: nothing to do for PostToolUseFailure on Bash: its error is the text the model reads, already cut by Claude Code (the first 30,000 bytes of the output, at most 10,000 characters shown), and the rest is deleted\n",
    });
    expect(existsSync(run.store) ? readdirSync(run.store) : []).toEqual([]);
  });

  test("the fixtures are what write-events.mjs writes", () => {
    const dir = createTempDir("hook-fixtures");
    const run = runShell(`node test/fixtures/hooks/write-events.mjs '${dir}'`);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    for (const name of hookEventNames()) expect(readFileSync(join(dir, `${name}.json`), "utf8"), name).toBe(readHookEventText(name));
  });
});
