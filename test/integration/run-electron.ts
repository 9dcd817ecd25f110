// The same integration suite under desktop VS Code, for machines that can download it
// (@vscode/test-electron fetches VS Code from Microsoft's update server, which the
// project's own CI machines cannot reach: there, test/harness/run-integration.ts runs
// the suite in code-server instead). On Linux without a display, run it under
// `xvfb-run -a`.
//
//   npm run compile-tests && npm run build
//   node out/test/integration/run-electron.js [--json FILE] [--grep TEXT]
//   VSCODE_VERSION=1.117.0 node out/test/integration/run-electron.js   (default: stable)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { copyExampleTeam, localDate, readExampleMeta } from '../harness/example-team';
import { repoRoot } from '../harness/paths';
import { formatTest, summarize, type SuiteResults } from '../harness/results';
import { baseSettings } from '../harness/settings';
import { zoneOffsets } from '../harness/zone';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const option = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const jsonOut = option('--json');
  const grep = option('--grep');
  const started = Date.now();

  const runDir = mkdtempSync(path.join(os.tmpdir(), 'cortex-electron-'));
  // As run-integration.ts: the extension's clock stands at the example's reference time.
  const { referenceNow } = readExampleMeta();
  const team = copyExampleTeam(path.join(runDir, 'team'), { now: localDate(referenceNow) });
  const userDataDir = path.join(runDir, 'user-data');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(baseSettings, null, 2));
  // As run-integration.ts: a one-folder workspace (tests add folders) and a home of the run's own.
  const workspaceFile = path.join(runDir, 'cortex-test.code-workspace');
  writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: team.dir }] }, null, 2));
  // The example's home (its project folders) doubles as the extension host's HOME.
  const home = team.home;
  mkdirSync(home, { recursive: true });
  const resultsFile = path.join(runDir, 'results.json');

  let outcome: SuiteResults;
  try {
    const exitCode = await runTests({
      version: process.env.VSCODE_VERSION ?? 'stable',
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(repoRoot, 'out', 'test', 'integration', 'index.js'),
      extensionTestsEnv: {
        CORTEX_MOCHA_JSON: resultsFile,
        CORTEX_MOCHA_SUITE: 'integration (electron)',
        CORTEX_TEST_TEAM: team.dir,
        CORTEX_TEST_NOW: referenceNow,
        CORTEX_TEST_ZONE: zoneOffsets(),
        HOME: home,
        CORTEX_TEST_HOME: home,
        CORTEX_HOME: path.join(runDir, 'cortex-home'),
        ...(grep ? { CORTEX_TEST_GREP: grep } : {}),
      },
      launchArgs: [
        workspaceFile,
        '--user-data-dir', userDataDir,
        '--extensions-dir', path.join(runDir, 'extensions'),
        '--disable-extensions', // every other extension; the one under development still loads
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-gpu',
      ],
    });
    if (!existsSync(resultsFile)) throw new Error(`VS Code exited (${exitCode}) without writing results`);
    outcome = JSON.parse(readFileSync(resultsFile, 'utf8')) as SuiteResults;
    outcome.durationMs = Date.now() - started;
    for (const test of outcome.tests) console.log(formatTest(test));
    if (exitCode !== 0 && outcome.failed === 0) outcome.error = `VS Code exited with ${exitCode}`;
  } catch (err) {
    // runTests rejects (TestRunFailedError) when a test failed: the results file says which.
    if (existsSync(resultsFile)) {
      outcome = JSON.parse(readFileSync(resultsFile, 'utf8')) as SuiteResults;
      for (const test of outcome.tests) console.log(formatTest(test));
    } else {
      outcome = summarize('integration (electron)', [], Date.now() - started, err instanceof Error ? err.message : String(err));
    }
  }
  rmSync(runDir, { recursive: true, force: true });
  if (jsonOut) writeFileSync(path.resolve(jsonOut), JSON.stringify(outcome, null, 2));
  const skipped = outcome.pending ? `, ${outcome.pending} skipped` : '';
  console.log(`[integration/electron] ${outcome.passed} passed, ${outcome.failed} failed${skipped}`);
  if (outcome.error) console.log(`[integration/electron] ${outcome.error}`);
  return outcome.error || outcome.failed > 0 || outcome.passed === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
