// The idle check script (templates/protocol/cortex-precheck.sh) run with sh, as Claude
// Code runs it: the UserPromptSubmit input as JSON on stdin, the decision in the exit
// code (0 lets the prompt through, 2 drops it and shows stderr to the person).
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeTeamFs } from '../../../../src/core/fs/node-fs';
import { dispatchTask } from '../../../../src/core/ops/dispatch';
import { PROTOCOL_TEMPLATE_DIR, PROTOCOL_TEMPLATE_FILES, ProtocolContext, renderHookScript } from '../../../../src/core/protocol-file/protocol';

const ROOT = path.resolve(__dirname, '../../../../..');
const template = readFileSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR, PROTOCOL_TEMPLATE_FILES.hookScript), 'utf8');

function input(prompt: string, pretty = false): string {
  const value = { session_id: 's1', transcript_path: '/tmp/t.jsonl', cwd: '/p', hook_event_name: 'UserPromptSubmit', prompt };
  return pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

const TICK = 'Cortex tick: check the task file for work and continue, following .cortex.md';

describe('Claude Code idle check script (cortex-precheck.sh, run with sh)', function () {
  this.timeout(20_000);
  let dir: string;
  let tasks: string;
  let script: string;

  before(() => {
    // A team folder with a space and a quote in its path, as the script must quote it.
    dir = mkdtempSync(path.join(os.tmpdir(), "cortex-hook o'k "));
    const ctx: ProtocolContext = {
      agentName: 'Billing Dev',
      agentSlug: 'billing-dev',
      teamDir: path.join(dir, 'team'),
      project: path.join(dir, 'project'),
      heartbeatMinutes: 15,
      staleAfterMinutes: 30,
      dailyBriefing: '09:00',
      dailyReview: '18:00',
    };
    tasks = path.join(ctx.teamDir, 'agents', 'billing-dev', 'tasks.md');
    mkdirSync(path.dirname(tasks), { recursive: true });
    script = path.join(ctx.project, '.claude', 'hooks', 'cortex-precheck.sh');
    mkdirSync(path.dirname(script), { recursive: true });
    writeFileSync(script, renderHookScript({ worker: '', coordinator: '', claudeSection: '', hookScript: template }, ctx));
    chmodSync(script, 0o755);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function run(stdin: string, viaSh = true): { code: number | null; stderr: string; stdout: string } {
    const r = viaSh ? spawnSync('sh', [script], { input: stdin, encoding: 'utf8' }) : spawnSync(script, [], { input: stdin, encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr, stdout: r.stdout };
  }

  const idle = '## Fix the build\n**Status:** done\n**Started:** 2026-03-28T10:15\n**Completed:** 2026-03-28T11:00\n\n<!-- cortex:last-tick 2026-03-28T11:00 -->\n';

  it('passes a tick while a task is ready', () => {
    writeFileSync(tasks, '## Add the webhook\n**Status:** ready\n\nDo it.\n');
    assert.deepStrictEqual(run(input(TICK)), { code: 0, stderr: '', stdout: '' });
  });

  it('passes a tick while a task is in progress (CRLF file)', () => {
    writeFileSync(tasks, '## Add the webhook\r\n**Status:** in-progress\r\n**Started:** 2026-03-28T10:15\r\n');
    assert.strictEqual(run(input(TICK)).code, 0);
  });

  it('skips a tick when every task is done: exit 2, the reason on stderr, nothing on stdout', () => {
    writeFileSync(tasks, idle);
    const r = run(input(TICK));
    assert.strictEqual(r.code, 2);
    assert.strictEqual(r.stdout, '');
    assert.strictEqual(r.stderr, `Cortex: idle tick skipped, no ready or in-progress task in ${tasks}\n`);
  });

  it('skips a tick for an empty task file, and for pretty-printed input', () => {
    writeFileSync(tasks, '');
    assert.strictEqual(run(input(TICK)).code, 2);
    assert.strictEqual(run(input(TICK, true)).code, 2);
  });

  it('reads only a status line at column 1, spelled exactly: others do not count as work', () => {
    writeFileSync(tasks, '## A\n  **Status:** ready\n## B\n**status:** ready\n## C\n**Status:**  in-progress\n## D\n**Status:** done\n');
    assert.strictEqual(run(input(TICK)).code, 2);
  });

  it('sees a task dispatched through the writer (with its id marker) as work, and the marker alone as none', async () => {
    writeFileSync(tasks, idle);
    const fs = new NodeTeamFs(path.dirname(path.dirname(path.dirname(tasks))));
    const r = await dispatchTask(fs, 'agents/billing-dev/tasks.md', { title: 'Ship it', body: 'Soon.' });
    assert.match(readFileSync(tasks, 'utf8'), new RegExp(`<!-- cortex-team:id ${r.id} -->`));
    assert.strictEqual(run(input(TICK)).code, 0, 'a dispatched task is work');
    writeFileSync(tasks, readFileSync(tasks, 'utf8').replace('## Ship it\n**Status:** ready', '## Ship it\n**Status:** done'));
    assert.strictEqual(run(input(TICK)).code, 2, 'the marker of a finished task is not');
  });

  it('always passes any other prompt, even when idle', () => {
    writeFileSync(tasks, idle);
    for (const prompt of [
      'Please fix the failing test',
      'cortex tick: lower case is a person typing',
      ' Cortex tick: with a leading space',
      'Tell me about "Cortex tick:" prompts',
      'A pasted line: {"prompt": "Cortex tick: x"}',
      'x\n"prompt":"Cortex tick: on a second line',
      '',
    ]) {
      assert.strictEqual(run(input(prompt)).code, 0, JSON.stringify(prompt));
    }
  });

  it('passes when the input is not the expected JSON', () => {
    writeFileSync(tasks, idle);
    assert.strictEqual(run('').code, 0);
    assert.strictEqual(run('Cortex tick: not JSON').code, 0);
    assert.strictEqual(run('{"other": "Cortex tick: x"}').code, 0);
  });

  it('passes a tick when the task file is missing', () => {
    rmSync(tasks, { force: true });
    assert.deepStrictEqual(run(input(TICK)), { code: 0, stderr: '', stdout: '' });
  });

  it('runs directly (its #!/bin/sh line, executable) as Claude Code calls it', function () {
    if (process.platform === 'win32') this.skip();
    writeFileSync(tasks, idle);
    assert.strictEqual(run(input(TICK), false).code, 2);
    writeFileSync(tasks, '## X\n**Status:** ready\n');
    assert.strictEqual(run(input(TICK), false).code, 0);
  });
});
