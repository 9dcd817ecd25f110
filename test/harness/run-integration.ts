// Runs the integration suite (out/test/integration/suite/**/*.test.js) inside the real
// extension host of code-server: opens the workbench in chromium with the extension
// loaded from this repository (extensionDevelopmentPath) and our mocha entry
// (extensionTestsPath), on a scratch copy of the example team. Prints every test and
// the totals; writes the results as JSON (`--json FILE`); exits 0 only when tests ran
// and none failed.
//
//   node out/test/harness/run-integration.js [--json FILE] [--grep TEXT] [--files TEXT]
//        [--timeout SECONDS] [--keep]
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { launchBrowser, type BrowserHandle } from './browser';
import { startCodeServer, type CodeServer } from './code-server';
import { copyExampleTeam, localDate, readExampleMeta } from './example-team';
import { repoRoot, testResultsDir } from './paths';
import { killAllGroups, withTimeout } from './processes';
import { formatTest, summarize, type ProgressEvent, type SuiteResults, type TestResult } from './results';
import { describeZone, zoneOffsets } from './zone';

interface Args {
  json?: string;
  grep?: string;
  files?: string;
  timeoutSeconds: number;
  keep: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { timeoutSeconds: Number(process.env.CORTEX_INTEGRATION_TIMEOUT) || 600, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--json') args.json = path.resolve(value());
    else if (a === '--grep') args.grep = value();
    else if (a === '--files') args.files = value();
    else if (a === '--timeout') args.timeoutSeconds = Number(value());
    else if (a === '--keep') args.keep = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

/** Prints progress lines from the extension host as they are appended. */
class ProgressTail {
  private offset = 0;
  readonly seen: TestResult[] = [];
  constructor(private readonly file: string) {}
  poll(): void {
    if (!existsSync(this.file)) return;
    const text = readFileSync(this.file, 'utf8');
    const end = text.lastIndexOf('\n') + 1;
    if (end <= this.offset) return;
    for (const line of text.slice(this.offset, end).split('\n')) {
      if (!line) continue;
      const event = JSON.parse(line) as ProgressEvent;
      if (event.event === 'start') console.log(`[integration] ${event.total} test(s) in the extension host`);
      if (event.event === 'test') {
        this.seen.push(event.test);
        console.log(formatTest(event.test));
      }
    }
    this.offset = end;
  }
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const artifacts = path.join(testResultsDir, 'integration');
  mkdirSync(artifacts, { recursive: true });
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'cortex-integration-'));
  // The run's clock: the example's own reference time, standing still. The extension
  // host's clock reads it (CORTEX_TEST_NOW), so the team is copied unshifted and no
  // test depends on the hour, the date or how long the run takes.
  const { referenceNow } = readExampleMeta();
  const team = copyExampleTeam(path.join(runDir, 'team'), { now: localDate(referenceNow) });
  // The window opens a workspace whose only folder is the team: the same as opening the
  // folder for the extension, but a test can add and remove further folders
  // (updateWorkspaceFolders) without the window turning into another workspace.
  const workspaceFile = path.join(runDir, 'cortex-test.code-workspace');
  writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: team.dir }] }, null, 2));
  // The example's home (its project folders) doubles as the extension host's HOME.
  const home = team.home;
  mkdirSync(home, { recursive: true });
  const resultsFile = path.join(runDir, 'results.json');
  const progressFile = path.join(runDir, 'progress.jsonl');
  const testsEntry = path.join(repoRoot, 'out', 'test', 'integration', 'index.js');
  if (!existsSync(testsEntry)) throw new Error(`${path.relative(repoRoot, testsEntry)} is missing: run \`npm run compile-tests\``);
  const main = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).main as string | undefined;
  if (main && !existsSync(path.join(repoRoot, main))) throw new Error(`${main} is missing: run \`npm run build\``);

  console.log(`[integration] team: ${team.dir}; the extension's clock stands at ${referenceNow}, time zone ${describeZone()}`);
  let server: CodeServer | undefined;
  let browser: BrowserHandle | undefined;
  const tail = new ProgressTail(progressFile);
  let outcome: SuiteResults;
  let exitCode: number | undefined;
  try {
    server = await startCodeServer({
      runDir,
      logFile: path.join(artifacts, 'code-server.log'),
      env: {
        CORTEX_MOCHA_JSON: resultsFile,
        CORTEX_MOCHA_PROGRESS: progressFile,
        CORTEX_MOCHA_SUITE: 'integration',
        CORTEX_TEST_TEAM: team.dir,
        CORTEX_TEST_NOW: referenceNow,
        // The zone the extension host must run in (TZ passes through to it).
        CORTEX_TEST_ZONE: zoneOffsets(),
        // A home of the run's own (the example's): the locator's ~/.cortex/config.yaml and
        // ~/cortex-team are the tests' to write, never the machine's.
        HOME: home,
        CORTEX_TEST_HOME: home,
        ...(args.grep ? { CORTEX_TEST_GREP: args.grep } : {}),
        ...(args.files ? { CORTEX_TEST_FILES: args.files } : {}),
      },
    });
    console.log(`[integration] code-server ${server.url} (pid ${server.pid})`);
    browser = await launchBrowser({ userDataDir: path.join(runDir, 'chromium') });
    const page = await browser.newPage();
    const exited = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => {
        resolve(Number(code));
        return true;
      });
    });
    // The first frames say where in the workbench it failed (code-server's terminal renderer has failed here now and then).
    page.on('pageerror', (err) => console.log(`[integration] page error: ${err.message}${(err.stack ?? '').split('\n').slice(1, 4).map((l) => `\n    ${l.trim()}`).join('')}`));
    const url = server.workbenchUrl(workspaceFile, [
      ['extensionDevelopmentPath', server.remoteUri(repoRoot)],
      ['extensionTestsPath', server.remoteUri(testsEntry)],
      ['skipWelcome', 'true'],
    ]);
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });

    const poller = setInterval(() => tail.poll(), 250);
    try {
      exitCode = await withTimeout(exited, args.timeoutSeconds * 1000, 'the integration suite (no codeAutomationExit)');
    } catch (err) {
      await page.screenshot({ path: path.join(artifacts, 'timeout.png') }).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(poller);
      tail.poll();
    }
    if (!existsSync(resultsFile)) throw new Error(`the suite ended (exit ${exitCode}) without writing results: did mocha load?`);
    outcome = JSON.parse(readFileSync(resultsFile, 'utf8')) as SuiteResults;
    outcome.durationMs = Date.now() - started;
    for (const t of outcome.tests) if (!tail.seen.some((s) => s.fullTitle === t.fullTitle)) console.log(formatTest(t));
    if (exitCode !== 0 && outcome.failed === 0) {
      outcome.error = `the extension host reported exit code ${exitCode} with no failed test`;
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.log(`[integration] ERROR: ${message}`);
    outcome = summarize('integration', tail.seen, Date.now() - started, message);
  } finally {
    await browser?.close();
    await server?.stop();
    await killAllGroups();
  }

  const broken = !!outcome.error || outcome.failed > 0 || outcome.passed === 0;
  if (broken && server) {
    // Keep the workbench and extension host logs for a look.
    cpSync(path.join(server.userDataDir, 'logs'), path.join(artifacts, 'vscode-logs'), { recursive: true, force: true });
    console.log(`[integration] logs: ${path.relative(repoRoot, artifacts)}/`);
  }
  if (args.json) {
    mkdirSync(path.dirname(args.json), { recursive: true });
    writeFileSync(args.json, JSON.stringify(outcome, null, 2));
  }
  if (args.keep) console.log(`[integration] kept ${runDir}`);
  else rmSync(runDir, { recursive: true, force: true });

  const skipped = outcome.pending ? `, ${outcome.pending} skipped` : '';
  console.log(`[integration] ${outcome.passed} passed, ${outcome.failed} failed${skipped} in ${(outcome.durationMs / 1000).toFixed(1)} s`);
  if (outcome.error) console.log(`[integration] ${outcome.error}`);
  if (outcome.passed + outcome.failed === 0) console.log('[integration] no test ran');
  return broken ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    console.error(`[integration] ${err instanceof Error ? err.stack : String(err)}`);
    await killAllGroups();
    process.exit(1);
  },
);
