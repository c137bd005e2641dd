// Test helpers for a command left running: a shell line started in a process group of its own (as Codex CLI and
// Gemini CLI start their shell), the group killed as they kill it, and the processes left looked up in /proc.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** A `sleep` no other process runs: its seconds are the marker the test looks for in /proc. */
export function uniqueSleep(): string {
  return `sleep ${300 + Math.floor(Math.random() * 1_000_000) / 1000}`;
}

/** The pids whose command line (arguments joined by spaces) is `commandLine`, or passes it when a test. */
export function processesRunning(commandLine: string | ((line: string) => boolean)): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let line: string;
    try {
      line = readFileSync(`/proc/${entry}/cmdline`, "latin1").replace(/\0$/, "").replace(/\0/g, " ");
    } catch {
      continue;
    }
    if (typeof commandLine === "string" ? line === commandLine : commandLine(line)) pids.push(Number(entry));
  }
  return pids;
}

/** The process group of a pid (from /proc/PID/stat, after the command name: state, ppid, group), or undefined. */
export function processGroupOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return undefined;
  }
}

/** True once a `correx run --watchdog` watches the group of the process running `commandLine` (its argv ends in the group). */
export function isWatched(commandLine: string): boolean {
  const group = processesRunning(commandLine).map(processGroupOf)[0];
  return group !== undefined && processesRunning((line) => line.endsWith(` correx-watchdog ${group}`)).length > 0;
}

/** Polls until `ready` is true, or false after `ms`. */
export async function pollUntil(ready: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * Starts `bash -c LINE` as the leader of a new process group (detached: setsid), as Codex CLI and Gemini CLI start
 * the shell of a command, with `env`; returns the group id.
 */
export function startShellGroup(line: string, env: NodeJS.ProcessEnv): number {
  const child = spawn("bash", ["-c", line], { detached: true, stdio: "ignore", env });
  child.on("error", () => undefined);
  child.unref();
  return child.pid!;
}

/** Kills what a test left (by pid, each found by its unique command line). */
export function killLeft(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone already
    }
  }
}
