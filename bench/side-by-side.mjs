// Shared bench helpers (beside bench-tools.mjs's options and sizes): run shell command lines side by side (alternating, so the shared machine's load hits
// both alike), report medians of wall time and the peak RSS, and print rows with their goals.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

/** 1073741824 → "1 GiB". */
export function sizeText(bytes) {
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GiB` : bytes >= 1024 ** 2 ? `${bytes / 1024 ** 2} MiB` : `${bytes} B`;
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

/**
 * Runs a shell command line (`bash -c`, stdout to /dev/null unless it redirects itself); wall milliseconds and
 * the peak RSS in KiB of `node` processes it started (sampled from /proc every 5 ms; 0 when none).
 */
export async function measure(commandLine) {
  settleWrites();
  const started = performance.now();
  const child = spawn("bash", ["-c", `exec ${commandLine}`], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  let peakKiB = 0;
  const sampler = setInterval(() => {
    peakKiB = Math.max(peakKiB, readPeakKiB(child.pid) ?? 0);
  }, 5);
  const status = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  clearInterval(sampler);
  const milliseconds = performance.now() - started;
  if (status !== 0) throw new Error(`${commandLine} failed (${status}): ${stderr}`);
  return { milliseconds, peakKiB };
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

/** Runs each command line (or function giving one) `times` times, alternating; the median wall time and the largest peak RSS of each. */
export async function sideBySide(commandLines, times, before = () => {}) {
  const runs = commandLines.map(() => []);
  for (let round = 0; round < times; round += 1) {
    for (const [index, commandLine] of commandLines.entries()) {
      before();
      runs[index].push(await measure(typeof commandLine === "function" ? commandLine() : commandLine));
    }
  }
  return runs.map((list) => ({ milliseconds: median(list.map((run) => run.milliseconds)), peakKiB: Math.max(...list.map((run) => run.peakKiB)) }));
}

/** The load average and core count, to say under what conditions the figures were taken. */
export function loadConditions() {
  const [one, five] = readFileSync("/proc/loadavg", "utf8").split(" ");
  return `load average ${one} (1 min), ${five} (5 min)`;
}

/** "1.23×" with a ✓ or ✗ against a goal ratio. */
export function ratioAgainst(ratio, goal) {
  return `${ratio.toFixed(2)}× ${ratio <= goal ? "✓" : "✗"}`;
}

/** "61.2 MiB" */
export function mebibytes(kib) {
  return `${(kib / 1024).toFixed(1)} MiB`;
}
