#!/usr/bin/env node
// Bench: where the time of `run -- cat F` goes (issue 16's row, ≤ 1.5× of `cat F | tee S | tail -c 51200`), part by
// part, side by side: the command read into the tail ring alone (`--no-spill --salience off`), then with the spill
// (the file, its sha256 and line index), with salience (the needle scan of every byte that leaves the ring and the
// lines it hands back), and both (what users get); beside the baseline, the shell hashing its copy too (`tee >(openssl
// dgst -sha256)`), where openssl is. Medians of alternated runs, wall and CPU (user + system of every
// process of the line, GNU time). Then what no design in Node can avoid, timed in this process on the same input:
// sha256 (the record holds it) and reading the file. Prints Markdown for bench/README.md. Needs the build.
//   node bench/run-parts.mjs [--repeat 9] [--size 100MiB]
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { measureShell, option, parseSize } from "./bench-tools.mjs";
import { writeInput } from "./log-input.mjs";
import { loadConditions, median, sizeText } from "./side-by-side.mjs";

const repeat = Number(option("repeat", "9"));
const size = parseSize(option("size", "100MiB"));
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-bench-run-parts-"));
const input = join(work, "logs");
writeInput(input, size, "logs");
const store = join(work, "store");
const copy = join(work, "copy");

const run = (flags) => `${correx} run --for model ${flags} -- cat ${input}`;
// The shell doing what the spill does besides: the copy hashed too (OpenSSL's SHA-NI code, as Node's), where openssl is.
const openssl = spawnSync("sh", ["-c", "command -v openssl"]).status === 0;
const lines = [
  ["`cat F \\| tee S \\| tail -c 51200` (the baseline)", `cat ${input} | tee ${copy} | tail -c 51200`],
  ...(openssl ? [["`cat F \\| tee S >(openssl dgst -sha256) \\| tail -c 51200`: the shell hashing its copy too", `cat ${input} | tee ${copy} >(openssl dgst -sha256 > /dev/null) | tail -c 51200`]] : []),
  ["`run --no-spill --salience off`: the output read into the tail ring", run("--no-spill --salience off")],
  ["`run --salience off`: and the spill (file, sha256, line index)", run(`--spill-dir ${store} --salience off`)],
  ["`run --no-spill`: and salience (the scan, the lines it hands back, the cut)", run("--no-spill")],
  ["`run`: both (the defaults)", run(`--spill-dir ${store}`)],
];

process.stderr.write(`${loadConditions()} before\n`);
const samples = lines.map(() => ({ wall: [], cpu: [] }));
try {
  for (let round = 0; round < repeat; round += 1) {
    for (const [index, [, commandLine]] of lines.entries()) {
      rmSync(store, { recursive: true, force: true });
      rmSync(copy, { force: true });
      const { milliseconds, cpuMilliseconds } = measureShell(commandLine, work);
      samples[index].wall.push(milliseconds);
      samples[index].cpu.push(cpuMilliseconds);
    }
  }
  // What any design pays, on one core: the sha256 of the bytes (OpenSSL, as the spill worker runs it), and one read
  // of them from the page cache into a reused 256 KiB buffer (the file is warm from the runs above).
  const hashMs = [];
  const readMs = [];
  const bytes = readFileSync(input);
  const buffer = Buffer.allocUnsafe(256 * 1024);
  for (let round = 0; round < repeat; round += 1) {
    let started = performance.now();
    createHash("sha256").update(bytes).digest();
    hashMs.push(performance.now() - started);
    started = performance.now();
    const fd = openSync(input, "r");
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
    closeSync(fd);
    readMs.push(performance.now() - started);
  }
  const base = median(samples[0].wall);
  console.log(`\n### Where \`run -- cat F\` spends its time, ${sizeText(size)} of log lines (medians of ${repeat} alternated runs)\n`);
  console.log("| command | wall (ms) | against the baseline | CPU, all processes (ms) |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const [index, [name]] of lines.entries()) {
    const wall = median(samples[index].wall);
    console.log(`| ${name} | ${wall.toFixed(0)} | ${(wall / base).toFixed(2)}× | ${median(samples[index].cpu).toFixed(0)} |`);
  }
  console.log(`\nOn one core, in this process: sha256 of the ${sizeText(size)} ${median(hashMs).toFixed(0)} ms (${(median(hashMs) / base).toFixed(2)}× the baseline's wall time), reading them from the page cache in 256 KiB reads ${median(readMs).toFixed(0)} ms.`);
  console.log(`The goal (≤ 1.5×) leaves ${(base * 1.5).toFixed(0)} ms for everything, start-up and the cut after the input's end included.`);
} finally {
  process.stderr.write(`${loadConditions()} after\n`);
  rmSync(work, { recursive: true, force: true });
}
