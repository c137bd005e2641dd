#!/usr/bin/env node
// Bench: the token estimate against real tokenizers (o200k: GPT-4o and later; cl100k: GPT-4) on the recorded
// outputs of test/fixtures as a model reads them (text cleaned and whole; JSON as written; text escaped as a JSON
// string, as --format json writes it) and on random base64, hex, ids and letters; and what `--max-tokens 10000`
// writes for a MiB of real logs, with the estimate and with the exact o200k counter, salience on and off. Needs the
// build. Prints Markdown.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { bound, estimateTokens } from "../dist/index.js";
import { loadConditions } from "./side-by-side.mjs";

const require = createRequire(import.meta.url);
const started = performance.now();
const { countTokens: o200k } = require("gpt-tokenizer/cjs/encoding/o200k_base");
const loadMs = performance.now() - started;
const { countTokens: cl100k } = require("gpt-tokenizer/cjs/encoding/cl100k_base");

const fixtures = fileURLToPath(new URL("../test/fixtures/", import.meta.url));
const inFolder = (folder, pattern) => readdirSync(join(fixtures, folder)).filter((name) => pattern.test(name) && !name.includes("must-keep")).map((name) => join(folder, name));
const textFiles = [...inFolder(".", /\.(txt|log)$/), ...inFolder("salience", /\.txt$/)];
const jsonFiles = ["json", "shapes", "hooks"].flatMap((folder) => inFolder(folder, /\.json$/));
/** What a model reads of a recorded text output: the whole of it, cleaned (escapes, redraws, repeats). */
const cleaned = (path) => bound(readFileSync(join(fixtures, path)), { budget: { maxLines: 1e9, maxBytes: 2 ** 30 } }).text;

/** A seeded PRNG (mulberry32), so the random rows are the same on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(0x70c);
const randomText = (alphabet, length) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const samples = [
  ...textFiles.map((path) => ({ group: "text", name: path.replace(/^\.\//, ""), text: cleaned(path) })),
  ...textFiles.map((path) => ({ group: "text as a JSON string", name: path.replace(/^\.\//, ""), text: JSON.stringify(cleaned(path)) })),
  ...jsonFiles.map((path) => ({ group: "JSON", name: path, text: readFileSync(join(fixtures, path), "utf8") })),
  { group: "random", name: "base64, 300 KB (76-character lines)", text: randomText(BASE64, 300_000).replace(/.{76}/g, "$&\n") },
  { group: "random", name: "hex, 100 KB (64-character lines)", text: randomText("0123456789abcdef", 100_000).replace(/.{64}/g, "$&\n") },
  { group: "random", name: "spill ids, 2,000 (`correx read tool_…`)", text: Array.from({ length: 2000 }, () => `correx read tool_${randomText("0123456789abcdefghjkmnpqrstvwxyz", 26)} --offset 1`).join("\n") },
  // Random lower-case letters cost a token per two or three letters, where words cost about one a word.
  { group: "random", name: "3,000 'words' of 3-12 random letters", text: Array.from({ length: 3000 }, () => randomText("abcdefghijklmnopqrstuvwxyz", 3 + Math.floor(next() * 10))).join(" ") },
].filter((sample) => sample.text.length > 0);

const rows = samples.map((sample) => {
  const real = { o200k: o200k(sample.text), cl100k: cl100k(sample.text) };
  const estimate = estimateTokens(sample.text);
  return { ...sample, bytes: Buffer.byteLength(sample.text), estimate, ...real, ratio: estimate / Math.max(real.o200k, real.cl100k) };
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`Measured ${new Date().toISOString().slice(0, 16)}Z, ${loadConditions()}.\n`);
console.log("Estimate / real tokens (the larger of o200k and cl100k), by kind of sample:\n");
console.log("| samples | count | worst (lowest) | median | highest | worst sample |");
console.log("| --- | ---: | ---: | ---: | ---: | --- |");
for (const group of [...new Set(rows.map((row) => row.group)), "all"]) {
  const inGroup = rows.filter((row) => group === "all" || row.group === group);
  const worst = inGroup.reduce((low, row) => (row.ratio < low.ratio ? row : low));
  const ratios = inGroup.map((row) => row.ratio);
  console.log(`| ${group} | ${inGroup.length} | ${worst.ratio.toFixed(3)} | ${median(ratios).toFixed(2)} | ${Math.max(...ratios).toFixed(2)} | ${worst.name} |`);
}
console.log("\n| kind | sample | bytes | estimate | o200k | cl100k | estimate / max |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const row of rows.filter((row) => row.group !== "JSON")) console.log(`| ${row.group} | ${row.name} | ${row.bytes} | ${row.estimate} | ${row.o200k} | ${row.cl100k} | ${row.ratio.toFixed(2)} |`);

const logs = Buffer.concat(textFiles.filter((path) => path.startsWith("salience")).map((path) => readFileSync(join(fixtures, path)))).subarray(0, 1024 * 1024);
const budget = { maxLines: 100_000, maxBytes: 1e9, maxTokens: 10_000 };
console.log(`\n\`--max-tokens 10000\` on 1 MiB of the recorded logs (test/fixtures/salience, concatenated; no line or byte limit):\n`);
console.log("| counter | salience | o200k tokens written | cl100k tokens written | share of the budget (o200k) |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const [name, countTokens] of [["the estimate (default)", undefined], ["--tokenizer o200k", o200k]]) {
  for (const salience of [true, false]) {
    const text = bound(logs, { budget, salience, ...(countTokens ? { countTokens } : {}) }).text;
    console.log(`| ${name} | ${salience ? "on (model default)" : "off"} | ${o200k(text)} | ${cl100k(text)} | ${(o200k(text) / 100).toFixed(1)} % |`);
  }
}
console.log(`\nLoading gpt-tokenizer's o200k encoder took ${loadMs.toFixed(0)} ms in this process.`);
