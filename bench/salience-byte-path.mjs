#!/usr/bin/env node
// Bench: salience's byte path (the lines that leave the tail ring, scanned by needle, kind and allowance), which the
// recorded outputs alone never reach (each fits the 400 KB window). Each output with must-keep lines is followed by
// 2 MiB of log lines, so that it leaves the ring, and the model projection at 51,200, 10,240 and 4,096 bytes is
// searched for its must-keep lines. Needs the build. Prints Markdown.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const folder = fileURLToPath(new URL("../test/fixtures/salience/", import.meta.url));
const budgets = [51200, 10240, 4096];
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** 2 MiB of ordinary log lines (no needle in them). */
function padding() {
  const lines = [];
  let bytes = 0;
  for (let index = 0; bytes < 2 * 1024 * 1024; index += 1) {
    const line = `2026-12-01T04:${String(index % 60).padStart(2, "0")}:00Z INFO [worker-${index % 13}] compiled src/module-${index % 97}.ts in ${index % 997} ms`;
    lines.push(line);
    bytes += line.length + 1;
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

const after = padding();
const rows = [];
let kept = 0;
let total = 0;
const misses = [];
for (const file of readdirSync(folder).filter((name) => name.endsWith(".txt") && !name.endsWith(".must-keep.txt")).sort()) {
  const keepFile = folder + file.replace(/\.txt$/, ".must-keep.txt");
  if (!existsSync(keepFile)) continue;
  const wanted = readFileSync(keepFile, "utf8").split("\n").map((line) => line.trim()).filter(Boolean);
  const input = Buffer.concat([readFileSync(folder + file), after]);
  const cells = budgets.map((bytes) => {
    const result = spawnSync(correx, ["bound", "--for", "model", "--no-spill", "--max-bytes", String(bytes)], { input, maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`correx bound failed (${result.status}): ${result.stderr}`);
    const lines = result.stdout.toString("utf8").replace(ANSI, "").split("\n");
    const lost = wanted.filter((needle) => !lines.some((line) => line.includes(needle)));
    for (const needle of lost) misses.push(`${file} @ ${bytes}: \`${needle}\``);
    const found = wanted.length - lost.length;
    kept += found;
    total += wanted.length;
    return `${found}/${wanted.length}`;
  });
  rows.push(`| ${file} | ${cells.join(" | ")} |`);
}
console.log("### Salience's byte path: must-keep lines kept when the output is followed by 2 MiB of log lines (bench/salience-byte-path.mjs)\n");
console.log(`| fixture | ${budgets.map((bytes) => `@ ${bytes}`).join(" | ")} |`);
console.log(`| --- | ${budgets.map(() => "---:").join(" | ")} |`);
for (const row of rows) console.log(row);
console.log(`| **all** | ${kept}/${total} (all budgets) | | |`);
if (misses.length > 0) console.log(`\nLost:\n${misses.map((miss) => `- ${miss}`).join("\n")}`);
console.log(`\nLoad average at the end: ${loadavg()[0].toFixed(1)}.`);
