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

/** SIGKILLs a process group, as Codex CLI ends a shell command at its timeout. */
export const killGroup = async (group: number): Promise<void> => void process.kill(-group, "SIGKILL");

/** SIGTERM, then SIGKILL 200 ms later, as Gemini CLI ends a shell command's group when it escalates. */
export async function termThenKillGroup(group: number): Promise<void> {
  process.kill(-group, "SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 200));
  process.kill(-group, "SIGKILL");
}

/**
 * Starts `bash -c LINE` in a new group (startShellGroup), waits for `sleep` (a uniqueSleep the line runs) and, when
 * the line says `--watchdog`, 5 s at most for a watchdog over its group (not asserted: the result is on what is left), ends
 * the group with `kill`, and returns the pids still running `sleep` after 2 s at most; it kills those before it returns.
 */
export async function leftAfterGroupKill(line: string, sleep: string, env: NodeJS.ProcessEnv, kill: (group: number) => Promise<void>): Promise<number[]> {
  try {
    const group = startShellGroup(line, env);
    if (!(await pollUntil(() => processesRunning(sleep).length > 0, 10_000))) throw new Error(`${sleep} never started`);
    if (line.includes("--watchdog")) await pollUntil(() => isWatched(sleep), 5_000);
    await kill(group);
    await pollUntil(() => processesRunning(sleep).length === 0, 2_000);
    return processesRunning(sleep);
  } finally {
    killLeft(processesRunning(sleep));
  }
}
