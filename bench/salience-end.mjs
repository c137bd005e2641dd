#!/usr/bin/env node
// Bench: salience's fixed cost at the end of an output (issue 16): `correx bound --no-spill` with salience on
// against `--salience off` on the same log lines (bench/log-input.mjs), CPU time (user + system of every thread)
// and wall time, medians of alternated runs; and `run -- cat F` the same way. Needs the build. Prints Markdown.
//   node bench/salience-end.mjs [--sizes 200KiB,1MiB,10MiB] [--repeat 9]
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureShell, option, parseSize } from "./bench-tools.mjs";
import { writeInput } from "./log-input.mjs";

const sizes = option("sizes", "200KiB,1MiB,10MiB").split(",").map((text) => ({ text, bytes: parseSize(text) }));
const repeat = Number(option("repeat", "9"));
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-salience-end-"));
/** What salience added at the end of 1 MiB of log lines before this bench (17:10 UTC, quiet machine): 137 ms against 81 ms wall. */
const BEFORE_1MIB_WALL = 137 - 81;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Medians of `repeat` alternated runs of each command line: wall and CPU ms. */
function sideBySide(lines) {
  const runs = lines.map(() => []);
  for (let round = 0; round < repeat; round += 1) lines.forEach((line, index) => runs[index].push(measureShell(line, work)));
  return runs.map((each) => ({ wall: median(each.map((run) => run.milliseconds)), cpu: median(each.map((run) => run.cpuMilliseconds)) }));
}

const rows = [];
try {
  for (const { text, bytes } of sizes) {
    const input = join(work, `logs-${text}`);
    writeInput(input, bytes, "logs");
    const bound = (salience) => `${correx} bound --for model --no-spill --salience ${salience} < ${input}`;
    const run = (salience) => `CORREX_SPILL_DIR=${work}/store ${correx} run --for model --salience ${salience} -- cat ${input}`;
    const [on, off, runOn, runOff] = sideBySide([bound("on"), bound("off"), ...(text === "1MiB" ? [run("on"), run("off")] : [])]);
    rows.push({ what: `\`bound --no-spill\`, ${text} of log lines`, on, off, goal: text === "1MiB" ? BEFORE_1MIB_WALL / 2 : undefined });
    if (runOn) rows.push({ what: `\`run -- cat F\`, ${text} of log lines`, on: runOn, off: runOff });
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const ms = (value) => value.toFixed(0);
console.log(`## Salience's fixed cost at the end of an output (bench/salience-end.mjs)\n`);
console.log(`Medians of ${repeat} alternated runs, load average ${loadavg()[0].toFixed(1)}; salience's cost is on − off.\n`);
console.log("| measure | on: wall / CPU ms | `--salience off` | salience's cost, wall / CPU | goal |");
console.log("| --- | ---: | ---: | ---: | --- |");
for (const { what, on, off, goal } of rows) {
  const cost = on.wall - off.wall;
  const verdict = goal === undefined ? "" : `≤ ${ms(goal)} ms wall (half of +${BEFORE_1MIB_WALL}) ${cost <= goal ? "✓" : "✗"}`;
  console.log(`| ${what} | ${ms(on.wall)} / ${ms(on.cpu)} | ${ms(off.wall)} / ${ms(off.cpu)} | ${ms(cost)} / ${ms(on.cpu - off.cpu)} | ${verdict} |`);
}
