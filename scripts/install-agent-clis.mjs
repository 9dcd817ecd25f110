#!/usr/bin/env node
// Installs the real agent CLIs the `agents` test suite runs (Claude Code, Codex, Gemini
// CLI, at the versions pinned here) into .vscode-test/agent-clis/, with their own
// package.json, never into the extension's dependencies. About 1.4 GB (each ships its
// native binaries), installed once and kept: idempotent, skips when the same versions
// are there.
//
// Install scripts: Claude Code's postinstall puts its native binary (from its
// platform package) in place, so it is approved; Gemini CLI's optional native modules
// (keytar for credentials, node-pty for its shell) are not needed to read its
// configuration and list servers, so their builds are declined. npm 11 takes these
// approvals from the package.json's allowScripts.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { capture, repoRoot, run } from './lib/system.mjs';

/** Versions known to work here (see docs/agents-and-mcp.md). */
export const AGENT_CLIS = {
  claude: { package: '@anthropic-ai/claude-code', version: '2.1.197' },
  codex: { package: '@openai/codex', version: '0.169.0' },
  gemini: { package: '@google/gemini-cli', version: '0.61.0' },
};

/**
 * The Agent Client Protocol agents (issue 28): Gemini CLI speaks it itself (`gemini --acp`);
 * Claude Code and Codex through these adapters. Checked by their package.json's version, as
 * neither prints one. Codex's adapter is a native binary in a platform package: run that
 * binary directly (`acpAgentBin('codex-acp')`), as its npm launcher orphans it when killed.
 */
export const ACP_AGENTS = {
  'claude-agent-acp': { package: '@agentclientprotocol/claude-agent-acp', version: '0.101.0' },
  'codex-acp': { package: '@zed-industries/codex-acp', version: '0.16.0' },
};

export const agentClisDir = path.join(repoRoot, '.vscode-test', 'agent-clis');
const marker = path.join(agentClisDir, '.installed');

function wanted() {
  return [...Object.values(AGENT_CLIS), ...Object.values(ACP_AGENTS)]
    .map((c) => `${c.package}@${c.version}`)
    .join('\n');
}

/** The path of a CLI's command (`claude`, `codex`, `gemini`). */
export function agentCliBin(name) {
  return path.join(agentClisDir, 'node_modules', '.bin', name);
}

/** The command that starts an ACP agent: the adapter's native binary for Codex, else its bin. */
export function acpAgentBin(name) {
  if (name === 'codex-acp') return path.join(agentClisDir, 'node_modules', '@zed-industries', `codex-acp-${process.platform}-${process.arch}`, 'bin', 'codex-acp');
  return agentCliBin(name);
}

function installedVersion(pkg) {
  try {
    return JSON.parse(readFileSync(path.join(agentClisDir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

export function areAgentClisInstalled() {
  return (
    existsSync(marker) &&
    readFileSync(marker, 'utf8').trim() === wanted() &&
    Object.keys(AGENT_CLIS).every((n) => existsSync(agentCliBin(n))) &&
    Object.keys(ACP_AGENTS).every((n) => existsSync(acpAgentBin(n)))
  );
}

/** Installs the CLIs unless they are there; returns the folder. Throws with what went wrong. */
export async function ensureAgentClis({ log = console.log, force = false } = {}) {
  if (!force && areAgentClisInstalled()) return agentClisDir;
  log(`[agent-clis] installing ${[...Object.values(AGENT_CLIS), ...Object.values(ACP_AGENTS)].map((c) => `${c.package}@${c.version}`).join(', ')} into ${path.relative(repoRoot, agentClisDir)}/ (about 1.4 GB, once)`);
  rmSync(marker, { force: true });
  mkdirSync(agentClisDir, { recursive: true });
  writeFileSync(
    path.join(agentClisDir, 'package.json'),
    JSON.stringify(
      {
        name: 'cortex-team-agent-clis',
        private: true,
        description: 'the real agent CLIs the agents test suite runs; never bundled with the extension',
        dependencies: Object.fromEntries([...Object.values(AGENT_CLIS), ...Object.values(ACP_AGENTS)].map((c) => [c.package, c.version])),
        allowScripts: { '@anthropic-ai/claude-code': true, '@github/keytar': false, 'node-pty': false },
      },
      null,
      2,
    ) + '\n',
  );
  const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  await run('npm', ['install', '--no-package-lock', '--omit=dev'], { cwd: agentClisDir, env });
  for (const [name, c] of Object.entries(AGENT_CLIS)) {
    const out = capture(agentCliBin(name), ['--version'], { env: { ...process.env, HOME: path.join(agentClisDir, '.home') } });
    if (!out || !out.includes(c.version)) throw new Error(`${c.package} installed, but \`${name} --version\` said: ${out ?? '(failed)'}`);
    log(`[agent-clis] ${name}: ${out.trim().split('\n').pop()}`);
  }
  for (const [name, c] of Object.entries(ACP_AGENTS)) {
    const version = installedVersion(c.package);
    if (version !== c.version || !existsSync(acpAgentBin(name))) throw new Error(`${c.package}@${c.version} did not install: found ${version ?? 'nothing'}, ${acpAgentBin(name)} ${existsSync(acpAgentBin(name)) ? 'present' : 'missing'}`);
    log(`[agent-clis] ${name}: ${c.package}@${version}`);
  }
  rmSync(path.join(agentClisDir, '.home'), { recursive: true, force: true });
  writeFileSync(marker, wanted() + '\n');
  return agentClisDir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const force = process.argv.includes('--force');
  ensureAgentClis({ force }).then(
    (dir) => console.log(`[agent-clis] ready: ${path.relative(repoRoot, dir)}`),
    (err) => {
      console.error(`[agent-clis] ${err.message}`);
      process.exit(1);
    },
  );
}
