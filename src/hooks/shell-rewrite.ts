// The rewrite every agent's shell hook makes: a command line run under `correx run … -- bash -c '…'`, or the reason
// it is left as it is (shell-command.ts reads the line; each agent's file adds its own fields and permission).
import { shellQuote } from "../bound/marker.js";
import { STOP_GRACE } from "./claude-code-limits.js";
import { correxArguments, reasonToKeep, type AgentShell } from "./shell-command.js";
import { readCommandShape } from "./shell-reader.js";

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

/** The budget and store a page of the store gets when its command line gives none (the hook's own). */
export interface PagerBudget {
  maxBytes: number;
  /** The hook's `--spill-dir`, absolute; undefined for the default store. */
  spillDir?: string;
}

/** correx's commands that print a page of a stored output, 51,200 bytes unless `--max-bytes` says otherwise. */
const PAGERS = new Set(["read", "grep"]);

/** True when `args` give `flag`, as a word of its own or `flag=VALUE`. */
function givesFlag(args: string[], flag: string): boolean {
  return args.some((arg) => arg === flag || arg.startsWith(`${flag}=`));
}

/**
 * A `correx read` or `correx grep` line without `--max-bytes` (or `--spill-dir`) with the hook's budget (and store)
 * added, or undefined for any other line. A marker's read command carries the projection's budget, but the page's
 * "Use offset=N to continue." does not, and a model that copies only the offset would print a 51,200-byte page, which
 * Codex CLI cuts in the middle past 40,000 bytes and Gemini CLI past 40,000 characters. Only a lone simple command is
 * taken (the flags go at its end): no list, pipe, substitution, comment or here-document.
 */
export function boundPagerLine(line: string, pager: PagerBudget): string | undefined {
  if (/[\n#]|<</.test(line)) return undefined;
  const shape = readCommandShape(line);
  if (shape.unbalanced || shape.backgroundJob || shape.commands.length !== 1 || shape.listOperators.length > 0) return undefined;
  const args = correxArguments(shape.commands[0]!);
  if (args === undefined || !PAGERS.has(args[0] ?? "")) return undefined;
  const flags: string[] = [];
  if (!givesFlag(args, "--max-bytes")) flags.push(`--max-bytes ${pager.maxBytes}`);
  if (pager.spillDir !== undefined && !givesFlag(args, "--spill-dir")) flags.push(`--spill-dir ${shellQuote(pager.spillDir)}`);
  return flags.length === 0 ? undefined : `${line.trimEnd()} ${flags.join(" ")}`;
}

/**
 * A whole command line rewritten for an agent that runs each command in a new shell (`keepsState` false: nothing
 * of a `cd` or `export` outlives it, so nothing is split off): the wrapped line, or why the line is left as it is;
 * with `pager`, a `correx read` or `correx grep` line without a budget gets it (boundPagerLine).
 */
export function rewriteWholeLine(line: string, shell: AgentShell, runPrefix: string, stopAfter?: string, pager?: PagerBudget): { command: string } | { keep: string } {
  const paged = pager === undefined ? undefined : boundPagerLine(line, pager);
  if (paged !== undefined) return { command: paged };
  const reason = reasonToKeep(line, shell);
  if (reason !== undefined) return { keep: `left as it is: ${reason}` };
  const command = wrapCommand(line, runPrefix, stopAfter);
  const tooLong = reasonNotToWrap(command);
  return tooLong === undefined ? { command } : { keep: `left as it is: ${tooLong}` };
}
