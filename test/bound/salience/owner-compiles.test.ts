// TurboFan compiles neither the hit path nor owners.ts's rules while an output streams (issue 16: ownerOf's ~10
// checks a scored line were compiled into GroupBuilder.offer, then ownerByText and failureTitle again on their own;
// since, a region's hits are scored with TurboFan off: one-off.ts scoringWithoutOptimizing). Counted, not timed: the
// built library bounds 20,000 error log lines (each scored: a new kind of line every time) in a process of its own,
// with V8's trace of what it marks for optimization, compiles done at once (no background thread: the same marks
// every run).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const LIBRARY = fileURLToPath(new URL("../../../dist/index.js", import.meta.url));

const SCRIPT = `
const { BoundSession, resolveBoundOptions } = await import(process.argv[1]);
let state = 0x5eed;
const next = () => { state = (state + 0x6d2b79f5) >>> 0; let t = state; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const word = () => Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join("");
const session = new BoundSession(resolveBoundOptions({}));
for (let line = 0; line < 20000; line += 1) {
  const time = new Date(Date.UTC(2026, 10, 1) + Math.floor(next() * 86400000)).toISOString();
  session.write(Buffer.from(time + " ERROR [worker-" + Math.floor(next() * 16) + "] " + word() + " " + word() + "-" + Math.floor(next() * 500) + ".ts (req " + Math.floor(next() * 0xffffffff).toString(16) + ") in " + Math.floor(next() * 2000) + " ms\\n"));
}
const bounded = session.finish();
// After the end, hot code is optimized as usual (the trace works).
function hotAfterFinish(n) { let sum = 0; for (let i = 0; i < n; i += 1) sum += (i * 7) % 13; return sum; }
let total = 0;
for (let round = 0; round < 3000; round += 1) total += hotAfterFinish(1000);
process.stderr.write(JSON.stringify({ truncated: bounded.truncated, middle: bounded.middle?.length ?? 0 }));
`;

/** The hit path: the scanner's loop over a region's hits, the builder's offer, the miner's add, the rules' score. */
const HIT_PATH = ["scoreRegion", "follow", "offer", "add", "scoreText", "strongScore", "leafKey", "plainTokens"];
/** owners.ts's functions (ownerOf's rules), and LinesAbove's `at`, which only the rules called a second time. */
const RULES = ["ownerOfAny", "ownerByText", "failureTitle", "aboveWhile", "pytestSection", "pytestShortFrame", "pythonLocation", "compilerContext", "shellcheckLocation", "at"];

describe("owners.ts's rules in the hit path (counted, not timed)", () => {
  test("20,000 scored error log lines: TurboFan compiles none of the hit path nor of ownerOf's rules (before: follow, offer, add; older: ownerByText, failureTitle, at)", () => {
    const child = spawnSync(process.execPath, ["--trace-opt", "--no-concurrent-recompilation", "--input-type=module", "-e", SCRIPT, LIBRARY], { encoding: "utf8", maxBuffer: 1 << 26 });
    expect(child.status).toBe(0);
    const result = JSON.parse(child.stderr) as { truncated: boolean; middle: number };
    expect(result.truncated).toBe(true);
    expect(result.middle).toBeGreaterThan(0);
    const marked = child.stdout.split("\n").filter((line) => line.startsWith("[marking ")).map((line) => /<JSFunction (\S*)/.exec(line)?.[1]);
    // The hit path ran hot (20,000 lines) and was not compiled, nor any of the rules...
    expect(marked.filter((name) => HIT_PATH.includes(name ?? "") || RULES.includes(name ?? ""))).toEqual([]);
    // ...while code hot after the output is compiled as usual.
    expect(marked).toContain("hotAfterFinish");
  });
});
