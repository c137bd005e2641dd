// boundPagerLine (src/hooks/shell-rewrite.ts): a `correx read`/`correx grep` line typed without a budget (a model that
// copied only "Use offset=N to continue.") gets the hook's, and its store; any other line is left to the rewrite.
import { describe, expect, test } from "vitest";
import { answerCodexEvent } from "../../src/hooks/codex.js";
import { answerGeminiCliEvent } from "../../src/hooks/gemini-cli.js";
import { boundPagerLine, rewriteWholeLine } from "../../src/hooks/shell-rewrite.js";
import { loadCodexEvent } from "./codex-fixtures.js";
import { geminiOutputErrors, loadGeminiEvent } from "./gemini-cli-fixtures.js";

const PAGER = { maxBytes: 40000 };

describe("boundPagerLine", () => {
  test.each([
    ["correx read tool_01abc --offset 2001", "correx read tool_01abc --offset 2001 --max-bytes 40000"],
    ["correx read last", "correx read last --max-bytes 40000"],
    ["correx grep tool_01abc 'error TS' -C 2  ", "correx grep tool_01abc 'error TS' -C 2 --max-bytes 40000"],
    ["./node_modules/.bin/correx read tool_01 --offset 3 --limit 100", "./node_modules/.bin/correx read tool_01 --offset 3 --limit 100 --max-bytes 40000"],
    ["correx read tool_01 --offset 3 2>&1", "correx read tool_01 --offset 3 2>&1 --max-bytes 40000"],
    ["node bin/correx read tool_01 --offset 3", "node bin/correx read tool_01 --offset 3 --max-bytes 40000"],
  ])("%s → the hook's budget added", (line, expected) => {
    expect(boundPagerLine(line, PAGER)).toBe(expected);
  });

  test("the hook's store is added when it has one and the line names none", () => {
    expect(boundPagerLine("correx read tool_01 --offset 9", { maxBytes: 30000, spillDir: "/home/a b/store" })).toBe("correx read tool_01 --offset 9 --max-bytes 30000 --spill-dir '/home/a b/store'");
    expect(boundPagerLine("correx read tool_01 --spill-dir /s --max-bytes=9000", { maxBytes: 30000, spillDir: "/x" })).toBeUndefined();
    expect(boundPagerLine("correx read tool_01 --spill-dir /s", { maxBytes: 30000, spillDir: "/x" })).toBe("correx read tool_01 --spill-dir /s --max-bytes 30000");
  });

  test.each([
    "correx read tool_01 --max-bytes 100000", // the model asked for a budget: its choice
    "correx read tool_01 --offset 3 | head -50", // a pipe: the flags would go to head
    "correx read tool_01 && echo done",
    "correx read tool_01 # the rest",
    "correx grep tool_01 '#include'", // a # anywhere: not read, so not touched
    "correx read $(ls -t ~/.local/state/correx/tool-output | head -1)",
    "correx run -- npm test",
    "correx ls",
    "npx correx read tool_01", // a package runner: the word is npx
    "cat <<EOF | correx bound\nx\nEOF",
    "correx read tool_01 &",
    "correx read 'tool_01",
    "sed -n '1,5p' /tmp/correx/read",
    "node scripts/correx-read.js tool_01",
    "node bin/correx run -- cat big.log",
  ])("%s → left to the rewrite", (line) => {
    expect(boundPagerLine(line, PAGER)).toBeUndefined();
  });

  test("rewriteWholeLine takes it before anything else; without a pager a correx line is kept as before", () => {
    expect(rewriteWholeLine("correx read last --offset 5", { keepsState: false }, "correx run", undefined, PAGER)).toEqual({ command: "correx read last --offset 5 --max-bytes 40000" });
    expect(rewriteWholeLine("correx read last --offset 5", { keepsState: false }, "correx run")).toEqual({ keep: "left as it is: the command already runs under correx" });
    expect(rewriteWholeLine("correx read last --max-bytes 40000", { keepsState: false }, "correx run", undefined, PAGER)).toEqual({ keep: "left as it is: the command already runs under correx" });
  });
});

describe("the Codex CLI and Gemini CLI hooks", () => {
  test("Codex: a read typed without a budget is answered with the hook's budget, allowed as any rewrite", () => {
    const event = { ...loadCodexEvent("pre-tool-use-bash"), tool_input: { command: "correx read tool_01 --offset 2001" } };
    expect(answerCodexEvent(event, { runPrefix: "correx run --for model --max-bytes 40000", pager: PAGER }).answer).toEqual({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "correx read tool_01 --offset 2001 --max-bytes 40000" } },
    });
  });

  test("Gemini CLI: the same, with its budget and the decision it is configured with", () => {
    const base = loadGeminiEvent("before-tool-shell");
    const event = { ...base, tool_input: { ...(base.tool_input as object), command: "correx grep last 'FAIL'" } };
    const answer = answerGeminiCliEvent(event, { permission: "ask", runPrefix: "correx run --for model --max-bytes 30000", inactivityMs: 0, pager: { maxBytes: 30000 } }).answer as unknown as { hookSpecificOutput: { tool_input: { command: string } }; decision?: string };
    expect(answer.hookSpecificOutput.tool_input.command).toBe("correx grep last 'FAIL' --max-bytes 30000");
    expect(answer.decision).toBe("ask");
    expect(geminiOutputErrors(answer)).toEqual([]);
  });
});
