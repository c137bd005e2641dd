// `correx hook claude-code`, the pure part: one Claude Code hook event in, the hook's answer out.
// PreToolUse on Bash runs the command under `correx run`; PostToolUse bounds the output of a Bash command left as it
// was (`updatedToolOutput`) and of an MCP tool (`updatedMCPToolOutput`).
import { isRecord } from "../payload.js";
import type { ProjectOptions } from "../project/project.js";
import { isMcpToolName, type BashToolInput, type ClaudeCodeHookAnswer, type ClaudeCodeHookEvent } from "./claude-code-types.js";
import { stopBeforeLimit, type BashTimeLimits } from "./claude-code-limits.js";
import { boundBashToolOutput } from "./bash-output.js";
import { boundMcpToolOutput } from "./mcp-output.js";
import { planWrap, runsCorrex } from "./shell-command.js";
import { reasonNotToWrap, wrapCommand } from "./shell-rewrite.js";

export { MAX_WRAPPED_BYTES, reasonNotToWrap, wrapCommand } from "./shell-rewrite.js";

/** The permission a rewritten command asks for: `ask` shows it to the user first, `allow` runs it at once. */
export type HookPermission = "ask" | "allow";

/** How the hook answers, validated by the CLI. */
export interface ClaudeCodeHookOptions {
  /** The decision paired with a rewrite (see `permissionFor` for the session modes that change it). */
  permission: HookPermission;
  /** The `correx run` command line the Bash command runs under, up to `--`, e.g. `correx run --max-bytes 30000`. */
  runPrefix: string;
  /** Claude Code's Bash time limits (claude-code-limits.ts): the rewritten command stops its group before them. */
  bashLimits: BashTimeLimits;
  /** Budget and spill store for the outputs bounded after the tool ran (asked for only then: opening a store costs). */
  project: () => ProjectOptions;
}

/** The answer, and why nothing was changed when nothing was (for stderr, which Claude Code shows in debug). */
export interface HookDecision {
  answer: ClaudeCodeHookAnswer;
  note?: string;
}

/**
 * Why a failed Bash command is not answered (src/hooks/README.md has the facts, read in Claude Code 2.1.335): its event
 * carries only the text the model reads, already cut to 10,000 characters, and the rest of the output is deleted before
 * the hook runs, so there is nothing correx could bound or save that the model does not see.
 */
const FAILED_BASH_NOTE = "nothing to do for PostToolUseFailure on Bash: its error is the text the model reads, already cut by Claude Code (the first 30,000 bytes of the output, at most 10,000 characters shown), and the rest is deleted";

const REWRITE_REASON = "correx bounds the output for the model and saves the full output (correx read ID pages it)";

/** Answers one hook event: a rewrite for Bash before it runs, a bounded output for Bash or an MCP tool after it ran. */
export function answerClaudeCodeEvent(event: ClaudeCodeHookEvent, options: ClaudeCodeHookOptions): HookDecision {
  if (event.hook_event_name === "PreToolUse" && event.tool_name === "Bash") return answerBash(event, options);
  if (event.hook_event_name === "PostToolUse" && event.tool_name === "Bash") return afterTool("Bash", () => answerBashOutput(event, options));
  if (event.hook_event_name === "PostToolUse" && isMcpToolName(event.tool_name)) return afterTool(event.tool_name, () => answerMcp(event, event.tool_name!, options));
  if (event.hook_event_name === "PostToolUseFailure" && event.tool_name === "Bash") return { answer: {}, note: FAILED_BASH_NOTE };
  return { answer: {}, note: `nothing to do for ${event.hook_event_name} on ${event.tool_name ?? "no tool"}` };
}

/**
 * The decision a rewrite carries. `allow` would skip the prompts Claude Code would have shown (its rules
 * see the rewritten command), so by default the user is asked — except in a session that already asks
 * nothing (`bypassPermissions`); a `dontAsk` session, which refuses what is not pre-approved, is left alone.
 */
export function permissionFor(mode: string | undefined, configured: HookPermission): HookPermission | undefined {
  if (configured === "allow" || mode === "bypassPermissions") return "allow";
  return mode === "dontAsk" ? undefined : "ask";
}

function answerBash(event: ClaudeCodeHookEvent, options: ClaudeCodeHookOptions): HookDecision {
  const input = event.tool_input;
  if (!isRecord(input) || typeof input.command !== "string") return { answer: {}, note: "the Bash tool input has no command" };
  const bash = input as BashToolInput;
  if (bash.run_in_background === true) return { answer: {}, note: "a background command is read while it runs; a wrapper would hold its output to the end" };
  // a leading `cd DIR &&` (`export X=1 &&`, `source .venv/bin/activate &&`) stays in Claude Code's shell, where the
  // directory and the variables live on; the rest runs under correx, which inherits them
  const plan = planWrap(bash.command);
  if (plan.keep !== undefined) return { answer: {}, note: `left as it is: ${plan.keep}` };
  const decision = permissionFor(event.permission_mode, options.permission);
  if (decision === undefined) return { answer: {}, note: "left as it is: a dontAsk session would refuse a rewritten command that needs approval" };
  const command = plan.prefix + wrapCommand(plan.command, options.runPrefix, stopBeforeLimit(bash.timeout, options.bashLimits));
  const tooLong = reasonNotToWrap(command);
  if (tooLong !== undefined) return { answer: {}, note: `left as it is: ${tooLong}` };
  return {
    answer: {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: decision,
        permissionDecisionReason: REWRITE_REASON,
        updatedInput: { ...bash, command },
      },
    },
  };
}

function answerMcp(event: ClaudeCodeHookEvent, tool: string, options: ClaudeCodeHookOptions): HookDecision {
  const bounded = boundMcpToolOutput(event.tool_response, tool, options.project());
  if (bounded.kind === "kept") return { answer: {}, note: `${tool}: ${bounded.reason}` };
  return { answer: { hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: bounded.output } } };
}

/**
 * The answer after a tool ran, or `{}` when bounding it failed (a store that cannot be written, a file that cannot be
 * read): the tool has run, so the model reads its output as Claude Code gives it, and the note says why.
 */
function afterTool(tool: string, answer: () => HookDecision): HookDecision {
  try {
    return answer();
  } catch (error) {
    return { answer: {}, note: `${tool}: the output is left as it is: ${(error as Error).message}` };
  }
}

/**
 * A Bash command the PreToolUse rewrite left as it was (a `cd`, too long, a background job…) ran without correx: its
 * output, when over the budget or saved by Claude Code (which would show the model only its first 2 KB), is replaced
 * with correx's projection of the whole, saved (`correx read ID`). A command that ran under correx is left alone,
 * unless Claude Code saved its output all the same: a page `correx read ID --offset N` prints without `--max-bytes`
 * is up to 51,200 bytes, past Claude Code's 30,000 characters, and the model read its first 2 KB. (The command a
 * marker gives carries the projection's budget, `--max-bytes 30000`, and is never saved: this is the safety net
 * for a read typed without it, bounded to the same 30,000 bytes.)
 */
function answerBashOutput(event: ClaudeCodeHookEvent, options: ClaudeCodeHookOptions): HookDecision {
  const input = event.tool_input;
  const command = isRecord(input) && typeof input.command === "string" ? input.command : undefined;
  if (command !== undefined && runsCorrex(command) && !savedByClaudeCode(event.tool_response)) return { answer: {}, note: "Bash: the command ran under correx, its output is bounded already" };
  const bounded = boundBashToolOutput(event.tool_response, command, options.project());
  if (bounded.kind === "kept") return { answer: {}, note: `Bash: ${bounded.reason}` };
  return {
    answer: { hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: bounded.output } },
    ...(bounded.note ? { note: `Bash: ${bounded.note}` } : {}),
  };
}

/** True when Claude Code saved a Bash output to a file (past its 30,000 characters), showing the model its first 2 KB. */
function savedByClaudeCode(response: unknown): boolean {
  return isRecord(response) && typeof response.persistedOutputPath === "string" && response.persistedOutputPath !== "";
}
