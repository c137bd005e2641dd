// The end of an output runs once per output: V8's optimizing compiler is not started there (issue 16: its compiles
// cost more CPU than they saved; counted here, not timed). Run on the built library, in a process of its own,
// with V8's trace of what it marks for optimization switched on for the end only.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { offWhileStreamingUntilTheEnd, optimizing, scoringWithoutOptimizing, withoutOptimizing } from "../../src/bound/one-off.js";

const LIBRARY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));

/** Bounds ~1.2 MiB of varied log lines (as bench/log-input.mjs makes them) with V8's optimization trace on for `finish` alone. */
const SCRIPT = `
import * as v8 from "node:v8";
const { BoundSession, resolveBoundOptions } = await import(process.argv[1]);
let state = 0x5eed;
const next = () => { state = (state + 0x6d2b79f5) >>> 0; let t = state; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const pick = (list) => list[Math.floor(next() * list.length)];
const levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"];
const words = ["compiled", "fetched", "retrying", "connected to", "wrote", "skipped", "resolved", "cache miss for", "timeout on", "checked"];
const paths = ["src/module", "lib/util", "api/handler", "db/pool", "net/socket", "ui/view", "test/spec"];
const session = new BoundSession(resolveBoundOptions({}));
for (let line = 0; line < 12000; line += 1) {
  const time = new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 86400000)).toISOString();
  session.write(Buffer.from(time + " " + pick(levels) + " [worker-" + Math.floor(next() * 16) + "] " + pick(words) + " " + pick(paths) + "-" + Math.floor(next() * 500) + ".ts (req " + Math.floor(next() * 0xffffffff).toString(16) + ") in " + Math.floor(next() * 2000) + " ms\\n"));
}
v8.setFlagsFromString("--trace-opt");
const bounded = session.finish();
// After the end, hot code is optimized again.
function hotAfterFinish(n) { let sum = 0; for (let i = 0; i < n; i += 1) sum += (i * 7) % 13; return sum; }
let total = 0;
for (let round = 0; round < 3000; round += 1) total += hotAfterFinish(1000);
v8.setFlagsFromString("--no-trace-opt");
process.stderr.write(JSON.stringify({ truncated: bounded.truncated, middle: bounded.middle?.length ?? 0, total }));
`;

describe("the end of an output runs without V8's optimizing compiler (counted, not timed)", () => {
  test("bounding 1.2 MiB of log lines marks no function of its own for optimization once the input has ended", () => {
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", SCRIPT, LIBRARY], { encoding: "utf8", maxBuffer: 1 << 24 });
    expect(child.status).toBe(0);
    // The end did its work (a cut with salient middle lines: the byte path, the fold, the salient cut all ran)...
    const result = JSON.parse(child.stderr) as { truncated: boolean; middle: number };
    expect(result.truncated).toBe(true);
    expect(result.middle).toBeGreaterThan(0);
    // ...and V8 marked none of it for TurboFan (36 functions before: decode, follow, offer, add, alike, …), while
    // code that runs hot after it is optimized as usual.
    const marked = child.stdout.split("\n").filter((line) => line.startsWith("[marking ")).map((line) => /<JSFunction (\S*)/.exec(line)?.[1]);
    expect(marked.filter((name) => name !== "hotAfterFinish")).toEqual([]);
    expect(marked).toContain("hotAfterFinish");
  });
});

describe("a region's hits are scored with V8's optimizing compiler off", () => {
  test("off inside, on again after; nested in the end of an output, off throughout", () => {
    expect(optimizing()).toBe(true);
    expect(scoringWithoutOptimizing(() => optimizing())).toBe(false);
    expect(optimizing()).toBe(true);
    expect(withoutOptimizing(Number.POSITIVE_INFINITY, () => [scoringWithoutOptimizing(() => optimizing()), optimizing()])).toEqual([false, false]);
    expect(optimizing()).toBe(true);
  });
});

describe("a process that bounds its outputs and exits (`correx run` at the store's default cap): off from the first region to the end", () => {
  // Last in this file: the mode, once asked for, holds for the rest of the process.
  test("a region leaves it off; the end of the output (and a small end before it) keeps it off until the end's work is done", () => {
    offWhileStreamingUntilTheEnd();
    expect(optimizing()).toBe(true);
    expect(scoringWithoutOptimizing(() => optimizing())).toBe(false);
    expect(optimizing()).toBe(false);
    expect(scoringWithoutOptimizing(() => optimizing())).toBe(false);
    // a small output's end (stderr kept apart) runs as it is
    expect(withoutOptimizing(10, () => optimizing())).toBe(false);
    expect(optimizing()).toBe(false);
    expect(withoutOptimizing(Number.POSITIVE_INFINITY, () => [scoringWithoutOptimizing(() => optimizing()), optimizing()])).toEqual([false, false]);
    expect(optimizing()).toBe(true);
  });
});
