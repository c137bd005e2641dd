// The spill worker (src/spill/spill-worker-entry.ts) bundled into one CommonJS script, which the CLI and library
// bundles (scripts/build.mjs) and the tests (vitest.config.ts) inline as CORREX_SPILL_WORKER: the worker then
// starts from that text (`eval`), with no file to find beside the bundle.
import { buildSync } from "esbuild";

/** The worker's source text, ready for `define` (already JSON-quoted). */
export function spillWorkerDefine() {
  const result = buildSync({
    entryPoints: ["src/spill/spill-worker-entry.ts"], bundle: true, platform: "node", target: "node20", format: "cjs",
    write: false, minify: true, logLevel: "warning",
  });
  return JSON.stringify(result.outputFiles[0].text);
}
