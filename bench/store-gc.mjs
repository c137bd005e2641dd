#!/usr/bin/env node
// Bench: what the spill store's lifecycle costs a call. The in-passing check when not due (one lstat of
// `.last-gc`); the in-passing collection when due (bounded by PASSING_BUDGET_MS, else deferred to a detached
// `correx gc`, whose spawn is timed too); and a full collection (`correx gc`) on stores of growing size.
//   node bench/store-gc.mjs [--sizes 100,1000,10000] [--repeat 5]
// Bundles src/spill/lifecycle.ts with esbuild on the fly (no build needed). Prints a Markdown table.
import { build } from "esbuild";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const sizes = option("sizes", "100,1000,10000").split(",").map(Number);
const repeat = Number(option("repeat", "5"));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Loads the lifecycle module and the helpers it needs, bundled from source. */
async function loadModules() {
  const work = mkdtempSync(join(tmpdir(), "correx-bench-"));
  const entry = join(work, "entry.ts");
  const source = (file) => JSON.stringify(fileURLToPath(new URL(`../src/spill/${file}`, import.meta.url)));
  writeFileSync(entry, [
    `export { collectStore, maybeCollect, PASSING_BUDGET_MS } from ${source("lifecycle.ts")};`,
    `export { DEFAULT_STORE_SETTINGS } from ${source("settings.ts")};`,
    `export { SpillStore } from ${source("store.ts")};`,
    `export { createId } from ${source("ids.ts")};`,
  ].join("\n"));
  const outfile = join(work, "lifecycle.mjs");
  await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", outfile, logLevel: "warning" });
  return { modules: await import(pathToFileURL(outfile).href), work };
}

/** A store of `count` small complete outputs, created over the last `spreadMs`. */
function fillStore(modules, dir, count, spreadMs, now) {
  const store = new modules.SpillStore(dir);
  store.prepare();
  for (let index = 0; index < count; index += 1) {
    const created = now - Math.floor((spreadMs * index) / count);
    const id = modules.createId(created);
    writeFileSync(store.dataPath(id), "x".repeat(512), { mode: 0o600 });
    store.writeRecord({ id, created: new Date(created).toISOString(), size: 512, lines: 1, sha256: "0".repeat(64), projection: "x" });
  }
  return store;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { modules, work } = await loadModules();
const settings = modules.DEFAULT_STORE_SETTINGS;
const now = Date.now();
const rows = [];

{
  const store = fillStore(modules, join(work, "not-due"), 10, HOUR, now);
  modules.maybeCollect(store, settings, now);
  const iterations = 20_000;
  const start = performance.now();
  for (let index = 0; index < iterations; index += 1) modules.maybeCollect(store, settings, now + 1000);
  const perCall = ((performance.now() - start) / iterations) * 1000;
  rows.push(["maybeCollect, not due (any store size)", "-", `${perCall.toFixed(1)} µs`]);
}

for (const size of sizes) {
  const passing = [];
  for (let run = 0; run < repeat; run += 1) {
    const store = fillStore(modules, join(work, `passing-${size}-${run}`), size, 7.7 * DAY, now);
    const start = performance.now();
    const outcome = modules.maybeCollect(store, settings, now);
    passing.push([performance.now() - start, outcome.status]);
  }
  const [passingTime, status] = passing.sort((a, b) => a[0] - b[0])[Math.floor(passing.length / 2)];
  rows.push([`maybeCollect, due (budget ${modules.PASSING_BUDGET_MS} ms): ${status}`, String(size), `${passingTime.toFixed(1)} ms`]);
  const timings = [];
  for (let run = 0; run < repeat; run += 1) {
    const store = fillStore(modules, join(work, `keep-${size}-${run}`), size, 6 * DAY, now);
    const start = performance.now();
    modules.collectStore(store, settings, now, { dryRun: false });
    timings.push(performance.now() - start);
  }
  rows.push([`collect, nothing to remove`, String(size), `${median(timings).toFixed(1)} ms`]);
  const expiring = [];
  for (let run = 0; run < repeat; run += 1) {
    const store = fillStore(modules, join(work, `expire-${size}-${run}`), size, 7.7 * DAY, now); // ~10% older than 7 days
    const start = performance.now();
    const report = modules.collectStore(store, settings, now, { dryRun: false });
    expiring.push([performance.now() - start, report.removals.length]);
  }
  const [time, removed] = expiring.sort((a, b) => a[0] - b[0])[Math.floor(expiring.length / 2)];
  rows.push([`collect, ${removed} expired (tombstones written)`, String(size), `${time.toFixed(1)} ms`]);
}

{
  const timings = [];
  for (let run = 0; run < repeat; run += 1) {
    const start = performance.now();
    const child = spawn(process.execPath, ["-e", "0"], { detached: true, stdio: "ignore" });
    timings.push(performance.now() - start);
    child.unref();
  }
  rows.push(["spawn of a detached process (what \"deferred\" adds in the CLI)", "-", `${median(timings).toFixed(1)} ms`]);
}

rmSync(work, { recursive: true, force: true });
console.log(`| case | outputs in store | time (median of ${repeat}) |\n| --- | ---: | ---: |`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
