// The settings block that installs `correx hook claude-code` (for `.claude/settings.json` or
// `~/.claude/settings.json`): Bash before it runs; Bash (a command left as it was) and every MCP tool after it ran.

/** One hook entry of Claude Code's settings: a matcher on the tool name and the commands it runs. */
export interface ClaudeCodeMatcher {
  matcher: string;
  hooks: { type: "command"; command: string }[];
}

/** The `hooks` part of Claude Code's settings, as correx installs itself. */
export interface ClaudeCodeHookSettings {
  hooks: { PreToolUse: ClaudeCodeMatcher[]; PostToolUse: ClaudeCodeMatcher[] };
}

/** Bash is Claude Code's shell tool; `mcp__.*` matches every tool an MCP server provides (mcp__<server>__<tool>). */
export const BASH_MATCHER = "Bash";
export const MCP_MATCHER = "mcp__.*";

/** The settings block for a hook command line (`correx hook claude-code` and the flags it was given). */
export function claudeCodeSettings(hookCommand: string): ClaudeCodeHookSettings {
  const hooks = [{ type: "command" as const, command: hookCommand }];
  return {
    hooks: {
      PreToolUse: [{ matcher: BASH_MATCHER, hooks }],
      PostToolUse: [
        { matcher: BASH_MATCHER, hooks },
        { matcher: MCP_MATCHER, hooks },
      ],
    },
  };
}
