// Bundles the CLI and the library with esbuild, emits .d.ts declarations with tsc, all into a fresh folder that
// then replaces dist/ in one rename — so tests running the binary never see a half-built dist/.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { writeRankTableFile } from "./rank-table.mjs";

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
const next = `dist.next-${process.pid}`;
const old = `dist.old-${process.pid}`;
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: false,
  logLevel: "warning",
  define: { CORREX_VERSION: JSON.stringify(JSON.parse(readFileSync("package.json", "utf8")).version) },
  // Bundled CommonJS dependencies may call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __correxRequire } from 'node:module'; const require = __correxRequire(import.meta.url);" },
};
try {
  // The CLI is one CommonJS file: Node's ESM loader (async reads, fs/promises, streams) costs ~10 ms of start-up.
  await build({
    ...common, format: "cjs", entryPoints: { cli: "src/cli/main.ts" }, outdir: next, outExtension: { ".js": ".cjs" },
    external: ["gpt-tokenizer", "@modelcontextprotocol/sdk"], plugins: [lazyChildProcessInCommander],
    define: { ...common.define, "import.meta.url": "__correxFileUrl" },
    banner: { js: "const __correxFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  await build({ ...common, entryPoints: { index: "src/index.ts" }, outdir: next, external: ["chalk", "string-width", "gpt-tokenizer"] });
  // The o200k rank table `--tokenizer o200k` reads (src/tokenizer/rank-table.ts), from gpt-tokenizer's ranks.
  await writeRankTableFile(join(next, "o200k.bin"), "o200k_base");
  const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", join(next, "types")], { stdio: "inherit" });
  if (existsSync("dist")) renameSync("dist", old);
  renameSync(next, "dist");
} finally {
  rmSync(next, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}
