#!/usr/bin/env node
// Bench: the token estimate against real tokenizers (o200k: GPT-4o and later; cl100k: GPT-4) on the recorded
// outputs of test/fixtures, as a model reads them (cleaned, unbounded); and what `--max-tokens 10000` writes for
// a MiB of real logs, with the estimate and with the exact o200k counter. Needs the build. Prints Markdown.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { bound, estimateTokens } from "../dist/index.js";

const require = createRequire(import.meta.url);
const started = performance.now();
const { countTokens: o200k } = require("gpt-tokenizer/cjs/encoding/o200k_base");
const loadMs = performance.now() - started;
const { countTokens: cl100k } = require("gpt-tokenizer/cjs/encoding/cl100k_base");

const fixtures = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const files = [fixtures, join(fixtures, "salience")].flatMap((directory) =>
  readdirSync(directory).filter((name) => /\.(txt|log)$/.test(name) && !name.includes("must-keep")).map((name) => join(directory, name)),
);
const rows = [];
for (const path of files) {
  const text = bound(readFileSync(path), { budget: { maxLines: 1e9, maxBytes: 1e12 } }).text;
  if (text.length === 0) continue;
  const estimate = estimateTokens(text);
  rows.push({ name: path.slice(fixtures.length), bytes: Buffer.byteLength(text), estimate, o200k: o200k(text), cl100k: cl100k(text) });
}
const ratios = rows.map((row) => row.estimate / Math.max(row.o200k, row.cl100k)).sort((a, b) => a - b);
const median = ratios[Math.floor(ratios.length / 2)];

const logs = Buffer.concat(files.filter((path) => path.includes("salience")).map((path) => readFileSync(path))).subarray(0, 1024 * 1024);
const budget = { maxLines: 100_000, maxBytes: 1e9, maxTokens: 10_000 };
const estimated = bound(logs, { budget }).text;
const exact = bound(logs, { budget, countTokens: o200k }).text;

console.log(`Estimate / real tokens (the larger of o200k and cl100k) on ${rows.length} recorded outputs: worst (lowest) ${ratios[0].toFixed(2)}, median ${median.toFixed(2)}, highest ${ratios.at(-1).toFixed(2)}.\n`);
console.log("| output | bytes | estimate | o200k | cl100k | estimate / max |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows) console.log(`| ${row.name} | ${row.bytes} | ${row.estimate} | ${row.o200k} | ${row.cl100k} | ${(row.estimate / Math.max(row.o200k, row.cl100k)).toFixed(2)} |`);
console.log(`\n\`--max-tokens 10000\` on 1 MiB of the recorded logs (test/fixtures/salience, concatenated):\n`);
console.log("| counter | o200k tokens written | cl100k tokens written | share of the budget (o200k) |");
console.log("| --- | ---: | ---: | ---: |");
console.log(`| the estimate (default) | ${o200k(estimated)} | ${cl100k(estimated)} | ${(o200k(estimated) / 100).toFixed(1)} % |`);
console.log(`| --tokenizer o200k | ${o200k(exact)} | ${cl100k(exact)} | ${(o200k(exact) / 100).toFixed(1)} % |`);
console.log(`\nLoading gpt-tokenizer's o200k encoder took ${loadMs.toFixed(0)} ms in this process.`);
