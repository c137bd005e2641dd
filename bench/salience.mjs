#!/usr/bin/env node
// Bench: how many of the lines an engineer needs (test/fixtures/salience/NAME.must-keep.txt) the model
// projection keeps, at 51,200, 10,240 and 4,096 bytes, with salience (the default), with plain head+tail
// (`--salience off`) and with opencode's cut (`--style opencode`); and, for the all-pass / diff / log cases
// (no must-keep file), how many middle lines that look like errors were promoted. Needs the build. Prints Markdown.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const folder = fileURLToPath(new URL("../test/fixtures/salience/", import.meta.url));
const budgets = [51200, 10240, 4096];
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const ERROR_WORDS = /error|fail|exception|traceback|panic|fatal/i;

/** The model projection of `input` at `bytes`, with extra flags; null when the flags are refused. */
function project(input, bytes, extra) {
  const args = ["bound", "--for", "model", "--no-spill", "--max-bytes", String(bytes), ...extra];
  const result = spawnSync(correx, args, { input, maxBuffer: 64 * 1024 * 1024 });
  if (result.status === 2) return null;
  if (result.status !== 0) throw new Error(`correx ${extra.join(" ")} failed (${result.status}): ${result.stderr}`);
  return result.stdout.toString("utf8").replace(ANSI, "");
}

/** Output lines without a leading line number (salience's `L123: `, `  123: `, `123| `, `[line 123] `), trimmed. */
function plainLines(text) {
  return text.split("\n").map((line) => line.replace(/^\s*(L\d+: |\[?(line\s*)?\d+\]?\s*[:|│]\s?)?/, "").trim());
}

/** How many of `wanted` some output line contains. */
function countKept(output, wanted) {
  const lines = output.split("\n");
  return wanted.filter((needle) => lines.some((line) => line.includes(needle))).length;
}

const cases = readdirSync(folder).filter((file) => file.endsWith(".txt") && !file.endsWith(".must-keep.txt")).sort();
const columns = [
  ["salience", []],
  ["head+tail", ["--salience", "off"]],
  ["opencode", ["--style", "opencode"]],
];
const totals = Object.fromEntries(budgets.flatMap((b) => columns.map(([name]) => [`${name}@${b}`, { kept: 0, total: 0, middleKept: 0, middle: 0 }])));

console.log("### Salience: must-keep lines kept (bench/salience.mjs)\n");
console.log(`| fixture | input | must-keep | ${budgets.flatMap((b) => columns.map(([name]) => `${name} @ ${b}`)).join(" | ")} |`);
console.log(`| --- | ---: | ---: | ${budgets.flatMap(() => columns.map(() => "---:")).join(" | ")} |`);
const falsePositives = [];
for (const file of cases) {
  const input = readFileSync(folder + file);
  const keepFile = folder + file.replace(/\.txt$/, ".must-keep.txt");
  const wanted = existsSync(keepFile) ? readFileSync(keepFile, "utf8").split("\n").map((l) => l.trim()).filter(Boolean) : [];
  const cells = [];
  for (const bytes of budgets) {
    const plain = project(input, bytes, ["--salience", "off"]) ?? project(input, bytes, []);
    const plainSet = new Set(plainLines(plain));
    // Must-keep lines that plain head+tail loses sit in the middle: those are the ones salience is for.
    const middle = wanted.filter((needle) => !plain.split("\n").some((line) => line.includes(needle)));
    for (const [name, extra] of columns) {
      const output = project(input, bytes, extra);
      if (output === null) { cells.push("n/a"); continue; }
      const kept = countKept(output, wanted);
      const middleKept = countKept(output, middle);
      const total = totals[`${name}@${bytes}`];
      total.kept += kept; total.total += wanted.length; total.middleKept += middleKept; total.middle += middle.length;
      cells.push(wanted.length ? `${kept}/${wanted.length}` : "–");
      if (!wanted.length && name === "salience") {
        const inputLines = new Set(input.toString("utf8").replace(ANSI, "").split("\n").map((line) => line.trim()));
        const promoted = plainLines(output).filter((line) => line && inputLines.has(line) && !plainSet.has(line));
        const alarming = promoted.filter((line) => ERROR_WORDS.test(line));
        falsePositives.push(`| ${file} | ${bytes} | ${promoted.length} | ${alarming.length} |`);
      }
    }
  }
  console.log(`| ${file} | ${input.length} | ${wanted.length} | ${cells.join(" | ")} |`);
}
const summary = budgets.flatMap((b) => columns.map(([name]) => {
  const t = totals[`${name}@${b}`];
  return `${t.kept}/${t.total} (${((100 * t.kept) / Math.max(1, t.total)).toFixed(1)}%), middle ${t.middleKept}/${t.middle}`;
}));
console.log(`| **all** | | | ${summary.join(" | ")} |`);
console.log("\nMiddle = must-keep lines that plain head+tail loses at that budget.\n");
console.log("### Salience: false positives on all-pass, diff and log outputs\n");
console.log("| fixture | budget | middle lines promoted | of them with error words |");
console.log("| --- | ---: | ---: | ---: |");
for (const row of falsePositives) console.log(row);

// A command's JSON (test/fixtures/json/): how many of its top-level keys the projection shows (goal: all of
// them, with the JSON view), against plain head+tail (`--salience off`) at the same budget.
const jsonFolder = fileURLToPath(new URL("../test/fixtures/json/", import.meta.url));
console.log("\n### JSON a command prints: top-level keys kept (goal: all)\n");
console.log(`| fixture | input | keys | ${budgets.flatMap((b) => [`view @ ${b}`, `head+tail @ ${b}`]).join(" | ")} |`);
console.log(`| --- | ---: | ---: | ${budgets.flatMap(() => ["---:", "---:"]).join(" | ")} |`);
const typescript = readFileSync(join(jsonFolder, "npm-view-typescript.json"));
const jsonCases = [
  ["npm-view-typescript.json (one line)", typescript],
  ["the same pretty-printed, as npm 11 prints it", Buffer.from(`${JSON.stringify(JSON.parse(typescript.toString("utf8")), null, 2)}\n`)],
  ...["npm-ls-all.json", "npm-view-eslint.json"].map((file) => [file, readFileSync(join(jsonFolder, file))]),
];
for (const [file, input] of jsonCases) {
  const keys = Object.keys(JSON.parse(input.toString("utf8")));
  const cells = budgets.flatMap((bytes) => [[], ["--salience", "off"]].map((extra) => {
    const output = project(input, bytes, extra);
    return output === null ? "n/a" : `${keys.filter((key) => output.includes(`${JSON.stringify(key)}:`)).length}/${keys.length}`;
  }));
  console.log(`| ${file} | ${input.length} | ${keys.length} | ${cells.join(" | ")} |`);
}

// Near-duplicate folding: lines of distinct content (input lines shown, digit runs masked, spaces collapsed, counted once) at
// 10,240 bytes, with the fold (the default) and without it (`foldSimilar: false`, the library switch), same build.
const { bound } = await import("../dist/index.js");
const FOLD_BUDGET = 10240;
/** Distinct shown input lines of `output`, numbers masked and spaces collapsed (`L<n>: ` of middle lines dropped). */
function distinctShown(output, inputLines) {
  const seen = new Set();
  for (const raw of output.split("\n")) {
    const line = raw.replace(/^L\d+: /, "").trim();
    if (line && inputLines.has(line)) seen.add(line.replace(/\d+/g, "N").replace(/\s+/g, " "));
  }
  return seen.size;
}
console.log(`\n### Near-duplicate folding: lines of distinct content shown at ${FOLD_BUDGET} bytes\n`);
console.log("| fixture | input lines | folded (default) | not folded | must-keep folded / not folded |");
console.log("| --- | ---: | ---: | ---: | ---: |");
let withFold = 0;
let withoutFold = 0;
for (const file of cases) {
  const input = readFileSync(folder + file);
  const text = input.toString("utf8").replace(ANSI, "");
  const inputLines = new Set(text.split("\n").map((line) => line.trim()));
  const options = { budget: { maxLines: 2000, maxBytes: FOLD_BUDGET } };
  const folded = bound(input, options).text;
  const plain = bound(input, { ...options, foldSimilar: false }).text;
  const keepFile = folder + file.replace(/\.txt$/, ".must-keep.txt");
  const wanted = existsSync(keepFile) ? readFileSync(keepFile, "utf8").split("\n").map((l) => l.trim()).filter(Boolean) : [];
  const a = distinctShown(folded, inputLines);
  const b = distinctShown(plain, inputLines);
  withFold += a;
  withoutFold += b;
  const keep = wanted.length ? `${countKept(folded, wanted)} / ${countKept(plain, wanted)}` : "–";
  console.log(`| ${file} | ${text.split("\n").length} | ${a} | ${b} | ${keep} |`);
}
console.log(`| **all** | | ${withFold} | ${withoutFold} (goal: folded > not folded) | |`);
