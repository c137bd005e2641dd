// `correx hook gemini-cli`, the pure part: one Gemini CLI hook event in, the hook's answer out. BeforeTool on
// run_shell_command runs the command under `correx run`; anything else is left alone. Gemini CLI lets an AfterTool
// hook add context to a result or block it (the model then reads an error), never replace it, so MCP tools' outputs
// are not bounded here (Gemini cuts them to 40,000 characters itself).
import { isRecord } from "../payload.js";
import { stopBeforeLimit } from "./claude-code-limits.js";
import type { HookPermission } from "./claude-code.js";
import { SHELL_TOOL, type GeminiCliHookAnswer, type GeminiCliHookEvent, type ShellToolInput } from "./gemini-cli-types.js";
import { rewriteWholeLine, type PagerBudget } from "./shell-rewrite.js";

/** How the hook answers, validated by the CLI. */
export interface GeminiCliHookOptions {
  /** `ask`: Gemini CLI asks the user before a rewritten command runs; `allow`: its policy decides, on the rewritten command. */
  permission: HookPermission;
  /** The `correx run` command line the shell command runs under, up to `--`, e.g. `correx run --for model --max-bytes 30000`. */
  runPrefix: string;
  /** Gemini CLI's shell inactivity timeout (`tools.shell.inactivityTimeout`) in ms; 0 when it has none. */
  inactivityMs: number;
  /** The budget and store a `correx read`/`grep` line without its own gets (the hook's). */
  pager?: PagerBudget;
}

/** The answer, and why nothing was changed when nothing was (for stderr, which Gemini CLI does not read after JSON). */
export interface GeminiCliHookDecision {
  answer: GeminiCliHookAnswer;
  note?: string;
}

/** Answers one hook event: a rewrite for run_shell_command before it runs, `{}` for anything else. */
export function answerGeminiCliEvent(event: GeminiCliHookEvent, options: GeminiCliHookOptions): GeminiCliHookDecision {
  if (event.hook_event_name === "BeforeTool" && event.tool_name === SHELL_TOOL) return answerShell(event, options);
  if (event.hook_event_name === "AfterTool") return { answer: {}, note: `nothing to do for AfterTool on ${event.tool_name ?? "no tool"}: Gemini CLI lets a hook add to a tool's result, not replace it` };
  return { answer: {}, note: `nothing to do for ${event.hook_event_name} on ${event.tool_name ?? "no tool"}` };
}

/**
 * True when a command line holds `$(`, a backtick, `<(` or `>(` anywhere. Gemini CLI refuses to run a command with
 * a command or process substitution outside single quotes (shell.ts, detectCommandSubstitution); quoted whole for
 * `bash -c`, it would pass that check, so such a line is left for Gemini CLI to judge (quotes or not: a few lines
 * that only print these characters go unbounded).
 */
export function hasSubstitutionSyntax(command: string): boolean {
  return /\$\(|`|[<>]\(/.test(command);
}

/**
 * The `--timeout` that stops a command 7 s before Gemini CLI's inactivity timeout, or undefined without one. correx
 * prints nothing until the command ends, so to Gemini CLI a wrapped command is silent from its start: on that timeout
 * it would end the command and the model would read that there was no output.
 */
export function stopBeforeInactivity(inactivityMs: number): string | undefined {
  return inactivityMs > 0 ? stopBeforeLimit(undefined, { defaultMs: inactivityMs, maxMs: inactivityMs }) : undefined;
}

function answerShell(event: GeminiCliHookEvent, options: GeminiCliHookOptions): GeminiCliHookDecision {
  const input = event.tool_input;
  if (!isRecord(input) || typeof input.command !== "string") return { answer: {}, note: "the run_shell_command input has no command" };
  const shell = input as ShellToolInput;
  if (shell.is_background === true) return { answer: {}, note: "a background command returns its output so far; a wrapper would hold it to the end" };
  if (hasSubstitutionSyntax(shell.command)) return { answer: {}, note: "left as it is: Gemini CLI checks a command substitution itself, which a quoted command would hide" };
  // Gemini CLI runs every command in a new `bash -c`: `cd` or `export` end with it, wrapped or not.
  const rewrite = rewriteWholeLine(shell.command, { keepsState: false }, options.runPrefix, stopBeforeInactivity(options.inactivityMs), options.pager);
  if ("keep" in rewrite) return { answer: {}, note: rewrite.keep };
  return {
    answer: {
      ...(options.permission === "ask" ? { decision: "ask" as const } : {}),
      hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { ...shell, command: rewrite.command } },
    },
  };
}
