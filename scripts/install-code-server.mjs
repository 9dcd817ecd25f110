#!/usr/bin/env node
// Installs code-server (a full VS Code 1.117 build: web workbench + Node extension host)
// into .vscode-test/code-server/, with its own package.json, never into the
// extension's dependencies. Idempotent: skips when the same version is installed.
//
// code-server 4.103 and later need Node 22 (the first with VS Code's MCP server
// definition provider API is 4.103.2), while the project and CI stay on Node 20. So the
// harness folder gets its own Node 22 from the npm registry (`node-linux-<arch>`, the
// official binary with its headers): it runs code-server (and builds its native
// modules), nothing else. Everything else (npm, tsc, mocha, the CLI) keeps the Node
// that runs this script.
//
// What it takes on a machine that reaches only the npm registry and Debian:
// - @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache folder
//   already holds the release tarball: we seed that cache with Debian's rg.
// - code-server's postinstall refuses to run as root unless npm_config_unsafe_perm=true,
//   and runs nested `npm install`s whose native modules build with node-gyp:
//   node-pty calls `npx node-gyp`, which needs npm_config_yes=true, and node-gyp needs
//   Node's headers locally (npm_config_nodedir: the Node 22 package's include/) since
//   nodejs.org is out of reach. code-server's postinstall checks the Node major in
//   npm's user agent, so that step runs npm itself on Node 22, with it first on PATH.
// - kerberos builds against libkrb5-dev (found through pkg-config).
// - npm 11 warns about (or, with strict-allow-scripts, refuses) dependency install
//   scripts nobody approved, and accepts approvals only from package.json's allowScripts
//   (or an .npmrc), never from the command line or the environment of a project-scoped
//   install. So: install with --ignore-scripts; approve code-server's and argon2's
//   scripts in our package.json, and the native modules of code-server's nested
//   projects (lib/vscode, lib/vscode/extensions) in theirs, read from their
//   npm-shrinkwrap.json; then `npm rebuild` runs code-server's postinstall, which
//   installs those nested projects.
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { capture, ensureSystemPackages, repoRoot, run, which } from './lib/system.mjs';

export const CODE_SERVER_VERSION = '4.117.0';
/** The Node that runs code-server (its package.json's engines say 22). */
export const CODE_SERVER_NODE_VERSION = '22.23.3';
/** The @vscode/ripgrep version pinned in code-server's lib/vscode/npm-shrinkwrap.json. */
const VSCODE_RIPGREP_VERSION = '1.17.1';
/** The ripgrep release that this @vscode/ripgrep downloads (VERSION in its lib/postinstall.js). */
const RIPGREP_RELEASE = 'v15.0.1';
/** What the marker file holds: a change of either version reinstalls. */
const INSTALLED = `${CODE_SERVER_VERSION} node ${CODE_SERVER_NODE_VERSION}`;

export const codeServerDir = path.join(repoRoot, '.vscode-test', 'code-server');
/** code-server's entry script; run it with codeServerNode (`<node> <entry> …`). */
export const codeServerEntry = path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
/** The npm package with the official Node binary and headers for this machine. */
const nodePackage = `node-linux-${process.arch}`;
const nodePackageDir = path.join(codeServerDir, 'node_modules', nodePackage);
/** The Node 22 binary that runs code-server (test/harness/paths.ts names the same file). */
export const codeServerNode = path.join(nodePackageDir, 'bin', 'node');
const marker = path.join(codeServerDir, '.installed');

export function isCodeServerInstalled() {
  return existsSync(marker) && readFileSync(marker, 'utf8').trim() === INSTALLED && existsSync(codeServerEntry) && existsSync(codeServerNode);
}

function hasKrb5() {
  return capture('pkg-config', ['--exists', 'krb5-gssapi']) !== null || existsSync('/usr/include/gssapi/gssapi.h');
}

/** The system packages code-server's native modules need to build. */
export const codeServerRequirements = [
  { what: 'rg (ripgrep)', apt: 'ripgrep', check: () => which('rg') !== null },
  { what: 'pkg-config', apt: 'pkg-config', check: () => which('pkg-config') !== null },
  { what: 'Kerberos headers (libkrb5-dev)', apt: 'libkrb5-dev', check: hasKrb5 },
  { what: 'make', apt: 'make', check: () => which('make') !== null },
  { what: 'a C++ compiler (g++)', apt: 'g++', check: () => which('g++') !== null },
  { what: 'python3 (for node-gyp)', apt: 'python3', check: () => which('python3') !== null },
];

function ripgrepTarget() {
  switch (process.arch) {
    case 'x64':
      return 'x86_64-unknown-linux-musl';
    case 'arm64':
      return 'aarch64-unknown-linux-musl';
    default:
      return null;
  }
}

/** Puts Debian's rg where @vscode/ripgrep's postinstall looks before downloading. */
async function seedRipgrepCache(log) {
  const target = ripgrepTarget();
  const rg = which('rg');
  if (!target || !rg) {
    log('[code-server] no ripgrep cache seeded (unsupported arch or no rg): the postinstall will try to download it');
    return;
  }
  const cache = path.join(os.tmpdir(), `vscode-ripgrep-cache-${VSCODE_RIPGREP_VERSION}`);
  const tarball = path.join(cache, `ripgrep-${RIPGREP_RELEASE}-${target}.tar.gz`);
  if (existsSync(tarball)) return;
  const staging = path.join(cache, 'staging');
  mkdirSync(staging, { recursive: true });
  copyFileSync(rg, path.join(staging, 'rg'));
  await run('tar', ['czf', tarball, '-C', staging, 'rg']);
  rmSync(staging, { recursive: true, force: true });
  log(`[code-server] seeded ${tarball} with ${rg}`);
}

/**
 * Adds an allowScripts entry to a nested project's package.json for every package of
 * its npm-shrinkwrap.json that has install scripts (code-server's native modules).
 */
function approveNestedScripts(projectDir, log) {
  const manifest = path.join(projectDir, 'package.json');
  const shrinkwrap = JSON.parse(readFileSync(path.join(projectDir, 'npm-shrinkwrap.json'), 'utf8'));
  const names = new Set();
  for (const [key, entry] of Object.entries(shrinkwrap.packages ?? {})) {
    if (key && entry.hasInstallScript) names.add(key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  pkg.allowScripts = { ...pkg.allowScripts, ...Object.fromEntries([...names].sort().map((n) => [n, true])) };
  writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
  log(`[code-server] approved install scripts in ${path.relative(codeServerDir, projectDir)}: ${[...names].sort().join(', ') || 'none'}`);
}

/** npm's own entry script, to run npm on another Node. */
function npmCli() {
  const npm = which('npm');
  if (!npm) throw new Error('npm is not on PATH');
  const cli = path.join(path.dirname(realpathSync(npm)), 'npm-cli.js');
  if (!existsSync(cli)) throw new Error(`cannot find npm-cli.js next to ${realpathSync(npm)}`);
  return cli;
}

/**
 * Installs code-server unless already there. Returns the entry script path.
 * Throws with a clear message when a prerequisite is missing and cannot be installed.
 */
export async function ensureCodeServer({ log = console.log, force = false } = {}) {
  if (!force && isCodeServerInstalled()) return codeServerEntry;
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(`the test harness installs Node ${CODE_SERVER_NODE_VERSION} for code-server on Linux x64 or arm64 only; this is ${process.platform} ${process.arch}`);
  }
  await ensureSystemPackages(codeServerRequirements, log);
  await seedRipgrepCache(log);

  log(`[code-server] installing code-server@${CODE_SERVER_VERSION} and Node ${CODE_SERVER_NODE_VERSION} (${nodePackage}) into ${path.relative(repoRoot, codeServerDir)}/ (a few minutes)`);
  if (existsSync(codeServerDir) && lstatSync(codeServerDir).isSymbolicLink()) {
    throw new Error(
      `${path.relative(repoRoot, codeServerDir)} is a link to ${realpathSync(codeServerDir)}, shared with another checkout: ` +
        `remove the link (\`rm ${path.relative(repoRoot, codeServerDir)}\`) to install code-server ${CODE_SERVER_VERSION} here`,
    );
  }
  rmSync(marker, { force: true });
  // A previous version's nested installs would survive an in-place upgrade: start clean.
  rmSync(codeServerDir, { recursive: true, force: true });
  mkdirSync(codeServerDir, { recursive: true });
  writeFileSync(
    path.join(codeServerDir, 'package.json'),
    JSON.stringify(
      {
        name: 'cortex-team-code-server',
        private: true,
        description: 'code-server for testing and running the Cortex Team extension; never bundled with it',
        dependencies: { 'code-server': CODE_SERVER_VERSION, [nodePackage]: CODE_SERVER_NODE_VERSION },
        allowScripts: { 'code-server': true, argon2: true },
      },
      null,
      2,
    ) + '\n',
  );
  const env = {
    ...process.env,
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  await run('npm', ['install', '--no-package-lock', '--omit=dev', '--ignore-scripts'], { cwd: codeServerDir, env });
  if (!existsSync(codeServerNode)) throw new Error(`${nodePackage}@${CODE_SERVER_NODE_VERSION} installed no ${path.relative(repoRoot, codeServerNode)}`);
  const pkgDir = path.join(codeServerDir, 'node_modules', 'code-server');
  for (const nested of ['lib/vscode', 'lib/vscode/extensions']) approveNestedScripts(path.join(pkgDir, nested), log);
  // The native modules build for Node 22 against its own headers; npm and every script
  // it runs (code-server's postinstall and its nested `npm install`s) run on Node 22.
  const node22Env = {
    ...env,
    PATH: `${path.dirname(codeServerNode)}${path.delimiter}${env.PATH ?? ''}`,
    npm_config_nodedir: nodePackageDir,
  };
  await run(codeServerNode, [npmCli(), 'rebuild'], { cwd: codeServerDir, env: node22Env });

  // (XDG_* keep its first-run config file and logs out of the user's home)
  const output = capture(codeServerNode, [codeServerEntry, '--version'], {
    env: { ...process.env, XDG_CONFIG_HOME: path.join(codeServerDir, '.config'), XDG_DATA_HOME: path.join(codeServerDir, '.data') },
  });
  const version = output?.split('\n').find((line) => line.startsWith(CODE_SERVER_VERSION));
  if (!version) {
    throw new Error(`code-server installed but \`code-server --version\` said: ${output ?? '(failed)'}`);
  }
  // The terminal (node-pty: built, or its N-API prebuild) and the log writer (spdlog,
  // built here) must load in code-server's Node.
  const nativeModules = ['node-pty', '@vscode/spdlog'];
  const vscodeModules = path.join(pkgDir, 'lib', 'vscode', 'node_modules');
  const loaded = capture(codeServerNode, ['-e', `for (const m of ${JSON.stringify(nativeModules)}) require(require('path').join(process.argv[1], m)); console.log('ok')`, vscodeModules]);
  if (loaded?.trim() !== 'ok') throw new Error(`code-server installed but ${nativeModules.join(' or ')} does not load in Node ${CODE_SERVER_NODE_VERSION} (see the npm output above)`);
  writeFileSync(marker, INSTALLED + '\n');
  log(`[code-server] installed: ${version}`);
  return codeServerEntry;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const force = process.argv.includes('--force');
  ensureCodeServer({ force }).then(
    (entry) => console.log(`[code-server] ready: ${path.relative(repoRoot, entry)}`),
    (err) => {
      console.error(`[code-server] ${err.message}`);
      process.exit(1);
    },
  );
}
