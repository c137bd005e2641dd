// `run`'s V8 flags (issue 16: its start-up and its spill worker's, within its memory goal). A flag off its default
// makes V8 reject the code caches made with the defaults, so a built-in loaded after it, or a worker starting
// while it is set, compiles from source. Checked: the order in which the policy sets the flags, and in the binary,
// by a probe preloaded into it, which built-ins were loaded before the first flag and whether a flag was set while
// the spill worker was still starting (its state in the shared control block). Counted, never timed.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { SHORT_OUTPUT_BYTES, SPILL_BUILTINS_AFTER_BYTES, keepRunHeapSmall } from "../../src/cli/run-heap.js";
import { CONSUMER, SLOT } from "../../src/spill/spill-ring.js";
import { CORREX } from "../cli/cli-process.js";

const MiB = 1024 * 1024;
const CAP = "--semi-space-growth-factor=1";
const GROW = "--semi-space-growth-factor=2";
const SIZE = "--optimize-for-size";
const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-run-heap-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("keepRunHeapSmall", () => {
  /** The policy with recording flag setters. */
  function recorded(spillWorker = true, spills = true) {
    const calls: string[] = [];
    const heap = keepRunHeapSmall({
      spillWorker,
      spills,
      loadBuiltins: (which) => calls.push(`load ${which}`),
      keepYoungGenerationSmall: () => calls.push("young"),
      letYoungGenerationGrow: () => calls.push("grow"),
      keepHeapSmall: () => calls.push("young+size"),
    });
    return { calls, heap };
  }

  test("the spawn's built-in first; the young generation's cap once the output is not short; the spill's built-ins with the cap lifted once it grows; both flags once the worker took the spill, not again at the end", () => {
    const { calls, heap } = recorded();
    expect(calls).toEqual(["load spawn"]);
    heap.wrote(SHORT_OUTPUT_BYTES - 1);
    expect(calls).toEqual(["load spawn"]);
    heap.wrote(1);
    heap.wrote(SPILL_BUILTINS_AFTER_BYTES - SHORT_OUTPUT_BYTES - 1);
    expect(calls).toEqual(["load spawn", "young"]);
    heap.wrote(1);
    heap.wrote(SPILL_BUILTINS_AFTER_BYTES);
    expect(calls).toEqual(["load spawn", "young", "grow", "load spill", "young"]);
    heap.workerTookSpill();
    heap.inputEnded();
    expect(calls).toEqual(["load spawn", "young", "grow", "load spill", "young", "young+size"]);
  });

  test("no worker took the spill: where one may start, the heap favours size once the input is over; one big read sets the cap once", () => {
    const { calls, heap } = recorded();
    heap.wrote(SPILL_BUILTINS_AFTER_BYTES + 1);
    heap.inputEnded();
    expect(calls).toEqual(["load spawn", "young", "grow", "load spill", "young", "young+size"]);
  });

  test("at the store's default cap (no spill worker) the heap is not told to favour size at the end", () => {
    const { calls, heap } = recorded(false);
    heap.wrote(SPILL_BUILTINS_AFTER_BYTES + 1);
    heap.inputEnded();
    expect(calls).toEqual(["load spawn", "young", "grow", "load spill", "young"]);
  });

  test("a short output sets no flag at all (and a command that writes nothing), nor loads the spill's built-ins", () => {
    for (const bytes of [0, 1000, SHORT_OUTPUT_BYTES - 1]) {
      const { calls, heap } = recorded();
      heap.wrote(bytes);
      heap.inputEnded();
      expect(calls).toEqual(["load spawn"]);
    }
  });

  test("a capped output that ends before the spill's built-ins loaded (its spill is saved at the end) loads them then, with the cap lifted; with --no-spill, none", () => {
    // under the cap they would load at the save and compile from source (crypto's 17 modules: ~6 ms of a 200 KB output's end)
    for (const spillWorker of [false, true]) {
      const { calls, heap } = recorded(spillWorker);
      heap.wrote(SHORT_OUTPUT_BYTES);
      heap.wrote(SPILL_BUILTINS_AFTER_BYTES - SHORT_OUTPUT_BYTES - 1);
      expect(calls).toEqual(["load spawn", "young"]);
      heap.inputEnded();
      // "end": node:crypto alone, no worker starts once the input is over; nor does the heap favour size for it
      expect(calls).toEqual(["load spawn", "young", "grow", "load end", "young"]);
    }
    const { calls, heap } = recorded(false, false);
    heap.wrote(SHORT_OUTPUT_BYTES);
    heap.inputEnded();
    expect(calls).toEqual(["load spawn", "young"]);
  });
});

const probe = path.join(dir, "probe.cjs");
fs.writeFileSync(probe, `
const threads = require("node:worker_threads");
const v8 = require("node:v8");
if (threads.isMainThread) {
  const seen = { flags: [], loadedAtFlag: [], loadedAtExit: undefined, workers: 0, terminated: 0 };
  const controls = [];
  const stopped = new Set();
  const loaded = () => process.moduleLoadList.filter((name) => name.startsWith("NativeModule ")).map((name) => name.slice(13));
  // correx sets its flags through Node's v8 binding (lazy-builtin.ts setV8Flags), node:v8 where there is none: both watched.
  const quiet = process.noDeprecation;
  process.noDeprecation = true;
  const binding = process.binding("v8");
  process.noDeprecation = quiet;
  for (const target of [v8, binding]) {
    const setFlagsFromString = target.setFlagsFromString;
    target.setFlagsFromString = function (flags) {
      seen.loadedAtFlag.push(loaded());
      const workerStarting = controls.some((control) => !stopped.has(control) && Atomics.load(control, ${SLOT.consumer}) === ${CONSUMER.starting});
      seen.flags.push({ flags, workersBefore: seen.workers, workerStarting });
      return setFlagsFromString.call(this, flags);
    };
  }
  const Worker = threads.Worker;
  threads.Worker = class extends Worker {
    constructor(source, options) {
      super(source, options);
      seen.workers += 1;
      const shared = options && options.workerData && options.workerData.shared;
      if (shared instanceof SharedArrayBuffer) controls.push(this.control = new Int32Array(shared, 0, ${SLOT.consumerSeq + 1}));
    }
    terminate() {
      seen.terminated += 1;
      stopped.add(this.control);
      return super.terminate();
    }
  };
  process.on("exit", () => { seen.loadedAtExit = loaded(); require("node:fs").writeSync(2, "PROBE " + JSON.stringify(seen) + "\\n"); });
}
`);

interface Seen {
  flags: { flags: string; workersBefore: number; workerStarting: boolean }[];
  /** The built-ins loaded when each flag was set. */
  loadedAtFlag: string[][];
  loadedAtExit: string[];
  workers: number;
  /** Workers stopped (terminate) by run: one that had not taken the spill when the input ended. */
  terminated: number;
  /** TurboFan's flag as it was set, in order (left out of `flags`). */
  turbofan: string[];
}

/** The end of an output runs with TurboFan off (src/bound/one-off.ts): those flags are not run's heap policy. */
const TURBOFAN = new Set(["--no-turbofan", "--turbofan"]);
/** Salience's needle scan compiles its module with relaxed SIMD on for that moment (needle-scan.ts): not it either. */
const RELAXED_SIMD = new Set(["--experimental-wasm-relaxed-simd", "--no-experimental-wasm-relaxed-simd"]);
/** The flags set around a piece of work, not run's policy (checked apart in `probed`). */
const aside = (flags: string): boolean => TURBOFAN.has(flags) || RELAXED_SIMD.has(flags);

/** 2,000 log lines, every one a step done. */
const STEPS = Array.from({ length: 2000 }, (_, index) => `2026-12-01T15:00:00.${String(index % 1000).padStart(3, "0")}Z INFO [worker-${index % 7}] step ${index} done\n`).join("");

/**
 * `correx run` of a command that writes `bytes` of log lines (`text` repeated), under the probe (the TurboFan and
 * relaxed SIMD flags checked, then left out of `flags`).
 */
function probed(bytes: number, cap: string[] = ["--max-output", "1GiB"], text = STEPS): Seen {
  const lines = Buffer.from(text);
  const file = path.join(dir, `output-${bytes}-${text === STEPS ? "steps" : lines.length}`);
  const descriptor = fs.openSync(file, "w");
  for (let written = 0; written < bytes; written += lines.length) fs.writeSync(descriptor, lines, 0, Math.min(lines.length, bytes - written));
  fs.closeSync(descriptor);
  const store = path.join(dir, `store-${bytes}`);
  const result = spawnSync(process.execPath, ["-r", probe, CORREX, "run", "--for", "model", "--spill-dir", store, ...cap, "--", "cat", file], { encoding: "utf8", maxBuffer: 16 * MiB });
  expect(result.status, result.stderr).toBe(0);
  const line = /^PROBE (.*)$/m.exec(result.stderr);
  if (!line) throw new Error(`no probe line: ${result.stderr}`);
  const seen = JSON.parse(line[1]!) as Seen;
  expect(seen.flags.filter((call) => aside(call.flags) && call.workerStarting)).toEqual([]);
  // relaxed SIMD is off again at once, no built-in loaded meanwhile
  seen.flags.forEach((call, index) => {
    if (call.flags !== "--experimental-wasm-relaxed-simd") return;
    expect(seen.flags[index + 1]?.flags).toBe("--no-experimental-wasm-relaxed-simd");
    expect(seen.loadedAtFlag[index + 1]).toEqual(seen.loadedAtFlag[index]);
  });
  const kept = seen.flags.map((call, index) => ({ call, loaded: seen.loadedAtFlag[index]! })).filter(({ call }) => !aside(call.flags));
  const turbofan = seen.flags.map((call) => call.flags).filter((flags) => TURBOFAN.has(flags));
  return { ...seen, flags: kept.map(({ call }) => call), loadedAtFlag: kept.map(({ loaded }) => loaded), turbofan };
}

describe.skipIf(process.platform !== "linux")("run's V8 flags, in the binary", () => {
  test("past 8 MiB: no flag is set while the spill worker starts (one still starting when the input ends is stopped first); both are set once it has taken the spill", () => {
    const seen = probed(12 * MiB);
    expect(seen.workers).toBe(1);
    expect(seen.terminated).toBeLessThanOrEqual(1);
    expect(seen.flags.filter((call) => call.workerStarting)).toEqual([]);
    // before the worker: the young generation's cap, lifted while the spill's built-ins load (`--optimize-for-size`
    // cannot be unset: it implies other flags)
    expect(seen.flags.filter((call) => call.workersBefore === 0).map((call) => call.flags)).toEqual([CAP, GROW, CAP]);
    // after it: the cap again (V8 lifted it for the worker's isolate) and the heap favouring size
    expect(seen.flags.filter((call) => call.workersBefore === 1).map((call) => call.flags)).toEqual([CAP, SIZE]);
  });

  test("at the store's default cap no spill worker starts, past 8 MiB too (the spill is hashed on run's thread): no flag is set for one, nor `--optimize-for-size` at the end", () => {
    const seen = probed(12 * MiB, []);
    expect(seen.workers).toBe(0);
    expect(seen.flags.map((call) => call.flags)).toEqual([CAP, GROW, CAP]);
  });

  test("the built-ins run needs are loaded while V8's flags are at their defaults (loaded with a flag set, they compile from source)", () => {
    const seen = probed(2 * MiB);
    expect(seen.workers).toBe(0);
    expect(seen.flags.map((call) => call.flags)).toEqual([CAP, GROW, CAP, CAP, SIZE]);
    expect(seen.loadedAtFlag[0]).toEqual(expect.arrayContaining(["child_process", "net"]));
    expect(seen.loadedAtFlag[0]).not.toContain("crypto");
    // the spill's, loaded between the cap lifted and set again
    expect(seen.loadedAtFlag[2]).toEqual(expect.arrayContaining(["crypto", "worker_threads"]));
    expect(seen.loadedAtFlag[1]).not.toContain("crypto");
    // the store's first collection in passing (a new store) ran at the end, with the flags set: without node:perf_hooks
    expect(seen.loadedAtExit).toEqual(expect.arrayContaining(["internal/fs/dir"]));
    expect(seen.loadedAtExit).not.toContain("perf_hooks");
  });

  test("an output cut that ends under 512 KiB: the cap, and at the end node:crypto loaded with it lifted; with --no-spill the cap alone", () => {
    for (const cap of [[], ["--max-output", "1GiB"]]) {
      const seen = probed(200 * 1024, cap);
      expect(seen.workers).toBe(0);
      expect(seen.flags.map((call) => call.flags)).toEqual([CAP, GROW, CAP]);
      expect(seen.loadedAtFlag[1]).not.toContain("crypto");
      expect(seen.loadedAtFlag[2]).toContain("crypto");
    }
    const unsaved = probed(200 * 1024, ["--no-spill"]);
    expect(unsaved.flags.map((call) => call.flags)).toEqual([CAP]);
    expect(unsaved.loadedAtExit).not.toContain("crypto");
  });

  test("at the store's default cap, TurboFan goes off at the first region scored while the output streams and on again at its end, not around each region; past it (a spill worker may start), around each region", () => {
    // log lines with errors of 100 kinds (a two-letter word after the level), scored as they leave the tail ring
    const word = (index: number): string => "abcdefghij"[index % 10]! + "klmnopqrst"[Math.floor(index / 10) % 10]!;
    const errors = Array.from({ length: 2000 }, (_, index) => `2026-12-01T15:00:00.${String(index % 1000).padStart(3, "0")}Z ${index % 9 === 0 ? `ERROR ${word(index / 9)}` : "INFO"} [worker-${index % 7}] step ${index} ${index % 9 === 0 ? "failed: connection refused" : "done"}\n`).join("");
    const seen = probed(12 * MiB, [], errors);
    expect(seen.workers).toBe(0);
    // off while it streams; the end's two steps (the collector's end, the cut) each leave it on
    expect(seen.turbofan).toEqual(["--no-turbofan", "--turbofan", "--no-turbofan", "--turbofan"]);
    const worker = probed(12 * MiB, ["--max-output", "1GiB"], errors);
    expect(worker.workers).toBe(1);
    expect(worker.turbofan.length).toBeGreaterThanOrEqual(8);
  });

  test("a short output: no flag at all (everything run loads, node:cluster's socket server too, keeps its code cache), nor the spill's built-ins", () => {
    const seen = probed(10 * 1024);
    expect(seen.flags).toEqual([]);
    expect(seen.loadedAtExit).toEqual(expect.arrayContaining(["child_process", "net", "cluster"]));
    expect(seen.loadedAtExit).not.toContain("crypto");
  });
});
