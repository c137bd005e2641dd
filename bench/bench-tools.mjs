// What the benches share: their command-line options, sizes as people write them, and timing a shell command
// line with its peak RSS (GNU time).
import { spawnSync } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { settleWrites } from "./side-by-side.mjs";

/** The value after `--NAME` on the bench's command line, else `fallback`. */
export function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

const UNITS = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };

/** `100MiB`, `1GiB`, `512` as bytes. */
export function parseSize(text) {
  const match = /^(\d+)\s*(b|kib|mib|gib)?$/i.exec(text.trim());
  return Number(match[1]) * UNITS[(match[2] ?? "b").toLowerCase()];
}

/** /dev/null opened write-only, as a shell's `>/dev/null` gives it (spawnSync's "ignore" opens it read-write). */
export const DEV_NULL = openSync("/dev/null", "w");

/**
 * Wall time (ms), CPU time (user + system of the command and the processes it waited for, ms) and peak RSS (KiB)
 * of a shell command line; `scratch` is a folder for time's report.
 */
export function measureShell(commandLine, scratch) {
  settleWrites();
  const report = join(scratch, "rss");
  const started = performance.now();
  const result = spawnSync("/usr/bin/time", ["-f", "%U %S %M", "-o", report, "bash", "-c", commandLine], { stdio: ["ignore", DEV_NULL, "pipe"] });
  const milliseconds = performance.now() - started;
  if (result.status !== 0) throw new Error(`${commandLine} failed (${result.status}): ${result.stderr}`);
  const [user, system, peakKiB] = readFileSync(report, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
  return { milliseconds, cpuMilliseconds: (user + system) * 1000, peakKiB };
}
