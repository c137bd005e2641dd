// A vitest reporter that ends the run with the one line CI reads: "tests: N passed, N failed[, N skipped]".
export default class SummaryReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      if (testModule.state() === "failed" && [...testModule.children.allTests()].length === 0) counts.failed += 1;
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === "passed") counts.passed += 1;
        else if (state === "failed") counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    counts.failed += unhandledErrors?.length ?? 0;
    const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : "";
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}
