#!/usr/bin/env node
// Bench: `--tokenizer o200k` — what loading the counter costs a `correx bound` run (wall, user+sys CPU, peak RSS)
// with the rank table (dist/o200k.bin) against the same build falling back to gpt-tokenizer (bin/ and dist/
// copied without the table), `bound` with the estimate and `node -e 0`, alternated, medians; and counting throughput (MB/s) of the
// table's counter against gpt-tokenizer's countTokens, on the recorded fixtures and on 10 MiB of varied logs.
// `node bench/tokenizer-load.mjs [--runs 15] [--size 10MiB]`. Needs the build. Prints Markdown.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { option, parseSize } from "./bench-tools.mjs";
import { writeInput } from "./log-input.mjs";
// Node reads NODE_EXTRA_CA_CERTS's certificate file at start-up (~30-40 ms here); correx's launcher moves it aside, so a
// `node` baseline that paid it would flatter correx. Every figure is taken without it.
delete process.env.NODE_EXTRA_CA_CERTS;

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const runs = Number(option("runs", "15"));
const size = parseSize(option("size", "10MiB"));
const scratch = mkdtempSync(join(tmpdir(), "correx-bench-tokenizer-"));
const load = () => loadavg().map((value) => value.toFixed(1)).join(" ");
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  // The launcher and bundle (with its code cache) beside no table: the same build, counting with gpt-tokenizer.
  const fallback = join(scratch, "fallback");
  mkdirSync(join(fallback, "dist"), { recursive: true });
  mkdirSync(join(fallback, "bin"));
  symlinkSync(join(ROOT, "node_modules"), join(fallback, "node_modules"));
  copyFileSync(join(ROOT, "bin", "correx"), join(fallback, "bin", "correx"));
  for (const file of ["cli.cjs", "cli.cjs.cache", "cli.cjs.bound-cache"]) copyFileSync(join(ROOT, "dist", file), join(fallback, "dist", file));
  const small = join(scratch, "small.txt");
  writeFileSync(small, readFileSync(join(ROOT, "test", "fixtures", "tsc-failing-build.txt")).subarray(0, 8192));
  const bound = (cli, extra) => `${cli} bound --no-spill --max-tokens 1000 ${extra} < ${small} > /dev/null 2>&1`;
  const commands = [
    ["`correx bound --tokenizer o200k` (rank table)", bound(join(ROOT, "bin", "correx"), "--tokenizer o200k")],
    ["same, counting with gpt-tokenizer (a copy without the table)", bound(join(fallback, "bin", "correx"), "--tokenizer o200k")],
    ["`correx bound` (the estimate)", bound(join(ROOT, "bin", "correx"), "")],
    ["`node -e 0`", `${process.execPath} -e 0`],
  ];
  const report = join(scratch, "time");
  const samples = commands.map(() => ({ wall: [], cpu: [], rss: [] }));
  const loadBefore = load();
  for (let run = 0; run < runs; run++) {
    commands.forEach(([, line], index) => {
      const started = performance.now();
      const result = spawnSync("/usr/bin/time", ["-f", "%U %S %M", "-o", report, "bash", "-c", line], { stdio: "ignore" });
      const wall = performance.now() - started;
      if (result.status !== 0) throw new Error(`${line} failed (${result.status})`);
      const [user, sys, kib] = readFileSync(report, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
      samples[index].wall.push(wall);
      samples[index].cpu.push((user + sys) * 1000);
      samples[index].rss.push(kib / 1024);
    });
  }
  const [table, gpt, estimate] = samples.map((sample) => ({ wall: median(sample.wall), cpu: median(sample.cpu), rss: Math.max(...sample.rss) }));
  console.log(`## --tokenizer o200k: load and counting (bench/tokenizer-load.mjs)\n`);
  console.log(`Start-up, ${runs} alternated runs of each on 8 KiB of a recorded build log (--max-tokens 1000, --no-spill), medians; load average ${loadBefore} → ${load()}:\n`);
  console.log("| command | wall (ms) | user+sys (ms) | peak RSS (MiB, highest) |");
  console.log("| --- | ---: | ---: | ---: |");
  commands.forEach(([name], index) => {
    const sample = samples[index];
    console.log(`| ${name} | ${median(sample.wall).toFixed(0)} | ${median(sample.cpu).toFixed(0)} | ${Math.max(...sample.rss).toFixed(1)} |`);
  });
  const verdict = (value, goal) => `${value.toFixed(0)} ${value <= goal ? "✓" : "✗"} (goal ≤ ${goal})`;
  console.log(`\nLoad of the counter = o200k run − estimate run: wall ${verdict(table.wall - estimate.wall, 100)} ms, CPU ${(table.cpu - estimate.cpu).toFixed(0)} ms; gpt-tokenizer: wall ${(gpt.wall - estimate.wall).toFixed(0)} ms, CPU ${(gpt.cpu - estimate.cpu).toFixed(0)} ms.`);
  console.log(`Peak RSS with the table ${verdict(table.rss, 100)} MiB; with gpt-tokenizer ${gpt.rss.toFixed(1)} MiB; the estimate ${estimate.rss.toFixed(1)} MiB.\n`);

  // Counting throughput, in this process: the table's counter (src/tokenizer bundled in memory) against gpt-tokenizer's.
  const bundled = await build({ entryPoints: [join(ROOT, "src", "tokenizer", "o200k.ts")], bundle: true, write: false, format: "esm", platform: "node", logLevel: "warning" });
  const { o200kCounter } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString("base64")}`);
  const tableFile = join(ROOT, "dist", "o200k.bin");
  /** Wall and CPU (user+sys) milliseconds of a step in this process. */
  const timed = async (step) => {
    const [wall, cpu] = [performance.now(), process.cpuUsage()];
    const value = await step();
    const used = process.cpuUsage(cpu);
    return { value, text: `${(performance.now() - wall).toFixed(1)} ms (CPU ${((used.user + used.system) / 1000).toFixed(1)} ms)` };
  };
  const warmUp = "warm up the split pattern: 123 ok";
  const opened = await timed(() => o200kCounter(readFileSync(tableFile))(warmUp));
  const imported = await timed(async () => {
    const module = await import("gpt-tokenizer/encoding/o200k_base");
    module.countTokens(warmUp);
    return module;
  });
  const { countTokens, clearMergeCache } = imported.value;
  console.log(`In one process: reading and opening the table, then a first count (compiles the split pattern): ${opened.text}; importing gpt-tokenizer's o200k and a first count: ${imported.text}.\n`);
  const ordinary = { disallowedSpecial: new Set() };
  const fixtures = join(ROOT, "test", "fixtures");
  const recorded = [fixtures, join(fixtures, "salience")].flatMap((dir) => readdirSync(dir).filter((name) => /\.(txt|log)$/.test(name)).map((name) => readFileSync(join(dir, name), "utf8"))).join("\n");
  const logsFile = join(scratch, "logs.txt");
  writeInput(logsFile, size, "logs");
  const inputs = [
    [`the recorded text fixtures (${(Buffer.byteLength(recorded) / 2 ** 20).toFixed(1)} MiB, each once)`, recorded],
    [`${size / 2 ** 20} MiB of varied log lines (bench/log-input.mjs)`, readFileSync(logsFile, "utf8")],
    ["one piece of 20,000 letters (a line of `abc…z` repeated)", "abcdefghijklmnopqrstuvwxyz".repeat(770)],
  ];
  console.log(`Counting, in one process, texts of 64 KiB (what a budget check counts), best of 3 rounds each from empty caches (a fresh counter; gpt-tokenizer's clearMergeCache); load average ${load()}:\n`);
  console.log("| input | rank table (MB/s) | gpt-tokenizer (MB/s) | ratio | same count |");
  console.log("| --- | ---: | ---: | ---: | --- |");
  for (const [name, text] of inputs) {
    const chunks = [];
    for (let at = 0; at < text.length; at += 65536) chunks.push(text.slice(at, at + 65536));
    const speed = (fresh) => {
      let best = Infinity;
      let total = 0;
      for (let round = 0; round < 3; round++) {
        const counter = fresh();
        const started = performance.now();
        total = chunks.reduce((sum, chunk) => sum + counter(chunk), 0);
        best = Math.min(best, performance.now() - started);
      }
      return { mbs: Buffer.byteLength(text) / 1e6 / (best / 1000), total };
    };
    const mine = speed(() => o200kCounter(readFileSync(tableFile)));
    const theirs = speed(() => {
      clearMergeCache();
      return (chunk) => countTokens(chunk, ordinary);
    });
    console.log(`| ${name} | ${mine.mbs.toPrecision(3)} | ${theirs.mbs.toPrecision(3)} | ${(mine.mbs / theirs.mbs).toFixed(2)}× | ${mine.total === theirs.total ? `yes (${mine.total} tokens)` : `NO: ${mine.total} vs ${theirs.total}`} |`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
