import * as assert from 'assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { CodexLogs, codexHome } from '../../../../src/extension/agents/codex-log';

/** Finding a Codex thread's session log from the thread id its notify program reports. */
describe('Codex session logs by thread id', () => {
  let home: string;
  const ID = '019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b';
  const put = (day: string, name: string) => {
    const dir = path.join(home, 'sessions', ...day.split('/'));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), '{}\n');
    return path.join(dir, name);
  };
  beforeEach(() => (home = mkdtempSync(path.join(tmpdir(), 'cortex-codex-home-'))));
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('finds the rollout of the thread in its day folder, newest days first, and keeps it', async () => {
    put('2026/11/23', 'rollout-2026-11-23T08-00-00-11111111-2222-3333-4444-555555555555.jsonl');
    const file = put('2026/11/24', `rollout-2026-11-24T09-30-00-${ID}.jsonl`);
    const logs = new CodexLogs(() => home);
    assert.equal(await logs.find(ID), file);
    rmSync(path.join(home, 'sessions'), { recursive: true });
    assert.equal(await logs.find(ID), file, 'a found path is kept');
  });

  it('is undefined while the log is not written, and found once it is', async () => {
    const logs = new CodexLogs(() => home);
    assert.equal(await logs.find(ID), undefined);
    const file = put('2026/11/24', `rollout-2026-11-24T09-30-00-${ID}.jsonl`);
    assert.equal(await logs.find(ID), file);
  });

  it('looks in the newest seven day folders only, and never for an id that is not one', async () => {
    put('2026/10/01', `rollout-2026-10-01T09-30-00-${ID}.jsonl`);
    for (let d = 10; d < 18; d++) put(`2026/11/${d}`, 'rollout-x-other.jsonl');
    const logs = new CodexLogs(() => home);
    assert.equal(await logs.find(ID), undefined);
    assert.equal(await logs.find('../../etc/passwd'), undefined);
  });

  it("Codex's home: $CODEX_HOME (with ~), else ~/.codex", () => {
    assert.equal(codexHome({ CODEX_HOME: '/srv/codex' }), '/srv/codex');
    assert.ok(codexHome({ CODEX_HOME: '~/work-codex' }).endsWith(`${path.sep}work-codex`));
    assert.ok(codexHome({}).endsWith(`${path.sep}.codex`));
  });

  it("an agent's own HOME: its ~/.codex, and its ~ in $CODEX_HOME", () => {
    assert.equal(codexHome({ HOME: '/scratch/agent' }), path.join('/scratch/agent', '.codex'));
    assert.equal(codexHome({ HOME: '/scratch/agent', CODEX_HOME: '~/work-codex' }), path.join('/scratch/agent', 'work-codex'));
    assert.equal(codexHome({ HOME: '/scratch/agent', CODEX_HOME: '/srv/codex' }), '/srv/codex');
  });
});
