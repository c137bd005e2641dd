// The hooks.json block that installs `correx hook codex` (for `~/.codex/hooks.json` or `<repo>/.codex/hooks.json`;
// `[hooks]` in config.toml takes the same): Codex's shell tools before they run. Hooks are on by default since Codex
// 0.124.0; a hook that is not managed runs once the user has trusted it (`/hooks` in Codex).
import { CODEX_SHELL_TOOL } from "./codex-types.js";

/** One matcher group of Codex's hooks.json: a regular expression on the tool name and the commands it runs. */
export interface CodexMatcherGroup {
  matcher: string;
  hooks: { type: "command"; command: string }[];
}

/** The `hooks` part of Codex's hooks.json, as correx installs itself. */
export interface CodexHookSettings {
  hooks: { PreToolUse: CodexMatcherGroup[] };
}

/** Codex reads a matcher as a regular expression that may match part of the name: anchored, it names its shell alone. */
export const CODEX_SHELL_MATCHER = `^${CODEX_SHELL_TOOL}$`;

/** The hooks.json block for a hook command line (`correx hook codex` and the flags it was given). */
export function codexSettings(hookCommand: string): CodexHookSettings {
  return { hooks: { PreToolUse: [{ matcher: CODEX_SHELL_MATCHER, hooks: [{ type: "command", command: hookCommand }] }] } };
}
