// A watchdog that kills the command's process group if correx itself is killed (SIGKILL) while the command runs.
//
// The command leads a group of its own (start-command.ts), so that a timeout or a forwarded Ctrl-C stops its whole
// tree and never correx, which then writes what the command printed. The price: an agent that SIGKILLs the group
// of the shell it started (Codex CLI at a shell_command's timeout, Gemini CLI 200 ms after its SIGTERM) takes correx
// and leaves the command running, read by no one. SIGKILL cannot be caught, so the guard must live in another
// process: a small `sh` in a session of its own (no group kill of the agent's reaches it) holding a pipe from correx.
// The kernel closes the pipe when correx dies however it dies; correx writes a line first when the run has ended
// as it should. EOF without that line means correx is gone: the watchdog SIGKILLs the command's group and exits.
import type { ChildProcess } from "node:child_process";
import { nodeChildProcess } from "../lazy-builtin.js";

/**
 * `$1` the command's process group. `read` fails on end of file without a whole line: correx died before it ended
 * the watch. `kill` of a group already gone fails quietly (its error goes to /dev/null).
 */
const WATCH_SCRIPT = 'read -r done || kill -s KILL -- "-$1"';

/** The line that tells the watchdog the run ended while correx was alive: nothing to kill. */
const RELEASE = "done\n";

/** A running watchdog: `release` ends it without a kill, once the command's group was waited for. */
export interface Watchdog {
  release(): void;
}

/**
 * Starts a watchdog over the process group `pgid`; undefined when it cannot start (no /bin/sh): the run goes on
 * unguarded, as without the option. It neither keeps correx's event loop alive nor holds any of its output.
 */
export function startWatchdog(pgid: number): Watchdog | undefined {
  let child: ChildProcess;
  try {
    child = nodeChildProcess().spawn("/bin/sh", ["-c", WATCH_SCRIPT, "correx-watchdog", String(pgid)], {
      // a session of its own: the agent's kill of correx's group (or a terminal's hang-up) does not reach it
      detached: true,
      // its stdout and stderr are not the agent's pipe, which would stay open while it waits
      stdio: ["pipe", "ignore", "ignore"],
      // nor a directory it keeps busy
      cwd: "/",
    });
  } catch {
    return undefined;
  }
  if (child.pid === undefined || child.stdin === null) {
    child.on("error", () => undefined);
    return undefined;
  }
  const input = child.stdin;
  child.on("error", () => undefined);
  input.on("error", () => undefined);
  child.unref();
  (input as unknown as { unref?: () => void }).unref?.();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      input.end(RELEASE);
    },
  };
}

/**
 * How long a command runs unwatched: started at once, the watchdog cost `run --watchdog -- true` 15-20 ms more CPU
 * (`perf stat -r 20`, task-clock of the tree: 180 → 199 ms, 185 → 197 on the 2-core test host), which a command that
 * ends sooner (`ls`, `git status`, most of an agent's calls) now never pays. An agent's time limit is seconds.
 */
export const WATCHDOG_DELAY_MS = 50;

/** Starts a watchdog over the group once it has run WATCHDOG_DELAY_MS; `release` ends it (or the wait for it). */
export function watchGroupSoon(pgid: number): Watchdog {
  let watchdog: Watchdog | undefined;
  let released = false;
  const timer = setTimeout(() => {
    if (!released) watchdog = startWatchdog(pgid);
  }, WATCHDOG_DELAY_MS);
  return {
    release() {
      released = true;
      clearTimeout(timer);
      watchdog?.release();
    },
  };
}
