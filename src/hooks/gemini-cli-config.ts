// The settings block that installs `correx hook gemini-cli` (for `.gemini/settings.json` or
// `~/.gemini/settings.json`): run_shell_command before it runs. Hooks are on by default since Gemini CLI 0.27.0
// (`hooksConfig.enabled`); a project's hooks run only in a trusted folder.
import { SHELL_TOOL } from "./gemini-cli-types.js";

/** One hook definition of Gemini CLI's settings: a matcher on the tool name and the commands it runs. */
export interface GeminiCliHookDefinition {
  matcher: string;
  hooks: { name: string; type: "command"; command: string }[];
}

/** The `hooks` part of Gemini CLI's settings, as correx installs itself. */
export interface GeminiCliHookSettings {
  hooks: { BeforeTool: GeminiCliHookDefinition[] };
}

/** Gemini CLI reads a tool matcher as a regular expression that may match part of the name: anchored, it names the shell tool alone. */
export const SHELL_MATCHER = `^${SHELL_TOOL}$`;

/** The settings block for a hook command line (`correx hook gemini-cli` and the flags it was given). */
export function geminiCliSettings(hookCommand: string): GeminiCliHookSettings {
  return { hooks: { BeforeTool: [{ matcher: SHELL_MATCHER, hooks: [{ name: "correx", type: "command", command: hookCommand }] }] } };
}
