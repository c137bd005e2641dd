#!/usr/bin/env node
// Bench: the streaming hot path side by side with the shell doing the same copy (issues 11 and 16): `bound` and
// `run` on varied log lines and on repeats, spilling the default share or all of it, peak RSS, and start-up (`bound`'s
// and `run -- true`'s).
// Medians of alternating runs (wall and CPU); prints Markdown for bench/README.md. Needs the build. Writes GiB-sized files.
//   node bench/throughput.mjs [--repeat 3] [--big 1GiB] [--small 100MiB] [--only bound|run|startup]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeInput } from "./log-input.mjs";
import { option, parseSize } from "./bench-tools.mjs";
import { loadConditions, mebibytes, ratioAgainst, sideBySide, sizeText } from "./side-by-side.mjs";
// Node reads NODE_EXTRA_CA_CERTS's certificate file at start-up (~30-40 ms here); correx's launcher moves it aside, so a
// `node` baseline that paid it would flatter correx. Every figure is taken without it.
delete process.env.NODE_EXTRA_CA_CERTS;

const repeat = Number(option("repeat", "3"));
const big = parseSize(option("big", "1GiB"));
const small = parseSize(option("small", "100MiB"));
const only = option("only", "");
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-bench-throughput-"));
let runs = 0;
let spill = join(work, "spill-0");
const copy = join(work, "copy");
// A fresh store per run: a collection in passing started by the last run may still be writing in the old one.
// The last run's store is removed before the next run, as the baseline's copy is: otherwise every spilled GiB
// stays dirty in the page cache, and the kernel's writeback of earlier runs (and its throttling of writers past
// the dirty limits) lands on later correx runs only, never on `tee`'s.
// A run that spilled past the store's quota (1 GiB spilling all) hands the collection to a detached `correx gc`,
// which may still be writing its tombstone there: the removal is tried again until it is done (up to a minute).
const removeStore = (dir) => {
  for (let tries = 0; ; tries += 1) {
    try {
      return rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      if (tries >= 30 || !["ENOTEMPTY", "EBUSY", "EPERM"].includes(error.code)) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2000);
    }
  }
};
/** True while a process has `dir` as an argument (the detached `correx gc` a run past the store's quota starts names its store). */
const namedByAProcess = (dir) => readdirSync("/proc").some((pid) => {
  try {
    return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0").includes(dir);
  } catch {
    return false; // gone meanwhile
  }
});
// The next run starts once that collector is gone (up to a minute): its node start and its removal of the spilled GiB
// landed on the next run, the baseline's one round and correx's the next.
const waitForCollectors = (dir) => {
  for (let tries = 0; tries < 6000 && namedByAProcess(dir); tries += 1) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
};
const clean = () => {
  rmSync(copy, { force: true });
  waitForCollectors(spill);
  removeStore(spill);
  runs += 1;
  spill = join(work, `spill-${runs}`);
};
const inputs = new Map();
/** The input file of a kind and size, written once. */
const input = (kind, size) => {
  const key = `${kind}-${size}`;
  if (!inputs.has(key)) {
    const path = join(work, key);
    writeInput(path, size, kind);
    inputs.set(key, path);
  }
  return inputs.get(key);
};

const rows = [];
/**
 * One row: ours against a baseline, the ratio of medians beside its goal, our peak RSS beside its goal, and the two
 * sides' CPU (every process of each, user and system) with its ratio: on a shared host the wall ratio swings with the
 * others' load (the baselines are pipelines of busy processes, which take a core each when they can get it), the
 * CPU's far less, so the CPU says whether a change between two runs of the bench is correx's or the host's.
 */
async function row(measureName, ours, [baselineName, baseline], goal, rssGoal, times = repeat) {
  const withStore = (commandLine) => () => commandLine.replaceAll("@SPILL@", spill);
  const [mine, theirs] = await sideBySide([withStore(ours), withStore(baseline)], times, clean);
  const rss = rssGoal ? `${mebibytes(mine.peakKiB)} ${mine.peakKiB / 1024 <= rssGoal ? "✓" : "✗"} (≤ ${rssGoal})` : "—";
  const cpu = `${mine.cpuMilliseconds.toFixed(0)} / ${theirs.cpuMilliseconds.toFixed(0)} | ${(mine.cpuMilliseconds / theirs.cpuMilliseconds).toFixed(2)}×`;
  rows.push(`| ${measureName} | ${baselineName} | ${mine.milliseconds.toFixed(0)} | ${theirs.milliseconds.toFixed(0)} | ${ratioAgainst(mine.milliseconds / theirs.milliseconds, goal)} | ≤ ${goal} | ${rss} | ${cpu} |`);
  process.stderr.write(`${rows.at(-1)}\n`);
}

const tee = (file) => ["`tee FILE \\| tail -c 51200`", `tee ${copy} < ${file} | tail -c 51200 > /dev/null`];
const catTee = (file) => ["`cat F \\| tee S \\| tail -c 51200`", `sh -c 'cat ${file} | tee ${copy} | tail -c 51200 > /dev/null'`];
const bound = (file, flags = "") => `${correx} bound --spill-dir @SPILL@ ${flags} < ${file} > /dev/null`;
const run = (command, flags = "") => `${correx} run --for model --spill-dir @SPILL@ ${flags} -- ${command} > /dev/null`;

try {
  process.stderr.write(`${loadConditions()} before\n`);
  if (!only || only === "bound") {
    await row(`bound, ${sizeText(small)} of log lines`, bound(input("logs", small)), tee(input("logs", small)), 1.5, 100);
    await row(`bound, ${sizeText(big)} of log lines (spills the first 256 MiB)`, bound(input("logs", big)), tee(input("logs", big)), 1.0, 100);
    await row(`bound, ${sizeText(big)} of log lines, spilling all (--max-output 2GiB)`, bound(input("logs", big), "--max-output 2GiB"), tee(input("logs", big)), 1.0, 100);
    await row(`bound, ${sizeText(small)} of log text as one line (no newline)`, bound(input("oneline", small)), tee(input("oneline", small)), 1.5, 100);
    await row(`bound, ${sizeText(small)} of \`yes\` (folded)`, bound(input("yes", small)), tee(input("yes", small)), 1.5, 100);
    await row(`bound, ${sizeText(big)} of \`yes\` (folded)`, bound(input("yes", big)), tee(input("yes", big)), 1.5, 100);
    await row(`bound, ${sizeText(small)} of \`\\n\``, bound(input("newlines", small)), tee(input("newlines", small)), 1.5, 100);
    await row(`bound --no-fold, ${sizeText(small)} of \`yes\` (short lines in the tail)`, bound(input("yes", small), "--no-fold"), tee(input("yes", small)), 1.5, 100);
  }
  if (!only || only === "run") {
    await row(`run -- cat F, ${sizeText(small)} of log lines`, run(`cat ${input("logs", small)}`), catTee(input("logs", small)), 1.5, 80);
    await row(`run -- cat F, ${sizeText(big)} of log lines, spilling all`, run(`cat ${input("logs", big)}`, "--max-output 2GiB"), catTee(input("logs", big)), 1.3, 80);
    await row(`run -- sh -c 'yes \\| head -c ${sizeText(big)}' (against bound on the same bytes)`, run(`sh -c 'yes | head -c ${big}'`), ["`bound` on the same pipe", `sh -c 'yes | head -c ${big} | ${correx} bound --spill-dir @SPILL@ > /dev/null'`], 1.1, 80);
  }
  if (!only || only === "startup") {
    // "hi" passes through (src/cli/pass-through.ts: --no-spill and /dev/null change nothing for it); the bundle's own
    // start, for any input the pass-through leaves to it, with a flag it does not take
    await row("start-up: `echo hi \\| correx bound` (against `node -e 0`)", `sh -c 'echo hi | ${correx} bound --no-spill > /dev/null'`, ["`node -e 0`", "node -e 0"], 1.2, 0, 21);
    // the same shell, echo and pipe on both sides: only the two programs differ
    await row("start-up: the same, against `node -e 0` in the same pipe", `sh -c 'echo hi | ${correx} bound --no-spill > /dev/null'`, ["`sh -c 'echo hi \\| node -e 0'`", "sh -c 'echo hi | node -e 0 > /dev/null'"], 1.2, 0, 21);
    await row("start-up of the bundle: `echo hi \\| correx bound --tokenizer estimate` (against `node -e 0`)", `sh -c 'echo hi | ${correx} bound --tokenizer estimate > /dev/null'`, ["`node -e 0`", "node -e 0"], 1.2, 0, 21);
    // run's fixed cost, what a harness pays on every call: the bundle, the socket pair, the spawn of `true` and its end
    await row("start-up of run: `correx run -- true` (against `node -e 0`)", `${correx} run --spill-dir @SPILL@ -- true > /dev/null`, ["`node -e 0`", "node -e 0"], 1.3, 0, 21);
  }
  process.stderr.write(`${loadConditions()} after\n`);
  console.log(`Measured ${new Date().toISOString().slice(0, 16)}Z, ${loadConditions()} at the end (2 cores, shared by 8 engineers' builds and tests).\n`);
  console.log("| measure | baseline | correx (ms) | baseline (ms) | ratio | goal | correx peak RSS | CPU, correx / baseline (ms) | CPU ratio |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const line of rows) console.log(line);
} finally {
  removeStore(work);
}
