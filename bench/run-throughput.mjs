#!/usr/bin/env node
// Bench: `correx run -- cat FILE` against `cat FILE > /dev/null` (the ratio of wall times) and correx's
// peak RSS, for each size (default 1 MiB and 1 GiB: RSS must stay flat). Needs the build (npm run build).
//   node bench/run-throughput.mjs [--sizes 1MiB,1GiB] [--repeat 3]
// Prints a Markdown table for bench/README.md. Not part of the test suite (it writes GiBs).
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { DEV_NULL } from "./bench-tools.mjs";

const UNITS = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const sizes = option("sizes", "1MiB,1GiB").split(",").map(parseSize);
const repeat = Number(option("repeat", "3"));
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));

/** "1GiB" → bytes. */
function parseSize(text) {
  const match = /^(\d+)\s*(b|kib|mib|gib)?$/i.exec(text.trim());
  if (!match) throw new Error(`bad size: ${text} (e.g. 1MiB, 1GiB)`);
  return Number(match[1]) * UNITS[(match[2] ?? "b").toLowerCase()];
}

/** Writes `size` bytes of log-like text lines (some long, some repeated) to a new file. */
function writeTextFile(path, size) {
  const lines = [];
  for (let index = 0; lines.join("").length < 1 << 20; index += 1) {
    lines.push(`${String(index).padStart(7, "0")} INFO worker-${index % 13} processed batch ${index * 7919 % 100003} in ${index % 997} ms\n`);
    if (index % 101 === 0) lines.push(`${"x".repeat(3000)}\n`);
  }
  const block = Buffer.from(lines.join("")).subarray(0, 1 << 20);
  const descriptor = openSync(path, "w");
  for (let written = 0; written < size; ) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    writeSync(descriptor, piece);
    written += piece.length;
  }
  closeSync(descriptor);
}

/**
 * Runs argv with stdout to /dev/null; returns wall milliseconds and the peak RSS in KiB of the process
 * started (VmHWM from /proc, sampled every few ms: the peak is monotonic, so the last sample is the peak
 * up to its final milliseconds). `/usr/bin/time -f %M` was tried first and reported absurd peaks
 * (terabytes) now and then on this kernel.
 */
async function measure(argv) {
  const started = performance.now();
  const child = spawn(argv[0], argv.slice(1), { stdio: ["ignore", DEV_NULL, "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  let peakKiB = Number.NaN;
  const sampler = setInterval(() => (peakKiB = readPeakKiB(child.pid) ?? peakKiB), 5);
  const status = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  clearInterval(sampler);
  const milliseconds = performance.now() - started;
  if (status !== 0) throw new Error(`${argv.join(" ")} failed (${status}): ${stderr}`);
  return { milliseconds, peakKiB };
}

/** VmHWM of a live process in KiB; undefined when it is gone or there is no /proc. */
function readPeakKiB(pid) {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Best wall time of `repeat` runs, and the largest peak RSS seen. */
async function best(argv) {
  const runs = [];
  for (let index = 0; index < repeat; index += 1) runs.push(await measure(argv));
  return { milliseconds: Math.min(...runs.map((run) => run.milliseconds)), peakKiB: Math.max(...runs.map((run) => run.peakKiB)) };
}

const workDirectory = mkdtempSync(join(tmpdir(), "correx-bench-run-"));
try {
  const rows = [];
  for (const size of sizes) {
    const file = join(workDirectory, "input.txt");
    writeTextFile(file, size);
    const spillDirectory = join(workDirectory, "spill");
    const baseline = await best(["sh", "-c", `cat '${file}' > /dev/null`]);
    const copy = await best(["sh", "-c", `cat '${file}' | tee '${join(workDirectory, "copy")}' | tail -c 51200 > /dev/null`]);
    const run = await best([process.execPath, correx, "run", "--for", "model", "--spill-dir", spillDirectory, "--", "cat", file]);
    rows.push({ size, baseline, copy, run });
    rmSync(spillDirectory, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
  const format = (milliseconds) => `${(milliseconds / 1000).toFixed(2)} s`;
  const sizeText = (bytes) => (bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GiB` : `${bytes / 1024 ** 2} MiB`);
  console.log("| input | `cat > /dev/null` | `cat | tee | tail -c` | `correx run -- cat` | ratio vs cat | ratio vs tee | correx peak RSS |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const { size, baseline, copy, run } of rows) {
    const rss = Number.isNaN(run.peakKiB) ? "n/a" : `${(run.peakKiB / 1024).toFixed(1)} MiB`;
    console.log(
      `| ${sizeText(size)} | ${format(baseline.milliseconds)} | ${format(copy.milliseconds)} | ${format(run.milliseconds)} | ` +
        `${(run.milliseconds / baseline.milliseconds).toFixed(1)}× | ${(run.milliseconds / copy.milliseconds).toFixed(1)}× | ${rss} |`,
    );
  }
} finally {
  rmSync(workDirectory, { recursive: true, force: true });
}
