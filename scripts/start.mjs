#!/usr/bin/env node
// `npm start`: installs what it needs, builds, copies the example team to .scratch/team/
// with its dates moved to now (so every liveness state shows), and opens the extension on
// it: in desktop VS Code when `code` is on PATH (from source, as an extension under
// development), otherwise in code-server with the packaged extension installed, at a
// printed localhost URL, until Ctrl-C. The example team's workspace settings turn on the
// stand-in agent and the offer to start the team, so Cortex offers (a notification with
// Start All Agents) to run the agents in terminals as soon as the window opens; a new
// user sees them pick up tasks, tick and count tokens. --no-agents leaves that out.
//
//   node scripts/start.mjs [--code-server] [--port N] [--no-agents]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dependenciesOutdated, npmInstallArgs } from './lib/deps.mjs';
import { repoRoot, run, which } from './lib/system.mjs';

const args = process.argv.slice(2);
const forceCodeServer = args.includes('--code-server');
const offerAgents = !args.includes('--no-agents');
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 0;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: node scripts/start.mjs [--code-server] [--port N] [--no-agents]');
  process.exit(2);
}

const log = (line) => console.log(`[start] ${line}`);
const require = createRequire(import.meta.url);
const scratchTeam = path.join(repoRoot, '.scratch', 'team');

async function prepare() {
  const reason = dependenciesOutdated();
  if (reason) {
    log(`${reason}: npm install`);
    await run('npm', npmInstallArgs, { cwd: repoRoot });
  }
  log('build');
  await run(process.execPath, ['esbuild.mjs'], { cwd: repoRoot });
  // The scratch copy and the code-server launcher are the test harness's own modules.
  // tsc emits even with type errors (say, in an e2e test being written): go on with that.
  await run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.harness.json'], { cwd: repoRoot }).catch(
    () => log('the test harness has type errors (above); going on with what tsc emitted'),
  );
  const { copyExampleTeam } = require('../out/test/harness/example-team.js');
  const team = copyExampleTeam(scratchTeam);
  log(`example team copied to ${path.relative(repoRoot, team.dir)}/ (dates moved ${formatShift(team.shiftMinutes)} from ${team.referenceNow}; recreated on every start)`);
  if (offerAgents) {
    writeWorkspaceSettings(team.dir, { 'cortex.agents.useStandIn': true, 'cortex.agents.offerToStartTeam': true });
    log('the agents run with the stand-in (cortex-team simulate, no model): Cortex offers to start them when the window opens (--no-agents: no offer)');
  }
  return team;
}

/** Adds settings to the folder's .vscode/settings.json (the workspace settings of the window opened on it). */
function writeWorkspaceSettings(dir, settings) {
  const file = path.join(dir, '.vscode', 'settings.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  writeFileSync(file, `${JSON.stringify({ ...current, ...settings }, null, 2)}\n`);
}

function formatShift(minutes) {
  const days = Math.floor(Math.abs(minutes) / 1440);
  const hours = Math.round((Math.abs(minutes) % 1440) / 60);
  return `${minutes < 0 ? '-' : '+'}${days} d ${hours} h`;
}

async function openInDesktop(code, team) {
  log(`opening VS Code: code --extensionDevelopmentPath=${repoRoot} ${team.dir}`);
  await run(code, ['--new-window', `--extensionDevelopmentPath=${repoRoot}`, team.dir]);
  log('VS Code is open with Cortex Team loaded from this folder: click the Cortex icon in the activity bar.');
  log('After a change, `npm run build` (or `npm run watch`) and "Developer: Reload Window" in that window.');
}

async function openInCodeServer(team) {
  const { ensureCodeServer } = await import('./install-code-server.mjs');
  const { packageVsix, defaultVsixPath } = await import('./package.mjs');
  await ensureCodeServer({ log });
  log('package the extension');
  const vsix = await packageVsix(defaultVsixPath());
  const { installExtension, startCodeServer } = require('../out/test/harness/code-server.js');
  const home = path.join(repoRoot, '.vscode-test', 'start');
  const extensionsDir = path.join(home, 'extensions');
  mkdirSync(home, { recursive: true });
  installExtension(vsix, extensionsDir, home);
  const server = await startCodeServer({
    runDir: home,
    extensionsDir,
    port,
    keepUserSettings: true, // your theme and layout stay from one start to the next
    settings: { 'telemetry.telemetryLevel': 'off' },
    logFile: path.join(home, 'code-server.log'),
  });
  const url = server.workbenchUrl(team.dir);
  console.log('');
  console.log(`Open ${url}`);
  console.log('');
  log('then click the Cortex icon in the activity bar. Ctrl-C stops code-server.');
  log(`code-server log: ${path.relative(repoRoot, server.logFile)}`);
  const code = await server.exited;
  log(`code-server exited (${code ?? 'signal'})`);
  return code ?? 1;
}

async function main() {
  const team = await prepare();
  const code = forceCodeServer ? null : which('code');
  if (code) {
    await openInDesktop(code, team);
    return 0;
  }
  if (!forceCodeServer) log('`code` is not on PATH: starting code-server instead');
  return openInCodeServer(team);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[start] ${err.message}`);
    process.exit(1);
  },
);
