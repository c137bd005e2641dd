#!/usr/bin/env node
// `npm run bench`: every benchmark in turn, each printing its Markdown section (copy them into bench/README.md).
// Needs the build. Writes GiB-sized temporary files; not part of the test suite.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const benches = ["bound.mjs", "json.mjs", "hygiene.mjs", "salience.mjs", "salience-speed.mjs", "run-throughput.mjs", "store-gc.mjs", "startup-instructions.mjs", "mcp-proxy.mjs", "repeats.mjs", "store-read.mjs"];
for (const bench of benches) {
  const path = fileURLToPath(new URL(bench, import.meta.url));
  if (!existsSync(path)) continue;
  console.log(`\n<!-- bench/${bench} -->`);
  const result = spawnSync(process.execPath, [path, ...process.argv.slice(2)], { stdio: "inherit" });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}
