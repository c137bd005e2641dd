#!/usr/bin/env node
// Bench: the cost of salience. `correx bound` (salience on, the model default) and `--salience off` against
// `tee FILE | tail -c 51200` doing the same copy, on log lines and on lines that all look like errors; peak RSS.
// Needs the build. Prints Markdown for bench/README.md.
//   node bench/salience-speed.mjs [--sizes 100MiB,1GiB] [--repeat 2]
//   node bench/salience-speed.mjs --sizes 256MiB --write-to FILE [--shape "log lines"]   (the input only)
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureShell, option, parseSize } from "./bench-tools.mjs";

const sizes = option("sizes", "100MiB,1GiB").split(",").map((text) => ({ text, bytes: parseSize(text) }));
const repeat = Number(option("repeat", "2"));
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-salience-bench-"));

/** Lines of the real recorded outputs (test/fixtures/salience/) that carry a strong error marker, by output. */
function realErrorLines() {
  const folder = fileURLToPath(new URL("../test/fixtures/salience/", import.meta.url));
  const marker = /error(?:\[E\d+\]| TS\d+)?:| error TS\d|\bERROR\b|\b[A-Z][a-z]+Error\b|\bFAILED\b|Exception|panicked|fatal|Permission denied|^\s*[×✘]|npm ERR|^E {2}|\bFAIL\b|^\s*\d+:\d+\s+error\s/;
  const sources = [];
  for (const file of readdirSync(folder).sort()) {
    if (!file.endsWith(".txt") || file.endsWith(".must-keep.txt") || /^git-|all-pass/.test(file)) continue;
    const lines = readFileSync(join(folder, file), "utf8").replace(/\x1b\[[0-9;]*m/g, "").split("\n");
    const errors = [...new Set(lines.filter((line) => marker.test(line) && !/\bPASSED\b|✓/.test(line)))];
    if (errors.length > 0) sources.push(errors);
  }
  return sources;
}

/**
 * Another line of the same kind: each number moved by `index` within its digit count (tsc's `3:14` becomes `4:25`,
 * `test_8` `test_9`); codes (`TS2322`, `E0308`), HTTP statuses and a leading timestamp stay as they were.
 */
function vary(line, index) {
  const stamp = /^\d{4}-\d\d-\d\d[T ][\d:.,]+Z?/.exec(line)?.[0] ?? "";
  const rest = line.slice(stamp.length).replace(/(?<![A-Z\d])\d+/g, (digits, at, text) => {
    if (/^[1-5]\d\d$/.test(digits) && text[at - 1] === " " && text[at + 3] === " ") return digits;
    const modulus = 10 ** digits.length;
    return String((Number(digits) + index) % modulus).padStart(digits.length, "0");
  });
  return stamp + rest;
}

const ERROR_SOURCES = realErrorLines();

const SHAPES = {
  "log lines": (index) => `[${String(index).padStart(6, "0")}] INFO worker-${index % 13} compiled src/module-${index % 97}.ts in ${index % 997} ms`,
  // Error lines of the real outputs (tsc, eslint, cargo, gcc/make, pytest, vitest, a Python batch job, a server
  // log, find), one output after another, each line with its numbers varied: no two neighbours alike.
  "all errors": (index) => {
    const source = ERROR_SOURCES[index % ERROR_SOURCES.length];
    const round = Math.floor(index / ERROR_SOURCES.length);
    return vary(source[round % source.length], round);
  },
};

/** Writes `size` bytes of the shape's lines to a file (a block of 100,000 lines, repeated). */
function writeInput(path, size, shape) {
  const lines = [];
  for (let index = 0; lines.length < 100000; index += 1) lines.push(SHAPES[shape](index));
  const block = Buffer.from(`${lines.join("\n")}\n`);
  const fd = openSync(path, "w");
  for (let written = 0; written < size; ) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    writeSync(fd, piece);
    written += piece.length;
  }
  closeSync(fd);
}

/** Wall time (ms) and peak RSS (KiB) of a shell command line. */
const measure = (commandLine) => measureShell(commandLine, work);

/** Best of `repeat` runs of each command, interleaved so that machine noise hits all alike. */
function interleaved(commands) {
  const runs = commands.map(() => []);
  for (let run = 0; run < repeat; run += 1) commands.forEach((command, index) => runs[index].push(measure(command)));
  return runs.map((list) => ({
    milliseconds: Math.min(...list.map((r) => r.milliseconds)),
    cpuMilliseconds: Math.min(...list.map((r) => r.cpuMilliseconds)),
    peakKiB: Math.max(...list.map((r) => r.peakKiB)),
  }));
}

// `--write-to FILE [--shape "all errors"]` only writes the first size's input (for profiling), then exits.
const writeTo = option("write-to", "");
if (writeTo !== "") {
  writeInput(writeTo, sizes[0].bytes, option("shape", "all errors"));
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

const rows = [];
for (const { text, bytes } of sizes) {
  for (const shape of Object.keys(SHAPES)) {
    const input = join(work, "input");
    writeInput(input, bytes, shape);
    const spill = join(work, "spill");
    const [on, off, baseline] = interleaved([
      `${correx} bound --for model --spill-dir ${spill} < ${input} > /dev/null; rm -rf ${spill}`,
      `${correx} bound --for model --salience off --spill-dir ${spill} < ${input} > /dev/null; rm -rf ${spill}`,
      `tee ${join(work, "tee-copy")} < ${input} | tail -c 51200 > /dev/null; rm -f ${join(work, "tee-copy")}`,
    ]);
    const cells = [on, off, baseline].map((run) => `${run.milliseconds.toFixed(0)} (${run.cpuMilliseconds.toFixed(0)})`);
    const ratio = (on.milliseconds / baseline.milliseconds).toFixed(2);
    const cpuRatio = (on.cpuMilliseconds / baseline.cpuMilliseconds).toFixed(2);
    rows.push(`| ${text} | ${shape} | ${cells.join(" | ")} | ${ratio} (goal ≤ 1.5) | ${cpuRatio} | ${(on.peakKiB / 1024).toFixed(1)} (goal ≤ 100) |`);
    rmSync(input, { force: true });
  }
}
rmSync(work, { recursive: true, force: true });
const load = loadavg()[0].toFixed(1);
console.log(`Load average at the end: ${load}. Times: wall ms (CPU ms, user + system), best of ${repeat}.\n`);
console.log("| input | shape | salience on | salience off | tee FILE \\| tail -c 51200 | wall ratio on / tee | CPU ratio on / tee | peak RSS on (MiB) |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
