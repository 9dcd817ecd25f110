// What a person does before running a real agent CLI from the Team view, done for a
// scratch team: an agent whose note names its CLI (`launch: claude` / `launch: gemini`),
// its project wired by our own generators (what Generate Protocol File → Write puts
// there: the protocol file, the state hooks, the MCP server with its tools allowed, and
// the trust step in the home folder), and the CLI's own first-run answers in that home
// (offline-agents.md): Claude Code's onboarding and API-key approval, Gemini CLI's auth
// type. The model is a scripted server on loopback; the terminal reaches it through the
// environment code-server gives its terminals (`agentEnvironment`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { hookShellCommand } from '../../src/core/agents/launch-command';
import { cortexLaunch, type CortexCommand } from '../../src/core/mcp-wiring/launch';
import { planAgentTrust, planMcpWiring } from '../../src/core/mcp-wiring/plan';
import { PROTOCOL_TEMPLATE_DIR, loadProtocolTemplates, planProtocolFiles, type ProtocolContext, type ProtocolRuntime } from '../../src/core/protocol-file/protocol';
import { agentCliBin } from '../harness/agent-cli';
import { repoRoot } from '../harness/paths';

/** The key the CLIs send to the scripted servers (any text; Claude Code asks about a key it has not seen approved). */
export const SCRIPTED_KEY = 'sk-ant-scripted-e2e-0123456789abcdefghij';

export interface RealAgent {
  readonly slug: string;
  readonly name: string;
  /** `launch:` in its note, as a person writes it. */
  readonly launch: 'claude' | 'gemini';
  readonly runtime: ProtocolRuntime;
  /** Its project folder (under the scratch home). */
  readonly project: string;
}

export function realAgent(slug: string, name: string, launch: 'claude' | 'gemini', home: string): RealAgent {
  return { slug, name, launch, runtime: launch === 'claude' ? 'claude-code' : 'gemini', project: path.join(home, 'Projects', slug) };
}

/** Fails at once, naming the install step, when the pinned CLIs are missing. */
export function assertAgentClis(): void {
  for (const name of ['claude', 'gemini']) {
    if (!existsSync(path.join(agentCliBin(repoRoot), name))) throw new Error(`${name} is not installed: run node scripts/install-agent-clis.mjs (npm test does)`);
  }
}

/**
 * The CLIs' folder (and this node's) on the terminals' PATH, as a person puts a folder
 * there for VS Code's terminals: code-server takes its environment from a login shell,
 * whose profile sets PATH again, so PATH given to code-server does not reach them.
 */
export function terminalPathSetting(): Record<string, unknown> {
  return { 'terminal.integrated.env.linux': { PATH: [agentCliBin(repoRoot), path.dirname(process.execPath), '${env:PATH}'].join(path.delimiter) } };
}

/** The environment code-server's terminals get: the scripted servers and their key, no update checks or telemetry. */
export function agentEnvironment(servers: { anthropic: string; gemini: string }): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: servers.anthropic,
    ANTHROPIC_API_KEY: SCRIPTED_KEY,
    GOOGLE_GEMINI_BASE_URL: servers.gemini,
    GEMINI_API_KEY: SCRIPTED_KEY,
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    GEMINI_TELEMETRY_ENABLED: 'false',
  };
}

/** The pinned CLIs' versions, for the test's output. */
export function agentCliVersions(): string {
  return ['claude', 'gemini']
    .map((name) => `${name} ${spawnSync(path.join(agentCliBin(repoRoot), name), ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: '/nonexistent' } }).stdout.trim()}`)
    .join(', ');
}

function writeAll(base: string, plans: readonly { path: string; after: string }[]): void {
  for (const p of plans) {
    const file = path.join(base, p.path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, p.after, { mode: p.path.endsWith('.sh') ? 0o755 : 0o644 });
  }
}

const reader = (base: string) => (rel: string) => {
  const file = path.join(base, rel);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

/** Registers the agent in the team (note and an empty queue) and wires its project and the home as Generate Protocol File does. */
export async function prepareRealAgent(agent: RealAgent, team: string, home: string, extensionDir: string, today: string): Promise<void> {
  const dir = path.join(team, 'agents', agent.slug);
  mkdirSync(dir, { recursive: true });
  mkdirSync(agent.project, { recursive: true });
  const note = ['---', `name: ${agent.name}`, `project: ${agent.project}`, 'status: active', `joined: ${today}`, `launch: ${agent.launch}`, '---', '', '## Role', `Works the queue with the real ${agent.launch} CLI, for the e2e suite.`, ''];
  writeFileSync(path.join(dir, `${agent.slug}.md`), note.join('\n'));
  writeFileSync(path.join(dir, 'tasks.md'), '');
  // The extension wires agents with the CLI bundled in the installed VSIX.
  const cortex: CortexCommand = { kind: 'node', cliPath: path.join(extensionDir, 'dist', 'cli.js') };
  const templates = await loadProtocolTemplates(async (name) => readFileSync(path.join(repoRoot, PROTOCOL_TEMPLATE_DIR, name), 'utf8'));
  const ctx: ProtocolContext = {
    agentName: agent.name,
    agentSlug: agent.slug,
    teamDir: team,
    project: agent.project,
    heartbeatMinutes: 15,
    staleAfterMinutes: 30,
    dailyBriefing: '09:00',
    dailyReview: '18:00',
    stateHooks: { claudeCode: hookShellCommand(cortex, team, agent.slug, 'claude-code'), gemini: hookShellCommand(cortex, team, agent.slug, 'gemini') },
  };
  writeAll(agent.project, planProtocolFiles(agent.runtime, 'worker', ctx, templates, reader(agent.project)));
  writeAll(agent.project, planMcpWiring(agent.runtime, cortexLaunch(cortex, team, agent.slug), reader(agent.project)));
  writeAll(home, planAgentTrust(agent.runtime, agent.project, reader(home)));
  if (agent.runtime === 'claude-code') {
    const file = path.join(home, '.claude.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...config, hasCompletedOnboarding: true, customApiKeyResponses: { approved: [SCRIPTED_KEY.slice(-20)], rejected: [] } }, null, 2));
  } else {
    const file = path.join(home, '.gemini', 'settings.json');
    const config = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(file, JSON.stringify({ ...config, security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2));
  }
}

/**
 * Registers an agent that runs as an ACP session (`launch: {cli: gemini, channel: acp}`):
 * its note names the pinned Gemini CLI by its full path (as a person does when it is not
 * on the editor's PATH) and the environment that points it at its own scripted server; the
 * home gets what Gemini CLI needs (the folder trusted, its auth type). Nothing is written
 * into the project: the Cortex MCP server reaches the agent in `session/new`.
 */
export function prepareAcpAgent(agent: { slug: string; name: string; project: string }, team: string, home: string, serverUrl: string, today: string): void {
  const dir = path.join(team, 'agents', agent.slug);
  mkdirSync(dir, { recursive: true });
  mkdirSync(agent.project, { recursive: true });
  const env = { GOOGLE_GEMINI_BASE_URL: serverUrl, GEMINI_API_KEY: SCRIPTED_KEY, GEMINI_TELEMETRY_ENABLED: 'false' };
  const launch = ['launch:', '  cli: gemini', '  channel: acp', `  command: ${JSON.stringify(path.join(agentCliBin(repoRoot), 'gemini'))}`, '  env:', ...Object.entries(env).map(([k, v]) => `    ${k}: ${JSON.stringify(v)}`)];
  const note = ['---', `name: ${agent.name}`, `project: ${agent.project}`, 'status: active', `joined: ${today}`, ...launch, '---', '', '## Role', 'Works the queue as an ACP session (the real gemini --acp), for the e2e suite.', ''];
  writeFileSync(path.join(dir, `${agent.slug}.md`), note.join('\n'));
  writeFileSync(path.join(dir, 'tasks.md'), '');
  writeAll(home, planAgentTrust('gemini', agent.project, reader(home)));
  const file = path.join(home, '.gemini', 'settings.json');
  const config = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...config, security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2));
}

/** The run ids the agent's sessions reported from its terminal (`.cortex/run/<slug>/*.json`). */
export function reportedRunIds(team: string, slug: string): string[] {
  const dir = path.join(team, '.cortex', 'run', slug);
  if (!existsSync(dir)) return [];
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { run?: string | null }).run)
    .filter((r): r is string => typeof r === 'string');
  return [...new Set(ids)];
}

/** Linux: the processes whose environment holds CORTEX_RUN_ID=<runId> (what Stop must leave none of). */
export function processesWithRunId(runId: string): number[] {
  return processesWithEnv(`CORTEX_RUN_ID=${runId}`);
}

/** Linux: the processes whose environment holds the entry `NAME=value`. */
export function processesWithEnv(wanted: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let environ = '';
    try {
      environ = readFileSync(`/proc/${name}/environ`, 'latin1');
    } catch {
      continue; // gone meanwhile, or another user's
    }
    if (environ.split('\0').includes(wanted)) found.push(Number(name));
  }
  return found;
}

/** Dispatches a task to the agent from another process, as `cortex-team dispatch` does for a person. */
export function dispatch(extensionDir: string, team: string, slug: string, title: string): void {
  const r = spawnSync(process.execPath, [path.join(extensionDir, 'dist', 'cli.js'), 'dispatch', '--team', team, '--agent', slug, '--title', title, '--body', 'For the e2e suite.'], { encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`dispatch failed (exit ${r.status}): ${r.stderr}`);
}

/** Ends a process the test started, if it still runs. */
export function endProcess(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}
