// The results every suite leaves behind, whichever runner ran it: one JSON file per
// suite, written by the mocha reporter (test/harness/mocha-reporter.ts) or by a driver.

export type TestState = 'passed' | 'failed' | 'pending';

export interface TestResult {
  title: string;
  fullTitle: string;
  file?: string;
  state: TestState;
  durationMs?: number;
  error?: { message: string; stack?: string };
}

export interface SuiteResults {
  suite: string;
  passed: number;
  failed: number;
  pending: number;
  durationMs: number;
  tests: TestResult[];
  /** Set when the run itself broke (timeout, crash) rather than a test failing. */
  error?: string;
}

/** One line of a progress file: a finished test, as it happens. */
export type ProgressEvent =
  | { event: 'start'; total: number }
  | { event: 'test'; test: TestResult }
  | { event: 'end'; passed: number; failed: number; pending: number };

export function summarize(suite: string, tests: TestResult[], durationMs: number, error?: string): SuiteResults {
  return {
    suite,
    passed: tests.filter((t) => t.state === 'passed').length,
    failed: tests.filter((t) => t.state === 'failed').length,
    pending: tests.filter((t) => t.state === 'pending').length,
    durationMs,
    tests,
    ...(error ? { error } : {}),
  };
}

const marks: Record<TestState, string> = { passed: '  ✓', failed: '  ✗', pending: '  -' };

/** A one-line rendering of a finished test, for drivers that print another process's results. */
export function formatTest(test: TestResult): string {
  const time = test.durationMs !== undefined && test.durationMs >= 100 ? ` (${test.durationMs} ms)` : '';
  let line = `${marks[test.state]} ${test.fullTitle}${time}`;
  if (test.error) {
    const detail = (test.error.stack ?? test.error.message).split('\n').slice(0, 12).join('\n      ');
    line += `\n      ${detail}`;
  }
  return line;
}
