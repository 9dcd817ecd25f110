import * as assert from 'assert';
import { execFileSync, spawn } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { parseTranscript } from '../../../src/core/transcripts/read-transcript';
import { sumUsage, DEFAULT_PRICES } from '../../../src/core/transcripts/cost';
import { hostTag } from '../../../src/core/edit/process-info';
import { cliBundle } from './cli-bundle';
import { writeFiles } from '../team-folder';

/** `cortex-team hook` and `cortex-team simulate` as real processes, fed on stdin as the CLIs and a terminal feed them. */
interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(args: readonly string[], input: string, env: Record<string, string | undefined>, cwd?: string, bundle?: string): Promise<Run> {
  const cli = bundle ?? (await cliBundle());
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

/** Every file under `dir`, relative, with `/`. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
}

describe('cortex-team hook and simulate (real process)', function () {
  this.timeout(60000);
  let root: string;
  let team: string;
  let project: string;
  let env: Record<string, string | undefined>;
  /** The state of session `session` (of the only session when not given). */
  const state = (session?: string) => {
    const dir = path.join(team, '.cortex/run/ada');
    const file = session ? `${session}.json` : readdirSync(dir).filter((f) => f.endsWith('.json'))[0];
    return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
  };

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

  it('hook: an older report never replaces a newer one; events that change nothing write nothing; an unreadable payload exits 0 and writes nothing; an unknown agent exits 1', async () => {
    await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'Stop', session_id: 's1', timestamp: '2026-03-28T10:00:05Z' }), env);
    await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's1', timestamp: '2026-03-28T10:00:01Z' }), env);
    assert.equal(state().state, 'turn-finished');
    const before = readFileSync(path.join(team, '.cortex/run/ada/s1.json'), 'utf8');
    assert.equal((await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'PreToolUse', session_id: 's1' }), env)).code, 0);
    assert.equal((await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'SessionEnd' }), env)).code, 0, 'no session id: nothing recorded');
    const bad = await run(['hook', '--team', team, '--agent', 'ada'], '{"hook_event_name": "Stop"', env);
    assert.equal(bad.code, 0, 'a payload it cannot read never fails the agent');
    assert.match(bad.stderr, /the payload is not JSON; nothing recorded/);
    const nobody = await run(['hook', '--team', team, '--agent', 'nobody'], '{}', env);
    assert.equal(nobody.code, 1);
    assert.match(nobody.stderr, /no agent "nobody"/);
    assert.equal((await run(['hook', '--team', team, '--agent', '../ada'], '{}', env)).code, 1, 'no path outside agents/');
    assert.equal(readFileSync(path.join(team, '.cortex/run/ada/s1.json'), 'utf8'), before);
    assert.deepEqual(readdirSync(path.join(team, '.cortex/run')).sort(), ['.gitignore', 'ada']);
    assert.deepEqual(readdirSync(path.join(team, '.cortex/run/ada')), ['s1.json']);
  });

  it('hook: writes nothing outside .cortex/run/, whatever the event', async () => {
    const snapshot = () => listFiles(team).filter((f) => !f.startsWith('.cortex/run/')).map((f) => [f, readFileSync(path.join(team, f), 'utf8')]);
    const outside = snapshot();
    const session = { session_id: 's1', transcript_path: path.join(root, 's1.jsonl') };
    for (const event of ['UserPromptSubmit', 'PermissionRequest', 'Notification', 'Stop', 'StopFailure', 'SessionEnd', 'PreToolUse']) {
      const r = await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ ...session, hook_event_name: event, prompt: 'Cortex tick: go', message: 'May I?' }), env);
      assert.equal(r.code, 0, `${event}: ${r.stderr}`);
    }
    assert.equal((await run(['hook', '--team', team, '--agent', 'ada', '--source', 'codex', JSON.stringify({ type: 'agent-turn-complete', 'thread-id': 't1' })], '', env)).code, 0);
    assert.deepEqual(snapshot(), outside);
    assert.deepEqual(readdirSync(path.join(team, '.cortex/run/ada')).sort(), ['s1.json', 't1.json'], 'no temp file left');
  });

  it("hook: never waits for a lock another writer holds on the state file or the agent's files", async () => {
    // Locks as a live Cortex writer holds them (this test process's pid): a hook that
    // waited for one would wait for ever here (CORTEX_TEAM_LOCK_WAIT_MS is ten minutes).
    const held = `${process.pid} ${hostTag()} test-nonce\n`;
    writeFiles(team, { '.cortex/run/ada/.s1.json.cortex-lock.tmp': held, 'agents/ada/.tasks.md.cortex-lock.tmp': held });
    const r = await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's1', prompt: 'Cortex tick: go' }), { ...env, CORTEX_TEAM_LOCK_WAIT_MS: '600000' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(state('s1').state, 'working');
    assert.equal(readFileSync(path.join(team, '.cortex/run/ada/.s1.json.cortex-lock.tmp'), 'utf8'), held, "the other writer's lock is left alone");
  });

  it('hook: the verb through cli.js and the small bundle beside it (hook.js, what the wiring runs) record the same', async () => {
    const payload = JSON.stringify({ hook_event_name: 'Stop', session_id: 's1', timestamp: '2026-03-28T10:00:05Z', last_assistant_message: 'Done.' });
    assert.equal((await run(['hook', '--team', team, '--agent', 'ada'], payload, env)).code, 0);
    const viaCli = readFileSync(path.join(team, '.cortex/run/ada/s1.json'), 'utf8');
    rmSync(path.join(team, '.cortex'), { recursive: true });
    const hookJs = path.join(path.dirname(await cliBundle()), 'hook.js');
    const r = await run(['hook', '--team', team, '--agent', 'ada'], payload, env, undefined, hookJs);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(path.join(team, '.cortex/run/ada/s1.json'), 'utf8'), viaCli);
    const help = await run(['hook', '--help'], '', env, undefined, hookJs);
    assert.match(help.stdout, /cortex-team hook --agent SLUG/);
  });

  it('hook: a tick the idle check drops (no work) starts no turn', async () => {
    writeFileSync(path.join(team, 'agents/ada/tasks.md'), '## Old\n**Status:** done\n');
    const r = await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'UserPromptSubmit', prompt: 'Cortex tick: check tasks.md' }), env);
    assert.equal(r.code, 0);
    assert.equal(existsSync(path.join(team, '.cortex/run/ada')), false);
  });

  it("hook: the session's run id from --run, else CORTEX_RUN_ID (what the dashboard's terminal has)", async () => {
    await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'Stop', session_id: 's1' }), { ...env, CORTEX_RUN_ID: 'run-7' });
    assert.equal(state('s1').run, 'run-7');
    await run(['hook', '--team', team, '--agent', 'ada', '--source', 'codex', '--run', 'run-8', JSON.stringify({ type: 'agent-turn-complete', 'thread-id': 't1' })], '', env);
    assert.equal(state('t1').run, 'run-8');
    await run(['hook', '--team', team, '--agent', 'ada'], JSON.stringify({ hook_event_name: 'SessionEnd', session_id: 'other' }), env);
    assert.equal(state('other').run, null, 'a session run outside the dashboard');
    await run(['hook', '--team', team, '--agent', 'ada', '--source', 'gemini'], JSON.stringify({ hook_event_name: 'AfterAgent', session_id: 'g1' }), { ...env, GEMINI_CLI_CORTEX_RUN_ID: 'run-9' });
    assert.equal(state('g1').run, 'run-9', "Gemini CLI's hooks in a redacted environment");
    assert.equal(state('s1').state, 'turn-finished');
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

  it("simulate in a git repository: commits each task's file alone, the message naming the task with a Cortex-Task line; what the person staged stays staged", async () => {
    const g = (...args: string[]) => execFileSync('git', args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...gitEnv } });
    const gitEnv = { GIT_AUTHOR_NAME: 'Stand In', GIT_AUTHOR_EMAIL: 'stand-in@example.com', GIT_COMMITTER_NAME: 'Stand In', GIT_COMMITTER_EMAIL: 'stand-in@example.com', GIT_CONFIG_NOSYSTEM: '1' };
    g('init', '--quiet');
    writeFileSync(path.join(project, 'mine.txt'), 'staged by the person\n');
    g('add', 'mine.txt');
    const r = await run(['simulate', '--team', team, '--agent', 'ada', '--speed', '100', '--transcripts', path.join(root, 'logs'), '--prompt', 'Cortex: start'], 'yes\n/exit\n', { ...env, ...gitEnv }, project);
    assert.equal(r.code, 0, r.stderr);
    const log = g('log', '--format=%s%n%b%n--', '--name-only');
    assert.match(log, /Number the invoices\nWritten by the Cortex stand-in agent\.\n\nCortex-Task: ada\/Number the invoices\n/);
    assert.match(log, /Cortex-Task: ada\/Ask first \[ask\]\n/);
    assert.deepEqual(g('log', '--format=', '--name-only').trim().split('\n').filter(Boolean).sort(), ['cortex-simulate/ask-first-ask.md', 'cortex-simulate/number-the-invoices.md']);
    assert.equal(g('diff', '--cached', '--name-only').trim(), 'mine.txt', "the person's staged file is still staged, not committed");
    const tasks = readFileSync(path.join(team, 'agents/ada/tasks.md'), 'utf8');
    assert.match(tasks, /### Summary\nStand-in run by cortex-team simulate: wrote cortex-simulate\/number-the-invoices\.md in .*, committed as [0-9a-f]{7,}\./);
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
