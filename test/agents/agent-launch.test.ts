import * as assert from 'assert';
import { ChildProcess, spawn } from 'child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import * as path from 'path';
import { hookShellCommand, launchLine } from '../../src/core/agents/launch-command';
import { LaunchProfile } from '../../src/core/agents/launch-profile';
import { parseRunState } from '../../src/core/agents/run-state';
import { CortexCommand } from '../../src/core/mcp-wiring/launch';
import { PROTOCOL_TEMPLATE_DIR, ProtocolContext, ProtocolRuntime, loadProtocolTemplates, planProtocolFiles } from '../../src/core/protocol-file/protocol';
import { parseTranscript } from '../../src/core/transcripts/read-transcript';
import { waitFor } from '../harness/wait-for';
import { AGENT, BIN, CLI, ROOT, assertClisInstalled, scratchTeam } from './scratch-team';

/**
 * The real agent CLIs accept what the dashboard starts them with and run the state
 * hooks Generate Protocol File installs:
 *
 * - the launch command lines' options are the CLIs' own (`--help`), and Codex loads
 *   the `-c notify=[…]` the line gives it (a wrong type is refused, naming `notify`);
 * - Claude Code and Gemini CLI, started on a prompt in a project with the files
 *   `planProtocolFiles` writes, call `cortex-team hook` from their hooks, which records
 *   their turn state in the team folder. No model answers here (no network, no key):
 *   Claude Code's turn ends at once on the login error (its StopFailure hook), and its -p session with it, Gemini
 *   CLI's BeforeAgent hook runs before its first model request, and the test stops it
 *   there. Claude Code's session log, written meanwhile, is read by our parser.
 */

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

describe('real agent CLIs accept the launch command lines and run the state hooks', function () {
  this.timeout(120000);
  let root: string;
  let team: string;
  let project: string;
  let home: string;
  const cortex: CortexCommand = { kind: 'node', cliPath: CLI };
  const children: ChildProcess[] = [];

  before(assertClisInstalled);

  beforeEach(() => {
    ({ root, team, project, home } = scratchTeam('cortex-launch-'));
  });

  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.pid) process.kill(-c.pid, 'SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  const env = () => ({
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
    HOME: home,
    DISABLE_AUTOUPDATER: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    GEMINI_TELEMETRY_ENABLED: 'false',
    NO_COLOR: '1',
  });

  /** Starts a CLI in the project with the scratch HOME (its own process group, so the test can end it). */
  function start(name: string, args: readonly string[], extraEnv: Record<string, string> = {}): { child: ChildProcess; done: Promise<Run> } {
    const child = spawn(path.join(BIN, name), args, { cwd: project, env: { ...env(), ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    children.push(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const done = new Promise<Run>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    return { child, done };
  }
  const run = (name: string, args: readonly string[]) => start(name, args).done;

  /** Writes what Generate Protocol File writes for `runtime`, state hooks included. */
  async function generate(runtime: ProtocolRuntime): Promise<void> {
    const templates = await loadProtocolTemplates(async (name) => readFileSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR, name), 'utf8'));
    const ctx: ProtocolContext = {
      agentName: 'Billing Dev',
      agentSlug: AGENT,
      teamDir: team,
      project,
      heartbeatMinutes: 10,
      staleAfterMinutes: 20,
      dailyBriefing: '09:00',
      dailyReview: '18:00',
      stateHooks: { claudeCode: hookShellCommand(cortex, team, AGENT, 'claude-code'), gemini: hookShellCommand(cortex, team, AGENT, 'gemini') },
    };
    for (const plan of planProtocolFiles(runtime, 'worker', ctx, templates, () => undefined)) {
      const file = path.join(project, plan.path);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, plan.after, { mode: plan.path.endsWith('.sh') ? 0o755 : 0o644 });
    }
  }

  /** The newest report of any session of the agent (one file per session under .cortex/run/<slug>/). */
  const state = () => {
    const dir = path.join(team, '.cortex', 'run', AGENT);
    if (!existsSync(dir)) return null;
    const states = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => parseRunState(readFileSync(path.join(dir, f), 'utf8'), AGENT))
      .filter((s) => s !== null);
    return states.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0] ?? null;
  };
  const line = (cli: LaunchProfile['cli']) =>
    launchLine({ cli, command: null, args: [], env: {}, worktree: null, heartbeat: null }, { slug: AGENT, teamDir: team, cortex, firstPrompt: 'Cortex: you are Billing Dev.' });

  it("the launch lines' options are the CLIs' own", async () => {
    const claude = await run('claude', ['--help']);
    assert.match(claude.stdout, /Usage: claude \[options\] \[command\] \[prompt\]/);
    const gemini = await run('gemini', ['--help']);
    assert.deepStrictEqual(line('gemini').args.slice(0, 1), ['--prompt-interactive']);
    assert.match(gemini.stdout + gemini.stderr, /-i, --prompt-interactive\s+Execute the provided prompt and continue in interactive mode/);
    const codex = await run('codex', ['--help']);
    assert.match(codex.stdout, /Usage: codex \[OPTIONS\] \[PROMPT\]/);
    assert.match(codex.stdout, /-c, --config <key=value>/);
  });

  it('Codex loads the notify program the launch line gives it; a wrong type is refused, naming notify', async () => {
    const codex = line('codex');
    assert.strictEqual(codex.args[0], '-c');
    assert.match(codex.args[1], /^notify=\["node", ".*cli\.js", "hook", "--team", ".*", "--agent", "billing-dev", "--source", "codex"\]$/);
    const ok = await run('codex', [codex.args[0], codex.args[1], 'mcp', 'list']);
    assert.strictEqual(ok.code, 0, ok.stderr);
    const bad = await run('codex', ['-c', 'notify=5', 'mcp', 'list']);
    assert.strictEqual(bad.code, 1);
    assert.match(bad.stderr, /invalid type: integer `5`, expected a sequence\s+in `notify`/);
  });

  it("Claude Code runs the state hooks from .claude/settings.json: the turn's end is recorded, with its session log, which our parser reads", async () => {
    await generate('claude-code');
    const settings = JSON.parse(readFileSync(path.join(project, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, unknown[]> };
    assert.deepStrictEqual(Object.keys(settings.hooks), ['UserPromptSubmit', 'PermissionRequest', 'Notification', 'Stop', 'StopFailure', 'SessionEnd']);
    assert.strictEqual(settings.hooks.UserPromptSubmit.length, 2, 'the idle check and the state hook');
    const r = await run('claude', ['-p', 'Cortex: you are Billing Dev. Start your session.']);
    assert.match(r.stdout + r.stderr, /Not logged in/);
    // The turn ends on the login error (StopFailure), then the -p session (SessionEnd, whose hook Claude Code may
    // still be running when it exits): either is the last report.
    const s = await waitFor(() => (state()?.event === 'StopFailure' || state()?.event === 'SessionEnd' ? state() : null), 90_000, 'the StopFailure or SessionEnd report');
    assert.strictEqual(s.source, 'claude-code');
    assert.strictEqual(s.state, s.event === 'StopFailure' ? 'turn-finished' : 'ended');
    assert.ok(s.transcript && s.transcript.startsWith(path.join(home, '.claude', 'projects')), s.transcript ?? 'no transcript');
    const log = parseTranscript('claude-code', readFileSync(s.transcript, 'utf8'));
    assert.strictEqual(log.session, s.session);
    assert.deepStrictEqual(
      log.actions.filter((a) => a.kind === 'prompt').map((a) => a.text),
      ['Cortex: you are Billing Dev. Start your session.'],
    );
    assert.strictEqual(log.unreadable, 0);
  });

  it('Gemini CLI runs the state hooks from .gemini/settings.json: its turn start is recorded before any model request', async () => {
    await generate('gemini');
    const settings = JSON.parse(readFileSync(path.join(project, '.gemini', 'settings.json'), 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ name: string; command: string }> }>> };
    assert.deepStrictEqual(Object.keys(settings.hooks), ['BeforeAgent', 'Notification', 'AfterAgent', 'SessionEnd']);
    assert.strictEqual(settings.hooks.BeforeAgent[0].hooks[0].name, 'cortex-state');
    // Project hooks run only in a trusted folder.
    mkdirSync(path.join(home, '.gemini'), { recursive: true });
    writeFileSync(path.join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [project]: 'TRUST_FOLDER' }));
    start('gemini', ['-p', 'Cortex: you are Billing Dev. Start your session.'], { GEMINI_API_KEY: 'not-a-key' });
    const s = await waitFor(() => (state()?.event === 'BeforeAgent' ? state() : null), 90_000, 'the BeforeAgent report');
    assert.strictEqual(s.source, 'gemini');
    assert.strictEqual(s.state, 'working');
    assert.ok(s.transcript && s.transcript.startsWith(path.join(home, '.gemini', 'tmp')), s.transcript ?? 'no transcript');
  });
});
