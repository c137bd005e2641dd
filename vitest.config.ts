// Test runner settings: the suite spawns the built binary, so tests get room; the summary line is for CI.
import { defineConfig } from "vitest/config";
import { spillWorkerDefine } from "./scripts/spill-worker-source.mjs";

export default defineConfig({
  // the spill worker's source, bundled as the build does (src/spill/spill-sink.ts starts it from this text)
  define: { CORREX_SPILL_WORKER: spillWorkerDefine() },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["./test/global-tmp.ts"],
    // fast-check: one fixed seed, no shrinking unless asked (test/fast-check-setup.ts)
    setupFiles: ["./test/fast-check-setup.ts"],
    reporters: ["default", "./scripts/summary-reporter.mjs"],
  },
});
