// The parts of Claude Code's hook protocol that correx reads and writes (its hooks reference, and the
// HookInput / SyncHookJSONOutput types of @anthropic-ai/claude-agent-sdk 0.3).
import { InputError } from "../errors.js";
import { isRecord } from "../payload.js";

/** A hook event as Claude Code writes it on the hook's stdin (the fields correx reads; others are ignored). */
export interface ClaudeCodeHookEvent {
  /** Sent by the agent, not read by correx (so not checked: an event without them is answered all the same). */
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  /** default | acceptEdits | plan | dontAsk | bypassPermissions | auto; absent in some versions. */
  permission_mode?: string;
  hook_event_name: string;
  tool_name?: string;
  tool_input?: unknown;
  tool_use_id?: string;
  /**
   * PostToolUse only: what the tool returned (an MCP tool: a string, content blocks, or an object; Bash: a BashOutput,
   * `stdout` the first 30,000 characters when `persistedOutputPath` names the file holding the whole).
   */
  tool_response?: unknown;
  /**
   * PostToolUseFailure only (PostToolUseFailureHookInput): the failure's text, the same the model reads as the tool
   * result. For Bash, Claude Code has already cut it (`Exit code N`, the first 30,000 bytes of the output, at most
   * 10,000 characters of those shown) and deleted the rest, so the hook gets nothing the model does not see.
   */
  error?: string;
  is_interrupt?: boolean;
}

/** `hookSpecificOutput` of a PreToolUse answer. */
export interface PreToolUseOutput {
  hookEventName: "PreToolUse";
  permissionDecision?: "allow" | "deny" | "ask" | "defer";
  permissionDecisionReason?: string;
  /** Replaces the whole tool input, so it carries the fields that did not change too. */
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
}

/** `hookSpecificOutput` of a PostToolUse answer. */
export interface PostToolUseOutput {
  hookEventName: "PostToolUse";
  additionalContext?: string;
  /**
   * Replaces a tool's output before the model reads it (any tool; Claude Code checks it against the tool's output
   * schema and drops a replacement that does not match). correx sends a Bash output: BashToolOutput.
   */
  updatedToolOutput?: unknown;
  /** Replaces an MCP tool's output before the model reads it (MCP tools only; the SDK prefers updatedToolOutput). */
  updatedMCPToolOutput?: unknown;
}

/**
 * The Bash output correx sends in `updatedToolOutput` (BashOutput in the SDK's sdk-tools.d.ts): the required fields,
 * and those of the original that Claude Code's tool_result shows; never `persistedOutputPath`, which would make it show
 * a 2 KB preview again.
 */
export interface BashToolOutput extends Record<string, unknown> {
  stdout: string;
  stderr: string;
  interrupted: boolean;
}

/** What a command hook writes on stdout (exit 0); `{}` changes nothing. */
export interface ClaudeCodeHookAnswer {
  hookSpecificOutput?: PreToolUseOutput | PostToolUseOutput;
  suppressOutput?: boolean;
  systemMessage?: string;
}

/** Claude Code's Bash tool input (command, then the fields a rewrite keeps as they are). */
export interface BashToolInput extends Record<string, unknown> {
  command: string;
  timeout?: number;
  description?: string;
  run_in_background?: boolean;
}

/**
 * Checks a parsed hook event (the fields correx reads); a value that is not one is an InputError naming the JSON path.
 * Codex CLI writes the same fields (and a few more), so its events are read here too (`agent` names it in the errors).
 */
export function readHookEvent(value: unknown, agent = "Claude Code"): ClaudeCodeHookEvent {
  if (!isRecord(value)) throw new InputError(`a ${agent} hook event is a JSON object`, "$");
  // The event's name is all correx needs to answer; session_id, transcript_path and cwd, which it never reads, are
  // not asked for: an event without them (another version, an SDK host) is answered, not refused with a hook error.
  if (typeof value.hook_event_name !== "string") throw new InputError(`a ${agent} hook event has a string hook_event_name`, "$.hook_event_name");
  for (const field of ["tool_name", "tool_use_id", "permission_mode"] as const) {
    if (value[field] !== undefined && typeof value[field] !== "string") throw new InputError(`${field} is a string`, `$.${field}`);
  }
  return value as unknown as ClaudeCodeHookEvent;
}

/** True for Claude Code's name of a tool that an MCP server provides: `mcp__<server>__<tool>`. */
export function isMcpToolName(name: string | undefined): name is string {
  return name !== undefined && /^mcp__.+__.+/.test(name);
}
