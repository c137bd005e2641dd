// `correx hook codex` as Codex CLI runs it: a recorded event on stdin, hook JSON on stdout (valid against Codex's own
// output schema), exit 0; the rewritten command, run the way Codex runs a shell command (the user's shell as a login
// shell given the command whole, `bash -lc COMMAND`, in the tool's directory), ends as the original did, its output bounded to 40,000 bytes.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createTempDir, runShell, userEnvironment, type ShellRun } from "../docs/run-shell.js";
import { killGroup, leftAfterGroupKill, uniqueSleep } from "../run/orphans.js";
import { codexEventNames, codexOutputErrors, loadCodexEvent, readCodexEventText } from "./codex-fixtures.js";
import { expectPageFits, LONG_FAILURE, markerReadCommand } from "./marker-page.js";

/** Runs a command line with a private store (CORREX_SPILL_DIR). */
function runWithStore(command: string, input = "", cwd?: string): ShellRun & { store: string } {
  const store = createTempDir("codex-hook-store");
  return { ...runShell(command, { input, env: { CORREX_SPILL_DIR: store }, ...(cwd ? { cwd } : {}) }), store };
}

/** The hook's answer to an event, checked to be what Codex takes: JSON on stdout, exit 0, valid against its schema. */
function answerText(text: string, flags = ""): Record<string, any> {
  const run = runWithStore(`correx hook codex${flags}`, text);
  expect({ code: run.code, stderr: run.stderr.replace(/^correx hook: .*\n$/, "") }).toEqual({ code: 0, stderr: "" });
  const parsed = JSON.parse(run.stdout) as Record<string, any>;
  expect(codexOutputErrors((JSON.parse(text) as { hook_event_name: string }).hook_event_name, parsed)).toEqual([]);
  return parsed;
}
const answer = (name: string, flags = ""): Record<string, any> => answerText(readCodexEventText(name), flags);

/** The command line a Bash event's command is rewritten to. */
function rewritten(command: string, flags = ""): string {
  return answerText(JSON.stringify({ ...loadCodexEvent("pre-tool-use-bash"), tool_input: { command } }), flags).hookSpecificOutput.updatedInput.command as string;
}

/**
 * Runs a command line as Codex's shell_command and exec_command do on Linux: the user's shell, given the command
 * whole (`bash -lc COMMAND`; here without `-l`, whose /etc/profile would drop the test's correx from PATH).
 */
const asCodex = (command: string, cwd?: string) => runWithStore(`bash -c '${command.replace(/'/g, `'\\''`)}'`, "", cwd);

describe("correx hook codex, spawned", () => {
  test.each(codexEventNames())("%s: valid hook JSON on stdout, exit 0", (name) => {
    answer(name);
  });

  test("the rewritten command prints what the command printed, then how it ended, and exits with its status", () => {
    const original = (loadCodexEvent("pre-tool-use-bash").tool_input as { command: string }).command;
    const direct = asCodex(original);
    expect(direct.code).toBe(1);
    const command = answer("pre-tool-use-bash").hookSpecificOutput.updatedInput.command as string;
    expect(command.startsWith("correx run --for model --watchdog --max-bytes 40000 -- bash -c ")).toBe(true);
    const wrapped = asCodex(command);
    expect({ code: wrapped.code, stderr: wrapped.stderr }).toEqual({ code: 1, stderr: "" });
    expect(wrapped.stdout).toBe(`${direct.stdout}\nCommand exited with code 1.\n`);
  });

  test("a long output is bounded to 40,000 bytes, which Codex keeps whole: the failure at the end is kept, the rest saved and paged", () => {
    const direct = asCodex((loadCodexEvent("pre-tool-use-bash-long").tool_input as { command: string }).command);
    expect(Buffer.byteLength(direct.stdout + direct.stderr)).toBeGreaterThan(80_000);
    const wrapped = asCodex(answer("pre-tool-use-bash-long").hookSpecificOutput.updatedInput.command);
    expect(wrapped.code).toBe(7);
    expect(Buffer.byteLength(wrapped.stdout)).toBeLessThanOrEqual(40_000);
    // Codex keeps 10,000 tokens estimated at 4 bytes each whole; past them only the first and last halves
    expect(Math.ceil(Buffer.byteLength(wrapped.stdout) / 4)).toBeLessThanOrEqual(10_000);
    expect(wrapped.stdout.startsWith("request 1: ok\n")).toBe(true);
    expect(wrapped.stdout).toContain("request 5000: ok\nrequest 5001: FAILED (connection reset)\n\nCommand exited with code 7.");
    const read = /correx read (tool_\w+) --offset (\d+)/.exec(wrapped.stdout)!;
    const page = runShell(`correx read ${read[1]} --offset ${read[2]} --limit 2`, { env: { CORREX_SPILL_DIR: wrapped.store } });
    expect(page.stdout).toContain(`${read[2]}: request ${read[2]}: ok\n`);
  });

  test("the page a failed command's marker says to read fits what Codex keeps whole, as the projection did", () => {
    const wrapped = asCodex(rewritten(LONG_FAILURE));
    expect(wrapped.code).toBe(1);
    const { command, offset } = markerReadCommand(wrapped.stdout);
    expect(command).toContain(" --max-bytes 40000");
    // the model runs it as written: the hook leaves a command that runs correx alone
    expect(answerText(JSON.stringify({ ...loadCodexEvent("pre-tool-use-bash"), tool_input: { command } })).hookSpecificOutput).toBeUndefined();
    const page = runShell(`bash -c '${command}'`, { env: { CORREX_SPILL_DIR: wrapped.store } });
    expectPageFits(page.stdout, offset, 40_000);
    // past 10,000 tokens at 4 bytes each Codex keeps only the first and last halves
    expect(Math.ceil(Buffer.byteLength(page.stdout) / 4)).toBeLessThanOrEqual(10_000);
    // the page says "Use offset=N to continue." and nothing of the budget: a model that types only the offset gets
    // the hook's budget added (a 51,200-byte page before, cut in the middle by Codex)
    const next = Number(/Use offset=(\d+) to continue/.exec(page.stdout)![1]);
    const id = /correx read (tool_\w+)/.exec(command)![1]!;
    const typed = rewritten(`correx read ${id} --offset ${next}`);
    expect(typed).toBe(`correx read ${id} --offset ${next} --max-bytes 40000`);
    const second = runShell(`bash -c '${typed}'`, { env: { CORREX_SPILL_DIR: wrapped.store } });
    expectPageFits(second.stdout, next, 40_000);
  });

  test("`cd` in a wrapped command works as in Codex's own shell: in the tool's directory, for that command only", () => {
    const dir = createTempDir("codex-hook-cwd");
    mkdirSync(join(dir, "api"));
    const command = answer("pre-tool-use-bash-cd").hookSpecificOutput.updatedInput.command as string;
    expect(command).toBe("correx run --for model --watchdog --max-bytes 40000 -- bash -c 'cd packages/api && npm test'");
    expect(asCodex(rewritten("cd api && pwd"), dir).stdout).toBe(`${dir}/api\n\nCommand exited with code 0.\n`);
    expect(asCodex(rewritten("pwd"), dir).stdout).toBe(`${dir}\n\nCommand exited with code 0.\n`);
  });

  // Codex's argv shell tools (`shell`, `local_shell`) take updatedInput.command back as shlex::split of it, run without
  // a shell; Python's shlex splits a POSIX line the same way.
  const hasPython = runShell("command -v python3").code === 0;
  test.skipIf(!hasPython)("split into argv as Codex's `shell` tool takes it back, the rewritten command runs the same", () => {
    const command = rewritten(`printf '%s\\n' "it's" | tail -1; exit 3`);
    const run = runWithStore(`python3 -c 'import shlex, subprocess, sys; sys.exit(subprocess.call(shlex.split(sys.argv[1])))' '${command.replace(/'/g, `'\\''`)}'`);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 3, stdout: "it's\n\nCommand exited with code 3.\n" });
  });

  // shell_command's timeout (10 s by default): Codex SIGKILLs the process group of the shell it started
  // (kill_child_process_group), which holds correx and not the group correx runs the command in
  test.skipIf(process.platform !== "linux")("killed as Codex kills a command at its timeout, the wrapped command leaves nothing running", async () => {
    const sleep = uniqueSleep();
    expect(await leftAfterGroupKill(rewritten(`echo started; ${sleep}`), sleep, userEnvironment({ CORREX_SPILL_DIR: createTempDir("codex-hook-store") }), killGroup)).toEqual([]);
  });

  test("a dev server or a watcher is left to Codex, which shows its output as it comes; a build or a test run is wrapped", () => {
    for (const command of ["npm run dev", "vite", "npx vite --port 3000", "next dev", "nodemon server.js", "tail -f log/app.log", "docker compose up", "python -m http.server 8000", "uvicorn app:app --reload", "flask run", "rails s", "npm test -- --watch", "cargo watch -x test", "cd web && npm start"]) {
      const run = runWithStore("correx hook codex", JSON.stringify({ ...loadCodexEvent("pre-tool-use-bash"), tool_input: { command } }));
      expect({ command, stdout: run.stdout, note: /runs until it is stopped/.test(run.stderr) }).toEqual({ command, stdout: "{}\n", note: true });
    }
    for (const command of ["npm run build", "vite build", "jest", "npx jest --coverage", "docker compose up -d", "tail -n 50 log/app.log", "timeout 20 npm run dev"]) {
      expect(rewritten(command)).toContain(" -- bash -c ");
    }
  });

  test("the exit status survives every ending: a code, a signal, a command that is not there", () => {
    for (const [command, code] of [["exit 0", 0], ["exit 42", 42], ["kill -TERM $$", 143], ["no-such-command-here", 127]] as const) {
      expect({ command, code: asCodex(rewritten(command)).code }).toEqual({ command, code });
    }
  });

  test("flags reach the rewritten command and the hooks.json block", () => {
    expect(rewritten("npm test", " --max-lines 50 --max-bytes 4000 --spill-dir '/tmp/a b'")).toBe("correx run --for model --watchdog --max-lines 50 --max-bytes 4000 --spill-dir '/tmp/a b' -- bash -c 'npm test'");
    const settings = JSON.parse(runShell("correx hook codex --print-config --max-bytes 4000").stdout);
    expect(settings.hooks.PreToolUse[0].hooks[0].command).toBe("correx hook codex --max-bytes 4000");
    expect(JSON.parse(runShell("correx hook codex --print-config --max-bytes 40000").stdout).hooks.PreToolUse[0].hooks[0].command).toBe("correx hook codex");
  });

  test("--print-config prints the hooks.json block whose command answers the events its matcher selects", () => {
    const run = runShell("correx hook codex --print-config");
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    const settings = JSON.parse(run.stdout) as { hooks: Record<string, { matcher: string; hooks: { type: string; command: string }[] }[]> };
    expect(settings).toEqual({ hooks: { PreToolUse: [{ matcher: "^Bash$", hooks: [{ type: "command", command: "correx hook codex" }] }] } });
    const entry = settings.hooks.PreToolUse![0]!;
    // Codex tests a matcher as a regular expression (codex-rs/hooks/src/events/common.rs, matches_matcher)
    const selected = codexEventNames().filter((name) => loadCodexEvent(name).hook_event_name === "PreToolUse" && new RegExp(entry.matcher).test(loadCodexEvent(name).tool_name!));
    expect(selected).toEqual(["pre-tool-use-bash", "pre-tool-use-bash-background", "pre-tool-use-bash-bypass", "pre-tool-use-bash-cd", "pre-tool-use-bash-correx", "pre-tool-use-bash-long", "pre-tool-use-bash-npm-test", "pre-tool-use-bash-nvm"]);
    const hook = runWithStore(entry.hooks[0]!.command, readCodexEventText("pre-tool-use-bash-npm-test"));
    expect(JSON.parse(hook.stdout).hookSpecificOutput).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "allow" });
  });

  test("mistakes: a bad flag is a usage error (2, which Codex reads as a block); an unreadable event exits 65, a failed hook, and the tool runs as it was", () => {
    expect(runShell("correx hook codex --permission ask < /dev/null")).toEqual({ stdout: "", stderr: "correx: --permission is for claude-code and gemini-cli (Codex CLI takes a rewrite only with allow, then its approval policy judges the rewritten command)\n", code: 2 });
    expect(runShell("correx hook codex --inactivity-timeout 60 < /dev/null")).toMatchObject({ stdout: "", code: 2 });
    expect(runWithStore("correx hook codex", "not json")).toMatchObject({ code: 65, stdout: "" });
    expect(runWithStore("correx hook codex", JSON.stringify({ session_id: "s", cwd: "/" }))).toMatchObject({ code: 65, stdout: "", stderr: "correx: a Codex CLI hook event has a string hook_event_name (at $.hook_event_name)\n" });
    expect(runWithStore("correx hook codex", JSON.stringify({ hook_event_name: "Stop" }))).toMatchObject({ code: 0, stdout: "{}\n" });
  });

  test("the fixtures are what write-events.mjs writes", () => {
    const dir = createTempDir("codex-hook-fixtures");
    expect(runShell(`node test/fixtures/hooks/codex/write-events.mjs '${dir}'`)).toMatchObject({ code: 0, stderr: "" });
    for (const name of codexEventNames()) expect(readFileSync(join(dir, `${name}.json`), "utf8"), name).toBe(readCodexEventText(name));
  });
});
