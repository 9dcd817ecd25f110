#!/usr/bin/env node
// `npm test`: installs what the tests need, builds, type-checks (with the layer
// rules of scripts/check-layers.mjs), and runs every suite:
//   unit         mocha on out/test/unit (pure core, no editor)
//   stress       mocha on out/test/stress: the writer against a simulated agent and kill -9 (slow)
//   agents       mocha on out/test/agents: the real agent CLIs (Claude Code, Codex, Gemini CLI,
//                installed into .vscode-test/agent-clis) read our MCP wiring and connect
//   integration  mocha inside code-server's real extension host (test/harness/run-integration.ts)
//   e2e          Playwright + chromium against code-server with the packaged VSIX (test/e2e)
// Each suite runs in a process group of its own under a hard timeout, writes its results
// as JSON, and the last line printed is the total: `N passed, N failed` (`, N skipped`).
// Exits non-zero when anything failed or when no test ran.
//
//   node scripts/test.mjs [unit] [stress] [agents] [integration] [e2e] [--no-install] [--grep TEXT]
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureAgentClis } from './install-agent-clis.mjs';
import { ensureCodeServer } from './install-code-server.mjs';
import { defaultVsixPath } from './package.mjs';
import { dependenciesOutdated, npmInstallArgs } from './lib/deps.mjs';
import { ensureSystemPackages, repoRoot, which } from './lib/system.mjs';

const SUITES = ['unit', 'stress', 'agents', 'integration', 'e2e'];
const MINUTE = 60_000;
const timeouts = {
  install: 20 * MINUTE,
  build: 5 * MINUTE,
  unit: 5 * MINUTE,
  stress: 10 * MINUTE,
  agents: 5 * MINUTE,
  integration: 12 * MINUTE,
  package: 5 * MINUTE,
  e2e: 15 * MINUTE,
};

const args = process.argv.slice(2);
const selected = args.filter((a) => SUITES.includes(a));
const suites = selected.length ? SUITES.filter((s) => selected.includes(s)) : SUITES;
const install = !args.includes('--no-install');
const grepIndex = args.indexOf('--grep');
const grep = grepIndex >= 0 ? args[grepIndex + 1] : undefined;
for (const a of args) {
  if (!SUITES.includes(a) && !['--no-install', '--grep', grep].includes(a)) {
    console.error(`unknown argument: ${a}\nusage: node scripts/test.mjs [unit] [stress] [agents] [integration] [e2e] [--no-install] [--grep TEXT]`);
    process.exit(2);
  }
}

const resultsDir = path.join(repoRoot, 'test-results');
const runStamp = path.join(resultsDir, 'run');
mkdirSync(runStamp, { recursive: true });
const pgidFile = path.join(runStamp, 'pgids.txt');
writeFileSync(pgidFile, '');

/** Everything that ran: suites with their test counts, and setup steps that failed. */
const report = [];
const running = new Set(); // the child process groups running now
let interrupted = false; // SIGINT/SIGTERM: start nothing more

function log(line) {
  console.log(`[test] ${line}`);
}

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Ends the groups the harness registered (code-server, chromium) in case their parent died. */
function killRegisteredGroups() {
  if (!existsSync(pgidFile)) return;
  const live = new Set();
  for (const line of readFileSync(pgidFile, 'utf8').split('\n')) {
    const [id, what] = line.split(' ');
    const pgid = Number(id);
    if (!(pgid > 0)) continue;
    if (what === 'ended') live.delete(pgid);
    else live.add(pgid);
  }
  for (const pgid of live) killGroup(pgid, 'SIGKILL');
  writeFileSync(pgidFile, '');
}

/**
 * Runs a command in a process group of its own with output streamed through (or into
 * `output`, a file, for a step that runs beside another), under a hard timeout (SIGTERM
 * to the group, SIGKILL 10 s later). Resolves to `{ code, timedOut, ms }`; never rejects.
 * `registered` (default): the harness's registered process groups (code-server, chromium)
 * are ended when the step closes; a step running beside another passes false, and the
 * editor suites, which register them, never run beside another.
 */
function runStep(cmd, cmdArgs, { timeoutMs, env = {}, cwd = repoRoot, output, registered = true } = {}) {
  const started = Date.now();
  if (interrupted) return Promise.resolve({ code: 130, timedOut: false, ms: 0 });
  return new Promise((resolve) => {
    const out = output ? openSync(output, 'w') : undefined;
    const child = spawn(cmd, cmdArgs, {
      cwd,
      stdio: out === undefined ? 'inherit' : ['ignore', out, out],
      detached: true,
      env: { ...process.env, CORTEX_TEST_PGIDS: pgidFile, ...env },
    });
    if (out !== undefined) closeSync(out);
    running.add(child.pid);
    let timedOut = false;
    let killTimer;
    const timer = setTimeout(() => {
      timedOut = true;
      log(`${path.basename(cmd)} ${cmdArgs.join(' ')}: hard timeout after ${Math.round(timeoutMs / 1000)} s, stopping it`);
      killGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 10_000);
    }, timeoutMs);
    child.on('error', (err) => {
      log(`${cmd}: ${err.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      killGroup(child.pid, 'SIGKILL'); // anything it left behind in its group
      if (registered) killRegisteredGroups();
      running.delete(child.pid);
      resolve({ code: code ?? (signal ? 128 : 1), timedOut, ms: Date.now() - started });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    interrupted = true;
    for (const pgid of running) killGroup(pgid, 'SIGTERM');
    setTimeout(() => {
      for (const pgid of running) killGroup(pgid, 'SIGKILL');
      killRegisteredGroups();
      process.exit(130);
    }, 3000).unref();
  });
}

function stepFailed(name, message) {
  log(`FAILED: ${name}: ${message}`);
  report.push({ name, passed: 0, failed: 1, pending: 0, ms: 0, error: message });
}

async function npm(name, npmArgs, timeoutMs) {
  const r = await runStep('npm', npmArgs, { timeoutMs });
  if (r.code !== 0) stepFailed(name, r.timedOut ? 'timed out' : `exit ${r.code}`);
  return r.code === 0;
}

// ---- dependencies -------------------------------------------------------------

async function ensureDependencies() {
  const reason = dependenciesOutdated();
  if (reason) {
    log(`${reason}: npm install`);
    if (!(await npm('npm install', npmInstallArgs, timeouts.install))) return false;
  }
  return true;
}

async function ensureEditorDependencies() {
  try {
    await ensureSystemPackages(
      [{ what: 'chromium', apt: 'chromium', check: () => !!process.env.CORTEX_CHROMIUM || existsSync('/usr/bin/chromium') || !!which('chromium') }],
      (l) => log(l),
    );
    await ensureCodeServer({ log: (l) => log(l) });
    return true;
  } catch (err) {
    stepFailed('code-server and chromium', err.message);
    return false;
  }
}

async function ensureAgentClisInstalled() {
  try {
    await ensureAgentClis({ log: (l) => log(l) });
    return true;
  } catch (err) {
    stepFailed('agent CLIs', err.message);
    return false;
  }
}

// ---- suites -------------------------------------------------------------------

function readResults(file, suite, run) {
  let results;
  try {
    results = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    results = { passed: 0, failed: 0, pending: 0, tests: [] };
  }
  const entry = {
    name: suite,
    passed: results.passed,
    failed: results.failed,
    pending: results.pending,
    ms: run.ms,
    failures: (results.tests ?? []).filter((t) => t.state === 'failed').map((t) => ({ title: t.fullTitle, error: t.error?.message ?? '' })),
  };
  if (run.timedOut) entry.error = 'hard timeout';
  else if (results.error) entry.error = results.error;
  else if (run.code !== 0 && results.failed === 0) entry.error = `exit ${run.code} with no failed test`;
  if (entry.passed + entry.failed === 0 && !entry.error) entry.error = 'no test ran';
  // A suite that broke (crash, timeout, nothing ran) counts as one more failure.
  if (entry.error) entry.failed += 1;
  report.push(entry);
  log(`${suite}: ${entry.passed} passed, ${entry.failed} failed${entry.pending ? `, ${entry.pending} skipped` : ''}${entry.error ? ` (${entry.error})` : ''} in ${(run.ms / 1000).toFixed(1)} s`);
}

const reporter = path.join(repoRoot, 'out', 'test', 'harness', 'mocha-reporter.js');
const mochaBin = path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');

/** `beside`: the suite runs beside others, its output kept in test-results/<suite>.log and printed when it ends. */
async function mochaSuite(suite, mochaArgs, { timeoutMs, env = {}, beside = false }) {
  const json = path.join(resultsDir, `${suite}.json`);
  rmSync(json, { force: true });
  const output = beside ? path.join(resultsDir, `${suite}.log`) : undefined;
  log(beside ? `--- ${suite} (beside the next suites; its output when it ends) ---` : `--- ${suite} ---`);
  const run = await runStep(
    process.execPath,
    [mochaBin, ...mochaArgs, '--reporter', reporter, '--reporter-option', `output=${json}`, '--reporter-option', `suite=${suite}`, ...(grep ? ['--grep', grep] : [])],
    { timeoutMs, env, output, registered: !beside },
  );
  if (output) {
    log(`--- ${suite} (its output) ---`);
    process.stdout.write(readFileSync(output, 'utf8'));
  }
  readResults(json, suite, run);
}

async function integrationSuite() {
  const json = path.join(resultsDir, 'integration.json');
  rmSync(json, { force: true });
  log('--- integration ---');
  const driver = path.join(repoRoot, 'out', 'test', 'harness', 'run-integration.js');
  const run = await runStep(
    process.execPath,
    [driver, '--json', json, '--timeout', String(Math.round((timeouts.integration - MINUTE) / 1000)), ...(grep ? ['--grep', grep] : [])],
    { timeoutMs: timeouts.integration },
  );
  readResults(json, 'integration', run);
}

// ---- main ---------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const needsEditor = suites.some((s) => s === 'integration' || s === 'e2e');
  let editorReady = true;
  let agentClisReady = true;
  if (install) {
    if (!(await ensureDependencies())) editorReady = agentClisReady = false;
    else {
      if (needsEditor && !(await ensureEditorDependencies())) editorReady = false;
      // The integration suite runs them too, against what Generate Protocol File wrote, and
      // the e2e suite runs Claude Code's and Gemini CLI's TUIs from the Team view.
      if (suites.some((s) => s === 'agents' || s === 'integration' || s === 'e2e') && !(await ensureAgentClisInstalled())) agentClisReady = false;
    }
  }
  if (!existsSync(path.join(repoRoot, 'node_modules'))) return finish(started);

  // Build failures count as failures, but the suites still run on what did build:
  // tsc emits despite type errors, and esbuild writes each bundle that succeeded.
  log('build');
  const buildStarted = Date.now();
  await npm('build', ['run', 'build'], timeouts.build);
  // Types of the host and the pages, and the layer rules (scripts/check-layers.mjs).
  await npm('typecheck', ['run', 'typecheck'], timeouts.build);
  await npm('compile tests', ['run', 'compile-tests'], timeouts.build);
  const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const harness = await runStep(process.execPath, [tsc, '-p', 'tsconfig.harness.json'], { timeoutMs: timeouts.build });
  if (harness.code !== 0) stepFailed('compile harness and e2e', `exit ${harness.code}`);
  const entry = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).main ?? 'dist/extension.js';
  const entryFile = path.join(repoRoot, entry);
  const extensionBuilt = existsSync(entryFile) && statSync(entryFile).mtimeMs >= buildStarted - 1000;
  if (!extensionBuilt) log(`${entry} was not built: the integration and e2e suites cannot run`);
  const cliFile = path.join(repoRoot, 'dist', 'cli.js');
  const cliBuilt = existsSync(cliFile) && statSync(cliFile).mtimeMs >= buildStarted - 1000;
  const canRun = (suite) => {
    if (!suites.includes(suite) || interrupted) return false;
    if (suite === 'agents') {
      if (agentClisReady && cliBuilt) return true;
      stepFailed(suite, 'not run: a step it needs failed (see above)');
      return false;
    }
    if ((suite === 'integration' || suite === 'e2e') && !(editorReady && extensionBuilt && agentClisReady)) {
      stepFailed(suite, 'not run: a step it needs failed (see above)');
      return false;
    }
    return true;
  };

  // The stress suite (about two minutes of processes racing for files) runs beside unit
  // and agents, which start no editor: they assert no timing, so sharing the cores is
  // safe, and the whole run is shorter. The editor suites start after it ends.
  const besides = [];
  const others = ['unit', 'agents'].filter((s) => suites.includes(s)).length > 0;
  if (canRun('stress')) besides.push(mochaSuite('stress', ['--no-config', '--timeout', '600000', '--require', 'out/test/harness/test-seed-hooks.js', 'out/test/stress/**/*.test.js'], { timeoutMs: timeouts.stress, beside: others }));
  if (canRun('unit')) await mochaSuite('unit', ['--config', '.mocharc.json'], { timeoutMs: timeouts.unit });
  if (canRun('agents')) await mochaSuite('agents', ['--no-config', '--timeout', '120000', 'out/test/agents/**/*.test.js'], { timeoutMs: timeouts.agents });
  await Promise.all(besides);
  if (canRun('integration')) await integrationSuite();
  if (canRun('e2e')) {
    const vsix = defaultVsixPath();
    log('package the VSIX');
    const packaged = await runStep(process.execPath, ['scripts/package.mjs', '--out', vsix], { timeoutMs: timeouts.package });
    if (packaged.code !== 0) stepFailed('e2e', `not run: packaging failed (${packaged.timedOut ? 'timed out' : `exit ${packaged.code}`})`);
    else {
      await mochaSuite('e2e', ['--no-config', '--timeout', '120000', 'out/test/e2e/**/*.test.js'], {
        timeoutMs: timeouts.e2e,
        env: { CORTEX_VSIX: vsix },
      });
    }
  }
  return finish(started);
}

function finish(started) {
  const total = report.reduce(
    (t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, pending: t.pending + r.pending }),
    { passed: 0, failed: 0, pending: 0 },
  );
  writeFileSync(path.join(resultsDir, 'summary.json'), JSON.stringify({ ...total, suites: report }, null, 2));
  // The failed tests again, a line each, so the end of a long log (all a CI page may show) names them.
  const failures = report.flatMap((r) => (r.failures ?? []).map((f) => ({ suite: r.name, ...f })));
  if (failures.length) {
    console.log('\nfailed:');
    for (const f of failures.slice(0, 30)) console.log(`  ${f.suite}: ${f.title.slice(0, 160)}\n      ${f.error.replace(/\s+/g, ' ').slice(0, 240)}`);
    if (failures.length > 30) console.log(`  … and ${failures.length - 30} more (test-results/<suite>.json)`);
  }
  console.log('');
  for (const r of report) {
    const counts = `${r.passed} passed, ${r.failed} failed${r.pending ? `, ${r.pending} skipped` : ''}`;
    console.log(`  ${r.name.padEnd(26)} ${counts.padEnd(32)} ${r.ms ? `${(r.ms / 1000).toFixed(1)} s` : ''}${r.error ? `  (${r.error})` : ''}`);
  }
  console.log(`  ${'total time'.padEnd(26)} ${''.padEnd(32)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (total.passed + total.failed === 0) console.log('no test ran');
  console.log(`${total.passed} passed, ${total.failed} failed${total.pending ? `, ${total.pending} skipped` : ''}`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    killRegisteredGroups();
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
