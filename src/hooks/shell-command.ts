// Decides whether wrapping a shell command line in `correx run` keeps its meaning (the line read by shell-reader.ts).
// Errs towards leaving a command alone: a false "keep" costs a bounded output, a false "wrap" breaks a session.
import { splitLeadingPrefix } from "./leading-prefix.js";
import { runsUntilStopped } from "./long-running.js";
import { readCommandShape, type CommandShape, type CommandWord } from "./shell-reader.js";

/** Builtins whose effect is on the calling shell (directory, variables, options): lost inside a child process. */
const SHELL_STATE_BUILTINS = new Set([
  "cd", "pushd", "popd", "export", "unset", "set", "shopt", "source", ".", "alias", "unalias", "umask", "ulimit",
  "declare", "typeset", "readonly", "local", "eval", "exec", "trap", "hash", "enable", "bind", "dirs", "setopt",
  "unsetopt", "disown", "fg", "bg", "jobs", "wait",
]);

/**
 * Shell functions (no program of that name, or one that cannot change the shell) that switch the shell's
 * environment or directory: Node, Python, Ruby and Java version managers and environments, directory jumpers.
 * Claude Code's shell has them from the user's startup files (its shell snapshot); a `bash -c` under correx
 * has none, so `nvm use 20 && npm test` would end in "nvm: command not found".
 */
const SHELL_STATE_FUNCTIONS = new Set(["nvm", "conda", "mamba", "micromamba", "deactivate", "workon", "rvm", "chruby", "sdk", "z"]);

/** True for a word that runs correx: `correx`, a path to it, or a package runner's `correx`. */
export function isCorrexWord(word: string): boolean {
  return word === "correx" || word.endsWith("/correx") || word.endsWith("/correx.cjs");
}

/** True when a command line's commands run correx (`correx`, a path to it, `npx correx`), so its output is bounded already. */
export function runsCorrex(line: string): boolean {
  return shapeRunsCorrex(readCommandShape(line), line);
}

/**
 * A package runner given correx as the package it runs (`npx correx`, `npx -y correx@0.1.0`, `pnpm dlx correx`,
 * `npm exec -- correx`): a `correx` anywhere else on the line (`npx vitest run ~/correx/test`) is not correx running.
 */
const RUNNER_RUNS_CORREX = /(?:^|[\s;&|(])(?:npx|pnpx|bunx|npm\s+exec|pnpm\s+(?:dlx|exec)|yarn\s+dlx)\s+(?:-\S+\s+)*correx(?:@\S*)?(?=$|[\s;&|)])/;

/**
 * correx's arguments when a simple command runs correx itself (`correx read …`, a path to it, or Node given its
 * launcher as the script: `node bin/correx read …`), else undefined (a package runner's line is read apart).
 */
export function correxArguments(command: CommandWord): string[] | undefined {
  if (isCorrexWord(command.word)) return command.args;
  if (command.word !== "node" && !command.word.endsWith("/node")) return undefined;
  const script = command.args.findIndex((arg) => !arg.startsWith("-"));
  return script !== -1 && isCorrexWord(command.args[script]!) ? command.args.slice(script + 1) : undefined;
}

function shapeRunsCorrex(shape: CommandShape, line: string): boolean {
  const words = shape.commandWords;
  if (shape.commands.some((command) => correxArguments(command) !== undefined)) return true;
  return words.some((word) => word === "npx" || word === "pnpx" || word === "bunx" || word === "npm" || word === "pnpm" || word === "yarn") && RUNNER_RUNS_CORREX.test(line);
}

/** How the agent runs a shell command: whether its shell lives on from one command to the next. */
export interface AgentShell {
  /**
   * True when the agent keeps the shell (its directory, variables, options) between commands, as Claude Code does
   * (Gemini CLI and Codex CLI start a new shell for each command, so nothing of a `cd` outlives it, wrapped or not).
   */
  keepsState: boolean;
  /**
   * True when the agent's shell has the user's shell functions (`nvm`, `conda`…), which a wrapper's `bash -c` has not;
   * when not given, the same as `keepsState` (Claude Code has both, Gemini CLI's plain `bash -c` neither; Codex CLI
   * starts each command in the user's login shell, after its snapshot of the user's startup files, so it has them).
   */
  userFunctions?: boolean;
  /**
   * True when the agent shows the model a command's output while it runs (Codex CLI's unified exec returns what it
   * printed so far after `yield_time_ms`, and the model polls for more): a command that runs until stopped (a dev
   * server, a watcher) is left alone, since under correx, which writes once the command has ended, it shows nothing.
   */
  readsWhileRunning?: boolean;
}

/** The most characters of a call a note quotes. */
const NOTE_CALL_CHARS = 60;

/**
 * Why a command line is left as it is, or undefined when wrapping it keeps its meaning. A builtin that changes the
 * shell itself matters only where the shell lives on (`keepsState`); in a fresh shell per command it ends with it.
 */
export function reasonToKeep(line: string, shell: AgentShell = { keepsState: true }): string | undefined {
  if (line.trim() === "") return "the command is empty";
  const shape = readCommandShape(line);
  if (shape.unbalanced) return "the command line is not complete (an open quote or a trailing backslash)";
  const words = shape.commandWords;
  if (shapeRunsCorrex(shape, line)) return "the command already runs under correx";
  // a builtin in a subshell (`(cd sub && make)`, `x=$(cd a; pwd)`) changes that subshell only, wrapped or not
  const inCallingShell = (command: CommandWord): boolean => !shape.nestingReliable || command.depth === 0;
  const builtin = shell.keepsState ? shape.commands.find((command) => inCallingShell(command) && SHELL_STATE_BUILTINS.has(command.word))?.word : undefined;
  if (builtin !== undefined) return `\`${builtin}\` changes the shell's own state, which a wrapper would lose`;
  const shellFunction = (shell.userFunctions ?? shell.keepsState) ? words.find((word) => SHELL_STATE_FUNCTIONS.has(word)) : undefined;
  if (shellFunction !== undefined) return `\`${shellFunction}\` is a shell function from the user's startup files, which a wrapper's shell would not have`;
  // Where the shell lives on (Claude Code) its output goes to a file: the line returns as the shell exits and
  // PostToolUse bounds what it printed. In a fresh shell per command (Gemini CLI, Codex CLI; a pseudo-terminal) the
  // job dies with the shell unwrapped, and lives on wrapped (`correx run` reads it for `--drain`, then leaves it)
  if (shape.backgroundJob && shell.keepsState) return "the command starts a background job (`&`): the agent's shell returns as it exits and leaves the job running, and PostToolUse bounds what it printed";
  const live = shell.readsWhileRunning ? runsUntilStopped(shape.commands) : undefined;
  if (live !== undefined) {
    const call = live.length > NOTE_CALL_CHARS ? `${live.slice(0, NOTE_CALL_CHARS - 1)}…` : live;
    return `\`${call}\` runs until it is stopped (a server, a watcher): the agent shows its output as it comes, a wrapper would show nothing until it ends`;
  }
  return undefined;
}

/**
 * What the hook does with a command line: leave it as it is (and why), or run `command` under correx after `prefix`,
 * which runs as it is in the agent's own shell (`""`, or the leading `cd DIR && `, `export X=1 && `, `source
 * .venv/bin/activate && `… of the line, word for word).
 */
export type WrapPlan = { keep: string } | { keep?: undefined; prefix: string; command: string };

/**
 * True when `rest`, run after `cd DIR &&` (or `export …&&`, `source …/bin/activate &&`), would run only if the prefix
 * succeeded: one and-or list of `&&` and pipes. A later `;`, new line or `||` of the calling shell runs whatever the
 * prefix did (`cd x && a || b` is `(cd x && a) || b`), so `cd x && correx run -- bash -c 'a || b'` would not mean the
 * same.
 */
function runsOnlyAfterThePrefix(rest: string, shape: CommandShape): boolean {
  return shape.listOperators.every(({ operator, end }) => operator === "&&" || operator === "|" || readCommandShape(rest.slice(end)).commandWords.length === 0);
}

/**
 * The parameter the rest's first pipeline reads from the leading commands' shell, which the wrapper's `bash -c` starts
 * without, or undefined when none: `$?` (the status of the last leading command; after `&&` always 0, so the same),
 * `$_` (its last word), `PIPESTATUS`, `DIRSTACK` (pushd's stack). `cd x; echo $?` would print 0 where the cd failed.
 */
function readsPrefixState(rest: string, shape: CommandShape, separator: string): string | undefined {
  const firstList = shape.listOperators.find(({ operator }) => operator !== "|");
  const text = rest.slice(0, firstList?.end ?? rest.length);
  const read = /\$(?:(\?)|_(?![A-Za-z0-9_])|\{(\?)\}|\{_\}|\{?(PIPESTATUS|DIRSTACK)(?![A-Za-z0-9_]))/g;
  for (const match of text.matchAll(read)) {
    const status = match[1] !== undefined || match[2] !== undefined;
    if (!status || separator !== "&&") return match[3] ?? (status ? "$?" : "$_");
  }
  return undefined;
}

/**
 * Decides what to do with a command line. Where the agent's shell lives on (`keepsState`), a line that changes it
 * only with leading commands whose effect a child process inherits (`cd DIR`, `export NAME=VALUE`, `source
 * VENV/bin/activate`, joined by `&&`, `;` or new lines) is split: they run as they are in the agent's shell (the
 * directory and the variables persist, a failed one stops what `&&` would), the rest under correx, which inherits
 * the directory and the exported variables — if the rest may be wrapped.
 */
export function planWrap(line: string, shell: AgentShell = { keepsState: true }): WrapPlan {
  const reason = reasonToKeep(line, shell);
  if (reason === undefined) return { prefix: "", command: line };
  const split = shell.keepsState ? splitLeadingPrefix(line) : undefined;
  if (split === undefined) return { keep: reason };
  const shape = readCommandShape(split.rest);
  if (shape.commandWords.length === 0) return { keep: reason };
  const restReason = reasonToKeep(split.rest, shell);
  if (restReason !== undefined) return { keep: restReason };
  if (split.separator === "&&" && !runsOnlyAfterThePrefix(split.rest, shape)) {
    return { keep: `${reason}; after \`${split.last} … &&\`, a \`;\`, \`||\` or new line runs even when the \`${split.last}\` fails, so the \`${split.last}\` cannot run apart` };
  }
  const state = readsPrefixState(split.rest, shape, split.separator);
  if (state !== undefined) return { keep: `${reason}; the rest reads \`${state}\` of the \`${split.last}\`, which the wrapper's shell would not have` };
  return { prefix: split.prefix, command: split.rest };
}
