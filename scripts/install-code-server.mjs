#!/usr/bin/env node
// Installs code-server (a full VS Code 1.100 build: web workbench + Node extension host)
// into .vscode-test/code-server/, with its own package.json, never into the
// extension's dependencies. Idempotent: skips when the same version is installed.
//
// What it takes on a machine that reaches only the npm registry and Debian:
// - @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache folder
//   already holds the release tarball: we seed that cache with Debian's rg.
// - code-server's postinstall refuses to run as root unless npm_config_unsafe_perm=true,
//   and runs nested `npm install`s whose native modules build with node-gyp:
//   node-pty calls `npx node-gyp`, which needs npm_config_yes=true, and node-gyp needs
//   Node's headers locally (npm_config_nodedir) since nodejs.org is out of reach.
// - kerberos builds against libkrb5-dev (found through pkg-config).
// - npm 11 warns about (or, with strict-allow-scripts, refuses) dependency install
//   scripts nobody approved, and accepts approvals only from package.json's allowScripts
//   (or an .npmrc), never from the command line or the environment of a project-scoped
//   install. So: install with --ignore-scripts; approve code-server's and argon2's
//   scripts in our package.json, and the native modules of code-server's nested
//   projects (lib/vscode, lib/vscode/extensions) in theirs, read from their
//   npm-shrinkwrap.json; then `npm rebuild` runs code-server's postinstall, which
//   installs those nested projects.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { capture, ensureSystemPackages, repoRoot, run, which } from './lib/system.mjs';

export const CODE_SERVER_VERSION = '4.100.3';
/** The @vscode/ripgrep version pinned in code-server 4.100.3's lib/vscode/npm-shrinkwrap.json. */
const VSCODE_RIPGREP_VERSION = '1.15.11';
/** The ripgrep release that @vscode/ripgrep 1.15.11 downloads. */
const RIPGREP_RELEASE = 'v13.0.0-10';

export const codeServerDir = path.join(repoRoot, '.vscode-test', 'code-server');
/** code-server's entry script; run it with this node (`node <entry> …`). */
export const codeServerEntry = path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const marker = path.join(codeServerDir, '.installed');

export function isCodeServerInstalled() {
  return existsSync(marker) && readFileSync(marker, 'utf8').trim() === CODE_SERVER_VERSION && existsSync(codeServerEntry);
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

/** Node's headers shipped next to this node binary (nodesource and official builds have them). */
function localNodeDir() {
  const prefix = path.dirname(path.dirname(process.execPath));
  return existsSync(path.join(prefix, 'include', 'node', 'node.h')) ? prefix : null;
}

/**
 * Installs code-server unless already there. Returns the entry script path.
 * Throws with a clear message when a prerequisite is missing and cannot be installed.
 */
export async function ensureCodeServer({ log = console.log, force = false } = {}) {
  if (!force && isCodeServerInstalled()) return codeServerEntry;
  if (process.versions.node.split('.')[0] !== '20') {
    throw new Error(`code-server ${CODE_SERVER_VERSION} needs Node 20; this is Node ${process.versions.node}`);
  }
  await ensureSystemPackages(codeServerRequirements, log);
  await seedRipgrepCache(log);

  log(`[code-server] installing code-server@${CODE_SERVER_VERSION} into ${path.relative(repoRoot, codeServerDir)}/ (about a minute)`);
  rmSync(marker, { force: true });
  mkdirSync(codeServerDir, { recursive: true });
  writeFileSync(
    path.join(codeServerDir, 'package.json'),
    JSON.stringify(
      {
        name: 'cortex-team-code-server',
        private: true,
        description: 'code-server for testing and running the Cortex Team extension; never bundled with it',
        dependencies: { 'code-server': CODE_SERVER_VERSION },
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
  const nodedir = localNodeDir();
  if (nodedir && !env.npm_config_nodedir) env.npm_config_nodedir = nodedir;
  else if (!nodedir && !env.npm_config_nodedir) {
    log(`[code-server] note: no Node headers next to ${process.execPath}; node-gyp will try to download them from nodejs.org`);
  }
  await run('npm', ['install', '--no-package-lock', '--omit=dev', '--ignore-scripts'], { cwd: codeServerDir, env });
  const pkgDir = path.join(codeServerDir, 'node_modules', 'code-server');
  for (const nested of ['lib/vscode', 'lib/vscode/extensions']) approveNestedScripts(path.join(pkgDir, nested), log);
  await run('npm', ['rebuild'], { cwd: codeServerDir, env });

  // (XDG_* keep its first-run config file and logs out of the user's home)
  const output = capture(process.execPath, [codeServerEntry, '--version'], {
    env: { ...process.env, XDG_CONFIG_HOME: path.join(codeServerDir, '.config'), XDG_DATA_HOME: path.join(codeServerDir, '.data') },
  });
  const version = output?.split('\n').find((line) => line.startsWith(CODE_SERVER_VERSION));
  if (!version) {
    throw new Error(`code-server installed but \`code-server --version\` said: ${output ?? '(failed)'}`);
  }
  const pty = path.join(codeServerDir, 'node_modules/code-server/lib/vscode/node_modules/node-pty/build/Release/pty.node');
  if (!existsSync(pty)) throw new Error('code-server installed but node-pty was not built (see the npm output above)');
  writeFileSync(marker, CODE_SERVER_VERSION + '\n');
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
