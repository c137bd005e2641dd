#!/usr/bin/env node
// Bench: `correx proxy` against a direct connection to the same stdio MCP server (test/fixtures/bin/
// mcp-flaky-server.mjs ok), with the SDK's own Client. Needs the build (npm run build).
//   node bench/mcp-proxy.mjs [--calls 300] [--large 10MB] [--rss 10MB,50MiB,100MiB,256MiB] [--correx bin/correx]
// 1. added round-trip time of a small tools/call (median over alternating batches);
// 2. a large result through the proxy (bounded, spilled) against `correx bound --from mcp --to mcp` on the same
//    result JSON (start-up of `node -e 0` subtracted from bound's wall time);
// 3. the proxy's peak RSS with large results.
// Prints a Markdown section for bench/README.md. Not part of the test suite.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
// Node reads NODE_EXTRA_CA_CERTS's certificate file at start-up (~30-40 ms here); correx's launcher moves it aside, so a
// `node` baseline that paid it would flatter correx. Every figure is taken without it.
delete process.env.NODE_EXTRA_CA_CERTS;

const UNITS = { b: 1, kb: 1000, mb: 1000 ** 2, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
};
const parseSize = (text) => {
  const match = /^(\d+)\s*(b|kb|mb|kib|mib|gib)?$/i.exec(text.trim());
  if (!match) throw new Error(`bad size: ${text}`);
  return Number(match[1]) * UNITS[(match[2] ?? "b").toLowerCase()];
};
const calls = Number(option("calls", "300"));
// 10 MB (decimal): the SDK client refuses a line over 10 MiB, so the direct baseline cannot take more.
const large = parseSize(option("large", "10MB"));
const rssSizes = option("rss", "10MB,50MiB,100MiB,256MiB").split(",").map(parseSize);
// --correx PATH: another build's launcher (to measure it side by side).
const correx = option("correx", fileURLToPath(new URL("../bin/correx", import.meta.url)));
const server = fileURLToPath(new URL("../test/fixtures/bin/mcp-flaky-server.mjs", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "correx-bench-mcp-"));
const spill = join(work, "spill");

/** An SDK client connected to argv over stdio. */
async function open(argv) {
  const transport = new StdioClientTransport({ command: argv[0], args: argv.slice(1), stderr: "ignore" });
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(transport);
  return { client, transport };
}
const direct = () => open([process.execPath, server, "ok"]);
const proxied = () => open([correx, "proxy", "--spill-dir", spill, "--", process.execPath, server, "ok"]);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function timeCall(client, args) {
  const started = performance.now();
  await client.callTool({ name: "echo", arguments: args }, undefined, { timeout: 600_000 });
  return performance.now() - started;
}

/** VmHWM of a live process in KiB. */
function readPeakKiB(pid) {
  try {
    return Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"))?.[1]);
  } catch {
    return Number.NaN;
  }
}

const fmt = (value, digits = 2) => value.toFixed(digits);
const mib = (bytes) => (bytes % 1024 ** 2 === 0 ? `${bytes / 1024 ** 2} MiB` : `${bytes / 1000 ** 2} MB`);
try {
  // 1. Small results: alternating batches of 10 calls, after a warm-up.
  const a = await direct();
  const b = await proxied();
  for (let index = 0; index < 20; index += 1) {
    await timeCall(a.client, { text: "warm" });
    await timeCall(b.client, { text: "warm" });
  }
  const directTimes = [];
  const proxyTimes = [];
  for (let batch = 0; batch < calls / 10; batch += 1) {
    for (let index = 0; index < 10; index += 1) directTimes.push(await timeCall(a.client, { text: "hello" }));
    for (let index = 0; index < 10; index += 1) proxyTimes.push(await timeCall(b.client, { text: "hello" }));
  }
  console.log("## `correx proxy` (bench/mcp-proxy.mjs)\n");
  console.log(`A small \`tools/call\` round trip (SDK Client over stdio, ${directTimes.length} calls each way, alternating batches of 10):\n`);
  console.log("| direct median (ms) | through correx proxy median (ms) | added (ms) |\n| ---: | ---: | ---: |");
  console.log(`| ${fmt(median(directTimes))} | ${fmt(median(proxyTimes))} | ${fmt(median(proxyTimes) - median(directTimes))} |\n`);

  // 2. A large result: through the proxy (best of 3) against the direct call and `correx bound` on the same JSON.
  const directLarge = [];
  const proxyLarge = [];
  for (let round = 0; round < 3; round += 1) {
    directLarge.push(await timeCall(a.client, { bytes: large }));
    proxyLarge.push(await timeCall(b.client, { bytes: large }));
  }
  await a.client.close();
  await b.client.close();
  const resultFile = join(work, "result.json");
  writeFileSync(resultFile, JSON.stringify({ content: [{ type: "text", text: makeText(large) }] }));
  const boundRuns = [];
  const nodeRuns = [];
  for (let round = 0; round < 3; round += 1) {
    let started = performance.now();
    const bound = spawnSync(correx, ["bound", "--from", "mcp", "--to", "mcp", "--spill-dir", spill], { input: readFileSync(resultFile), maxBuffer: 1 << 26 });
    boundRuns.push(performance.now() - started);
    if (bound.status !== 0) throw new Error(`correx bound failed: ${bound.stderr}`);
    started = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    nodeRuns.push(performance.now() - started);
  }
  const rawLarge = [];
  for (let round = 0; round < 3; round += 1) rawLarge.push(await timeRawCall(large));
  const best = (values) => Math.min(...values);
  const added = best(proxyLarge) - best(rawLarge);
  const boundWork = best(boundRuns) - best(nodeRuns);
  console.log(`A ${mib(large)} text result (best of 3). The proxy's added time is its round trip less the raw one (the response line read off the server's pipe, nothing parsed), against \`correx bound --from mcp --to mcp\` on the same result JSON (its wall time less \`node -e 0\`); the direct SDK client is slower than either, as it parses the whole line:\n`);
  console.log("| raw pipe (ms) | direct SDK client (ms) | through correx proxy (ms) | added by the proxy (ms) | correx bound less start-up (ms) | added / bound |\n| ---: | ---: | ---: | ---: | ---: | ---: |");
  console.log(`| ${fmt(best(rawLarge), 0)} | ${fmt(best(directLarge), 0)} | ${fmt(best(proxyLarge), 0)} | ${fmt(added, 0)} | ${fmt(boundWork, 0)} (${fmt(best(boundRuns), 0)} − ${fmt(best(nodeRuns), 0)}) | ${fmt(added / boundWork)} |\n`);

  // 3. Peak RSS of the proxy process with large results.
  console.log("Peak RSS of the proxy process (VmHWM) after one result of each size (a frame over 1 MiB is read as it arrives):\n");
  console.log("| result | proxy peak RSS (MiB) | goal |\n| ---: | ---: | --- |");
  for (const size of rssSizes) {
    const connection = await proxied();
    await timeCall(connection.client, { bytes: size });
    const peak = readPeakKiB(connection.transport.pid);
    await connection.client.close();
    console.log(`| ${mib(size)} | ${fmt(peak / 1024, 1)} | ≤ 100 MiB (issue 13) |`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** One call straight on a running server's pipes: the time until the whole response line has arrived (nothing parsed). */
async function timeRawCall(bytes) {
  const child = spawn(process.execPath, [server, "ok"], { stdio: ["pipe", "pipe", "ignore"] });
  let onLine = () => undefined;
  child.stdout.on("data", (chunk) => {
    if (chunk.includes(10)) onLine();
  });
  const exchange = (message) =>
    new Promise((resolve) => {
      onLine = resolve;
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    });
  await exchange({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
  const started = performance.now();
  await exchange({ id: 2, method: "tools/call", params: { name: "echo", arguments: { bytes } } });
  const elapsed = performance.now() - started;
  child.kill();
  return elapsed;
}

/** The same text the server's echo tool makes for `bytes`. */
function makeText(bytes) {
  const lines = [];
  let size = 0;
  for (let index = 1; size < bytes; index += 1) {
    const next = `${String(index).padStart(9, "0")} INFO worker-${index % 13} processed a batch of records\n`;
    lines.push(next);
    size += next.length;
  }
  return lines.join("").slice(0, bytes);
}
