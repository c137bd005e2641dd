// Process-group signalling: the command leads its own session and group, so one kill(-pgid) reaches its grandchildren
// too, and a look through /proc those that made groups of their own in its session.
import { readdirSync, readFileSync } from "node:fs";

/** Sends a signal to every process of the group; false when the group no longer exists. */
export function signalProcessGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

/**
 * Sends a signal to every process of the session `sid` leads: its own group, and the groups processes in it made
 * for themselves without leaving it (a shell's `set -m` job, GNU timeout's command, a `setpgid` child), which a kill of
 * the group alone misses; a process that left the session (`setsid`, a daemon) is not signalled. False when none was
 * left. Off Linux (no /proc to find them), the group alone.
 */
export function signalSession(sid: number, signal: NodeJS.Signals | 0): boolean {
  let reached = signalProcessGroup(sid, signal);
  for (const pid of liveMembers(sid, "outside its group")) {
    try {
      process.kill(pid, signal);
      reached = true;
    } catch {
      // gone meanwhile
    }
  }
  return reached;
}

/** True while the session `sid` leads has a member that is not a zombie (off Linux: while its group does). */
export function isSessionAlive(sid: number): boolean {
  if (process.platform !== "linux") return signalProcessGroup(sid, 0);
  return liveMembers(sid, "any").length > 0;
}

/** The live members (not zombies) of session `sid`: all, or those outside the group `sid` (Linux; none elsewhere). */
function liveMembers(sid: number, which: "any" | "outside its group"): number[] {
  if (process.platform !== "linux") return [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields === undefined || Number(fields[3]) !== sid || fields[0] === "Z" || fields[0] === "X") continue;
    if (which === "any" || Number(fields[2]) !== sid) members.push(Number(entry));
  }
  return members;
}

/** Kills the whole group at once; for `process.on("exit")`, where nothing asynchronous can run. */
export function killGroupSync(pgid: number): void {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // Already gone (ESRCH) or not ours (EPERM): nothing left to do while exiting.
  }
}

/**
 * True while the group has a member that is not a zombie. kill(-pgid, 0) alone also counts zombies, which
 * linger for ever under an init that does not reap them (some containers); on Linux /proc tells them apart.
 */
export function isGroupAlive(pgid: number): boolean {
  if (!signalProcessGroup(pgid, 0)) return false;
  if (process.platform !== "linux") return true;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  return entries.some((entry) => /^\d+$/.test(entry) && isLiveMember(entry, pgid));
}

/** Reads /proc/PID/stat: after the command name come the state, ppid and process group. */
function isLiveMember(pid: string, pgid: number): boolean {
  const fields = statFields(pid);
  return fields !== undefined && Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X";
}

/** /proc/PID/stat's fields after the command name: state, ppid, process group, session, …; undefined when gone. */
function statFields(pid: string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}
