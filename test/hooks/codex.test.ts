// The Codex CLI hook's answers, event by event (src/hooks/codex.ts, no process involved): the recorded events of
// test/fixtures/hooks/codex/ (valid against Codex's own input schemas) in, the whole answer out, valid against
// Codex's own output schemas (test/hooks/codex-schema/).
import { describe, expect, test } from "vitest";
import { answerCodexEvent, type CodexHookOptions } from "../../src/hooks/codex.js";
import { CODEX_SHELL_MATCHER, codexSettings } from "../../src/hooks/codex-config.js";
import { readCodexEvent } from "../../src/hooks/codex-types.js";
import { MAX_WRAPPED_BYTES } from "../../src/hooks/shell-rewrite.js";
import { codexEventErrors, codexEventNames, codexOutputErrors, loadCodexEvent } from "./codex-fixtures.js";

const OPTIONS: CodexHookOptions = { runPrefix: "correx run --for model --max-bytes 40000" };
const answerFor = (name: string) => answerCodexEvent(loadCodexEvent(name), OPTIONS);
const shellEvent = (tool_input: Record<string, unknown>) => ({ ...loadCodexEvent("pre-tool-use-bash"), tool_input });
const rewrite = (command: string) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command } } });

describe("PreToolUse on Bash (Codex's shell tools): the command runs under correx run", () => {
  test("the command is quoted whole for bash -c, with --for model and Codex's budget, answered with allow", () => {
    expect(answerFor("pre-tool-use-bash")).toEqual({
      answer: rewrite(`correx run --for model --max-bytes 40000 -- bash -c 'printf '\\''%s\\n'\\'' "it'\\''s a \\"quoted\\" line" && sh examples/sum-test.sh'`),
    });
    expect(answerFor("pre-tool-use-bash-npm-test")).toEqual({ answer: rewrite("correx run --for model --max-bytes 40000 -- bash -c 'npm test'") });
  });

  test("a leading cd is wrapped with the rest: Codex starts each command in a new shell, so nothing of it outlived the command", () => {
    expect(answerFor("pre-tool-use-bash-cd")).toEqual({ answer: rewrite("correx run --for model --max-bytes 40000 -- bash -c 'cd packages/api && npm test'") });
    expect(answerCodexEvent(shellEvent({ command: "export CI=1; npm test" }), OPTIONS).answer).toEqual(rewrite("correx run --for model --max-bytes 40000 -- bash -c 'export CI=1; npm test'"));
  });

  test("the approval mode changes nothing: Codex takes a rewrite only with allow, then judges the rewritten command itself", () => {
    expect(answerFor("pre-tool-use-bash-bypass")).toEqual({ answer: rewrite("correx run --for model --max-bytes 40000 -- bash -c 'git log --oneline -20'") });
  });

  test("a line with a background job (`&`) that starts no server is wrapped: correx reads the job for 2 s after the line ends and leaves it running", () => {
    expect(answerCodexEvent(shellEvent({ command: "make -j4 assets & make check" }), OPTIONS).answer).toEqual(rewrite("correx run --for model --max-bytes 40000 -- bash -c 'make -j4 assets & make check'"));
  });

  test("fields of the input other than command are given back as they came; an input that is not a command line is left alone", () => {
    expect(answerCodexEvent(shellEvent({ command: "make", kind: "script" }), OPTIONS).answer).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "correx run --for model --max-bytes 40000 -- bash -c make", kind: "script" } },
    });
    expect(answerCodexEvent(shellEvent({ command: "make test", kind: "argv", program: "make", args: ["test"] }), OPTIONS)).toEqual({ answer: {}, note: "left as it is: a argv input is not a shell command line" });
    expect(answerCodexEvent(shellEvent({ cmd: "make" }), OPTIONS)).toEqual({ answer: {}, note: "the Bash tool input has no command" });
  });

  test.each([
    ["pre-tool-use-bash-nvm", "left as it is: `nvm` is a shell function from the user's startup files, which a wrapper's shell would not have"],
    ["pre-tool-use-bash-background", "left as it is: `npm run dev > /tmp/dev.log 2>&1` runs until it is stopped (a server, a watcher): the agent shows its output as it comes, a wrapper would show nothing until it ends"],
    ["pre-tool-use-bash-correx", "left as it is: the command already runs under correx"],
    ["pre-tool-use-apply-patch", "nothing to do for PreToolUse on apply_patch"],
    ["pre-tool-use-mcp", "nothing to do for PreToolUse on mcp__playwright__browser_snapshot"],
    ["post-tool-use-bash", "nothing to do for PostToolUse on Bash: Codex lets a PostToolUse hook add context or block the result, not replace it"],
    ["post-tool-use-mcp", "nothing to do for PostToolUse on mcp__playwright__browser_snapshot: Codex lets a PostToolUse hook add context or block the result, not replace it"],
  ])("%s is left as it is: {}", (name, note) => {
    expect(answerFor(name)).toEqual({ answer: {}, note });
  });

  test("a command too long to wrap is left as it is (Codex hands it to the shell in one argument, at most 128 KiB)", () => {
    const command = `cat > big.js <<'EOF'\n${"x = 'a';\n".repeat(MAX_WRAPPED_BYTES / 9)}EOF`;
    expect(answerCodexEvent(shellEvent({ command }), OPTIONS)).toEqual({ answer: {}, note: "left as it is: the command is too long to wrap: quoted once more, it would pass Linux's 128 KiB limit on one argument" });
  });
});

describe("the recorded events and the answers, against Codex's own schemas", () => {
  test.each(codexEventNames())("%s: the event is one Codex writes, the answer one Codex takes", (name) => {
    const event = loadCodexEvent(name);
    expect(codexEventErrors(event)).toEqual([]);
    expect(readCodexEvent(event)).toBe(event);
    expect(codexOutputErrors(event.hook_event_name, answerFor(name).answer)).toEqual([]);
  });

  test("the schemas refuse what Codex refuses: ask, allow without updatedInput, updatedInput without allow, a replaced output", () => {
    const pre = (output: Record<string, unknown>) => codexOutputErrors("PreToolUse", { hookSpecificOutput: { hookEventName: "PreToolUse", ...output } });
    expect(pre({ permissionDecision: "ask", updatedInput: { command: "x" } })).not.toEqual([]);
    expect(pre({ permissionDecision: "allow" })).not.toEqual([]);
    expect(pre({ updatedInput: { command: "x" } })).not.toEqual([]);
    expect(pre({ permissionDecision: "allow", updatedInput: { command: "x" } })).toEqual([]);
    expect(codexOutputErrors("PostToolUse", { hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: { content: [] } } })).not.toEqual([]);
    expect(codexOutputErrors("PostToolUse", { hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "x" } })).not.toEqual([]);
  });

  test("an event that is not one is an InputError naming the JSON path and the agent", () => {
    expect(() => readCodexEvent([])).toThrow("a Codex CLI hook event is a JSON object");
    expect(() => readCodexEvent({ tool_name: "Bash" })).toThrow("a Codex CLI hook event has a string hook_event_name");
  });
});

describe("the hooks.json block", () => {
  test("PreToolUse on Codex's shell alone: the matcher is anchored (Codex tests it as a regular expression)", () => {
    expect(codexSettings("correx hook codex")).toEqual({ hooks: { PreToolUse: [{ matcher: "^Bash$", hooks: [{ type: "command", command: "correx hook codex" }] }] } });
    const matcher = new RegExp(CODEX_SHELL_MATCHER);
    expect(["Bash"].every((name) => matcher.test(name))).toBe(true);
    expect(["apply_patch", "mcp__shell__Bash", "Bashful"].some((name) => matcher.test(name))).toBe(false);
  });
});
