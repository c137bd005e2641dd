// Shared bench helpers (beside bench-tools.mjs's options and sizes): run shell command lines side by side (alternating, so the shared machine's load hits
// both alike), report medians of wall time and the peak RSS, and print rows with their goals.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** 1073741824 → "1 GiB". */
export function sizeText(bytes) {
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GiB` : bytes >= 1024 ** 2 ? `${bytes / 1024 ** 2} MiB` : `${bytes} B`;
}

/** The pids of a live process's children (the kernel's list; none once it is gone or where the kernel has no list). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "latin1").split(" ").filter(Boolean);
  } catch {
    return [];
  }
}

/** VmHWM of a live process in KiB; undefined once it is gone. */
function readPeakKiB(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** bash's `times` line for its children ("0m0.351s 0m0.042s"): their user and system CPU in milliseconds. */
const TIMES_LINE = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/;

/** The CPU of the children in bash's `times` output at the end of `stderr` (its second line), and the rest of stderr. */
function childrenCpu(stderr) {
  const lines = stderr.trimEnd().split("\n");
  const match = TIMES_LINE.exec(lines.at(-1) ?? "");
  if (!match || !TIMES_LINE.test(lines.at(-2) ?? "")) return { cpuMilliseconds: NaN, stderr };
  const [, userMinutes, userSeconds, systemMinutes, systemSeconds] = match.map(Number);
  return { cpuMilliseconds: (userMinutes * 60 + userSeconds + systemMinutes * 60 + systemSeconds) * 1000, stderr: lines.slice(0, -2).join("\n") };
}

/**
 * Runs a shell command line (`bash -c`, stdout to /dev/null unless it redirects itself); wall milliseconds, the
 * CPU (user and system) of every process it started and waited for (bash's `times`, from getrusage: the threads of
 * each, a pipeline's every process; a process left running detached is in neither figure), and the peak RSS in KiB
 * of the largest process bash started (sampled from /proc every 5 ms). The CPU moves far less with the
 * shared host's load than the wall does: when other work takes a core, a pipeline of two busy processes (the
 * baselines) loses its second core and correx's one busy thread does not, so the wall ratio swings with the load.
 */
export async function measure(commandLine) {
  settleWrites();
  const started = performance.now();
  // bash stays the parent (no `exec`) so that `times` can say its children's CPU: one more fork on both sides
  const child = spawn("bash", ["-c", `${commandLine}\nstatus=$?; times >&2; exit $status`], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  let peakKiB = 0;
  // bash itself and the processes it started (the command, or each of a pipeline's)
  const sampler = setInterval(() => {
    for (const pid of [child.pid, ...childrenOf(child.pid)]) peakKiB = Math.max(peakKiB, readPeakKiB(pid) ?? 0);
  }, 5);
  const status = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  clearInterval(sampler);
  const milliseconds = performance.now() - started;
  const cpu = childrenCpu(stderr);
  if (status !== 0) throw new Error(`${commandLine} failed (${status}): ${cpu.stderr}`);
  return { milliseconds, cpuMilliseconds: cpu.cpuMilliseconds, peakKiB };
}

/**
 * Waits, untimed, until the page cache holds no unwritten data (`sync`). Each run starts clean: a run that writes
 * (a spill, a `tee` copy) otherwise pays for the writeback of the runs before it, since a host throttles writers
 * once a few hundred MiB wait for the disk (measured here: 100 MiB files written at 2.5–3.6 GB/s, then at 0.3–0.5
 * GB/s from the fifth such file on).
 */
export function settleWrites() {
  spawnSync("sync");
}

/** The median of numbers (the mean of the middle two for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Runs each command line (or function giving one) `times` times, alternating, in turn forwards and backwards (a b,
 * b a, a b, …: neither always runs first after the clean-up, nor always right after the other); the median wall
 * time, the median CPU and the largest peak RSS of each.
 */
export async function sideBySide(commandLines, times, before = () => {}) {
  const runs = commandLines.map(() => []);
  for (let round = 0; round < times; round += 1) {
    const order = [...commandLines.keys()];
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const commandLine = commandLines[index];
      before();
      runs[index].push(await measure(typeof commandLine === "function" ? commandLine() : commandLine));
    }
  }
  return runs.map((list) => ({
    milliseconds: median(list.map((run) => run.milliseconds)),
    cpuMilliseconds: median(list.map((run) => run.cpuMilliseconds)),
    peakKiB: Math.max(...list.map((run) => run.peakKiB)),
  }));
}

/**
 * The load average, and the share of the last minute in which some runnable task waited for a core (the kernel's
 * pressure stall information, where it has it), to say under what conditions the figures were taken.
 */
export function loadConditions() {
  const [one, five] = readFileSync("/proc/loadavg", "utf8").split(" ");
  let waited = "";
  try {
    const some = /^some avg10=[\d.]+ avg60=([\d.]+)/m.exec(readFileSync("/proc/pressure/cpu", "utf8"));
    if (some) waited = `, a task waiting for a core ${some[1]} % of the last minute`;
  } catch {
    // no pressure stall information on this kernel
  }
  return `load average ${one} (1 min), ${five} (5 min)${waited}`;
}

/** "1.23×" with a ✓ or ✗ against a goal ratio. */
export function ratioAgainst(ratio, goal) {
  return `${ratio.toFixed(2)}× ${ratio <= goal ? "✓" : "✗"}`;
}

/** "61.2 MiB" */
export function mebibytes(kib) {
  return `${(kib / 1024).toFixed(1)} MiB`;
}
