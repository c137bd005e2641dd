// Bundles the CLI and the library with esbuild, emits .d.ts declarations with tsc, all into a fresh folder that
// then replaces dist/ in one rename — so tests running the binary never see a half-built dist/.
import { build, transformSync } from "esbuild";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cheaperModuleInits, plainBuiltins, plainExports } from "./module-inits.mjs";
import { writeRankTableFile } from "./rank-table.mjs";
import { spillWorkerDefine } from "./spill-worker-source.mjs";

const require = createRequire(import.meta.url);

/** commander requires node:child_process at load for executable subcommands, which correx never uses: load it lazily. */
const lazyChildProcessInCommander = {
  name: "lazy-child-process-in-commander",
  setup(build) {
    build.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const lazy = "const childProcess = { spawn: (...spawnArgs) => require('node:child_process').spawn(...spawnArgs) };";
      return { contents: source.replace("const childProcess = require('node:child_process');", lazy), loader: "js" };
    });
  },
};
/** The bundles bin/correx runs are CommonJS, their import.meta.url made from __filename (a getter, read only if used). */
const META_BANNER = "const __correxMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };";

/**
 * A bundle as bin/correx compiles it with vm.Script (with a code cache): read as latin1 (no UTF-8 decoding), so what
 * esbuild left non-ASCII (in regular expressions and comments) becomes \u escapes, one per UTF-16 unit (a surrogate
 * pair's two escapes still read as one character); and one function (the file compiled as it is: no copy of it
 * joined to a wrapper, ~1 M instructions of every start), which calls itself when run as a module of its own.
 */
function launcherFunction(source, name, parameters) {
  const ascii = source.replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `var ${name} = (function (${parameters}) {${ascii}\n});\n`
    + `if (typeof module === "object" && module !== null && typeof exports === "object") ${name}(exports, require, module, __filename, __dirname);\n${name};\n`;
}

/**
 * A bundle bin/correx compiles, its comments, indentation and line breaks left out (names kept: a stack trace still
 * names its functions): 1.0 MB → 0.72 MB for the CLI's, ~3 ms less of every start (its read, the latin1 string V8
 * holds, the parse of each function compiled lazily). Done last, on the source the module-init rewrites
 * (module-inits.mjs) read in esbuild's own layout; the result stays ASCII.
 */
function withoutWhitespace(source) {
  return transformSync(source, { minifyWhitespace: true, legalComments: "none", charset: "ascii", loader: "js" }).code;
}

const next = `dist.next-${process.pid}`;
const old = `dist.old-${process.pid}`;
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: false,
  logLevel: "warning",
  define: { CORREX_VERSION: JSON.stringify(JSON.parse(readFileSync("package.json", "utf8")).version), CORREX_SPILL_WORKER: spillWorkerDefine() },
  // Bundled CommonJS dependencies may call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __correxRequire } from 'node:module'; const require = __correxRequire(import.meta.url);" },
};
const cjs = (entry) => ({
  ...common, format: "cjs", entryPoints: entry, outdir: next, outExtension: { ".js": ".cjs" },
  define: { ...common.define, "import.meta.url": "__correxMeta.url" }, banner: { js: META_BANNER },
});
try {
  // The CLI is one CommonJS file: Node's ESM loader (async reads, fs/promises, streams) costs ~10 ms of start-up.
  await build({
    // re2js (grep's patterns that V8 could not run in linear time: 300 KB, a quarter of the bundle) is required from the
    // package's dependencies when grep or the MCP server's search first needs it: every other start reads less
    ...cjs({ cli: "src/cli/main.ts" }), external: ["gpt-tokenizer", "@modelcontextprotocol/sdk", "re2js"], plugins: [lazyChildProcessInCommander],
    // __correxImport: bin/correx's import() when it compiled the bundle, else (required as it is) Node's own.
    banner: { js: `${META_BANNER}\nvar __correxImport = typeof __correxImport === 'function' ? __correxImport : (specifier) => import(specifier);` },
  });
  // bin/correx compiles the bundle with vm.Script (for the code cache), where import() needs the launcher's help.
  const bundle = join(next, "cli.cjs");
  const imports = readFileSync(bundle, "utf8").replace(/\bimport\(("(?:gpt-tokenizer|@modelcontextprotocol\/sdk)[^"]*")\)/g, "__correxImport($1)");
  // node:fs and node:path required as they are; esbuild's module inits as plain functions, export getters made at
  // init (scripts/module-inits.mjs)
  const { source: inits } = cheaperModuleInits(plainBuiltins(imports));
  writeFileSync(bundle, withoutWhitespace(launcherFunction(inits, "__correxBundle", "exports, require, module, __filename, __dirname, __correxImport, __correxHandedStdin")));
  // What bin/correx runs for `correx run`: run on its own (src/cli/run-main.ts), half the CLI's bundle, with a code
  // cache of its own (dist/run.cjs.cache); made as the CLI's bundle is, its import() through bin/correx too.
  await build({ ...cjs({ run: "src/cli/run-main.ts" }), external: ["gpt-tokenizer", "@modelcontextprotocol/sdk", "re2js"], banner: { js: `${META_BANNER}\nvar __correxImport = typeof __correxImport === 'function' ? __correxImport : (specifier) => import(specifier);` } });
  const runBundle = join(next, "run.cjs");
  const runImports = readFileSync(runBundle, "utf8").replace(/\bimport\(("(?:gpt-tokenizer|@modelcontextprotocol\/sdk)[^"]*")\)/g, "__correxImport($1)");
  const { source: runInits } = cheaperModuleInits(plainBuiltins(runImports));
  writeFileSync(runBundle, withoutWhitespace(launcherFunction(runInits, "__correxRun", "exports, require, module, __filename, __dirname, __correxImport, __correxRunDeclined")));
  // What bin/correx runs before the bundle for `correx bound` alone: a small plain input written as it came.
  await build(cjs({ "pass-through": "src/cli/pass-through.ts" }));
  const passThrough = join(next, "pass-through.cjs");
  writeFileSync(passThrough, plainExports(plainBuiltins(readFileSync(passThrough, "utf8")), "pass_through"));
  // What bin/correx runs for `correx read` and `correx ls`: those commands on their own (src/cli/store-main.ts).
  // Compiled by bin/correx with a code cache of its own (dist/store.cjs.cache), as the CLI's bundle is.
  await build(cjs({ store: "src/cli/store-main.ts" }));
  const store = join(next, "store.cjs");
  writeFileSync(store, withoutWhitespace(launcherFunction(plainExports(plainBuiltins(readFileSync(store, "utf8")), "store_main"), "__correxStore", "exports, require, module, __filename, __dirname")));
  await build({ ...common, entryPoints: { index: "src/index.ts" }, outdir: next, external: ["chalk", "string-width", "gpt-tokenizer"] });
  // The o200k rank table `--tokenizer o200k` reads (src/tokenizer/rank-table.ts), from gpt-tokenizer's ranks.
  await writeRankTableFile(join(next, "o200k.bin"), "o200k_base");
  const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", join(next, "types")], { stdio: "inherit" });
  if (existsSync("dist")) renameSync("dist", old);
  renameSync(next, "dist");
  writeCodeCache();
} finally {
  rmSync(next, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}

/**
 * V8's code caches of the CLI bundle (bin/correx uses one when it fits), each run starting from the cache the one
 * before wrote, so that it holds the functions of all. dist/cli.cjs.cache: `echo hi | correx bound`, then `correx
 * run` of a command that writes a line and of ones that write outputs the defaults cut (a recorded failing build, then
 * a recorded test run whose cut keeps salient middle lines: the groups, the summary and the salient cut's functions).
 * `correx bound` has its own, dist/cli.cjs.bound-cache: `echo hi | correx bound`, then the same cut outputs. A small
 * plain input never loads the bundle (cli/pass-through.ts), so the bundle starts mostly for outputs it cuts, whose
 * salience, cut and spill functions would otherwise compile from source at every start. A short output leaves no V8
 * flag set (cli/run-heap.ts under 64 KiB; bound/one-off.ts sets TurboFan back on before the cache is written, so the
 * flag hash is the default's again): a cache made under one would be rejected.
 */
function writeCodeCache() {
  const store = mkdtempSync(join(tmpdir(), "correx-build-"));
  try {
    const env = { ...process.env, CORREX_SPILL_DIR: store, XDG_CONFIG_HOME: store };
    const common = { ...env, CORREX_BUILD_CODE_CACHE: join("dist", "cli.cjs.cache") };
    const boundCache = { ...env, CORREX_BUILD_CODE_CACHE: join("dist", "cli.cjs.bound-cache") };
    // Outputs over the defaults' 51,200 bytes (not in the packed package): a real failing build (875 lines, 55 KB),
    // then a cut with salient middle lines (node --test's TAP, 2 failures, 58 KB: groups, the summary, the salient cut).
    const cuts = [join("test", "fixtures", "tsc-failing-build.txt"), join("test", "fixtures", "salience", "node-test-tap-2-failures.txt")].filter((file) => existsSync(file));
    const bound = (cacheEnv, input) => execFileSync(process.execPath, ["bin/correx", "bound"], { input, env: cacheEnv, stdio: ["pipe", "pipe", "inherit"] });
    const run = (cacheEnv, code) => execFileSync(process.execPath, ["bin/correx", "run", "--", process.execPath, "-e", code], { env: cacheEnv, stdio: ["ignore", "pipe", "inherit"] });
    bound(boundCache, "hi\n");
    for (const cut of cuts) bound(boundCache, readFileSync(cut));
    bound(common, "hi\n");
    run(common, "console.log('hi')");
    for (const cut of cuts) run(common, `process.stdout.write(require("fs").readFileSync(${JSON.stringify(cut)}))`);
    // dist/run.cjs.cache: the same runs, through run's own bundle
    const runCache = { ...env, CORREX_BUILD_RUN_CACHE: join("dist", "run.cjs.cache") };
    run(runCache, "console.log('hi')");
    for (const cut of cuts) run(runCache, `process.stdout.write(require("fs").readFileSync(${JSON.stringify(cut)}))`);
    // dist/store.cjs.cache: `correx read` and `correx ls` of the outputs those runs saved
    const storeCache = { ...env, CORREX_BUILD_STORE_CACHE: join("dist", "store.cjs.cache") };
    // (a cache is only a start-up saving: a read that fails here leaves the bundle compiled at each start, not a failed build)
    for (const args of [...(cuts.length > 0 ? [["read", "last", "--limit", "50"]] : []), ["ls"]]) {
      spawnSync(process.execPath, ["bin/correx", ...args], { env: storeCache, stdio: ["ignore", "ignore", "inherit"] });
    }
  } finally {
    rmSync(store, { recursive: true, force: true });
  }
}
