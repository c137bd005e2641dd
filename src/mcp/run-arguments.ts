// The `run` tool's arguments → the runner's RunSpec: argv or a shell command line, cwd, timeout, env.
import { isRecord } from "../payload.js";
import type { RunSpec } from "../run/types.js";
import { MAX_TIMER_MS } from "../units.js";
import { optionalInteger, optionalString, ToolArgumentError } from "./tool-answer.js";

/** What `correx mcp` applies when a call says nothing: its --timeout and --kill-after. */
export interface RunDefaults {
  timeoutMs: number;
  killAfterMs: number;
}

/** Validates a `run` call: exactly one of `command` (sh -c) or `argv`; env values are strings. */
export function parseRunArguments(args: Record<string, unknown>, defaults: RunDefaults): RunSpec {
  const command = optionalString(args, "command");
  const argv = readArgv(args.argv);
  if ((command === undefined) === (argv === undefined)) throw new ToolArgumentError("give either command (a shell command line) or argv (a program and its arguments), not both");
  if (command !== undefined && command.trim() === "") throw new ToolArgumentError("command is empty");
  const cwd = optionalString(args, "cwd");
  // the longest a timer waits (24.8 days): past it the runner would clamp it; 1e308 is told this limit, not ">= 0"
  const timeoutMs = optionalInteger(args, "timeout_ms", 0, MAX_TIMER_MS, "milliseconds, 24.8 days at most; 0 = no limit") ?? defaults.timeoutMs;
  const env = readEnv(args.env);
  const [program, ...rest] = argv ?? [command!];
  return {
    command: program!,
    args: rest,
    shell: command !== undefined,
    // one element with a space (`["npm test"]`) not found says what to give instead: the CLI's --shell is no argument of run
    shellOption: "the command argument instead of argv",
    stdin: "ignore",
    killAfterMs: defaults.killAfterMs,
    // a client that SIGKILLs the server (`kill -9`, a crash's cleanup) would leave the command, in a group of its
    // own, running for no one: the watchdog kills that group then (run/watchdog.ts; from its first 50 ms on)
    watchdog: true,
    ...(timeoutMs > 0 ? { timeoutMs } : {}),
    ...(cwd !== undefined ? { cwd } : {}),
    ...(env ? { env } : {}),
  };
}

function readArgv(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === "string")) {
    throw new ToolArgumentError("argv must be a non-empty array of strings");
  }
  if (value[0] === "") throw new ToolArgumentError("argv[0] (the program) is empty");
  return value as string[];
}

function readEnv(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw new ToolArgumentError("env must be an object of NAME: value strings");
  const env: Record<string, string> = {};
  for (const [name, variable] of Object.entries(value)) {
    if (typeof variable !== "string") throw new ToolArgumentError(`env.${name} must be a string`);
    if (name === "" || name.includes("=") || name.includes("\0") || variable.includes("\0")) throw new ToolArgumentError(`env: invalid variable ${JSON.stringify(name)}`);
    env[name] = variable;
  }
  return Object.keys(env).length > 0 ? env : undefined;
}
