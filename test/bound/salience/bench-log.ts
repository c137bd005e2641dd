// Varied log lines as bench/log-input.mjs makes them (its words, paths, levels and ids), errors among them: the
// byte path's hit lines at 100 MiB, seeded, for tests that count work on them.
import { createRandom } from "../../fuzz/generate.js";

/** `count` (or a few more) log lines, every sixth level an ERROR on average, now and then a stack frame under one. */
export function benchLog(count: number): string[] {
  const { next, pick } = createRandom(0x5eed);
  const words = ["compiled", "fetched", "retrying", "connected to", "wrote", "skipped", "resolved", "cache miss for", "timeout on", "checked"];
  const paths = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view", "test/spec"];
  const lines: string[] = [];
  while (lines.length < count) {
    const time = new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 86_400_000)).toISOString();
    const id = Math.floor(next() * 0xffffffff).toString(16).padStart(8, "0");
    lines.push(`${time} ${pick(["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"])} [worker-${Math.floor(next() * 16)}] ${pick(words)} ${pick(paths)}-${Math.floor(next() * 500)}.ts (req ${id}) in ${Math.floor(next() * 2000)} ms`);
    if (next() < 0.03) lines.push(`    at ${pick(paths)}/index.js:${Math.floor(next() * 900)}:${Math.floor(next() * 80)}`);
  }
  return lines;
}
