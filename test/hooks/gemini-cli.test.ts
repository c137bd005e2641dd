// The Gemini CLI hook's answers, event by event (src/hooks/gemini-cli.ts, no process involved): the recorded events
// of test/fixtures/hooks/gemini-cli/ in, the whole answer out, valid against the schema written from Gemini CLI's source.
import { describe, expect, test } from "vitest";
import { answerGeminiCliEvent, hasSubstitutionSyntax, stopBeforeInactivity, type GeminiCliHookOptions } from "../../src/hooks/gemini-cli.js";
import { geminiCliSettings, SHELL_MATCHER } from "../../src/hooks/gemini-cli-config.js";
import { readGeminiCliEvent } from "../../src/hooks/gemini-cli-types.js";
import { reasonToKeep } from "../../src/hooks/shell-command.js";
import { geminiEventNames, geminiOutputErrors, loadGeminiEvent } from "./gemini-cli-fixtures.js";

const OPTIONS: GeminiCliHookOptions = { permission: "ask", runPrefix: "correx run --for model --max-bytes 30000", inactivityMs: 300_000 };
const answerFor = (name: string, overrides: Partial<GeminiCliHookOptions> = {}) => answerGeminiCliEvent(loadGeminiEvent(name), { ...OPTIONS, ...overrides });
const shellEvent = (command: string) => ({ ...loadGeminiEvent("before-tool-shell"), tool_input: { command } });

describe("BeforeTool on run_shell_command: the command runs under correx run", () => {
  test("the command is quoted whole for bash -c, stopped 7 s before Gemini CLI's inactivity timeout; the other fields stay; the user is asked", () => {
    expect(answerFor("before-tool-shell")).toEqual({
      answer: {
        decision: "ask",
        hookSpecificOutput: {
          hookEventName: "BeforeTool",
          tool_input: {
            command: `correx run --for model --max-bytes 30000 --timeout 293s --kill-after 5s -- bash -c 'printf '\\''%s\\n'\\'' "it'\\''s a \\"quoted\\" line" && sh examples/sum-test.sh'`,
            description: "Run the sum tests",
          },
        },
      },
    });
    expect(answerFor("before-tool-shell-npm-test").answer.hookSpecificOutput!.tool_input).toEqual({
      command: "correx run --for model --max-bytes 30000 --timeout 293s --kill-after 5s -- bash -c 'npm test'",
      description: "Run the tests",
      dir_path: "packages/api",
    });
  });

  test("--permission allow leaves the decision to Gemini CLI's policy: no decision field", () => {
    const answer = answerFor("before-tool-shell-npm-test", { permission: "allow" }).answer;
    expect(answer.decision).toBeUndefined();
    expect(answer.hookSpecificOutput!.tool_input.command).toBe("correx run --for model --max-bytes 30000 --timeout 293s --kill-after 5s -- bash -c 'npm test'");
  });

  test("`cd` and `export` are wrapped: Gemini CLI runs each command in a new bash, so nothing of them outlives it anyway", () => {
    expect(answerFor("before-tool-shell-cd").answer.hookSpecificOutput!.tool_input.command).toBe("correx run --for model --max-bytes 30000 --timeout 293s --kill-after 5s -- bash -c 'cd packages/api && npm test'");
    expect(reasonToKeep("cd packages/api && npm test", { keepsState: false })).toBeUndefined();
    expect(reasonToKeep("export CI=1; npm test", { keepsState: false })).toBeUndefined();
    expect(reasonToKeep("cd packages/api && npm test")).toBe("`cd` changes the shell's own state, which a wrapper would lose");
  });

  test("a line with a background job (`&`) is wrapped: in Gemini CLI's pseudo-terminal the job dies with the shell, under correx it runs on", () => {
    expect(reasonToKeep("npm run dev & sleep 2", { keepsState: false })).toBeUndefined();
    expect(answerGeminiCliEvent(shellEvent("npm run build && (npm start &)"), OPTIONS).answer.hookSpecificOutput!.tool_input.command)
      .toBe("correx run --for model --max-bytes 30000 --timeout 293s --kill-after 5s -- bash -c 'npm run build && (npm start &)'");
  });

  test("no inactivity timeout (0), or one too short to stop before: no --timeout", () => {
    expect(stopBeforeInactivity(300_000)).toBe("293s");
    expect(stopBeforeInactivity(60_000)).toBe("53s");
    expect(stopBeforeInactivity(12_000)).toBe("5s");
    expect(stopBeforeInactivity(11_000)).toBeUndefined();
    expect(stopBeforeInactivity(0)).toBeUndefined();
    expect(answerFor("before-tool-shell-npm-test", { inactivityMs: 0 }).answer.hookSpecificOutput!.tool_input.command).toBe("correx run --for model --max-bytes 30000 -- bash -c 'npm test'");
  });

  test.each([
    ["before-tool-shell-background", "a background command returns its output so far; a wrapper would hold it to the end"],
    ["before-tool-shell-correx", "left as it is: the command already runs under correx"],
    ["before-tool-read-file", "nothing to do for BeforeTool on read_file"],
    ["before-tool-mcp", "nothing to do for BeforeTool on mcp_playwright_browser_snapshot"],
    ["after-tool-mcp", "nothing to do for AfterTool on mcp_playwright_browser_snapshot: Gemini CLI lets a hook add to a tool's result, not replace it"],
    ["after-tool-shell", "nothing to do for AfterTool on run_shell_command: Gemini CLI lets a hook add to a tool's result, not replace it"],
  ])("%s is left as it is: {}", (name, note) => {
    expect(answerFor(name)).toEqual({ answer: {}, note });
  });

  test("a command substitution is left to Gemini CLI, which refuses it outside single quotes (quoted for bash -c, it would slip past)", () => {
    for (const command of ["echo $(whoami)", "echo `id`", "diff <(ls a) <(ls b)", "tee >(wc -l) < f", "bash -c 'echo $(id)'"]) {
      expect(hasSubstitutionSyntax(command), command).toBe(true);
      expect(answerGeminiCliEvent(shellEvent(command), OPTIONS).answer, command).toEqual({});
    }
    for (const command of ["echo $HOME ${PATH}", "ls > out.txt 2>&1", "(cd a && make)", "[ -f x ] && echo y"]) {
      expect(hasSubstitutionSyntax(command), command).toBe(false);
      expect(answerGeminiCliEvent(shellEvent(command), OPTIONS).answer.hookSpecificOutput, command).toBeDefined();
    }
  });

  test("a command too long to wrap is left as it is (Gemini CLI hands it to bash in one argument, at most 128 KiB)", () => {
    expect(answerGeminiCliEvent(shellEvent(`printf '%s' '${"x".repeat(130_000)}' | wc -c`), OPTIONS)).toEqual({
      answer: {},
      note: "left as it is: the command is too long to wrap: quoted once more, it would pass Linux's 128 KiB limit on one argument",
    });
    expect(answerGeminiCliEvent(shellEvent(`printf '%s' '${"x".repeat(100_000)}' | wc -c`), OPTIONS).answer.hookSpecificOutput).toBeDefined();
  });

  test("an input without a command, an empty or unfinished command: {}", () => {
    expect(answerGeminiCliEvent({ ...loadGeminiEvent("before-tool-shell"), tool_input: { description: "x" } }, OPTIONS)).toEqual({ answer: {}, note: "the run_shell_command input has no command" });
    expect(answerGeminiCliEvent(shellEvent("  "), OPTIONS).answer).toEqual({});
    expect(answerGeminiCliEvent(shellEvent("echo 'open"), OPTIONS).answer).toEqual({});
  });

  test.each(geminiEventNames())("%s: the answer is valid against Gemini CLI's output types, both permissions", (name) => {
    expect(geminiOutputErrors(answerFor(name).answer)).toEqual([]);
    expect(geminiOutputErrors(answerFor(name, { permission: "allow" }).answer)).toEqual([]);
  });
});

describe("the event and the settings block", () => {
  test("an event must carry Gemini CLI's base fields; a tool name is a string", () => {
    expect(() => readGeminiCliEvent([])).toThrow("a Gemini CLI hook event is a JSON object (at $)");
    expect(() => readGeminiCliEvent({ session_id: "s", transcript_path: "", cwd: "/" })).toThrow("a Gemini CLI hook event has a string hook_event_name (at $.hook_event_name)");
    expect(() => readGeminiCliEvent({ session_id: "s", transcript_path: "", cwd: "/", hook_event_name: "BeforeTool", tool_name: 3 })).toThrow("tool_name is a string (at $.tool_name)");
    expect(readGeminiCliEvent(loadGeminiEvent("before-tool-shell")).tool_name).toBe("run_shell_command");
  });

  test("the matcher, read as Gemini CLI reads it (new RegExp(matcher).test(name), unanchored), takes the shell tool alone", () => {
    const matches = (name: string): boolean => new RegExp(SHELL_MATCHER).test(name);
    expect(matches("run_shell_command")).toBe(true);
    expect(["mcp_ops_run_shell_command", "run_shell_command_v2", "read_file", "mcp_playwright_browser_snapshot"].filter(matches)).toEqual([]);
    expect(geminiCliSettings("correx hook gemini-cli")).toEqual({
      hooks: { BeforeTool: [{ matcher: "^run_shell_command$", hooks: [{ name: "correx", type: "command", command: "correx hook gemini-cli" }] }] },
    });
  });
});
