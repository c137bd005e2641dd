// The runner's shapes: what to run, the live handle, and how it ended (expected endings are data).

/** One command to run: argv or a shell string, its environment, and how it may be stopped. */
export interface RunSpec {
  /** The program (argv[0]), or with `shell` the whole command line given to `sh -c`. */
  command: string;
  /** Arguments; with `shell` they are appended to the command line, separated by spaces. */
  args: string[];
  shell: boolean;
  /**
   * How the caller runs a whole command line with the shell, named when a program of that name (one argument with a
   * space in it) is not found: `--shell` (the CLI's, the default), or the MCP run tool's `command` argument.
   */
  shellOption?: string;
  cwd?: string;
  /** Variables added to (or overriding) the inherited environment. */
  env?: Record<string, string>;
  /** "inherit" passes correx's stdin through; "ignore" gives the command an empty one. */
  stdin: "inherit" | "ignore";
  /** Wall-clock limit; undefined or 0 = none. */
  timeoutMs?: number;
  /** Grace period between SIGTERM and SIGKILL when the group is stopped. */
  killAfterMs: number;
  /**
   * Kill the command's process group if correx is killed (SIGKILL, which it cannot catch) before the run ends: an
   * agent's group kill takes correx, not the command's own group (watchdog.ts). One `sh` more per run.
   */
  watchdog?: boolean;
  /** "merged" (default): stdout and stderr share one channel, in the exact order written; "separate": one each. */
  stderr?: "merged" | "separate";
  /**
   * How long the output is still read once the command itself has exited while something it started in the background
   * holds it open (default DRAIN_MS, start-command.ts; 0 = until it is closed); then correx stops reading and the run ends.
   */
  drainMs?: number;
}

/** Which channel a chunk came from: both streams merged, or one of them kept apart. */
export type OutputStream = "merged" | "stdout" | "stderr";

/**
 * Receives the output, chunk by chunk, in arrival order. The chunk is a view of a reused read buffer: valid
 * during the call (or until a returned promise settles); copy what you keep. Returning a promise pauses the
 * reading until it settles (back-pressure for a slow consumer); a throw or rejection stops the command.
 */
export type OutputSink = (chunk: Buffer, stream: OutputStream) => void | Promise<void>;

/**
 * Where the sink would have a stream's next read go instead of the reader's own buffer (at least `least` bytes
 * of room, or undefined): room the sink takes its bytes in without copying them (the spill's next block). The
 * bytes read there reach the sink as any chunk does; the room must stay the reader's until they did.
 */
export type ReadRoom = (stream: OutputStream, least: number) => Buffer | undefined;

/** How a run ended. A timeout, a signal or an interrupt are outcomes, not errors. */
export interface RunOutcome {
  /** The command's exit status; null when it ended by a signal or never started. */
  exitCode: number | null;
  /** The signal that ended the command (the group leader), if any. */
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** The first signal forwarded to the group by `interrupt`, when correx was interrupted. */
  interrupted?: NodeJS.Signals;
  durationMs: number;
  /**
   * Set when the command exited while a process it started (a server left running with `&`) still held its output:
   * correx read it for this many ms more, then stopped (what that process writes later is not captured).
   */
  outputHeldMs?: number;
  /** Set when the command could not be started: ENOENT (not found, exit 127), EACCES (not executable, 126). */
  spawnError?: { code: "ENOENT" | "EACCES" | string; message: string };
}

/** A running command. */
export interface RunHandle {
  /** The group leader's pid (= the process group id); undefined when the spawn failed. */
  pid?: number;
  /** Resolves once the command has ended, its output is delivered and any stopped group is gone. */
  done: Promise<RunOutcome>;
  /** Sends a signal to the whole process group, as is (no escalation, not marked interrupted). */
  signalGroup(signal: NodeJS.Signals): void;
  /** Forwards a signal correx received to the group, marks the run interrupted and escalates to SIGKILL. */
  interrupt(signal: NodeJS.Signals): void;
}
