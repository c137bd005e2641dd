// Runs one command as the leader of its own process group and streams its output to a sink (SPEC §7).
import { statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pumpOutput } from "./output-pump.js";
import { isGroupAlive, signalProcessGroup } from "./process-group.js";
import type { OutputSink, RunHandle, RunOutcome, RunSpec } from "./types.js";

const GROUP_POLL_MS = 20;

/**
 * Starts the command (execa, loaded on first use) detached, so that it and every process it spawns share
 * one process group that a timeout or an interrupt stops as a whole: SIGTERM, then SIGKILL after
 * `killAfterMs`. stdout and stderr reach `sink` chunk by chunk in arrival order; nothing is buffered.
 */
export async function startCommand(spec: RunSpec, sink: OutputSink): Promise<RunHandle> {
  const { execa } = await import("execa");
  const [file, args] = spec.shell ? ["/bin/sh", ["-c", [spec.command, ...spec.args].join(" ")]] : [spec.command, spec.args];
  const started = performance.now();
  const subprocess = execa(file, args, {
    detached: true,
    cleanup: false,
    buffer: false,
    encoding: "buffer",
    stripFinalNewline: false,
    reject: false,
    forceKillAfterDelay: false,
    stdin: spec.stdin,
    stdout: "pipe",
    stderr: "pipe",
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    ...(spec.env === undefined ? {} : { env: spec.env }),
  });
  const pid = subprocess.pid;

  let timedOut = false;
  let interrupted: NodeJS.Signals | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let killDeadline = Number.POSITIVE_INFINITY;
  let finished = false;
  // Once the run is over the group id may belong to someone else: signal nothing after that.
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (pid !== undefined && !finished) signalProcessGroup(pid, signal);
  };
  const stopGroup = (signal: NodeJS.Signals): void => {
    signalGroup(signal);
    if (killTimer !== undefined) return;
    killDeadline = performance.now() + spec.killAfterMs;
    killTimer = setTimeout(() => signalGroup("SIGKILL"), spec.killAfterMs);
  };
  const timeoutTimer = spec.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        stopGroup("SIGTERM");
      }, spec.timeoutMs)
    : undefined;

  const { stdout, stderr } = subprocess;
  const pump = pumpOutput({ stdout, stderr }, sink, () => signalGroup("SIGKILL"));

  const finish = async (): Promise<RunOutcome> => {
    const result = await subprocess;
    clearTimeout(timeoutTimer);
    try {
      await pump.idle();
      const durationMs = Math.round(performance.now() - started);
      if (killTimer !== undefined && pid !== undefined) await waitForGroupExit(pid, killDeadline);
      const outcome: RunOutcome = {
        exitCode: result.exitCode ?? null,
        signal: (result.signal as NodeJS.Signals | undefined) ?? null,
        timedOut,
        durationMs,
      };
      if (interrupted !== undefined) outcome.interrupted = interrupted;
      if (pid === undefined) outcome.spawnError = describeSpawnError(spec, result.code, result.originalMessage);
      return outcome;
    } finally {
      finished = true;
      clearTimeout(killTimer);
    }
  };

  return {
    ...(pid === undefined ? {} : { pid }),
    done: finish(),
    signalGroup,
    interrupt(signal) {
      clearTimeout(timeoutTimer);
      if (interrupted !== undefined) {
        signalGroup("SIGKILL");
        return;
      }
      interrupted = signal;
      stopGroup(signal);
    },
  };
}

/** Waits until no live process is left in the stopped group, or SIGKILLs what is left at the deadline. */
async function waitForGroupExit(pgid: number, deadline: number): Promise<void> {
  while (isGroupAlive(pgid)) {
    if (performance.now() >= deadline) {
      signalProcessGroup(pgid, "SIGKILL");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
}

/** A shell-like message for a command that could not be started. */
function describeSpawnError(spec: RunSpec, code: string | undefined, message: string | undefined): NonNullable<RunOutcome["spawnError"]> {
  const program = spec.shell ? "/bin/sh" : spec.command;
  if (spec.cwd !== undefined && !isDirectory(spec.cwd)) {
    return { code: code ?? "ENOENT", message: `${spec.cwd}: no such directory (--cwd)` };
  }
  switch (code) {
    case "ENOENT":
      if (!program.includes("/")) {
        const hint = !spec.shell && /\s/.test(program) ? " (a whole command line in one argument: run it with --shell)" : "";
        return { code, message: `${program}: command not found${hint}` };
      }
      return exists(program)
        ? { code, message: `${program}: cannot run: its interpreter (the #! line) was not found` }
        : { code, message: `${program}: no such file` };
    case "EACCES":
      return { code, message: `${program}: permission denied (not an executable file)` };
    default:
      return { code: code ?? "EUNKNOWN", message: `${program}: cannot run: ${message ?? "unknown error"}` };
  }
}

/** True when something exists at the path. */
function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** True when the path names an existing directory. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
