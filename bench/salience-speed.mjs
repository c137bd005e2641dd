#!/usr/bin/env node
// Bench: the cost of salience. `correx bound` (salience on, the model default) and `--salience off` against
// `tee FILE | tail -c 51200` doing the same copy, on log lines and on lines that all look like errors; peak RSS.
// Needs the build. Prints Markdown for bench/README.md.
//   node bench/salience-speed.mjs [--sizes 100MiB,1GiB] [--repeat 2]
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureShell, option, parseSize } from "./bench-tools.mjs";

const sizes = option("sizes", "100MiB,1GiB").split(",").map((text) => ({ text, bytes: parseSize(text) }));
const repeat = Number(option("repeat", "2"));
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-salience-bench-"));

const SHAPES = {
  "log lines": (index) => `[${String(index).padStart(6, "0")}] INFO worker-${index % 13} compiled src/module-${index % 97}.ts in ${index % 997} ms`,
  "all errors": (index) =>
    [
      `2026-12-01T04:00:${String(index % 60).padStart(2, "0")}Z ERROR [worker-${index % 13}] request ${index} failed: connection refused (ECONNREFUSED 10.0.${index % 255}.7:5432)`,
      `src/module-${index % 97}.ts(${index % 400},${index % 80}): error TS2322: Type 'string' is not assignable to type 'number'.`,
      `Error: ENOENT: no such file or directory, open '/srv/data/${index}.json'`,
      `FAILED tests/test_orders.py::test_case_${index} - AssertionError: assert ${index} == ${index + 1}`,
    ][index % 4],
};

/** Writes `size` bytes of the shape's lines to a file. */
function writeInput(path, size, shape) {
  const lines = [];
  for (let index = 0; lines.length < 20000; index += 1) lines.push(SHAPES[shape](index));
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
  return runs.map((list) => ({ milliseconds: Math.min(...list.map((r) => r.milliseconds)), peakKiB: Math.max(...list.map((r) => r.peakKiB)) }));
}

const rows = [];
for (const { text, bytes } of sizes) {
  for (const shape of Object.keys(SHAPES)) {
    const input = join(work, "input");
    writeInput(input, bytes, shape);
    const spill = join(work, "spill");
    const [on, off, baseline] = interleaved([
      `node ${correx} bound --for model --spill-dir ${spill} < ${input} > /dev/null; rm -rf ${spill}`,
      `node ${correx} bound --for model --salience off --spill-dir ${spill} < ${input} > /dev/null; rm -rf ${spill}`,
      `tee ${join(work, "tee-copy")} < ${input} | tail -c 51200 > /dev/null; rm -f ${join(work, "tee-copy")}`,
    ]);
    rows.push(`| ${text} | ${shape} | ${on.milliseconds.toFixed(0)} | ${off.milliseconds.toFixed(0)} | ${baseline.milliseconds.toFixed(0)} | ${(on.milliseconds / baseline.milliseconds).toFixed(2)} | ${(on.peakKiB / 1024).toFixed(1)} |`);
    rmSync(input, { force: true });
  }
}
rmSync(work, { recursive: true, force: true });
console.log("| input | shape | salience on (ms) | salience off (ms) | tee FILE \\| tail -c 51200 (ms) | ratio on / tee | peak RSS on (MiB) |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
