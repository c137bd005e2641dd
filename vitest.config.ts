// Test runner settings: the suite spawns the built binary, so tests get room; the summary line is for CI.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["./test/global-tmp.ts"],
    reporters: ["default", "./scripts/summary-reporter.mjs"],
  },
});
