// Process-group signalling: the command leads its own group, so one kill(-pgid) reaches its grandchildren too.
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
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "latin1");
  } catch {
    return false;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X";
}
