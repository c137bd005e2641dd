// The rewrite every agent's shell hook makes: a command line run under `correx run … -- bash -c '…'`, or the reason
// it is left as it is (shell-command.ts reads the line; each agent's file adds its own fields and permission).
import { shellQuote } from "../bound/marker.js";
import { STOP_GRACE } from "./claude-code-limits.js";
import { reasonToKeep, type AgentShell } from "./shell-command.js";

/** The programs a wrapped command runs in: the agents run their shell commands in bash (or zsh), and sh may be dash. */
const SHELL = "bash";

/**
 * The command line that runs `command` under correx, in bash, with its exit status as the command's; with `stopAfter`
 * (a `--timeout` value), correx stops the command's group then, before the agent's own limit.
 */
export function wrapCommand(command: string, runPrefix: string, stopAfter?: string): string {
  const timeout = stopAfter === undefined ? "" : ` --timeout ${stopAfter} --kill-after ${STOP_GRACE}`;
  return `${runPrefix}${timeout} -- ${SHELL} -c ${shellQuote(command)}`;
}

/**
 * The most bytes a rewritten command line may take once the agent quotes it again. Linux takes at most 128 KiB
 * (MAX_ARG_STRLEN) in one argument, and the agent hands its shell the command in one (Claude Code: `bash -c "…
 * eval 'COMMAND' …"`, each `'` as `'"'"'`; Gemini CLI and Codex CLI: the command itself). Quoted twice, a `'` of the
 * original takes 12 bytes, so a command that fits could no longer start (E2BIG); 8 KiB are left for the agent's own words.
 */
export const MAX_WRAPPED_BYTES = 120 * 1024;

/** The bytes of a command line quoted as Claude Code quotes it for its shell (the largest of the agents' costs). */
function agentQuotedBytes(command: string): number {
  let quotes = 0;
  for (let index = command.indexOf("'"); index !== -1; index = command.indexOf("'", index + 1)) quotes += 1;
  return Buffer.byteLength(command, "utf8") + 4 * quotes + 2;
}

/** Why a rewritten command line cannot take the original's place, or undefined when it can. */
export function reasonNotToWrap(wrapped: string): string | undefined {
  return agentQuotedBytes(wrapped) > MAX_WRAPPED_BYTES ? "the command is too long to wrap: quoted once more, it would pass Linux's 128 KiB limit on one argument" : undefined;
}

/**
 * A whole command line rewritten for an agent that runs each command in a new shell (`keepsState` false: nothing
 * of a `cd` or `export` outlives it, so nothing is split off): the wrapped line, or why the line is left as it is.
 */
export function rewriteWholeLine(line: string, shell: AgentShell, runPrefix: string, stopAfter?: string): { command: string } | { keep: string } {
  const reason = reasonToKeep(line, shell);
  if (reason !== undefined) return { keep: `left as it is: ${reason}` };
  const command = wrapCommand(line, runPrefix, stopAfter);
  const tooLong = reasonNotToWrap(command);
  return tooLong === undefined ? { command } : { keep: `left as it is: ${tooLong}` };
}
