// The parts of Codex CLI's hook protocol that correx reads and writes, as openai/codex builds and reads them
// (codex-rs/hooks/src/schema.rs and the JSON Schemas it generates, codex-rs/hooks/schema/generated/; the commits are
// named in src/hooks/README.md). Its events carry Claude Code's fields, so they are read as Claude Code's are.
import { readHookEvent, type ClaudeCodeHookEvent } from "./claude-code-types.js";

/** A hook event as Codex CLI writes it on the hook's stdin (PreToolUseCommandInput; fields correx does not read are kept). */
export interface CodexHookEvent extends ClaudeCodeHookEvent {
  /** Codex's own: the turn the tool call belongs to. */
  turn_id?: string;
  /** The model's slug. */
  model?: string;
  /** Set for a sub-agent's tool calls. */
  agent_id?: string;
  agent_type?: string;
}

/**
 * What Codex hands a hook for its shell tools (`shell_command`, `exec_command`, `shell`, `local_shell`,
 * `container.exec`): the tool is named `Bash` and its input is `{ "command": <the command line> }`, whatever the
 * tool's own arguments (`cmd`, an argv); Codex writes `updatedInput.command` back into them.
 */
export const CODEX_SHELL_TOOL = "Bash";

/** The `hookSpecificOutput` of a PreToolUse answer that rewrites the input (Codex takes `updatedInput` only with `allow`). */
export interface CodexPreToolUseOutput {
  hookEventName: "PreToolUse";
  permissionDecision: "allow";
  updatedInput: Record<string, unknown>;
}

/** What a command hook writes on stdout (exit 0); `{}` changes nothing. */
export interface CodexHookAnswer {
  hookSpecificOutput?: CodexPreToolUseOutput;
}

/** Checks a parsed Codex CLI hook event; a value that is not one is an InputError naming the JSON path. */
export function readCodexEvent(value: unknown): CodexHookEvent {
  return readHookEvent(value, "Codex CLI") as CodexHookEvent;
}
