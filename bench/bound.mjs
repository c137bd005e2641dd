#!/usr/bin/env node
// Bench: `correx bound` throughput against `tee FILE | tail -c 51200` doing the same copy (ratio of wall
// times), peak RSS from 1 MiB to 1 GiB (text, and one line without a newline), and start-up of
// `echo hi | correx bound` against `node -e 0`. Needs the build. Prints Markdown for bench/README.md.
//   node bench/bound.mjs [--sizes 1MiB,100MiB,1GiB] [--repeat 3]
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureShell, option, parseSize } from "./bench-tools.mjs";

const sizes = option("sizes", "1MiB,100MiB,1GiB").split(",").map((text) => ({ text, bytes: parseSize(text) }));
const repeat = Number(option("repeat", "3"));
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-bench-"));

/** Writes `size` bytes of log-like lines (or one line without a newline) to a file. */
function writeInput(path, size, oneLine) {
  const lines = [];
  for (let index = 0; lines.length < 20000; index += 1) {
    lines.push(`[${String(index).padStart(6, "0")}] INFO worker-${index % 13} compiled src/module-${index % 97}.ts in ${index % 997} ms`);
  }
  const block = Buffer.from(oneLine ? lines.join(" ") : `${lines.join("\n")}\n`);
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

/** Best of `times` runs, alternating the two commands so that machine noise hits both alike. */
function sideBySide(first, second, times = repeat) {
  const a = [];
  const b = [];
  for (let run = 0; run < times; run += 1) {
    a.push(measure(first));
    b.push(measure(second));
  }
  const bestOf = (runs) => ({ milliseconds: Math.min(...runs.map((run) => run.milliseconds)), peakKiB: Math.max(...runs.map((run) => run.peakKiB)) });
  return [bestOf(a), bestOf(b)];
}

const rows = [];
for (const { text, bytes } of sizes) {
  for (const oneLine of [false, true]) {
    const input = join(work, `input-${text}-${oneLine}`);
    writeInput(input, bytes, oneLine);
    const spill = join(work, "spill");
    const [ours, baseline] = sideBySide(
      `node ${correx} bound --spill-dir ${spill} < ${input} > /dev/null`,
      `tee ${join(work, "tee-copy")} < ${input} | tail -c 51200 > /dev/null`,
      bytes >= 1024 ** 3 ? Math.min(repeat, 2) : repeat,
    );
    rows.push(`| ${text} | ${oneLine ? "one line" : "lines"} | ${ours.milliseconds.toFixed(0)} | ${baseline.milliseconds.toFixed(0)} | ${(ours.milliseconds / baseline.milliseconds).toFixed(2)} | ${(ours.peakKiB / 1024).toFixed(1)} |`);
    rmSync(input, { force: true });
    rmSync(spill, { recursive: true, force: true });
    rmSync(join(work, "tee-copy"), { force: true });
  }
}
const [startCorrex, startNode] = sideBySide(`echo hi | node ${correx} bound --no-spill`, "node -e 0", 15);
rmSync(work, { recursive: true, force: true });

console.log("### correx bound: throughput and memory\n");
console.log("| input | shape | correx bound (ms) | tee FILE \\| tail -c 51200 (ms) | ratio | correx peak RSS (MiB) |");
console.log("| --- | --- | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
console.log("\n### Start-up\n");
console.log("| echo hi \\| correx bound (ms) | node -e 0 (ms) | ratio |");
console.log("| ---: | ---: | ---: |");
console.log(`| ${startCorrex.milliseconds.toFixed(1)} | ${startNode.milliseconds.toFixed(1)} | ${(startCorrex.milliseconds / startNode.milliseconds).toFixed(2)} |`);
