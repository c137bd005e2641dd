// `correx hook codex`, the pure part: one Codex CLI hook event in, the hook's answer out. PreToolUse on Codex's shell
// (`Bash`) runs the command under `correx run`; anything else is left alone: Codex lets a PostToolUse hook add context
// or block, not replace an output (src/hooks/README.md has the facts, read in openai/codex).
import { isRecord } from "../payload.js";
import { CODEX_SHELL_TOOL, type CodexHookAnswer, type CodexHookEvent } from "./codex-types.js";
import { rewriteWholeLine, type PagerBudget } from "./shell-rewrite.js";
import type { AgentShell } from "./shell-command.js";

/** How the hook answers, validated by the CLI. */
export interface CodexHookOptions {
  /** The `correx run` command line the shell command runs under, up to `--`, e.g. `correx run --for model --max-bytes 40000`. */
  runPrefix: string;
  /** The budget and store a `correx read`/`grep` line without its own gets (the hook's). */
  pager?: PagerBudget;
}

/** The answer, and why nothing was changed when nothing was (for stderr, which Codex does not show after JSON). */
export interface CodexHookDecision {
  answer: CodexHookAnswer;
  note?: string;
}

/**
 * Codex's shell: each command in a new process of the user's shell (`zsh -lc`, `bash -lc`), in the tool's `workdir`, so
 * nothing of a `cd` or `export` outlives it; run after Codex's snapshot of the user's startup files, so `nvm` and the
 * like are there, and a wrapper's `bash -c` would not have them. Its unified exec (`exec_command`) gives the model a
 * command's output so far after `yield_time_ms`, so a server or a watcher is left to print as it goes.
 */
const CODEX_SHELL: AgentShell = { keepsState: false, userFunctions: true, readsWhileRunning: true };

const AFTER_TOOL_NOTE = "Codex lets a PostToolUse hook add context or block the result, not replace it";

/** Answers one hook event: a rewrite for the shell before it runs, `{}` for anything else. */
export function answerCodexEvent(event: CodexHookEvent, options: CodexHookOptions): CodexHookDecision {
  const tool = event.tool_name ?? "no tool";
  if (event.hook_event_name === "PreToolUse" && event.tool_name === CODEX_SHELL_TOOL) return answerShell(event, options);
  if (event.hook_event_name === "PostToolUse") return { answer: {}, note: `nothing to do for PostToolUse on ${tool}: ${AFTER_TOOL_NOTE}` };
  return { answer: {}, note: `nothing to do for ${event.hook_event_name} on ${tool}` };
}

function answerShell(event: CodexHookEvent, options: CodexHookOptions): CodexHookDecision {
  const input = event.tool_input;
  if (!isRecord(input) || typeof input.command !== "string") return { answer: {}, note: "the Bash tool input has no command" };
  // a Codex that describes an argv or a PowerShell script (`kind`) would not take a command line in its place
  if (input.kind !== undefined && input.kind !== "script") return { answer: {}, note: `left as it is: a ${String(input.kind)} input is not a shell command line` };
  const rewrite = rewriteWholeLine(input.command, CODEX_SHELL, options.runPrefix, undefined, options.pager);
  if ("keep" in rewrite) return { answer: {}, note: rewrite.keep };
  // Codex applies `updatedInput` only with `allow`, which grants nothing: its sandbox, approval policy and rules then
  // judge the rewritten command as any other (`ask` is refused, and the hook counted as failed)
  return { answer: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { ...input, command: rewrite.command } } } };
}
