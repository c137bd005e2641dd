#!/usr/bin/env node
// Bench: the store's read side against the Unix tools a person would use on the same file, side by side.
//   read ID --offset N near the end of a spill  vs  sed -n 'N,+1999p' FILE
//   grep ID PATTERN                              vs  grep -n PATTERN FILE  (and grep -nE for a regex)
//   ls of a store of many outputs                vs  ls -l DIR
// Medians of --repeat runs (correx and its baseline alternately), wall time and peak RSS (from /usr/bin/time
// when present), and the load average. Needs the build.
//   node bench/store-read.mjs [--size 1073741824] [--outputs 10000] [--repeat 3]
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// Node reads NODE_EXTRA_CA_CERTS's certificate file at start-up (~30-40 ms here); correx's launcher moves it aside, so a
// `node` baseline that paid it would flatter correx. Every figure is taken without it.
delete process.env.NODE_EXTRA_CA_CERTS;

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const size = Number(option("size", String(1024 ** 3)));
const outputs = Number(option("outputs", "10000"));
const repeat = Number(option("repeat", "3"));
const CORREX = fileURLToPath(new URL("../bin/correx", import.meta.url));
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const work = mkdtempSync(join(tmpdir(), "correx-bench-store-"));
const store = join(work, "store");
const env = { ...process.env, CORREX_SPILL_DIR: store, CORREX_QUOTA: "8GiB", NO_COLOR: "1" }; // a quota past the spill: no eviction mid-bench

/** Varied log lines (timestamps, levels, ids, paths, durations); about 1 in 5,000 has "ECONNRESET". */
function writeLog(file, bytes) {
  const fd = openSync(file, "w");
  const levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "INFO", "DEBUG", "ERROR"];
  const words = ["request", "cache", "worker", "queue", "db", "auth", "upload", "render", "session", "index"];
  let seed = 42;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) >>> 0), (seed >>> 8) % n);
  let written = 0;
  let parts = [];
  while (written < bytes) {
    let line = `2026-01-01T${String(rand(24)).padStart(2, "0")}:${String(rand(60)).padStart(2, "0")}:${String(rand(60)).padStart(2, "0")}.${rand(1000)}Z ${levels[rand(8)]} ${words[rand(10)]}-${rand(64)} id=${rand(1e9).toString(16)} path=/api/v${rand(3)}/${words[rand(10)]}/${rand(100000)} took ${rand(5000)}ms`;
    if (rand(5000) === 0) line += " error: read ECONNRESET";
    line += "\n";
    parts.push(line);
    written += line.length;
    if (parts.length === 10000) (writeSync(fd, parts.join("")), (parts = []));
  }
  writeSync(fd, parts.join(""));
  closeSync(fd);
}

/** Runs a command `runs` times: the median wall time (ms) and the median peak RSS (MiB) when measurable. */
function measure(command, args, options = {}, runs = repeat) {
  const walls = [];
  const rss = [];
  for (let run = 0; run < runs; run += 1) {
    const timed = TIME ? [TIME, ["-f", "%M", command, ...args]] : [command, args];
    const start = process.hrtime.bigint();
    // stdout is a pipe read to the end: GNU grep stops at the first match when its stdout is /dev/null.
    const result = spawnSync(timed[0], timed[1], { env, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 30, ...options });
    walls.push(Number(process.hrtime.bigint() - start) / 1e6);
    const kib = TIME ? Number(result.stderr.toString().trim().split("\n").pop()) : NaN;
    if (Number.isFinite(kib)) rss.push(kib / 1024);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { ms: median(walls), mib: rss.length > 0 ? median(rss) : undefined };
}

/** Two commands run alternately `repeat` times each (a loaded machine then slows both alike): their medians. */
function alternate([command, args], [baseCommand, baseArgs]) {
  const runs = [[], []];
  for (let run = 0; run < repeat; run += 1) {
    runs[0].push(measure(command, args, {}, 1));
    runs[1].push(measure(baseCommand, baseArgs, {}, 1));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return runs.map((list) => ({ ms: median(list.map((one) => one.ms)), mib: list[0].mib === undefined ? undefined : median(list.map((one) => one.mib)) }));
}
const grepRow = (what, ours, baseline, goal) => row(what, ...alternate([CORREX, ["grep", id, ...ours]], ["grep", [...baseline, spill]]), goal);

const log = join(work, "input.log");
writeLog(log, size);
const bound = spawnSync(CORREX, ["bound", "--for", "model", "--max-output", "2GiB", "--no-fold"], { env, input: undefined, stdio: [openSync(log, "r"), "pipe", "inherit"] });
const id = /correx read (tool_\w+)/.exec(bound.stdout.toString())[1];
const spill = join(store, id);
const lines = Number(spawnSync("wc", ["-l", spill]).stdout.toString().trim().split(" ")[0]);

const rows = [];
const row = (what, ours, baseline, goal) => rows.push(`| ${what} | ${ours.ms.toFixed(0)} ms${ours.mib ? `, ${ours.mib.toFixed(0)} MiB` : ""} | ${baseline.ms.toFixed(0)} ms${baseline.mib ? `, ${baseline.mib.toFixed(0)} MiB` : ""} | ${(ours.ms / baseline.ms).toFixed(2)}× | ${goal} |`);
// The goal of read is an absolute one over start-up: `node -e 0` run alternately with each read (best of
// 3 × repeat each, as a loaded machine stretches medians) gives the "above".
for (const offset of [1, Math.floor(lines / 2), lines - 1999]) {
  const args = ["read", id, "--offset", String(offset), "--limit", "2000"];
  let [node, read] = [Infinity, Infinity];
  for (let run = 0; run < 3 * repeat; run += 1) {
    node = Math.min(node, measure(process.execPath, ["-e", "0"], {}, 1).ms);
    read = Math.min(read, measure(CORREX, args, {}, 1).ms);
  }
  const shown = { ...measure(CORREX, args), ms: read };
  row(`read --offset ${offset} --limit 2000 (best of ${3 * repeat}; node -e 0: ${node.toFixed(0)} ms)`, shown, measure("sed", ["-n", `${offset},+1999p`, spill]), `≤ 50 ms above node -e 0 (${(read - node).toFixed(0)} ms), RSS flat`);
}
grepRow("grep ECONNRESET", ["ECONNRESET"], ["-n", "ECONNRESET"], "≤ 2× grep -n");
grepRow("grep -i econnreset", ["-i", "econnreset"], ["-n", "-i", "econnreset"], "≤ 2× grep -n -i");
grepRow("grep 'ECONN[A-Z]+'", ["ECONN[A-Z]+"], ["-nE", "ECONN[A-Z]+"], "≤ 2× grep -nE");
// No literal every match must contain: V8's regexps over many lines at once (linear: V8's linear engine takes
// over a search that backtracks too much). The second matches every line (a timestamp on each).
grepRow("grep '(a+)+$' (no literal)", ["(a+)+$"], ["-nE", "(a+)+$"], "≤ 2× grep -nE, linear");
grepRow("grep '[0-9]{4}-[0-9]{2}' (every line matches)", ["[0-9]{4}-[0-9]{2}"], ["-nE", "[0-9]{4}-[0-9]{2}"], "≤ 2× grep -nE");
grepRow("grep -c '[0-9]{4}-[0-9]{2}' (counts every line)", ["-c", "[0-9]{4}-[0-9]{2}"], ["-cE", "[0-9]{4}-[0-9]{2}"], "≤ 2× grep -cE");
grepRow("grep '^\\s+at ' (no line matches)", ["^\\s+at "], ["-nE", "^\\s+at "], "≤ 2× grep -nE");

// A store of many small outputs, each with a record that holds a projection (as bound writes them), saved when its
// data was written (a record older than its data is an output changed after it was saved: ls says so of each).
rmSync(store, { recursive: true, force: true });
const many = join(work, "many");
spawnSync(process.execPath, ["-e", `
  const fs = require("fs"), path = require("path");
  fs.mkdirSync(${JSON.stringify(many)}, { mode: 0o700 });
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  const now = Date.now();
  for (let index = 0; index < ${outputs}; index += 1) {
    let time = "", value = now - index * 1000;
    for (let digit = 0; digit < 10; digit += 1) { time = alphabet[value % 32] + time; value = Math.floor(value / 32); }
    let random = ""; for (let digit = 0; digit < 16; digit += 1) random += alphabet[(index * 7 + digit * 13) % 32];
    const id = "tool_" + time + random;
    const data = ("line of output " + index + "\\n").repeat(200);
    fs.writeFileSync(path.join(${JSON.stringify(many)}, id), data, { mode: 0o600 });
    fs.writeFileSync(path.join(${JSON.stringify(many)}, id + ".json"), JSON.stringify({ id, created: new Date().toISOString(), size: data.length, lines: 200, sha256: "0".repeat(64), command: "make test " + index, exit_code: 0, source_shape: "text", projection: data.slice(0, 8000) }, null, 2) + "\\n", { mode: 0o600 });
  }`]);
row(`ls, ${outputs} outputs`, ...alternate([CORREX, ["ls", "--spill-dir", many]], ["ls", ["-l", many]]), "≤ 2× ls -l, RSS flat");

console.log(`### The store's read side (bench/store-read.mjs: ${(size / 1024 ** 2).toFixed(0)} MiB spill of ${lines} log lines, medians of ${repeat}; load average ${loadavg().map((load) => load.toFixed(1)).join(" ")})\n`);
console.log("| measure | correx | baseline | ratio | goal |\n| --- | --- | --- | --- | --- |");
console.log(rows.join("\n"));
rmSync(work, { recursive: true, force: true });
