import type { Reporter, TestModule } from 'vitest/node';

/** Prints one plain closing line, `Tests: N passed, N failed, N skipped`, that log readers can parse. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') count.passed++;
        else if (state === 'failed') count.failed++;
        else count.skipped++;
      }
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) count.failed++;
    }
    process.stdout.write(`\nTests: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped\n`);
  }
}
