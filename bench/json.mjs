#!/usr/bin/env node
// Bench: JSON input. `correx bound` on 64 MiB of ordinary JSON (an array of objects, an array of numbers), and
// `correx normalize` / `bound` / `lower` on large MCP results (one text block, several blocks, a big structuredContent), against `node -e JSON.parse` of the same file (ratio of wall
// times, peak RSS); leading whitespace before a log (input detection must not hold it). Needs the build.
//   node bench/json.mjs [--repeat 3]
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureShell } from "./bench-tools.mjs";
// Node reads NODE_EXTRA_CA_CERTS's certificate file at start-up (~30-40 ms here); correx's launcher moves it aside, so a
// `node` baseline that paid it would flatter correx. Every figure is taken without it.
delete process.env.NODE_EXTRA_CA_CERTS;

const index = process.argv.indexOf("--repeat");
const repeat = index === -1 ? 3 : Number(process.argv[index + 1]);
const correx = fileURLToPath(new URL("../bin/correx", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-bench-json-"));
const MIB = 1024 * 1024;

/** Writes pieces from `next(n)` to a file until it holds `size` bytes, between `open` and `close`. */
function writeJson(path, open, close, size, next) {
  const fd = openSync(path, "w");
  writeSync(fd, open);
  let written = 0;
  let buffer = "";
  for (let n = 0; written < size; n += 1) {
    buffer += (n === 0 ? "" : ",") + next(n);
    if (buffer.length > MIB) {
      writeSync(fd, buffer);
      written += buffer.length;
      buffer = "";
    }
  }
  writeSync(fd, `${buffer}${close}`);
  closeSync(fd);
}

const objects = join(work, "objects.json");
writeJson(objects, "[", "]\n", 64 * MIB, (n) => JSON.stringify({
  id: n, name: `user-${n}`, email: `u${n}@example.com`, active: n % 3 === 0, score: n * 1.5, tags: [`a${n % 7}`, `b${n % 11}`],
  address: { city: `City ${n % 101}`, zip: String(10000 + (n % 9000)) },
}));
const numbers = join(work, "numbers.json");
writeJson(numbers, "[", "]\n", 64 * MIB, (n) => String(((n * 7919) % 1000003) / 7));
// Just under the 8 MiB cap of the JSON view of plain JSON: bound reads the spill back, parses it and shows its view.
const viewed = join(work, "viewed.json");
writeJson(viewed, "[", "]\n", 7 * MIB, (n) => JSON.stringify({ id: n, name: `user-${n}`, tags: [`a${n % 7}`], address: { city: `City ${n % 101}` } }));
// The same just under the cap as an MCP result's one text block (a server's JSON as text): read again whole for its view.
const mcpJson = join(work, "mcp-json-text.json");
writeFileSync(mcpJson, JSON.stringify({ content: [{ type: "text", text: readFileSync(viewed, "utf8") }] }));
const mcp = join(work, "mcp.json");
const lines = Array.from({ length: 900_000 }, (_, n) => `[${n}] INFO worker-${n % 13} compiled src/module-${n % 97}.ts in ${n % 997} ms`);
writeFileSync(mcp, JSON.stringify({ content: [{ type: "text", text: lines.join("\n") }] }));
// Several blocks (text, an image, text…), non-ASCII and emoji escaped as \uXXXX as many servers write them.
const blocks = join(work, "mcp-blocks.json");
const image = { type: "image", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", mimeType: "image/png" };
const part = (from) => ({ type: "text", text: lines.slice(from, from + 150_000).map((line, n) => (n % 10 === 0 ? `${line} café ✓ 😀` : line)).join("\n") });
writeFileSync(blocks, JSON.stringify({ content: [part(0), image, part(150_000), part(300_000), image, part(450_000), part(600_000), part(750_000)] }).replace(/[^\x00-\x7f]/gu, (c) => [...c].map((unit) => Array.from({ length: unit.length }, (_, i) => `\\u${unit.charCodeAt(i).toString(16).padStart(4, "0")}`).join("")).join("")));
// A big structuredContent beside a short text block: held parsed (it needs the JSON view), up to --json-cap.
const structured = join(work, "mcp-structured.json");
const rows = Array.from({ length: 300_000 }, (_, n) => ({ id: n, name: `module-${n % 97}`, worker: `worker-${n % 13}`, ms: n % 997, ok: n % 11 !== 0 }));
writeFileSync(structured, JSON.stringify({ content: [{ type: "text", text: `${rows.length} rows` }], structuredContent: { rows } }));
const blank = join(work, "blank-then-log.txt");
const fd = openSync(blank, "w");
const spaces = Buffer.alloc(MIB, 0x20);
for (let written = 0; written < 300 * MIB; written += MIB) writeSync(fd, spaces);
writeSync(fd, lines.slice(0, 100_000).join("\n"));
closeSync(fd);

/** Wall time (ms) and peak RSS (KiB) of a shell command line. */
const measure = (commandLine) => measureShell(commandLine, work);

/** Best wall time and highest RSS of `repeat` runs of each command, alternated. */
function sideBySide(first, second) {
  const a = [];
  const b = [];
  for (let run = 0; run < repeat; run += 1) {
    a.push(measure(first));
    b.push(measure(second));
  }
  const bestOf = (runs) => ({ milliseconds: Math.min(...runs.map((run) => run.milliseconds)), peakKiB: Math.max(...runs.map((run) => run.peakKiB)) });
  return [bestOf(a), bestOf(b)];
}

const spill = join(work, "spill");
const parse = (file) => `node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' ${file}`;
const cases = [
  ["bound, 64 MiB array of objects", `${correx} bound --spill-dir ${spill} < ${objects} > /dev/null`, objects],
  ["bound, 64 MiB array of numbers", `${correx} bound --spill-dir ${spill} < ${numbers} > /dev/null`, numbers],
  ["bound, 7–8 MiB array of objects (JSON view)", `${correx} bound --spill-dir ${spill} < ${viewed} > /dev/null`, viewed],
  ["bound, MCP result, its text 7–8 MiB of JSON (JSON view)", `${correx} bound --spill-dir ${spill} < ${mcpJson} > /dev/null`, mcpJson],
  ["normalize, MCP result (one text block)", `${correx} normalize --spill-dir ${spill} < ${mcp} > /dev/null`, mcp],
  ["bound, MCP result (one text block)", `${correx} bound --spill-dir ${spill} < ${mcp} > /dev/null`, mcp],
  ["lower --to anthropic, MCP result (one text block)", `${correx} lower --to anthropic --call-id t1 --spill-dir ${spill} < ${mcp} > /dev/null`, mcp],
  ["normalize, MCP result (8 blocks, escaped non-ASCII)", `${correx} normalize --spill-dir ${spill} < ${blocks} > /dev/null`, blocks],
  ["bound, MCP result (8 blocks, escaped non-ASCII)", `${correx} bound --spill-dir ${spill} < ${blocks} > /dev/null`, blocks],
  ["normalize, MCP result (big structuredContent)", `${correx} normalize --spill-dir ${spill} < ${structured} > /dev/null`, structured],
];
/** The goal of each case (issues 11 and 16). */
const goalOf = (name) => (name.includes("MCP") && !name.includes("JSON view") ? "≤ 1.2×, ≤ 128 MiB" : "≤ 3 s, ≤ 256 MiB");
console.log("### JSON input: time and memory\n");
console.log("| case | input (MiB) | correx (ms) | node -e JSON.parse (ms) | ratio | correx peak RSS (MiB) | JSON.parse peak RSS (MiB) | goal |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
for (const [name, command, file] of cases) {
  const [ours, baseline] = sideBySide(command, parse(file));
  const size = readFileSync(file).length / MIB;
  console.log(`| ${name} | ${size.toFixed(1)} | ${ours.milliseconds.toFixed(0)} | ${baseline.milliseconds.toFixed(0)} | ${(ours.milliseconds / baseline.milliseconds).toFixed(2)} | ${(ours.peakKiB / 1024).toFixed(1)} | ${(baseline.peakKiB / 1024).toFixed(1)} | ${goalOf(name)} |`);
  rmSync(spill, { recursive: true, force: true });
}
const whitespace = measure(`${correx} bound --no-spill < ${blank} > /dev/null`);
console.log(`\n300 MiB of spaces, then a log: correx bound peak RSS ${(whitespace.peakKiB / 1024).toFixed(1)} MiB, ${whitespace.milliseconds.toFixed(0)} ms.`);
rmSync(work, { recursive: true, force: true });
