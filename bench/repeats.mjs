#!/usr/bin/env node
// Bench (issue 11): repeats that fold, and a fast producer under `run`, side by side with the shell.
//   yes | head -c N | correx bound              vs  yes | head -c N | tee FILE | tail -c 51200
//   printf '\n' × N | correx bound              vs  the same into tee FILE | tail -c 51200
//   correx run -- sh -c 'yes | head -c N'       vs  yes | head -c N | correx bound
// Medians of --repeat alternating runs, wall time. Needs the build.  node bench/repeats.mjs [--repeat 3]
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEV_NULL } from "./bench-tools.mjs";

const index = process.argv.indexOf("--repeat");
const repeat = index === -1 ? 3 : Number(process.argv[index + 1]);
const CORREX = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-bench-repeats-"));
const env = { ...process.env, CORREX_SPILL_DIR: join(work, "store"), CORREX_QUOTA: "8GiB" };

/** Median wall time (ms) of a shell pipeline run `repeat` times. */
function time(script) {
  const walls = [];
  for (let run = 0; run < repeat; run += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync("bash", ["-c", script], { env, stdio: ["ignore", DEV_NULL, "inherit"] });
    if (result.status !== 0) throw new Error(`failed (${result.status}): ${script}`);
    walls.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return walls.sort((a, b) => a - b)[Math.floor(walls.length / 2)];
}

const correx = JSON.stringify(CORREX);
const rows = [];
for (const [label, bytes] of [["100 MiB", 100 * 1024 ** 2], ["1 GiB", 1024 ** 3]]) {
  for (const [what, producer] of [["`yes`", `yes | head -c ${bytes}`], ["`\\n`", `yes '' | head -c ${bytes}`]]) {
    const ours = time(`${producer} | ${correx} bound > /dev/null`);
    const baseline = time(`${producer} | tee ${work}/copy | tail -c 51200 > /dev/null`);
    rows.push(`| ${label} of ${what} | correx bound | ${ours.toFixed(0)} | tee FILE \\| tail -c 51200 | ${baseline.toFixed(0)} | ${(ours / baseline).toFixed(2)} | ≤ 1.5 |`);
  }
  const run = time(`${correx} run -- sh -c 'yes | head -c ${bytes}' > /dev/null`);
  const piped = time(`yes | head -c ${bytes} | ${correx} bound > /dev/null`);
  rows.push(`| ${label} of \`yes\` | correx run -- sh -c 'yes \\| head -c N' | ${run.toFixed(0)} | the same pipe into correx bound | ${piped.toFixed(0)} | ${(run / piped).toFixed(2)} | ≈ 1 |`);
}
rmSync(work, { recursive: true, force: true });
console.log(`### Repeats and a fast producer (bench/repeats.mjs, medians of ${repeat})\n`);
console.log("| input | correx | ms | baseline | ms | ratio | goal |");
console.log("| --- | --- | ---: | --- | ---: | ---: | --- |");
for (const row of rows) console.log(row);
