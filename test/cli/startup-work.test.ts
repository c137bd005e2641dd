// Start-up counted, not timed: `echo hi | correx bound` compiles the bundle from V8's code cache, reads its command
// line without commander and makes no stdin or stdout stream, nor the built-in modules they need; `correx run` of a
// short output finds its functions in that cache too (a preloaded probe watches vm.Script, the cache V8 would make
// at the exit, the process.stdin/stdout getters, the built-ins loaded and the options commander was given); a spill
// within the store's default cap loads no node:worker_threads (no spill worker starts), one past it does.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CORREX, pipeHolding } from "./cli-process.js";

const dir = fs.mkdtempSync(path.join(tmpdir(), "correx-startup-"));
const probe = path.join(dir, "probe.cjs");
fs.writeFileSync(probe, `
const vm = require("node:vm");
const seen = { scripts: [], stdout: 0, stdin: 0, commanderOptions: 0 };
// commander listens for each option it declares ("option:NAME"): how many options it was given
const events = require("node:events");
const on = events.EventEmitter.prototype.on;
events.EventEmitter.prototype.on = function (name, listener) {
  if (typeof name === "string" && name.startsWith("option:")) seen.commanderOptions += 1;
  return on.call(this, name, listener);
};
// esbuild's module inits: a lookup of the init by its path's name (Object.getOwnPropertyNames) per module
// initialised, and an export object's getters (Object.defineProperty with a get) per module that has one
const work = { initLookups: 0, getters: 0, fileUrls: 0 };
// file URLs made with node:url (the CommonJS bundle's import.meta.url is one, made from its path on first use)
const url = require("node:url");
const pathToFileURL = url.pathToFileURL;
url.pathToFileURL = function (...args) { work.fileUrls += 1; return pathToFileURL.apply(this, args); };
const getOwnPropertyNames = Object.getOwnPropertyNames;
Object.getOwnPropertyNames = function (object) { work.initLookups += 1; return getOwnPropertyNames(object); };
const defineProperty = Object.defineProperty;
Object.defineProperty = function (object, key, descriptor) {
  if (descriptor && typeof descriptor.get === "function") work.getters += 1;
  return defineProperty(object, key, descriptor);
};
const Script = vm.Script;
let bundle;
// for each script compiled with a cache: whether the cache was read into the memory its text was read through (the
// buffer fs.readSync filled with the text, then with the cache), rather than into pages of its own
const readsInto = new WeakMap();
const fsModule = require("node:fs");
const readSync = fsModule.readSync;
fsModule.readSync = function (fd, buffer, ...rest) {
  if (buffer && buffer.buffer) readsInto.set(buffer.buffer, (readsInto.get(buffer.buffer) ?? 0) + 1);
  return readSync.call(this, fd, buffer, ...rest);
};
const cacheInTextMemory = [];
vm.Script = class extends Script {
  constructor(code, options) {
    super(code, options);
    if (options && options.cachedData) cacheInTextMemory.push(options.cachedData.buffer.byteLength >= code.length && readsInto.get(options.cachedData.buffer) >= 2);
    seen.scripts.push(options && options.cachedData !== undefined ? (this.cachedDataRejected ? "rejected" : "cached") : "compiled");
    bundle = { script: this, cached: options && options.cachedData ? options.cachedData.length : 0 };
  }
};
for (const name of ["stdout", "stdin"]) {
  const descriptor = Object.getOwnPropertyDescriptor(process, name);
  Object.defineProperty(process, name, { configurable: true, enumerable: descriptor.enumerable, get() { seen[name] += 1; return descriptor.get.call(this); } });
}
process.on("exit", () => {
  seen.builtins = process.moduleLoadList.filter((name) => /^NativeModule (tty|net|stream|crypto|child_process|perf_hooks|os|v8|worker_threads|module)$/.test(name));
  // what the run compiled that the cache did not hold: the cache V8 would make now holds it too
  if (process.env.PROBE_CACHE_GROWTH) seen.cacheGrowth = bundle.script.createCachedData().length - bundle.cached;
  require("node:fs").writeSync(2, "PROBE " + JSON.stringify(seen) + "\\n");
  require("node:fs").writeSync(2, "WORK " + JSON.stringify(work) + "\\n");
  require("node:fs").writeSync(2, "MEMORY " + JSON.stringify(cacheInTextMemory) + "\\n");
});
`);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What the probe saw of a run of correx ARGS with `input` on stdin (a pipe). */
function probed(args: string[], input: string, stdout: "pipe" | number = "pipe"): {
  stdout: string;
  seen: { scripts: string[]; stdout: number; stdin: number; commanderOptions: number; builtins: string[] };
  work: { initLookups: number; getters: number; fileUrls: number };
  cacheInTextMemory: boolean[];
} {
  const stdin = pipeHolding(dir, input).reader;
  const result = spawnSync(process.execPath, ["-r", probe, CORREX, ...args], { encoding: "utf8", stdio: [stdin, stdout, "pipe"], env: { ...process.env, CORREX_SPILL_DIR: path.join(dir, "store") } });
  fs.closeSync(stdin);
  const line = /^PROBE (.*)$/m.exec(result.stderr);
  if (!line) throw new Error(`no probe line: ${result.stderr}`);
  const work = /^WORK (.*)$/m.exec(result.stderr);
  const memory = /^MEMORY (.*)$/m.exec(result.stderr);
  return { stdout: result.stdout, seen: JSON.parse(line[1]!), work: JSON.parse(work![1]!), cacheInTextMemory: JSON.parse(memory![1]!) };
}

/** An input the pass-through hands to the bundle (an escape to clean): `bound` at its defaults writes "hi\n". */
const COLORED = "\x1b[1mhi\x1b[0m\n";

describe("start-up", () => {
  test("echo hi | correx bound: written by the pass-through (cli/pass-through.ts), no bundle compiled at all", () => {
    const run = probed(["bound"], "hi\n");
    expect(run.stdout).toBe("hi\n");
    expect(run.seen).toEqual({ scripts: [], stdout: 0, stdin: 0, commanderOptions: 0, builtins: [] });
  });

  test("an input bound cleans: the bundle comes from the code cache; no commander, no stdin or stdout stream, no tty, net, stream, crypto, os or module module (process.getBuiltinModule: no createRequire)", () => {
    const run = probed(["bound"], COLORED);
    expect(run.stdout).toBe("hi\n");
    expect(run.seen).toEqual({ scripts: ["cached"], stdout: 0, stdin: 0, commanderOptions: 0, builtins: [] });
  });

  test("correx read and ls: their own bundle (dist/store.cjs) from its code cache, no CLI bundle and no commander; `read --help` is the CLI's", () => {
    const saved = spawnSync(CORREX, ["run", "--", "seq", "1", "30000"], { encoding: "utf8", env: { ...process.env, CORREX_SPILL_DIR: path.join(dir, "store") } });
    const id = /correx read (tool_\w+)/.exec(saved.stdout)?.[1];
    expect(id, saved.stdout).toBeDefined();
    const read = probed(["read", id!, "--offset", "2", "--limit", "1"], "");
    expect(read.stdout).toContain("2: 2\n");
    expect(read.seen).toMatchObject({ scripts: ["cached"], commanderOptions: 0 });
    const list = probed(["ls"], "");
    expect(list.stdout).toContain(id!);
    expect(list.seen).toMatchObject({ scripts: ["cached"], commanderOptions: 0 });
    // help: the store bundle leaves it, the CLI's bundle (from its cache too) reads it with commander
    const help = probed(["read", "--help"], "");
    expect(help.stdout).toContain("Usage: correx read [options] <id>");
    expect(help.seen.scripts).toEqual(["cached", "cached"]);
    expect(help.seen.commanderOptions).toBeGreaterThan(0);
  });

  test("a code cache is read into the memory its bundle's text was read through, not into pages of its own (bin/correx readBundle)", () => {
    // the CLI's bundle (bound's cache, and the one of every other command) and the store's (read, ls)
    expect(probed(["bound"], COLORED).cacheInTextMemory).toEqual([true]);
    expect(probed(["run", "--no-spill", "--", "true"], "").cacheInTextMemory).toEqual([true]);
    expect(probed(["ls"], "").cacheInTextMemory).toEqual([true]);
  });

  test("bound's bundle: no module init is looked up by name, and only the export objects of modules it initialises get their getters", () => {
    // esbuild's inits were object literals keyed by the module's path (one map made per module at start) and every
    // export object got its getters at start (63 for bound); scripts/module-inits.mjs makes them plain functions
    // (21: the bundle's and the 5 of dist/pass-through.cjs, which bin/correx loaded first)
    const { work } = probed(["bound"], COLORED);
    expect(work.initLookups).toBe(0);
    expect(work.getters).toBeLessThanOrEqual(22);
  });

  test("the bundles bin/correx compiles (the CLI's, the store's) are the build's text without comments, indentation or line breaks; their functions keep their names", () => {
    // less to read, to hold as V8's string and to scan when a function is first compiled: ~3 ms of every start
    for (const [name, functionName] of [["cli.cjs", "runCommandCli"], ["run.cjs", "runCommandCli"], ["store.cjs", "storeCommand"]] as const) {
      const text = fs.readFileSync(path.join(path.dirname(CORREX), "..", "dist", name), "latin1");
      const lines = text.split("\n");
      // the line breaks left are inside template literals (esbuild's layout: a line per statement, ~24,000 for the CLI's)
      expect(lines.length, name).toBeLessThan(text.length / 2000);
      expect(lines.filter((line) => /^\s*\/\/ /.test(line)), name).toEqual([]);
      expect(text.match(/\/\*\*/g) ?? [], name).toEqual([]);
      expect(text, name).toContain(`function ${functionName}(`);
    }
  });

  test("run's built-ins are loaded without a file URL of the bundle's path (process.getBuiltinModule); o200k's table is found by one", () => {
    const expected = typeof (process as { getBuiltinModule?: unknown }).getBuiltinModule === "function" ? 0 : 1;
    expect(probed(["run", "--no-spill", "--", "true"], "").work.fileUrls).toBe(expected);
    // the probe counts them: the tokenizer's table lies beside the bundle, found from import.meta.url
    expect(probed(["bound", "--tokenizer", "o200k", "--max-tokens", "100"], COLORED).work.fileUrls).toBeGreaterThanOrEqual(1);
  });

  test("bound with flags is read without commander too; its help is commander's", () => {
    const run = probed(["bound", "--max-lines", "5", "--label=x", "--no-spill", "-"], "hi\n");
    expect(run.stdout).toBe("hi\n");
    expect(run.seen.commanderOptions).toBe(0);
    expect(probed(["bound", "--help"], "").seen.commanderOptions).toBeGreaterThan(30);
  });

  test("run's command line is read without commander too; `run --env` and its help are commander's", () => {
    const run = probed(["run", "--no-spill", "--", "echo", "hi"], "");
    expect(run.stdout).toContain("hi");
    expect(run.seen).toMatchObject({ scripts: ["cached"], commanderOptions: 0 });
    expect(probed(["run", "--env", "A=1", "--no-spill", "--", "true"], "").seen.commanderOptions).toBeGreaterThan(30);
    expect(probed(["run", "--help"], "").seen.commanderOptions).toBeGreaterThan(30);
  });

  test("the same with stdout on /dev/null (a character device, but no terminal): the pass-through writes it; an escape, the bundle", () => {
    const devNull = fs.openSync("/dev/null", "w");
    try {
      expect(probed(["bound"], "hi\n", devNull).seen).toEqual({ scripts: [], stdout: 0, stdin: 0, commanderOptions: 0, builtins: [] });
      expect(probed(["bound"], COLORED, devNull).seen).toEqual({ scripts: ["cached"], stdout: 0, stdin: 0, commanderOptions: 0, builtins: [] });
    } finally {
      fs.closeSync(devNull);
    }
  });

  test("bound with flags that change nothing for a small plain input (the store's place, model, text, salience, budgets above its limits) passes through; another flag, the bundle", () => {
    const neutral = ["--no-spill", "--spill-dir", path.join(dir, "elsewhere"), "--for=model", "--format", "text", "--salience", "off", "--max-bytes", "50KiB", "--max-lines=2000"];
    expect(probed(["bound", ...neutral], "hi\n")).toMatchObject({ stdout: "hi\n", seen: { scripts: [] } });
    for (const other of [["--max-lines", "999"], ["--for", "terminal"], ["--max-bytes", "4KiB"], ["--no-fold"], ["-"], ["--no-spill=x"]]) {
      expect(probed(["bound", "--no-spill", ...other], "hi\n").seen.scripts, other.join(" ")).toEqual(["cached"]);
    }
  });
});

describe("start-up of run", () => {
  test("correx run of a short output: the bundle comes from the code cache, which holds run's functions (the build makes it from a run too); no node:perf_hooks", () => {
    const result = spawnSync(process.execPath, ["-r", probe, CORREX, "run", "--", process.execPath, "-e", "console.log('hi')"], {
      encoding: "utf8", env: { ...process.env, CORREX_SPILL_DIR: path.join(dir, "store"), PROBE_CACHE_GROWTH: "1" },
    });
    expect(result.status, result.stderr).toBe(0);
    const line = /^PROBE (.*)$/m.exec(result.stderr);
    if (!line) throw new Error(`no probe line: ${result.stderr}`);
    const seen = JSON.parse(line[1]!) as { scripts: string[]; cacheGrowth: number; builtins: string[] };
    expect(seen.scripts).toEqual(["cached"]);
    // its timers and duration read process.hrtime: node:perf_hooks (`performance`) costs ~0.5 ms to load
    expect(seen.builtins).not.toContain("NativeModule perf_hooks");
    // a cache made from `bound` alone grows ~40 KB here: run's start, spawn, socket pair and frame compiled from source
    expect(seen.cacheGrowth).toBeLessThan(4096);
  });

  test("correx run from its own bundle (dist/run.cjs, half the CLI's) and its code cache, not the CLI's; a command line it cannot read (help, an unknown flag) goes on to the CLI's", () => {
    const files = path.join(dir, "files.cjs");
    fs.writeFileSync(files, `const vm = require("node:vm");
const path = require("node:path");
const seen = [];
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) { super(code, options); seen.push(path.basename(options.filename) + (options.cachedData === undefined ? " compiled" : this.cachedDataRejected ? " rejected" : " cached")); }
};
process.on("exit", () => require("node:fs").writeSync(2, "FILES " + JSON.stringify(seen) + "\\n"));
`);
    const compiled = (args: string[]) => {
      const result = spawnSync(process.execPath, ["-r", files, CORREX, ...args], { encoding: "utf8", env: { ...process.env, CORREX_SPILL_DIR: path.join(dir, "store") } });
      const line = /^FILES (.*)$/m.exec(result.stderr);
      if (!line) throw new Error(`no probe line: ${result.stderr}`);
      return { stdout: result.stdout, stderr: result.stderr, status: result.status, files: JSON.parse(line[1]!) as string[] };
    };
    const run = compiled(["run", "--", "echo", "hi"]);
    expect(run.stdout).toBe("hi\n\nCommand exited with code 0.\n");
    expect(run.files).toEqual(["run.cjs cached"]);
    const help = compiled(["run", "--help"]);
    expect(help.stdout).toContain("Usage: correx run [options]");
    expect(help.files).toEqual(["run.cjs cached", "cli.cjs cached"]);
    const unknown = compiled(["run", "--bogus", "--", "true"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--bogus'");
    expect(unknown.files).toEqual(["run.cjs cached", "cli.cjs cached"]);
  });

  test("correx run -- true loads node:net and node:child_process, but neither node:v8 (its heap flags wait for a longer output) nor the spill's built-ins", () => {
    const result = spawnSync(process.execPath, ["-r", probe, CORREX, "run", "--", "true"], { encoding: "utf8", env: { ...process.env, CORREX_SPILL_DIR: path.join(dir, "store") } });
    expect(result.status, result.stderr).toBe(0);
    const line = /^PROBE (.*)$/m.exec(result.stderr);
    if (!line) throw new Error(`no probe line: ${result.stderr}`);
    const seen = JSON.parse(line[1]!) as { builtins: string[] };
    expect(seen.builtins.filter((name) => /\b(v8|crypto|worker_threads|perf_hooks)$/.test(name))).toEqual([]);
    expect(seen.builtins).toContain("NativeModule child_process");
  });

  test("correx run sets its sessions up once the command is spawned (their spill store is made after the spawn), its output whole", () => {
    // the store's folder is resolved once, by the spill store the sessions open (SpillStore's constructor)
    const order = path.join(dir, "order.cjs");
    fs.writeFileSync(order, `
const path = require("node:path");
const childProcess = require("node:child_process");
const events = [];
const store = path.resolve(process.env.CORREX_SPILL_DIR);
const resolve = path.resolve;
path.resolve = function (...parts) { const resolved = resolve.apply(this, parts); if (resolved === store) events.push("store"); return resolved; };
const spawn = childProcess.spawn;
childProcess.spawn = function (...args) { events.push("spawn"); return spawn.apply(this, args); };
process.on("exit", () => require("node:fs").writeSync(2, "ORDER " + JSON.stringify(events) + "\\n"));
`);
    const result = spawnSync(process.execPath, ["-r", order, CORREX, "run", "--", "sh", "-c", "echo out; echo err >&2; exit 3"], { encoding: "utf8", env: { ...process.env, CORREX_SPILL_DIR: path.join(dir, "store") } });
    expect(result.status, result.stderr).toBe(3);
    expect(result.stdout).toBe("out\nerr\n\nCommand exited with code 3.\n");
    expect(/^ORDER (.*)$/m.exec(result.stderr)?.[1]).toBe(JSON.stringify(["spawn", "store"]));
  });
});

describe("a spill within the store's default cap", () => {
  test("correx run of 12 MiB at the store's default cap hashes its spill on its own thread: node:crypto, never node:worker_threads; the spill whole, its record its sha256", () => {
    const store = path.join(dir, "store-inline");
    const output = (cap: string[]) => {
      const result = spawnSync(process.execPath, ["-r", probe, CORREX, "run", "--format", "json", "--spill-dir", store, ...cap, "--", "sh", "-c", "seq 1 1500000"], { encoding: "utf8", maxBuffer: 1 << 24 });
      expect(result.status, result.stderr).toBe(0);
      const seen = JSON.parse(/^PROBE (.*)$/m.exec(result.stderr)![1]!) as { builtins: string[] };
      const outputPath = String((JSON.parse(result.stdout) as { meta: { output_path: string } }).meta.output_path);
      const spilled = fs.readFileSync(outputPath);
      const record = JSON.parse(fs.readFileSync(`${outputPath}.json`, "utf8")) as { sha256: string; size: number };
      return { builtins: seen.builtins.filter((name) => /\b(crypto|worker_threads)$/.test(name)), spilled, record };
    };
    const expected = spawnSync("seq", ["1", "1500000"], { maxBuffer: 1 << 25 }).stdout;
    expect(expected.length).toBeGreaterThan(8 * 1024 * 1024); // past where a spill worker would start
    for (const [cap, builtins] of [[[], ["NativeModule crypto"]], [["--max-output", "1GiB"], ["NativeModule crypto", "NativeModule worker_threads"]]] as const) {
      const { builtins: loaded, spilled, record } = output([...cap]);
      expect(loaded, cap.join(" ")).toEqual(builtins);
      expect(spilled.equals(expected)).toBe(true);
      expect(record).toMatchObject({ size: expected.length, sha256: createHash("sha256").update(expected).digest("hex") });
    }
  });

  test("correx bound of a 12 MiB file at the store's default cap saves its spill on its own thread: never node:worker_threads (with the cap raised, the spill worker from the first write)", () => {
    const input = path.join(dir, "twelve");
    fs.writeFileSync(input, spawnSync("seq", ["1", "1500000"], { maxBuffer: 1 << 25 }).stdout);
    for (const [cap, loaded] of [[[], false], [["--max-output", "1GiB"], true]] as const) {
      const stdin = fs.openSync(input, "r");
      const result = spawnSync(process.execPath, ["-r", probe, CORREX, "bound", "--format", "json", "--spill-dir", path.join(dir, "store-bound"), ...cap], { encoding: "utf8", stdio: [stdin, "pipe", "pipe"], maxBuffer: 1 << 24 });
      fs.closeSync(stdin);
      expect(result.status, result.stderr).toBe(0);
      const seen = JSON.parse(/^PROBE (.*)$/m.exec(result.stderr)![1]!) as { builtins: string[] };
      expect(seen.builtins.includes("NativeModule worker_threads"), cap.join(" ")).toBe(loaded);
      const outputPath = String((JSON.parse(result.stdout) as { meta: { output_path: string } }).meta.output_path);
      expect(fs.readFileSync(outputPath).equals(fs.readFileSync(input))).toBe(true);
    }
  });
});
