import * as assert from 'assert';
import { spawn } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { parseTranscript } from '../../../src/core/transcripts';
import { sumUsage, DEFAULT_PRICES } from '../../../src/core/transcripts/cost';
import { cliBundle } from './cli-bundle';
import { writeFiles } from '../team-folder';

/** `cortex-team hook` and `cortex-team simulate` as real processes, fed on stdin as the CLIs and a terminal feed them. */
interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(args: readonly string[], input: string, env: Record<string, string | undefined>, cwd?: string): Promise<Run> {
  const cli = await cliBundle();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('cortex-team hook and simulate (real process)', function () {
  this.timeout(60000);
  let root: string;
  let team: string;
  let project: string;
  let env: Record<string, string | undefined>;
  const state = () => JSON.parse(readFileSync(path.join(team, '.cortex/run/ada.json'), 'utf8')) as Record<string, unknown>;

  before(async () => {
    await cliBundle();
  });
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'cortex-run-verbs-'));
    team = path.join(root, 'team');
    project = path.join(root, 'project');
    mkdirSync(project);
    writeFiles(team, {
      'agents/ada/ada.md': `---\nname: Ada Lovelace\nproject: ${project}\n---\n## Role\nBackend.\n`,
      'agents/ada/tasks.md': '## Number the invoices\n**Status:** ready\n\nAt finalisation.\n\n## Ask first [ask]\n**Status:** ready\n\nNeeds a yes.\n',
    });
    mkdirSync(path.join(root, 'home'));
    env = { PATH: process.env.PATH, HOME: path.join(root, 'home'), TZ: process.env.TZ };
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('hook: a Claude Code payload on stdin becomes the state file, with a .gitignore beside it', async () => {
    const r = await run(['hook', '--team', team, '--agent', 'ada', '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'Notification', session_id: 's1', message: 'Claude needs your permission to use Bash' }), env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    assert.equal(state().state, 'needs-input');
    assert.equal(state().message, 'Claude needs your permission to use Bash');
    assert.equal(state().session, 's1');
    assert.match(readFileSync(path.join(team, '.cortex/run/.gitignore'), 'utf8'), /^\*$/m);
  });

  it("hook: Codex's notify payload as the last argument", async () => {
    const r = await run(['hook', '--team', team, '--agent', 'ada', '--source', 'codex', JSON.stringify({ type: 'agent-turn-complete', 'thread-id': 't1', 'last-assistant-message': 'Done.' })], '', env);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(state().state, 'turn-finished');
    assert.equal(state().source, 'codex');
  });

  it('hook: an older report never replaces a newer one; events that change nothing write nothing; bad input exits 1 and writes nothing', async () => {
    await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'Stop', timestamp: '2026-03-28T10:00:05Z' }), env);
    await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'UserPromptSubmit', timestamp: '2026-03-28T10:00:01Z' }), env);
    assert.equal(state().state, 'turn-finished');
    const before = readFileSync(path.join(team, '.cortex/run/ada.json'), 'utf8');
    assert.equal((await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'PreToolUse' }), env)).code, 0);
    const bad = await run(['hook', '--team', team, '--agent', 'ada'], '{"hook_event_name": "Stop"', env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /the payload is not JSON; nothing recorded/);
    assert.equal((await run(['hook', '--team', team, '--agent', 'nobody'], '{}', env)).code, 1);
    assert.equal(readFileSync(path.join(team, '.cortex/run/ada.json'), 'utf8'), before);
    assert.equal(existsSync(path.join(team, '.cortex/run/nobody.json')), false);
  });

  it('hook: a tick the idle check drops (no work) starts no turn', async () => {
    writeFileSync(path.join(team, 'agents/ada/tasks.md'), '## Old\n**Status:** done\n');
    const r = await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'UserPromptSubmit', prompt: 'Cortex tick: check tasks.md' }), env);
    assert.equal(r.code, 0);
    assert.equal(existsSync(path.join(team, '.cortex/run/ada.json')), false);
  });

  it('simulate: does the ready tasks, asks before an [ask] task, reports its turns, and writes a Claude Code session log with tokens', async () => {
    const transcripts = path.join(root, 'logs');
    const r = await run(['simulate', '--team', team, '--agent', 'ada', '--speed', '100', '--transcripts', transcripts, '--prompt', 'Cortex: start'], 'yes\n/exit\n', env, project);
    assert.equal(r.code, 0, r.stderr);
    const tasks = readFileSync(path.join(team, 'agents/ada/tasks.md'), 'utf8');
    assert.match(tasks, /## Number the invoices\n\*\*Status:\*\* done\n\*\*Started:\*\* \S+\n\*\*Completed:\*\* \S+/);
    assert.match(tasks, /## Ask first \[ask\]\n\*\*Status:\*\* done/);
    assert.match(tasks, /### Summary\nStand-in run by cortex-team simulate: wrote cortex-simulate\/number-the-invoices\.md/);
    assert.match(r.stdout, /\? Finish "Ask first \[ask\]"\?/);
    assert.ok(existsSync(path.join(project, 'cortex-simulate', 'number-the-invoices.md')));
    assert.equal(state().state, 'ended');
    const dir = path.join(transcripts, project.replace(/[^a-zA-Z0-9]/g, '-'));
    const [log] = readdirSync(dir);
    const t = parseTranscript('claude-code', readFileSync(path.join(dir, log), 'utf8'));
    assert.equal(t.pending, false);
    assert.equal(t.unreadable, 0);
    assert.deepEqual(t.unknown, {});
    assert.equal(t.model, 'claude-sonnet-4-5');
    assert.ok(t.actions.some((a) => a.kind === 'edit' && a.text === 'Write cortex-simulate/number-the-invoices.md'));
    assert.ok(t.actions.some((a) => a.kind === 'prompt' && a.text === 'yes'));
    const sum = sumUsage(t.usage, DEFAULT_PRICES);
    assert.ok(sum.requests > 5 && sum.cost > 0 && sum.unpriced.length === 0, JSON.stringify(sum));
  });

  it('simulate: a tick with no work is skipped as the idle check would; a bad speed is refused', async () => {
    writeFileSync(path.join(team, 'agents/ada/tasks.md'), '');
    const r = await run(['simulate', '--team', team, '--agent', 'ada', '--speed', '100', '--transcripts', path.join(root, 'logs')], 'Cortex tick: go\n', env, project);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /idle tick skipped/);
    assert.equal(state().state, 'ended');
    const bad = await run(['simulate', '--team', team, '--agent', 'ada', '--speed', 'fast'], '', env, project);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--speed should be a number above 0, not "fast"/);
  });
});
