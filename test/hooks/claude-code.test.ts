// The Claude Code hook's answers, event by event (src/hooks/claude-code.ts, no process involved): the recorded
// events of test/fixtures/hooks/ in, the whole answer out, valid against the schema derived from the hooks reference.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { answerClaudeCodeEvent, MAX_WRAPPED_BYTES, permissionFor, wrapCommand, type ClaudeCodeHookOptions } from "../../src/hooks/claude-code.js";
import { bashTimeLimits } from "../../src/hooks/claude-code-limits.js";
import { isMcpToolName } from "../../src/hooks/claude-code-types.js";
import { SpillStore } from "../../src/spill/store.js";
import { hookEventNames, hookOutputErrors, loadHookEvent } from "./fixtures.js";

const REASON = "correx bounds the output for the model and saves the full output (correx read ID pages it)";

/** Options as `correx hook claude-code` builds them by default, with a private store. */
function createOptions(overrides: Partial<ClaudeCodeHookOptions> = {}): ClaudeCodeHookOptions & { store: SpillStore } {
  const store = new SpillStore(join(mkdtempSync(join(tmpdir(), "correx-hook-")), "tool-output"));
  store.prepare();
  return { permission: "ask", runPrefix: "correx run --max-bytes 30000", bashLimits: { defaultMs: 120_000, maxMs: 600_000 }, project: () => ({ budget: { maxLines: 2000, maxBytes: 30000 }, spill: { store } }), store, ...overrides };
}

const answerFor = (name: string, overrides: Partial<ClaudeCodeHookOptions> = {}) => answerClaudeCodeEvent(loadHookEvent(name), createOptions(overrides));
const utf8Bytes = (text: string): number => Buffer.byteLength(text, "utf8");

describe("PreToolUse on Bash: the command runs under correx run", () => {
  test("the command is quoted whole for bash -c; description and timeout stay; the user is asked", () => {
    expect(answerFor("pre-tool-use-bash")).toEqual({
      answer: {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "ask",
          permissionDecisionReason: REASON,
          updatedInput: {
            command: `correx run --max-bytes 30000 --timeout 113s --kill-after 5s -- bash -c 'printf '\\''%s\\n'\\'' "it'\\''s a \\"quoted\\" line" && sh examples/sum-test.sh'`,
            description: "Run the sum tests",
            timeout: 120000,
          },
        },
      },
    });
  });

  test("a file written with a here-document, then run: the body (an `export`, a lone `'`) is data, so the command is wrapped", () => {
    const command = (loadHookEvent("pre-tool-use-bash-heredoc").tool_input as { command: string }).command;
    expect(answerFor("pre-tool-use-bash-heredoc").answer.hookSpecificOutput).toMatchObject({
      permissionDecision: "ask",
      updatedInput: { command: wrapCommand(command, "correx run --max-bytes 30000", "113s"), description: "Write the sum test and run it" },
    });
  });

  test("--permission allow runs it at once; a bypassPermissions session allows it whatever was configured", () => {
    expect(answerFor("pre-tool-use-bash", { permission: "allow" }).answer.hookSpecificOutput).toMatchObject({ permissionDecision: "allow" });
    expect(answerFor("pre-tool-use-bash-bypass").answer.hookSpecificOutput).toEqual({
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      permissionDecisionReason: REASON,
      updatedInput: { command: "correx run --max-bytes 30000 --timeout 113s --kill-after 5s -- bash -c 'git log --oneline -50'", description: "Show recent commits" },
    });
  });

  test.each([
    [undefined, "ask", "ask"], ["default", "ask", "ask"], ["acceptEdits", "ask", "ask"], ["plan", "ask", "ask"], ["auto", "ask", "ask"],
    ["bypassPermissions", "ask", "allow"], ["dontAsk", "ask", undefined],
    ["default", "allow", "allow"], ["dontAsk", "allow", "allow"], ["bypassPermissions", "allow", "allow"],
  ] as const)("permission mode %s with --permission %s: %s", (mode, configured, decision) => {
    expect(permissionFor(mode, configured)).toBe(decision);
  });

  test.each([
    ["pre-tool-use-bash-background", "a background command is read while it runs; a wrapper would hold its output to the end"],
    ["pre-tool-use-bash-correx", "left as it is: the command already runs under correx"],
    ["pre-tool-use-bash-dont-ask", "left as it is: a dontAsk session would refuse a rewritten command that needs approval"],
    ["pre-tool-use-read", "nothing to do for PreToolUse on Read"],
  ])("%s: changes nothing (%s)", (name, note) => {
    expect(answerFor(name)).toEqual({ answer: {}, note });
  });

  test("a leading `cd DIR &&` stays in Claude Code's shell, where the directory lives on; only the rest runs under correx", () => {
    expect(answerFor("pre-tool-use-bash-cd").answer.hookSpecificOutput).toEqual({
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: REASON,
      updatedInput: { command: "cd packages/api && correx run --max-bytes 30000 --timeout 113s --kill-after 5s -- bash -c 'npm test'", description: "Run the API tests" },
    });
    const rewrite = (command: string) => answerClaudeCodeEvent({ ...loadHookEvent("pre-tool-use-bash-cd"), tool_input: { command } }, createOptions());
    // the rest is quoted as a whole command would be; the cd's own words are left as they were written
    expect((rewrite(`cd "$dir"; printf '%s\n' "it's" | tail -1`).answer.hookSpecificOutput as { updatedInput: Record<string, unknown> }).updatedInput.command)
      .toBe(`cd "$dir"; ${wrapCommand(`printf '%s\n' "it's" | tail -1`, "correx run --max-bytes 30000", "113s")}`);
    expect(rewrite("cd a && npm test || echo failed").note).toBe("left as it is: `cd` changes the shell's own state, which a wrapper would lose; after `cd … &&`, a `;`, `||` or new line runs even when the `cd` fails, so the `cd` cannot run apart");
    // a leading export, venv activate or pushd to /dev/null is split off the same way; a generic source is not
    for (const [command, prefix, rest] of [
      ["export NODE_ENV=test && npm test", "export NODE_ENV=test && ", "npm test"],
      ["cd api && source .venv/bin/activate && pytest -x", "cd api && source .venv/bin/activate && ", "pytest -x"],
      ["pushd web >/dev/null && npm run build", "pushd web >/dev/null && ", "npm run build"],
    ] as const) {
      expect((rewrite(command).answer.hookSpecificOutput as { updatedInput: Record<string, unknown> }).updatedInput.command)
        .toBe(`${prefix}${wrapCommand(rest, "correx run --max-bytes 30000", "113s")}`);
    }
    expect(rewrite("source env.sh && make")).toEqual({ answer: {}, note: "left as it is: `source` changes the shell's own state, which a wrapper would lose" });
    // rewritten once, the line runs correx: not rewritten again
    const once = rewrite("cd packages/api && npm test").answer.hookSpecificOutput as { updatedInput: Record<string, unknown> };
    expect(rewrite(String(once.updatedInput.command))).toEqual({ answer: {}, note: "left as it is: the command already runs under correx" });
  });

  test("a rewritten command is not rewritten again", () => {
    const event = loadHookEvent("pre-tool-use-bash");
    const once = answerClaudeCodeEvent(event, createOptions()).answer.hookSpecificOutput as { updatedInput: Record<string, unknown> };
    const twice = answerClaudeCodeEvent({ ...event, tool_input: once.updatedInput }, createOptions());
    expect(twice).toEqual({ answer: {}, note: "left as it is: the command already runs under correx" });
  });

  test("the command is stopped 7 s before Claude Code's limit for it: the tool input's timeout, else the default, at most the maximum", () => {
    const wrapped = (timeout: unknown, limits = { defaultMs: 120_000, maxMs: 600_000 }) => {
      const event = loadHookEvent("pre-tool-use-bash");
      const input = { ...(event.tool_input as Record<string, unknown>), timeout };
      const answer = answerClaudeCodeEvent({ ...event, tool_input: input }, createOptions({ bashLimits: limits })).answer.hookSpecificOutput as { updatedInput: Record<string, unknown> };
      return /^correx run --max-bytes 30000 (.*?)-- bash -c /.exec(String(answer.updatedInput.command))![1];
    };
    expect(wrapped(300_000)).toBe("--timeout 293s --kill-after 5s ");
    expect(wrapped(undefined)).toBe("--timeout 113s --kill-after 5s ");
    expect(wrapped(3_600_000)).toBe("--timeout 593s --kill-after 5s ");
    expect(wrapped("soon")).toBe("--timeout 113s --kill-after 5s ");
    expect(wrapped(30_500)).toBe("--timeout 23s --kill-after 5s ");
    expect(wrapped(undefined, { defaultMs: 1_800_000, maxMs: 7_200_000 })).toBe("--timeout 1793s --kill-after 5s ");
    // a limit under 12 s leaves no room for the grace and the margin: Claude Code's own limit applies
    expect(wrapped(11_000)).toBe("");
    expect(wrapped(12_000)).toBe("--timeout 5s --kill-after 5s ");
  });

  test("Claude Code's limits from its variables, read as it reads them", () => {
    expect(bashTimeLimits({})).toEqual({ defaultMs: 120_000, maxMs: 600_000 });
    expect(bashTimeLimits({ BASH_DEFAULT_TIMEOUT_MS: "1800000", BASH_MAX_TIMEOUT_MS: "7200000" })).toEqual({ defaultMs: 1_800_000, maxMs: 7_200_000 });
    // the maximum is never under the default; a value that is not a positive number is ignored
    expect(bashTimeLimits({ BASH_DEFAULT_TIMEOUT_MS: "900000" })).toEqual({ defaultMs: 900_000, maxMs: 900_000 });
    expect(bashTimeLimits({ BASH_DEFAULT_TIMEOUT_MS: "-5", BASH_MAX_TIMEOUT_MS: "ten" })).toEqual({ defaultMs: 120_000, maxMs: 600_000 });
    expect(bashTimeLimits({ BASH_DEFAULT_TIMEOUT_MS: "300000ms" })).toEqual({ defaultMs: 300_000, maxMs: 600_000 });
  });

  test("a command too long to wrap is left as it is: quoted once more by Claude Code, it would pass Linux's 128 KiB limit on one argument", () => {
    // a file written with a heredoc, as Claude Code writes one: every `'` costs 12 bytes once wrapped and quoted again
    const heredoc = (lines: number) => `cat > src/consts.js <<'EOF'\n${Array.from({ length: lines }, (_, index) => `const s${index} = 'v';`).join("\n")}\nEOF\nnode --check src/consts.js`;
    const event = loadHookEvent("pre-tool-use-bash");
    const answer = (command: string) => answerClaudeCodeEvent({ ...event, tool_input: { command } }, createOptions());
    expect(heredoc(3000).length).toBeLessThan(MAX_WRAPPED_BYTES / 2);
    expect(answer(heredoc(3000))).toEqual({ answer: {}, note: "left as it is: the command is too long to wrap: quoted once more, it would pass Linux's 128 KiB limit on one argument" });
    const fits = answer(heredoc(1500)).answer.hookSpecificOutput as { updatedInput: Record<string, unknown> };
    expect(String(fits.updatedInput.command).startsWith("correx run --max-bytes 30000 --timeout 113s --kill-after 5s -- bash -c 'cat > src/consts.js <<'\\''EOF'\\''")).toBe(true);
    expect(answer("x".repeat(MAX_WRAPPED_BYTES)).note).toContain("too long to wrap");
  });

  test("wrapCommand quotes only what needs it", () => {
    expect(wrapCommand("ls", "correx run")).toBe("correx run -- bash -c ls");
    expect(wrapCommand("echo 'a b'", "correx run")).toBe(`correx run -- bash -c 'echo '\\''a b'\\'''`);
  });
});

describe("PostToolUse on MCP tools: the output is bounded in the shape it came in", () => {
  test("content blocks: one text block cut to the budget, the error at the end kept, the full output saved", () => {
    const options = createOptions();
    const { answer } = answerClaudeCodeEvent(loadHookEvent("post-tool-use-mcp-text"), options);
    const output = (answer.hookSpecificOutput as { updatedMCPToolOutput: { type: string; text: string }[] }).updatedMCPToolOutput;
    expect(output).toHaveLength(1);
    expect(output[0]!.type).toBe("text");
    const text = output[0]!.text;
    expect(utf8Bytes(JSON.stringify(output))).toBeLessThanOrEqual(30000);
    expect(text.startsWith("\n> report@1.0.0 build\n")).toBe(true);
    expect(text.trimEnd().endsWith("Found 1 error in src/main.ts:14")).toBe(true);
    expect(text).not.toContain("\u001b[");
    const id = /correx read (tool_\w+)/.exec(text)![1]!;
    expect(readFileSync(`${options.store.dataPath(id)}.text`, "utf8")).toContain("Type 'string' is not assignable to type 'number'.");
  });

  test("text and an image: the text is cut, the image passes through byte for byte", () => {
    const event = loadHookEvent("post-tool-use-mcp-image");
    const blocks = event.tool_response as { type: string }[];
    const output = (answerClaudeCodeEvent(event, createOptions()).answer.hookSpecificOutput as { updatedMCPToolOutput: { type: string; text?: string }[] }).updatedMCPToolOutput;
    expect(output.map((block) => block.type)).toEqual(["text", "image"]);
    expect(output[1]).toEqual(blocks[1]);
    expect(output[0]!.text).toContain("[... omitted ");
    expect(output[0]!.text!.trimEnd().endsWith(`- link "Order #10999 shipped" [ref=e612]`)).toBe(true);
  });

  test("a string stays a string, cut to the budget", () => {
    const output = (answerFor("post-tool-use-mcp-string").answer.hookSpecificOutput as { updatedMCPToolOutput: string }).updatedMCPToolOutput;
    expect(typeof output).toBe("string");
    expect(utf8Bytes(output)).toBeLessThanOrEqual(30000);
    expect(output.startsWith("id,total\n1,0.50\n")).toBe(true);
    expect(output.endsWith("4000,93.50\n")).toBe(true);
  });

  test.each([
    ["post-tool-use-mcp-small", "mcp__memory__search_nodes: the output fits the budget"],
  ])("%s: changes nothing (%s)", (name, note) => {
    expect(answerFor(name)).toEqual({ answer: {}, note });
  });

  test.each([
    ["mcp__github__list_issues", true], ["mcp__my-server__a__b", true], ["mcp__", false], ["mcp__server", false], ["Bash", false], [undefined, false],
  ])("%s is an MCP tool name: %s", (name, expected) => {
    expect(isMcpToolName(name)).toBe(expected);
  });
});

describe("PostToolUse on Bash: the output of a command left as it was is bounded as updatedToolOutput", () => {
  type BashOutput = { stdout: string; stderr: string; interrupted: boolean } & Record<string, unknown>;
  const bashOutputOf = (decision: { answer: { hookSpecificOutput?: unknown } }): BashOutput => (decision.answer.hookSpecificOutput as { updatedToolOutput: BashOutput }).updatedToolOutput;

  /** A build log of `lines` lines of ~60 characters, one compiler error at line `errorAt`. */
  const buildLog = (lines: number, errorAt: number): string =>
    Array.from({ length: lines }, (_, index) => (index + 1 === errorAt ? "src/parser.c:212:9: error: 'tok' undeclared (first use in this function)" : `[${String(index + 1).padStart(5)}/${lines}] Building C object CMakeFiles/app.dir/src/m${index + 1}.c.o`)).join("\n") + "\n";

  test("a long stdout (2,204 lines, under Claude Code's 30,000 characters): cut to the budget, the error in the middle kept, the whole saved", () => {
    const options = createOptions();
    const decision = answerFor("post-tool-use-bash-long", { project: options.project });
    const output = bashOutputOf(decision);
    expect(decision.answer.hookSpecificOutput).toEqual({ hookEventName: "PostToolUse", updatedToolOutput: output });
    expect(Object.keys(output)).toEqual(["stdout", "stderr", "interrupted", "noOutputExpected"]);
    expect(output).toMatchObject({ stderr: "", interrupted: false, noOutputExpected: false });
    expect(output.stdout.trimEnd().split("\n").length).toBeLessThanOrEqual(2000);
    expect(output.stdout.startsWith("  CC  m1.o\n")).toBe(true);
    expect(output.stdout).toContain("m1101.c:212:9: error: 'tok' undeclared (first use in this function)");
    expect(output.stdout).toContain("make: *** [Makefile:12: m1101.o] Error 1");
    // Claude Code's own note (stderr) comes after the output, as its tool_result shows it
    expect(output.stdout.trimEnd().endsWith("make: Target 'all' not remade because of errors.\nShell cwd was reset to /home/dev/shop")).toBe(true);
    const id = /correx read (tool_\w+)/.exec(output.stdout)![1]!;
    // saved as it was bounded: the output, then Claude Code's note on a line of its own (one file: the text is the input)
    const saved = readFileSync(options.store.dataPath(id), "utf8");
    expect(saved).toContain("  CC  m550.o\n");
    const stdout = (loadHookEvent("post-tool-use-bash-long").tool_response as BashOutput).stdout;
    expect(saved).toBe(`${stdout}${stdout.endsWith("\n") ? "" : "\n"}Shell cwd was reset to /home/dev/shop`);
    expect(existsSync(`${options.store.dataPath(id)}.text`)).toBe(false);
  });

  test("an output Claude Code saved (persistedOutputPath; stdout holds its first 30,000 characters): the whole file is bounded, not the preview", () => {
    const options = createOptions();
    const whole = buildLog(4000, 3100);
    expect(whole.length).toBeGreaterThan(200_000);
    const path = join(mkdtempSync(join(tmpdir(), "correx-hook-persisted-")), "b7xk2m9qa.txt");
    writeFileSync(path, whole);
    const event = {
      ...loadHookEvent("post-tool-use-bash-long"),
      tool_input: { command: "cd build && cmake --build . -- -k 0 2>&1 | tee build.log", description: "Build" },
      tool_response: { stdout: whole.slice(0, 30000), stderr: "", interrupted: false, isImage: false, noOutputExpected: false, staleReadFileStateHint: "[This command modified 1 file you've previously read: build.log. Call Read before editing.]", persistedOutputPath: path, persistedOutputSize: Buffer.byteLength(whole) },
    };
    expect(event.tool_response.stdout).not.toContain("error:");
    const output = bashOutputOf(answerClaudeCodeEvent(event, options));
    // no persistedOutputPath: Claude Code would show the model a 2 KB preview of the replacement again
    expect(Object.keys(output).sort()).toEqual(["interrupted", "noOutputExpected", "staleReadFileStateHint", "stderr", "stdout"]);
    expect(output.stdout).toContain("src/parser.c:212:9: error: 'tok' undeclared (first use in this function)");
    expect(output.stdout).toContain("[ 4000/4000] Building C object");
    // the note Claude Code writes after stdout has its room kept: the tool_result stays under 30,000
    expect(utf8Bytes(output.stdout) + 1 + utf8Bytes(String(output.staleReadFileStateHint))).toBeLessThanOrEqual(30000);
    const id = /correx read (tool_\w+)/.exec(output.stdout)![1]!;
    expect(readFileSync(options.store.dataPath(id), "utf8")).toBe(whole);
  });

  test("a saved output that fits the budget is replaced all the same: Claude Code would preview it", () => {
    const whole = buildLog(600, 300);
    const path = join(mkdtempSync(join(tmpdir(), "correx-hook-persisted-")), "out.txt");
    writeFileSync(path, whole);
    const event = { ...loadHookEvent("post-tool-use-bash-long"), tool_response: { stdout: whole.slice(0, 2000), stderr: "", interrupted: false, persistedOutputPath: path, persistedOutputSize: whole.length } };
    expect(bashOutputOf(answerClaudeCodeEvent(event, createOptions({ project: () => ({ budget: { maxLines: 2000, maxBytes: 60000 } }) })))).toEqual({ stdout: whole, stderr: "", interrupted: false });
  });

  test("a saved output whose file is gone: its first part, as the hook got it, is bounded, and the note says why", () => {
    const stdout = buildLog(2500, 1200).slice(0, 30000);
    const event = { ...loadHookEvent("post-tool-use-bash-long"), tool_response: { stdout, stderr: "", interrupted: true, persistedOutputPath: "/nonexistent/tool-results/x.txt", persistedOutputSize: 160000 } };
    const decision = answerClaudeCodeEvent(event, createOptions());
    expect(decision.note).toBe("Bash: the saved output /nonexistent/tool-results/x.txt could not be read (ENOENT): its first part, as the hook got it, is bounded");
    expect(bashOutputOf(decision)).toMatchObject({ stderr: "", interrupted: true });
    expect(bashOutputOf(decision).stdout).toContain("[    1/2500] Building C object");
  });

  test.each([
    ["post-tool-use-bash", "Bash: the output fits the budget"],
    ["post-tool-use-bash-correx", "Bash: the command ran under correx, its output is bounded already"],
  ])("%s: changes nothing (%s)", (name, note) => {
    expect(answerFor(name)).toEqual({ answer: {}, note });
  });

  test("the correx-run output would have been cut otherwise: it is the command line that leaves it alone", () => {
    const event = loadHookEvent("post-tool-use-bash-correx");
    expect(answerClaudeCodeEvent({ ...event, tool_input: { command: "make -k 2>&1" } }, createOptions()).answer.hookSpecificOutput).toMatchObject({ updatedToolOutput: { interrupted: false } });
  });

  test.each([
    [{ stdout: 42, stderr: "" }, "Bash: not a Bash output correx can read (no stdout and stderr strings)"],
    ["a string", "Bash: not a Bash output correx can read (no stdout and stderr strings)"],
    [{ stdout: "", stderr: "", interrupted: false, backgroundTaskId: "b1x" }, "Bash: the command runs in the background; its output is read later"],
    [{ stdout: "iVBORw0KGgo", stderr: "", interrupted: false, isImage: true }, "Bash: the output is an image"],
  ])("an output correx does not replace: %j", (response, note) => {
    expect(answerClaudeCodeEvent({ ...loadHookEvent("post-tool-use-bash"), tool_response: response }, createOptions())).toEqual({ answer: {}, note });
  });

  test("an error while bounding (a store that cannot be written) leaves the output as it is: {} and a note, never a failure", () => {
    const failing = createOptions({ project: () => { throw new Error("EACCES: permission denied, mkdir '/store'"); } });
    expect(answerClaudeCodeEvent(loadHookEvent("post-tool-use-bash-long"), failing)).toEqual({ answer: {}, note: "Bash: the output is left as it is: EACCES: permission denied, mkdir '/store'" });
    expect(answerClaudeCodeEvent(loadHookEvent("post-tool-use-mcp-text"), failing).answer).toEqual({});
  });
});

describe("PostToolUseFailure on Bash: nothing to add, the event holds only what the model reads", () => {
  test("a failed build (98 KB, the error at 55 %): the error Claude Code gives is its cut text; the hook answers {} and says why", () => {
    const event = loadHookEvent("post-tool-use-failure-bash");
    const output = readFileSync(new URL("../fixtures/salience/npm-workspaces-script-error.txt", import.meta.url), "utf8");
    // what Claude Code 2.1.335 keeps of a failed command (src/hooks/README.md): `Exit code 1`, then the first 30,000
    // bytes of the output, of which the first and last 5,000 characters; the error past them is in neither
    expect(event.error!.length).toBeLessThanOrEqual(10_000 + "\n\n... [20012 characters truncated] ...\n\n".length);
    expect(event.error!.startsWith(`Exit code 1\n${output.slice(0, 4988)}\n\n... [20012 characters truncated] ...\n\n`)).toBe(true);
    expect(event.error!.endsWith(output.slice(25_000, 30_000).trimEnd())).toBe(true);
    expect(output).toContain("TypeError: Cannot read properties of null (reading 'reduce')");
    expect(event.error).not.toContain("TypeError");
    // no store is opened: the budget and store are asked for only to bound something
    const noStore = createOptions({ project: () => { throw new Error("no store is needed"); } });
    expect(answerClaudeCodeEvent(event, noStore)).toEqual({
      answer: {},
      note: "nothing to do for PostToolUseFailure on Bash: its error is the text the model reads, already cut by Claude Code (the first 30,000 bytes of the output, at most 10,000 characters shown), and the rest is deleted",
    });
  });
});

describe("every answer is valid Claude Code hook output", () => {
  test.each(hookEventNames())("%s", (name) => {
    expect(hookOutputErrors(answerFor(name).answer)).toEqual([]);
  });

  test("the schema refuses what Claude Code would not take", () => {
    expect(hookOutputErrors({ hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { command: "ls" } } })).not.toEqual([]);
    expect(hookOutputErrors({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedInput: {} } })).not.toEqual([]);
    expect(hookOutputErrors({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "yes" } })).not.toEqual([]);
    expect(hookOutputErrors({ permissionDecision: "allow" })).not.toEqual([]);
    // a Bash replacement is a Bash output: stdout, stderr and interrupted, never the persisted file's fields
    expect(hookOutputErrors({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "bounded text" } })).not.toEqual([]);
    expect(hookOutputErrors({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stdout: "x", stderr: "" } } })).not.toEqual([]);
    expect(hookOutputErrors({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stdout: "x", stderr: "", interrupted: false, persistedOutputPath: "/tmp/x.txt" } } })).not.toEqual([]);
    expect(hookOutputErrors({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: { stdout: "x", stderr: "", interrupted: false } } })).toEqual([]);
  });
});
