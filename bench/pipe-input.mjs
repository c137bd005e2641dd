#!/usr/bin/env node
// Bench: what reading that a signal can stop costs (cli/interruptible-input.ts). The CPU time (user + system) of
// `correx bound` alone, reading the same bytes from a file, from `cat F |`, from `yes | head -c`, and from a
// producer that writes one short line per write (a wait in the event loop nearly every read), against another
// build on the same inputs (`--against DIR`: a checkout of main before 7b97605, built, whose reads blocked).
// Medians of alternating runs.
//   node bench/pipe-input.mjs [--against DIR] [--size 256MiB] [--repeat 7]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { option, parseSize } from "./bench-tools.mjs";
import { writeInput } from "./log-input.mjs";
import { loadConditions, sizeText } from "./side-by-side.mjs";

const size = parseSize(option("size", "256MiB"));
const repeat = Number(option("repeat", "7"));
const against = option("against", "");
const GOAL = 1.05;
const ours = fileURLToPath(new URL("../bin/correx", import.meta.url));
const theirs = against ? join(against, "bin", "correx") : undefined;
const work = mkdtempSync(join(tmpdir(), "correx-bench-pipe-"));
const file = join(work, "logs");
const report = join(work, "time");
const LINES = 300_000;
const smallWrites = `node -e 'const fs = require("node:fs"); for (let i = 0; i < ${LINES}; i += 1) fs.writeSync(1, "line " + i + " of an unbuffered output\\n")'`;
const inputs = [
  [`${sizeText(size)} of log lines from a file (\`< F\`)`, (correx) => `${correx} < ${file}`],
  [`the same through \`cat F |\``, (correx) => `cat ${file} | ${correx}`],
  [`\`yes | head -c ${sizeText(size)} |\``, (correx) => `yes | head -c ${size} | ${correx}`],
  [`${LINES.toLocaleString("en")} short lines, one write each`, (correx) => `${smallWrites} | ${correx}`],
];

/** CPU milliseconds (user + system) of the correx process alone in a pipeline. */
function cpuOf(bin, pipeline) {
  const store = join(work, "store");
  rmSync(store, { recursive: true, force: true });
  const correx = `/usr/bin/time -f '%U %S' -o ${report} ${bin} bound --spill-dir ${store} > /dev/null`;
  const result = spawnSync("bash", ["-c", pipeline(correx)], { stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) throw new Error(`${pipeline(correx)} failed (${result.status}): ${result.stderr}`);
  const [user, system] = readFileSync(report, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
  return (user + system) * 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  writeInput(file, size, "logs");
  process.stderr.write(`${loadConditions()} before\n`);
  const rows = [];
  for (const [name, pipeline] of inputs) {
    const mine = [];
    const base = [];
    for (let round = 0; round < repeat; round += 1) {
      mine.push(cpuOf(ours, pipeline));
      if (theirs) base.push(cpuOf(theirs, pipeline));
    }
    const ratio = theirs ? median(mine) / median(base) : undefined;
    const verdict = ratio === undefined ? "— (no --against)" : `${ratio.toFixed(2)}× ${ratio <= GOAL ? "✓" : "✗"}`;
    rows.push(`| ${name} | ${median(mine).toFixed(0)} | ${theirs ? median(base).toFixed(0) : "—"} | ${verdict} | ≤ ${GOAL} |`);
    process.stderr.write(`${rows.at(-1)}\n`);
  }
  console.log(`Measured ${new Date().toISOString().slice(0, 16)}Z, ${loadConditions()} at the end; medians of ${repeat} alternating runs.\n`);
  console.log("| correx bound reading | CPU ms | the other build's CPU ms | ratio | goal |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const row of rows) console.log(row);
} finally {
  rmSync(work, { recursive: true, force: true });
}
