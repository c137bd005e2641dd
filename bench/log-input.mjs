// Realistic bench inputs: varied log lines from a seeded generator (no block repeated, so neither the fold
// nor the ring is flattered), and plain repeats (`yes`, empty lines) for the fold. Usable as a module or as
//   node bench/log-input.mjs logs|oneline|yes|newlines SIZE > FILE
import { closeSync, openSync, writeSync } from "node:fs";
import { fileURLToPath } from "node:url";

const LEVELS = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"];
const WORDS = ["compiled", "fetched", "retrying", "connected to", "wrote", "skipped", "resolved", "cache miss for", "timeout on", "checked"];
const PATHS = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view", "test/spec"];

/** A small deterministic PRNG (mulberry32): the same input on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One block of varied log lines (timestamps, levels, ids, paths, durations, the odd stack line). */
function logBlock(next, firstLine, count) {
  const lines = [];
  for (let index = firstLine; index < firstLine + count; index += 1) {
    const pick = (list) => list[Math.floor(next() * list.length)];
    const ms = Math.floor(next() * 86_400_000);
    const time = new Date(Date.UTC(2026, 10, 1) + ms).toISOString();
    const id = Math.floor(next() * 0xffffffff).toString(16).padStart(8, "0");
    const text = `${time} ${pick(LEVELS)} [worker-${Math.floor(next() * 16)}] ${pick(WORDS)} ${pick(PATHS)}-${Math.floor(next() * 500)}.ts (req ${id}) in ${Math.floor(next() * 2000)} ms`;
    lines.push(next() < 0.03 ? `${text}\n    at ${pick(PATHS)}/index.js:${Math.floor(next() * 900)}:${Math.floor(next() * 80)}` : text);
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

/**
 * Writes `size` bytes of one kind of input to `path`: "logs" (varied lines), "oneline" (the same without a
 * newline: one line of `size` bytes), "yes" ("y\n"), "newlines" ("\n").
 */
export function writeInput(path, size, kind = "logs") {
  const fd = openSync(path, "w");
  try {
    const next = random(0x5eed);
    const fixed = kind === "yes" ? Buffer.from("y\n".repeat(1 << 19)) : kind === "newlines" ? Buffer.alloc(1 << 20, 0x0a) : undefined;
    let line = 0;
    for (let written = 0; written < size; ) {
      const logs = fixed ?? logBlock(next, line, 4096);
      const block = kind === "oneline" ? logs.map((byte) => (byte === 0x0a ? 0x20 : byte)) : logs;
      line += 4096;
      const piece = block.subarray(0, Math.min(block.length, size - written));
      writeSync(fd, piece);
      written += piece.length;
    }
  } finally {
    closeSync(fd);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [kind, size, path] = process.argv.slice(2);
  writeInput(path ?? "/dev/stdout", Number(size), kind);
}
