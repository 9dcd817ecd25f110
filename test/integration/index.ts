// The integration suite's entry point, loaded inside a real extension host by either
// runner: code-server (test/harness/run-integration.ts, through the workbench URL's
// `extensionTestsPath`) or desktop VS Code (run-electron.ts, @vscode/test-electron).
// VS Code calls `run()`; resolving means every test passed.
//
// Environment (set by the runner; it reaches the extension host):
//   CORTEX_MOCHA_JSON      results file (SuiteResults JSON, written at the end)
//   CORTEX_MOCHA_PROGRESS  one JSON line per finished test, as they finish
//   CORTEX_TEST_GREP       only tests whose full title contains this text
//   CORTEX_TEST_FILES      only suite files whose path contains this text
//   CORTEX_TEST_TEAM       the scratch team folder the window has open (through a
//                          one-folder .code-workspace, so tests can add folders)
//   CORTEX_TEST_HOME       the run's own empty home folder, also given as HOME
//   CORTEX_TEST_NOW        the time the extension's clock stands at (YYYY-MM-DDTHH:MM,
//                          local): the example team's reference time, its dates unshifted
//   CORTEX_TEST_ZONE       the runner's time zone offsets (harness/zone.ts): TZ must reach
//                          the extension host
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha = require('mocha');
import JsonSpecReporter = require('../harness/mocha-reporter');

/** Every compiled `suite/**\/*.test.js` next to this file, sorted. */
function suiteFiles(): string[] {
  const root = path.join(__dirname, 'suite');
  const only = process.env.CORTEX_TEST_FILES;
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((rel) => rel.endsWith('.test.js'))
    .filter((rel) => !only || rel.includes(only))
    .sort()
    .map((rel) => path.join(root, rel));
}

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: Number(process.env.CORTEX_TEST_TIMEOUT_MS) || 30_000,
    reporter: JsonSpecReporter as unknown as Mocha.ReporterConstructor,
    reporterOptions: { suite: 'integration' },
    ...(process.env.CORTEX_TEST_GREP ? { grep: process.env.CORTEX_TEST_GREP } : {}),
  });
  for (const file of suiteFiles()) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
