#!/usr/bin/env node
// Bench: start-up of `echo hi | correx bound` against `node -e 0`, counted in instructions (valgrind callgrind,
// median of 3: the count moves by about 1 % from run to run, never with the load of a shared machine; a last
// column leaves out V8's random prime search at start, which moves it by ±5 M), and in
// wall time (alternating, best and median of 21). NODE_EXTRA_CA_CERTS makes Node parse a certificate bundle at
// start-up (about 400 M instructions on the project machine): when it is set, a second row counts without it.
// stdin is a pipe holding "hi\n" whose writer is gone, as `echo hi |` gives it; a last row counts Node's own stdin
// pipe (a socket pair, as a harness spawning correx gives it: correx then makes a socket to wait on, node:net), and
// one `correx run -- true` (run's fixed cost: the bundle, the spawn, the output's socket pair).
// "hi" passes through without the bundle (src/cli/pass-through.ts); a row counts the bundle's start with a flag that the
// pass-through leaves to it (`--tokenizer estimate`, the default: the output is the same).
// correx is started as users start it, bin/correx executed: /bin/sh runs its first line and execs node (without
// NODE_EXTRA_CA_CERTS, which it puts back); callgrind follows the exec, and the sh's own part (counted on a copy of
// that line that exits instead of exec'ing node) is added to each count of correx.
//   node bench/startup-instructions.mjs [--runs 21]
import { spawnSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const runs = Number(process.argv[process.argv.indexOf("--runs") + 1] || 21) || 21;
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-startup-"));
const env = { ...process.env, CORREX_SPILL_DIR: join(work, "store") };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const BOUND = [correx, "bound"];
const BOUND_BUNDLE = [...BOUND, "--tokenizer", "estimate"];
const NODE = [process.execPath, "-e", "0"];
const RUN_TRUE = [correx, "run", "--", "true"];

/** A pipe holding "hi\n" and no writer any more (a FIFO's reading end, opened non-blocking; correx reopens it). */
function echoedPipe() {
  const fifo = join(work, "pipe");
  rmSync(fifo, { force: true });
  if (spawnSync("mkfifo", [fifo]).status !== 0) throw new Error("mkfifo failed");
  const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writer = openSync(fifo, constants.O_WRONLY);
  writeSync(writer, "hi\n");
  closeSync(writer);
  return reader;
}

/** Runs argv with "hi\n" on stdin: a pipe as `echo hi |` gives it, or (`socket`) Node's socket pair. */
function withInput(argv, options, socket = false) {
  if (socket) return spawnSync(argv[0], argv.slice(1), { ...options, input: "hi\n" });
  const stdin = echoedPipe();
  try {
    return spawnSync(argv[0], argv.slice(1), { ...options, stdio: [stdin, "pipe", options.stdio?.[2] ?? "pipe"] });
  } finally {
    closeSync(stdin);
  }
}

/** bin/correx's sh line, exiting where it would exec node (undefined for a launcher that is not a sh script). */
function launcherShell() {
  const [shebang, line] = readFileSync(correx, "latin1").split("\n", 2);
  if (shebang !== "#!/bin/sh" || !line.includes('exec node "$0" "$@"')) return undefined;
  const copy = join(work, "launcher-sh");
  writeFileSync(copy, `${shebang}\n${line.replace('exec node "$0" "$@"', "exit 0")}\n`, { mode: 0o755 });
  return copy;
}
const SHELL = launcherShell();

/** The sh's instructions in a run of bin/correx, median of 3 (0 when the launcher is not a sh script). */
function shellInstructions(runEnv) {
  if (SHELL === undefined) return 0;
  const counts = [];
  for (let run = 0; run < 3; run += 1) {
    const result = spawnSync("valgrind", ["--tool=callgrind", "--callgrind-out-file=/dev/null", SHELL, "bound"], { encoding: "utf8", env: runEnv });
    counts.push(Number(/refs:\s+([\d,]+)/.exec(result.stderr)[1].replaceAll(",", "")));
  }
  return median(counts);
}

/**
 * Instructions executed by a command under callgrind (all threads; node after bin/correx's exec, plus the sh's
 * part), median of 3; `net` leaves out V8's search for a
 * random prime at start (detail::sprp in HashSeed::InitializeRoots: 7-12 M that moves from run to run in any Node).
 */
function instructions(argv, runEnv, socket = false) {
  const totals = [];
  const nets = [];
  // `run`'s command is not followed (its count would come first): only correx's own instructions are counted
  const skip = argv.includes("run") ? ["--trace-children-skip=*/true"] : [];
  for (let run = 0; run < 3; run += 1) {
    const result = withInput(["valgrind", "--tool=callgrind", "--trace-children=yes", ...skip, `--callgrind-out-file=${join(work, "out")}`, ...argv], { encoding: "utf8", env: runEnv }, socket);
    const match = /refs:\s+([\d,]+)/.exec(result.stderr ?? "");
    if (!match) throw new Error(`valgrind gave no count for ${argv.join(" ")}: ${result.error?.message ?? result.stderr}`);
    const total = Number(match[1].replaceAll(",", ""));
    const annotated = spawnSync("callgrind_annotate", [join(work, "out")], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).stdout ?? "";
    const sprp = /^\s*([\d,]+)\s.*detail::sprp/m.exec(annotated);
    totals.push(total);
    nets.push(total - (sprp ? Number(sprp[1].replaceAll(",", "")) : 0));
  }
  const shell = argv[0] === correx ? shellInstructions(runEnv) : 0;
  return { total: median(totals) + shell, net: median(nets) + shell };
}

/** Wall times (ms) of the commands, alternating, `runs` of each, in the environment `runEnv`. */
function wallTimes(commands, runEnv) {
  const times = commands.map(() => []);
  for (let run = 0; run < runs; run += 1) {
    commands.forEach((argv, index) => {
      const start = process.hrtime.bigint();
      withInput(argv, { env: runEnv, stdio: ["pipe", "pipe", "inherit"] });
      times[index].push(Number(process.hrtime.bigint() - start) / 1e6);
    });
  }
  return times.map((values) => ({ best: Math.min(...values), median: median(values) }));
}

try {
  const load = loadavg()[0].toFixed(1);
  // this machine may set NODE_EXTRA_CA_CERTS (Node then reads a certificate bundle at start-up; correx's launcher
  // starts node without it): every figure is given as the machine runs Node, and without the variable
  const cases = [["as is", env]];
  if (env.NODE_EXTRA_CA_CERTS) cases.push(["NODE_EXTRA_CA_CERTS unset", { ...env, NODE_EXTRA_CA_CERTS: undefined }]);
  const walls = cases.map(([, runEnv]) => wallTimes([BOUND, NODE], runEnv));
  console.log(`\n### Start-up (bench/startup-instructions.mjs, ${new Date().toISOString().slice(0, 16)}Z, load average ${load})\n`);
  console.log(`Wall time, alternating, ${runs} runs each (goal ≤ 1.2):\n`);
  console.log("| environment | echo hi \\| correx bound (ms) | node -e 0 (ms) | ratio of bests | ratio of medians |\n| --- | ---: | ---: | ---: | ---: |");
  cases.forEach(([label], index) => {
    const [ours, node] = walls[index];
    console.log(`| ${label} | ${ours.best.toFixed(1)} (median ${ours.median.toFixed(1)}) | ${node.best.toFixed(1)} (median ${node.median.toFixed(1)}) | ${(ours.best / node.best).toFixed(2)} | ${(ours.median / node.median).toFixed(2)} |`);
  });
  if (spawnSync("valgrind", ["--version"]).status !== 0) {
    console.log("\nvalgrind is not installed: instructions not counted.");
  } else {
    console.log("\nInstructions (valgrind callgrind, median of 3):\n");
    console.log("| environment | echo hi \\| correx bound | node -e 0 | ratio | the same less V8's prime search (sprp) |\n| --- | ---: | ---: | ---: | ---: |");
    const row = (label, a, b) => console.log(`| ${label} | ${(a.total / 1e6).toFixed(0)} M | ${(b.total / 1e6).toFixed(0)} M | ${(a.total / b.total).toFixed(2)} | ${(a.net / 1e6).toFixed(1)} M / ${(b.net / 1e6).toFixed(1)} M = ${(a.net / b.net).toFixed(2)} |`);
    let node;
    for (const [label, runEnv] of cases) {
      node = instructions(NODE, runEnv);
      row(label, instructions(BOUND, runEnv), node);
    }
    // "hi" passes through (bin/correx writes it before loading the bundle: src/cli/pass-through.ts); with a flag,
    // the same output comes from the bundle, as for any input the pass-through leaves to it
    row(`the bundle: \`bound --tokenizer estimate\`${cases.length > 1 ? ", NODE_EXTRA_CA_CERTS unset" : ""}`, instructions(BOUND_BUNDLE, cases.at(-1)[1]), node);
    row("as is, stdin Node's socket pair (the bundle)", instructions(BOUND, env, true), instructions(NODE, env, true));
    // `run`'s fixed cost, paid by every command an agent wraps: the bundle, the spawn and the socket pair (no goal of its own)
    row(`\`run -- true\`${cases.length > 1 ? ", NODE_EXTRA_CA_CERTS unset" : ""}`, instructions(RUN_TRUE, cases.at(-1)[1]), node);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
