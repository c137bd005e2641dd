// Runs one command as the leader of its own process group and streams its output to a sink (SPEC §7).
import { nodeChildProcess } from "../lazy-builtin.js";
import { MAX_TIMER_MS } from "../units.js";
import { monotonicMs } from "./clock.js";
import { openOutputPump, type OutputPump } from "./output-pump.js";
import { isSessionAlive, signalSession } from "./process-group.js";
import { foreignBinary } from "./foreign-binary.js";
import { describeSpawnError } from "./spawn-error.js";
import type { OutputSink, ReadRoom, RunHandle, RunOutcome, RunSpec } from "./types.js";
import { watchGroupSoon } from "./watchdog.js";

const GROUP_POLL_MS = 20;

/**
 * How long the output is still read after the command exited while a background process holds it open: 2 s, as Codex
 * CLI drains a command's pipes after it exits (IO_DRAIN_TIMEOUT_MS, codex-rs/core/src/exec.rs), time for what the
 * command wrote last to be read; a server's log written later is not the command's output.
 */
export const DRAIN_MS = 2000;

/**
 * Starts the command detached, so that it and every process it spawns share one process group that a timeout
 * or an interrupt stops as a whole: SIGTERM, then SIGKILL after `killAfterMs`. The output reaches `sink`
 * chunk by chunk in the order it was written (see openOutputPump); nothing is buffered. Once the group was
 * stopped and is gone, whatever still holds the output (a daemon that left the group with `setsid`) is no
 * longer waited for: the run ends within the grace period. When the command exits of itself while a process it
 * started still holds the output (`server &`), the output is read for `drainMs` more (DRAIN_MS; 0: to its end), then no longer:
 * the run ends with the command's status and that process is left running (RunOutcome.outputHeldMs). With `watchdog`, a process outside correx's group kills
 * the command's group should correx be killed before the run ends (watchdog.ts), from WATCHDOG_DELAY_MS on. `room`: where the sink would have
 * the reads go (types.ts).
 */
export async function startCommand(spec: RunSpec, sink: OutputSink, room?: ReadRoom): Promise<RunHandle> {
  const [file, args] = spec.shell ? ["/bin/sh", ["-c", [spec.command, ...spec.args].join(" ")]] : [spec.command, spec.args];
  let pid: number | undefined;
  let timedOut = false;
  let interrupted: NodeJS.Signals | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let killDeadline = Number.POSITIVE_INFINITY;
  let finished = false;
  let onStop: (() => void) | undefined;
  const stopRequested = new Promise<void>((resolve) => (onStop = resolve));
  // Once the run is over the group id may belong to someone else: signal nothing after that.
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (pid !== undefined && !finished) signalSession(pid, signal);
  };
  const stopGroup = (signal: NodeJS.Signals): void => {
    signalGroup(signal);
    onStop?.();
    if (killTimer !== undefined) return;
    killDeadline = monotonicMs() + spec.killAfterMs;
    killTimer = setTimeout(() => signalGroup("SIGKILL"), timerDelay(spec.killAfterMs));
  };

  const pump = await openOutputPump(spec.stderr ?? "merged", sink, () => signalGroup("SIGKILL"), room);
  const started = monotonicMs();
  const foreign = spec.shell ? undefined : foreignBinary(spec.command, spec.cwd);
  const leader = foreign === undefined ? spawnLeader(file, args, spec, pump) : notStarted("ENOEXEC", foreign, pump);
  pid = leader.pid;
  const watch = spec.watchdog && pid !== undefined ? watchGroupSoon(pid) : undefined;
  const timeoutTimer = spec.timeoutMs && pid !== undefined
    ? setTimeout(() => {
        timedOut = true;
        stopGroup("SIGTERM");
      }, timerDelay(spec.timeoutMs))
    : undefined;

  const finish = async (): Promise<RunOutcome> => {
    const exit = await leader.exit;
    try {
      if (pid === undefined) pump.stop();
      // Exited of itself (the group was not stopped): its time limit is over, and what holds the output is read for DRAIN_MS.
      const drainMs = killTimer === undefined ? (spec.drainMs ?? DRAIN_MS) : undefined;
      if (drainMs !== undefined) clearTimeout(timeoutTimer);
      const heldMs = await outputEnd(pump, pid, stopRequested, () => killDeadline, drainMs);
      clearTimeout(timeoutTimer);
      const durationMs = Math.round(monotonicMs() - started);
      if (killTimer !== undefined && pid !== undefined) await waitForGroupExit(pid, killDeadline);
      const outcome: RunOutcome = { exitCode: exit.code, signal: exit.signal, timedOut, durationMs };
      if (heldMs !== undefined && interrupted === undefined) outcome.outputHeldMs = heldMs;
      if (interrupted !== undefined) outcome.interrupted = interrupted;
      if (pid === undefined) outcome.spawnError = describeSpawnError(spec, exit.error?.code, exit.error?.message);
      return outcome;
    } finally {
      finished = true;
      watch?.release();
      clearTimeout(timeoutTimer);
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

/** A delay a timer can wait: past its 32-bit range Node would fire after 1 ms, so longer ones are clamped. */
function timerDelay(milliseconds: number): number {
  return Math.min(milliseconds, MAX_TIMER_MS);
}

/** How the group's leader ended (or why it never started). */
interface LeaderExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: NodeJS.ErrnoException;
}

/** Spawns the leader of a new process group (setsid) writing into the pump; correx's copies of its ends are closed. */
function spawnLeader(file: string, args: string[], spec: RunSpec, pump: OutputPump): { pid?: number; exit: Promise<LeaderExit> } {
  try {
    const child = nodeChildProcess().spawn(file, args, {
      detached: true,
      stdio: [spec.stdin, pump.stdout, pump.stderr],
      env: spec.env === undefined ? process.env : { ...process.env, ...spec.env },
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    });
    const exit = new Promise<LeaderExit>((resolve) => {
      child.once("exit", (code, signal) => resolve({ code, signal }));
      if (child.pid === undefined) child.once("error", (error) => resolve({ code: null, signal: null, error }));
      else child.on("error", () => undefined);
    });
    return { ...(child.pid === undefined ? {} : { pid: child.pid }), exit };
  } catch (error) {
    return { exit: Promise.resolve({ code: null, signal: null, error: error as NodeJS.ErrnoException }) };
  } finally {
    pump.releasePeers();
  }
}

/** A leader that is not started (a binary for another machine, which /bin/sh would run as a script): why, as a spawn error. */
function notStarted(code: string, message: string, pump: OutputPump): { pid?: number; exit: Promise<LeaderExit> } {
  pump.releasePeers();
  return { exit: Promise.resolve({ code: null, signal: null, error: Object.assign(new Error(message), { code }) }) };
}

/**
 * Waits for the end of the output. After the command exited of itself, as long as anything holds it open (as a
 * shell pipeline does), `drainMs` at most (0: no limit): then what was written is read (one more turn of the event loop), correx's
 * ends are handed off (OutputPump.stop) and the wait it made is returned. Once the group was stopped (timeout,
 * interrupt, also during that wait), only until the group is gone (SIGKILLed at the deadline): what is already written
 * is read, and a holder outside the group is no longer waited for.
 */
async function outputEnd(pump: OutputPump, pid: number | undefined, stopRequested: Promise<void>, deadline: () => number, drainMs: number | undefined): Promise<number | undefined> {
  let drainTimer: NodeJS.Timeout | undefined;
  const drained = new Promise<"drained">((resolve) => {
    if (drainMs !== undefined && drainMs > 0 && pid !== undefined) drainTimer = setTimeout(() => resolve("drained"), timerDelay(drainMs));
  });
  const first = await Promise.race([pump.ended.then(() => "ended" as const), stopRequested.then(() => "stopped" as const), drained]);
  clearTimeout(drainTimer);
  if (first === "ended" || pid === undefined) return pump.ended.then(() => undefined);
  if (first === "stopped") await Promise.race([pump.ended, waitForGroupExit(pid, deadline())]);
  await new Promise((resolve) => setImmediate(resolve));
  pump.stop(true);
  await pump.ended;
  return first === "drained" ? drainMs : undefined;
}

/** Waits until no live process is left in the stopped group (and its session), or SIGKILLs what is left at the deadline. */
async function waitForGroupExit(pgid: number, deadline: number): Promise<void> {
  while (isSessionAlive(pgid)) {
    if (monotonicMs() >= deadline) {
      signalSession(pgid, "SIGKILL");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
  }
}
