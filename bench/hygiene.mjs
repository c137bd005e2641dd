#!/usr/bin/env node
// Bench: bytes of the model projection of each recorded fixture with hygiene off (--raw) and on (default),
// unbounded, so the figure is what hygiene alone frees of the budget. Needs the build. Prints Markdown.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const fixtures = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const project = (input, extra) => {
  const result = spawnSync(correx, ["bound", "--no-spill", "--max-bytes", "100000000", "--max-lines", "10000000", ...extra], { input });
  if (result.status !== 0) throw new Error(`correx failed: ${result.stderr}`);
  return result.stdout.length;
};

console.log("### Hygiene: model projection bytes, unbounded\n");
console.log("| fixture | input bytes | --raw | default (hygiene on) | freed |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const name of readdirSync(fixtures).filter((file) => /\.(txt|log|bin|png)$/.test(file)).sort()) {
  const input = readFileSync(`${fixtures}${name}`);
  const raw = project(input, ["--raw"]);
  const clean = project(input, []);
  const freed = raw === 0 ? 0 : (100 * (raw - clean)) / raw;
  console.log(`| ${name} | ${input.length} | ${raw} | ${clean} | ${freed.toFixed(1)}% |`);
}
