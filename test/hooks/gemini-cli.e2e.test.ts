// `correx hook gemini-cli` as Gemini CLI runs it: a recorded event on stdin, hook JSON on stdout, exit 0; the
// rewritten command, run the way Gemini CLI runs a shell command (bash -c, in the tool's directory), ends as the
// original did, its output bounded.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createTempDir, runShell, userEnvironment, type ShellRun } from "../docs/run-shell.js";
import { killLeft, pollUntil, processesRunning, termThenKillGroup, leftAfterGroupKill, uniqueSleep } from "../run/orphans.js";
import { geminiEventNames, geminiOutputErrors, loadGeminiEvent, readGeminiEventText } from "./gemini-cli-fixtures.js";
import { expectPageFits, LONG_FAILURE, markerReadCommand } from "./marker-page.js";

/** Runs a command line with a private store (CORREX_SPILL_DIR). */
function runWithStore(command: string, input = "", cwd?: string): ShellRun & { store: string } {
  const store = createTempDir("gemini-hook-store");
  return { ...runShell(command, { input, env: { CORREX_SPILL_DIR: store }, ...(cwd ? { cwd } : {}) }), store };
}

/** The hook's answer to an event, checked to be what Gemini CLI takes: JSON on stdout, exit 0. */
function answerText(text: string, flags = ""): Record<string, any> {
  const run = runWithStore(`correx hook gemini-cli${flags}`, text);
  expect({ code: run.code, stderr: run.stderr.replace(/^correx hook: .*\n$/, "") }).toEqual({ code: 0, stderr: "" });
  const parsed = JSON.parse(run.stdout) as Record<string, any>;
  expect(geminiOutputErrors(parsed)).toEqual([]);
  return parsed;
}
const answer = (name: string, flags = ""): Record<string, any> => answerText(readGeminiEventText(name), flags);

/** The command line a run_shell_command event's command is rewritten to. */
function rewritten(command: string, flags = ""): string {
  return answerText(JSON.stringify({ ...loadGeminiEvent("before-tool-shell"), tool_input: { command } }), flags).hookSpecificOutput.tool_input.command as string;
}

/** Runs a command line as Gemini CLI's shell tool does on Linux and macOS: `bash -c COMMAND`. */
const asGemini = (command: string, cwd?: string) => runWithStore(`bash -c '${command.replace(/'/g, `'\\''`)}'`, "", cwd);

describe("correx hook gemini-cli, spawned", () => {
  test.each(geminiEventNames())("%s: valid hook JSON on stdout, exit 0", (name) => {
    answer(name);
  });

  test("the rewritten command prints what the command printed, then how it ended, and exits with its status", () => {
    const original = (loadGeminiEvent("before-tool-shell").tool_input as { command: string }).command;
    const direct = asGemini(original);
    expect(direct.code).toBe(1);
    const wrapped = asGemini(answer("before-tool-shell").hookSpecificOutput.tool_input.command);
    expect({ code: wrapped.code, stderr: wrapped.stderr }).toEqual({ code: 1, stderr: "" });
    expect(wrapped.stdout).toBe(`${direct.stdout}\nCommand exited with code 1.\n`);
    expect(wrapped.stdout.startsWith(`it's a "quoted" line\nTAP version 13\n`)).toBe(true);
  });

  test("a long output is bounded to the hook's budget: the failure at the end is kept, the rest is saved and paged", () => {
    const wrapped = asGemini(answer("before-tool-shell-long").hookSpecificOutput.tool_input.command);
    expect(wrapped.code).toBe(7);
    expect(Buffer.byteLength(wrapped.stdout)).toBeLessThanOrEqual(30000);
    expect(wrapped.stdout.startsWith("request 1: ok\n")).toBe(true);
    expect(wrapped.stdout).toContain("request 5000: ok\nrequest 5001: FAILED (connection reset)\n\nCommand exited with code 7.");
    const read = /correx read (tool_\w+) --offset (\d+)/.exec(wrapped.stdout)!;
    const page = runShell(`correx read ${read[1]} --offset ${read[2]} --limit 2`, { env: { CORREX_SPILL_DIR: wrapped.store } });
    expect(page.stdout).toContain(`${read[2]}: request ${read[2]}: ok\n`);
  });

  test("the page a failed command's marker says to read fits what Gemini CLI shows whole, as the projection did", () => {
    const wrapped = asGemini(rewritten(LONG_FAILURE));
    expect(wrapped.code).toBe(1);
    const { command, offset } = markerReadCommand(wrapped.stdout);
    expect(command).toContain(" --max-bytes 30000");
    // the model runs it as written: the hook leaves a command that runs correx alone
    expect(answerText(JSON.stringify({ ...loadGeminiEvent("before-tool-shell"), tool_input: { command } })).hookSpecificOutput).toBeUndefined();
    const page = runShell(`bash -c '${command}'`, { env: { CORREX_SPILL_DIR: wrapped.store } });
    // past 40,000 characters Gemini CLI keeps the first 20 % and the last 80 %
    expectPageFits(page.stdout, offset, 40_000);
    expect(Buffer.byteLength(page.stdout)).toBeLessThanOrEqual(30_000);
  });

  test("`cd` in a wrapped command works as in Gemini CLI's own bash: in the tool's directory, for that command only", () => {
    const dir = createTempDir("gemini-hook-cwd");
    mkdirSync(join(dir, "api"));
    const command = rewritten("cd api && pwd");
    expect(command).toBe("correx run --for model --watchdog --max-bytes 30000 --timeout 293s --kill-after 5s -- bash -c 'cd api && pwd'");
    expect(asGemini(command, dir).stdout).toBe(`${dir}/api\n\nCommand exited with code 0.\n`);
    expect(asGemini(rewritten("pwd"), dir).stdout).toBe(`${dir}\n\nCommand exited with code 0.\n`);
  });

  test("a command still silent near Gemini CLI's inactivity timeout is stopped by correx, and the model reads its output so far", () => {
    const command = rewritten("echo started; sleep 300", " --inactivity-timeout 12");
    expect(command).toBe("correx run --for model --watchdog --max-bytes 30000 --timeout 5s --kill-after 5s -- bash -c 'echo started; sleep 300'");
    // without the stop, Gemini CLI would end the command at its timeout, and correx would have printed nothing yet
    const wrapped = asGemini(command);
    expect(wrapped.code).toBe(124);
    expect(wrapped.stdout).toBe("started\n\nCommand exceeded timeout of 5000 ms. Retry with a larger timeout.\n");
  });

  // Gemini CLI runs a shell command in a pseudo-terminal, so correx's stdout is a terminal there: without
  // `--for model` it would write the people's projection (colours, a status line) for the model to read.
  const hasScript = process.platform === "linux" && runShell("command -v script").code === 0;
  test.skipIf(!hasScript)("in a pseudo-terminal, as Gemini CLI runs it, the rewritten command writes the model's plain text", () => {
    const shellLine = `printf '\\033[31mred\\033[0m\\n'; seq 1 3; exit 3`;
    const inTerminal = (command: string): string => {
      const quoted = `'${command.replace(/'/g, `'\\''`)}'`;
      // Gemini CLI's shell environment (packages/core/src/services/shellExecutionService.ts): TERM=xterm-256color
      return runWithStore(`env -u NO_COLOR TERM=xterm-256color script -qec ${quoted} /dev/null < /dev/null`).stdout.replace(/\r\n/g, "\n");
    };
    const wrapped = rewritten(shellLine);
    expect(wrapped).toContain("correx run --for model ");
    expect(inTerminal(wrapped)).toBe("red\n1\n2\n3\n\nCommand exited with code 3.\n");
    // the same without --for model: what the flag keeps out
    expect(inTerminal(wrapped.replace("--for model ", ""))).toMatch(/\x1b\[/);
  });

  // Gemini CLI ends a shell command's process group (killProcessGroup, packages/core/src/utils/process-utils.ts):
  // SIGTERM, then SIGKILL 200 ms later, which takes correx and not the group correx runs the command in
  test.skipIf(process.platform !== "linux")("ended as Gemini CLI ends a command, a wrapped command that outlasts the SIGTERM leaves nothing running", async () => {
    const sleep = uniqueSleep();
    expect(await leftAfterGroupKill(rewritten(`trap "" TERM; ${sleep}`), sleep, userEnvironment({ CORREX_SPILL_DIR: createTempDir("gemini-hook-store") }), termThenKillGroup)).toEqual([]);
  });

  test("a dev server is wrapped still: Gemini CLI shows the model nothing before a foreground command ends either, and correx stops it before the inactivity timeout", () => {
    expect(rewritten("npm run dev")).toBe("correx run --for model --watchdog --max-bytes 30000 --timeout 293s --kill-after 5s -- bash -c 'npm run dev'");
  });

  test("the exit status survives every ending: a code, a signal, a command that is not there", () => {
    for (const [command, code] of [["exit 0", 0], ["exit 42", 42], ["kill -TERM $$", 143], ["no-such-command-here", 127]] as const) {
      expect({ command, code: asGemini(rewritten(command)).code }).toEqual({ command, code });
    }
  });

  test("flags reach the rewritten command and the settings block", () => {
    const answered = answer("before-tool-shell-npm-test", " --permission allow --max-lines 50 --max-bytes 4000 --spill-dir '/tmp/a b' --inactivity-timeout 0");
    expect(answered.decision).toBeUndefined();
    expect(answered.hookSpecificOutput.tool_input.command).toBe("correx run --for model --watchdog --max-lines 50 --max-bytes 4000 --spill-dir '/tmp/a b' -- bash -c 'npm test'");
    const settings = JSON.parse(runShell("correx hook gemini-cli --print-config --permission allow --max-bytes 4000 --inactivity-timeout 600").stdout);
    expect(settings.hooks.BeforeTool[0].hooks[0].command).toBe("correx hook gemini-cli --permission allow --max-bytes 4000 --inactivity-timeout 600");
    expect(rewritten("make", " --inactivity-timeout 600")).toBe("correx run --for model --watchdog --max-bytes 30000 --timeout 593s --kill-after 5s -- bash -c make");
  });

  test("--print-config prints the settings block whose command answers the events its matcher selects", () => {
    const run = runShell("correx hook gemini-cli --print-config");
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const settings = JSON.parse(run.stdout) as { hooks: Record<string, { matcher: string; hooks: { name: string; type: string; command: string }[] }[]> };
    expect(settings).toEqual({ hooks: { BeforeTool: [{ matcher: "^run_shell_command$", hooks: [{ name: "correx", type: "command", command: "correx hook gemini-cli" }] }] } });
    const entry = settings.hooks.BeforeTool![0]!;
    const selected = geminiEventNames().filter((name) => loadGeminiEvent(name).hook_event_name === "BeforeTool" && new RegExp(entry.matcher).test(loadGeminiEvent(name).tool_name!));
    expect(selected).toEqual(["before-tool-shell", "before-tool-shell-background", "before-tool-shell-cd", "before-tool-shell-correx", "before-tool-shell-long", "before-tool-shell-npm-test"]);
    const hook = runWithStore(entry.hooks[0]!.command, readGeminiEventText("before-tool-shell-npm-test"));
    expect(JSON.parse(hook.stdout).hookSpecificOutput.hookEventName).toBe("BeforeTool");
  });

  test("mistakes: a bad flag is a usage error (2), which Gemini CLI reads as a refusal; an unreadable event exits 1, a warning, and the tool runs as it was", () => {
    expect(runShell("correx hook gemini-cli --permission deny < /dev/null")).toEqual({ stdout: "", stderr: "correx: invalid value for --permission: 'deny' (accepts: ask, allow)\n", code: 2 });
    expect(runShell("correx hook gemini-cli --inactivity-timeout 5m < /dev/null")).toEqual({ stdout: "", stderr: "correx: invalid value for --inactivity-timeout: '5m' (accepts a whole number >= 0)\n", code: 2 });
    expect(runShell("correx hook claude-code --inactivity-timeout 60 < /dev/null")).toEqual({ stdout: "", stderr: "correx: --inactivity-timeout is for gemini-cli (Claude Code's limits are read from its environment)\n", code: 2 });
    expect(runWithStore("correx hook gemini-cli", "not json")).toMatchObject({ code: 1, stdout: "" });
    const noEvent = runWithStore("correx hook gemini-cli", JSON.stringify({ session_id: "s", cwd: "/" }));
    expect(noEvent).toMatchObject({ code: 1, stdout: "", stderr: "correx: a Gemini CLI hook event has a string hook_event_name (at $.hook_event_name)\n" });
    // the fields correx never reads are not asked for
    expect(runWithStore("correx hook gemini-cli", JSON.stringify({ hook_event_name: "AfterAgent" }))).toMatchObject({ code: 0, stdout: "{}\n" });
  });

  test("a line with a `&` job, in a pseudo-terminal as Gemini CLI runs it: unwrapped the job dies with the shell, under the rewrite it runs on", async () => {
    const quoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
    const inTerminal = (line: string) => runWithStore(`script -qec ${quoted(`bash -c ${quoted(line)}`)} /dev/null`);
    const plain = uniqueSleep();
    expect(inTerminal(`${plain} & echo started`)).toMatchObject({ code: 0, stdout: expect.stringContaining("started") });
    // the kernel hangs up the terminal's foreground group, the job's, as bash (the session's leader) exits
    expect(await pollUntil(() => processesRunning(plain).length === 0, 60_000)).toBe(true);
    const wrapped = uniqueSleep();
    const run = inTerminal(rewritten(`${wrapped} & echo started`));
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining("started") });
    const left = processesRunning(wrapped);
    killLeft(left);
    expect(left).toHaveLength(1);
  });

  test("the fixtures are what write-events.mjs writes", () => {
    const dir = createTempDir("gemini-hook-fixtures");
    expect(runShell(`node test/fixtures/hooks/gemini-cli/write-events.mjs '${dir}'`)).toMatchObject({ code: 0, stderr: "" });
    for (const name of geminiEventNames()) expect(readFileSync(join(dir, `${name}.json`), "utf8"), name).toBe(readGeminiEventText(name));
  });
});
