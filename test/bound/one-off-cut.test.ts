// An output that is cut runs its end without V8's optimizing compiler from 32 KiB, not 64 (issue 16: a recorded 58 KB
// test run's end had TurboFan compile its loops on the side, 119 M of its 511 M instructions); an output that fits
// keeps the 64 KiB and sets no flag; neither loads node:v8 (flags go through Node's binding). Counted, not timed: run
// on the built library in a process of its own, with V8's trace of what it marks for optimization switched on for the
// end only.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const LIBRARY = fileURLToPath(new URL("../../dist/index.js", import.meta.url));
const TAP = fileURLToPath(new URL("../fixtures/salience/node-test-tap-2-failures.txt", import.meta.url));
const JEST = fileURLToPath(new URL("../fixtures/salience/jest-verbose-2-failures.txt", import.meta.url));

/** Bounds a recorded output with the defaults (or `maxBytes`), V8's optimization trace on for `finish` alone. */
const TRACED = `
import * as v8 from "node:v8";
import { readFileSync } from "node:fs";
const [library, file, maxBytes] = process.argv.slice(1);
const { BoundSession, resolveBoundOptions } = await import(library);
const session = new BoundSession(resolveBoundOptions(maxBytes ? { budget: { maxLines: 2000, maxBytes: Number(maxBytes) } } : {}));
const input = readFileSync(file);
for (let offset = 0; offset < input.length; offset += 4096) session.write(input.subarray(offset, offset + 4096));
v8.setFlagsFromString("--trace-opt");
const bounded = session.finish();
v8.setFlagsFromString("--no-trace-opt");
process.stderr.write(JSON.stringify({ truncated: bounded.truncated, middle: bounded.middle?.length ?? 0 }));
`;

/** The same without the trace (and without node:v8 of its own): whether bounding loaded node:v8. */
const LOADS = `
import { readFileSync } from "node:fs";
const [library, file] = process.argv.slice(1);
const { BoundSession, resolveBoundOptions } = await import(library);
const session = new BoundSession(resolveBoundOptions({}));
session.write(readFileSync(file));
const bounded = session.finish();
process.stderr.write(JSON.stringify({ truncated: bounded.truncated, v8: process.moduleLoadList.includes("NativeModule v8") }));
`;

function traced(file: string, maxBytes?: number): { marked: (string | undefined)[]; truncated: boolean; middle: number } {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", TRACED, LIBRARY, file, ...(maxBytes ? [String(maxBytes)] : [])], { encoding: "utf8", maxBuffer: 1 << 24 });
  expect(child.status).toBe(0);
  const marked = child.stdout.split("\n").filter((line) => line.startsWith("[marking ")).map((line) => /<JSFunction (\S*)/.exec(line)?.[1]);
  return { marked, ...(JSON.parse(child.stderr) as { truncated: boolean; middle: number }) };
}

describe("the end of a cut output under 64 KiB runs without V8's optimizing compiler (counted, not timed)", () => {
  test("a recorded node --test run (58 KB, cut with salient middle lines at the defaults): no function marked for TurboFan at its end", () => {
    const result = traced(TAP);
    expect(result.truncated).toBe(true);
    expect(result.middle).toBeGreaterThan(0);
    expect(result.marked).toEqual([]);
  });

  test("a recorded jest run (41 KB) cut at 10,240 bytes: none either", () => {
    const result = traced(JEST, 10240);
    expect(result.truncated).toBe(true);
    expect(result.marked).toEqual([]);
  });

  test("the node --test run, cut: its end turns TurboFan off and on through Node's binding, not node:v8 (and nothing on stderr)", () => {
    // node:v8 loads Node's stream modules (3–10 ms of every cut output's end); the binding's access, reported once
    // as deprecated, is silenced: a warning would follow the JSON on stderr and fail its parse.
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", LOADS, LIBRARY, TAP], { encoding: "utf8" });
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stderr)).toEqual({ truncated: true, v8: false });
    const pending = spawnSync(process.execPath, ["--pending-deprecation", "--input-type=module", "-e", LOADS, LIBRARY, TAP], { encoding: "utf8" });
    expect(JSON.parse(pending.stderr)).toEqual({ truncated: true, v8: false });
  });

  test("the same jest run where it fits the defaults: not cut, and node:v8 is never loaded for it", () => {
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", LOADS, LIBRARY, JEST], { encoding: "utf8" });
    expect(child.status).toBe(0);
    expect(JSON.parse(child.stderr)).toEqual({ truncated: false, v8: false });
  });
});
