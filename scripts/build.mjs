// Bundles the CLI and the library into dist/ with esbuild, then emits .d.ts declarations with tsc.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
rmSync("dist", { recursive: true, force: true });
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
await build({ ...common, entryPoints: { cli: "src/cli/main.ts" }, outdir: "dist", splitting: true, chunkNames: "chunks/[name]-[hash]" });
await build({ ...common, entryPoints: { index: "src/index.ts" }, outdir: "dist", external: ["execa", "chalk", "string-width", "gpt-tokenizer"] });
const tsc = join(dirname(require.resolve("typescript/package.json")), "bin", "tsc");
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
