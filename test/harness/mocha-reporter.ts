// A mocha reporter that prints like `spec` and also records every result:
// - `output` (reporter option, or env CORTEX_MOCHA_JSON): a SuiteResults JSON file at the end;
// - `progress` (reporter option, or env CORTEX_MOCHA_PROGRESS): one JSON line per finished
//   test as it happens, so a driver can show progress and knows what hung on a timeout.
// Usage: `mocha --reporter ./out/test/harness/mocha-reporter.js --reporter-option output=x.json`,
// or `new Mocha({ reporter: JsonSpecReporter, reporterOptions: { output } })`.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import Mocha = require('mocha');
import { summarize, type ProgressEvent, type TestResult } from './results';

const { EVENT_RUN_BEGIN, EVENT_RUN_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;

class JsonSpecReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options: Mocha.MochaOptions = {}) {
    super(runner, options);
    const opts = (options.reporterOptions ?? {}) as Record<string, string | undefined>;
    const output = opts.output ?? process.env.CORTEX_MOCHA_JSON;
    const progress = opts.progress ?? process.env.CORTEX_MOCHA_PROGRESS;
    const suiteName = opts.suite ?? process.env.CORTEX_MOCHA_SUITE ?? 'mocha';
    const tests: TestResult[] = [];
    const started = Date.now();

    for (const file of [output, progress]) if (file) mkdirSync(path.dirname(file), { recursive: true });
    const emit = (event: ProgressEvent): void => {
      if (progress) appendFileSync(progress, JSON.stringify(event) + '\n');
    };
    const record = (test: Mocha.Runnable, state: TestResult['state'], err?: Error): void => {
      const result: TestResult = {
        title: test.title,
        fullTitle: test.fullTitle(),
        file: test.file,
        state,
        durationMs: test.duration,
        ...(err ? { error: { message: String(err.message ?? err), stack: err.stack } } : {}),
      };
      tests.push(result);
      emit({ event: 'test', test: result });
    };

    if (progress) writeFileSync(progress, '');
    runner.once(EVENT_RUN_BEGIN, () => emit({ event: 'start', total: runner.total }));
    runner.on(EVENT_TEST_PASS, (test) => record(test, 'passed'));
    // Also fires for failing hooks ("before all" hook …): those count as failures.
    runner.on(EVENT_TEST_FAIL, (test, err) => record(test, 'failed', err));
    runner.on(EVENT_TEST_PENDING, (test) => record(test, 'pending'));
    runner.once(EVENT_RUN_END, () => {
      const results = summarize(suiteName, tests, Date.now() - started);
      emit({ event: 'end', passed: results.passed, failed: results.failed, pending: results.pending });
      if (output) writeFileSync(output, JSON.stringify(results, null, 2));
    });
  }
}

export = JsonSpecReporter;
