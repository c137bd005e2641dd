#!/usr/bin/env node
// `npm run bench`: every benchmark in turn, each printing its Markdown section (copy them into bench/README.md).
// Needs the build. Writes GiB-sized temporary files; not part of the test suite. test/docs/bench-list.test.ts
// checks that every bench script (a file starting with `#!`) is listed here.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
// Node reads NODE_EXTRA_CA_CERTS's certificate file at start-up (~30-40 ms here); correx's launcher moves it aside, so a
// `node` baseline that paid it would flatter correx. Every figure is taken without it.
delete process.env.NODE_EXTRA_CA_CERTS;

const benches = [
  "throughput.mjs", "run-parts.mjs", "tokens.mjs", "tokenizer-load.mjs", "json.mjs", "hygiene.mjs", "salience.mjs", "salience-byte-path.mjs", "salience-speed.mjs", "store-gc.mjs",
  "startup-instructions.mjs", "mcp-proxy.mjs", "repeats.mjs", "store-read.mjs", "pipe-input.mjs", "salience-end.mjs",
];
for (const bench of benches) {
  const path = fileURLToPath(new URL(bench, import.meta.url));
  if (!existsSync(path)) throw new Error(`bench/run.mjs lists ${bench}, which does not exist`);
  console.log(`\n<!-- bench/${bench} -->`);
  const result = spawnSync(process.execPath, [path, ...process.argv.slice(2)], { stdio: "inherit" });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}
