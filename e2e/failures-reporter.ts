import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** At most this many lines of each failure are repeated at the end. */
const LINES_PER_FAILURE = 40;

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Repeats every failed test's error at the very end of the run, after the summary. The line reporter prints a
 * failure when it happens, which in CI's log is hundreds of lines above the end — and only the end may be kept.
 */
export default class FailuresReporter implements Reporter {
  private readonly failures: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'failed' || result.status === 'timedOut') this.failures.push({ test, result });
  }

  onEnd(_result: FullResult): void {
    if (this.failures.length === 0) return;
    const out: string[] = ['', `==== ${this.failures.length} failed browser test(s), again:`];
    for (const { test, result } of this.failures) {
      out.push('', `✘ ${test.location.file.replace(/^.*\/e2e\//, 'e2e/')}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`);
      out.push(`  ${result.status} after ${result.duration} ms`);
      for (const error of result.errors) {
        const text = (error.stack ?? error.message ?? String(error.value)).replace(ANSI, '');
        const lines = text.split('\n');
        out.push(...lines.slice(0, LINES_PER_FAILURE).map((line) => `  ${line}`));
        if (lines.length > LINES_PER_FAILURE) out.push(`  … ${lines.length - LINES_PER_FAILURE} more lines`);
      }
    }
    console.log(out.join('\n'));
  }

  printsToStdio(): boolean {
    return true;
  }
}
