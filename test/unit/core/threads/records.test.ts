import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { findAbortMarkers } from '../../../../src/core/threads/abort';
import { candidateRoots, locateThreadFiles } from '../../../../src/core/threads/locate';
import { artifactLocation, readThreadRecords, sortThreads, threadKind } from '../../../../src/core/threads/records';
import { exampleTeamDir } from '../../../harness/paths';

describe('threads: threads.json records', () => {
  it('reads the example: a running, a completed and an aborted thread', () => {
    const r = readThreadRecords(readFileSync(path.join(exampleTeamDir, '.cortex/data/threads.json'), 'utf8'));
    assert.ok(r.ok);
    assert.deepStrictEqual(r.threads.map((t) => [t.id, t.status, t.templateName, t.steps.length]), [
      ['thr_3f9a12c4', 'running', 'coder-review', 2],
      ['thr_7b21e0d5', 'completed', 'research-critique', 4],
      ['thr_c04d88e1', 'aborted', 'coder-review', 4],
    ]);
    assert.strictEqual(r.threads[2].abortReason, 'the migration drops data in the legacy invoices table');
    assert.deepStrictEqual(r.threads[0].steps[1], { agent: 'coder', stage: 'implement', costUsd: 1.18, durationMs: 412000, status: 'completed', output: null });
  });

  it('accepts a list, {threads: [...]}, or an object by id; skips records it cannot use; wrong types read as absent', () => {
    const one = { id: 'thr_1', status: 'waiting', steps: [{ agent: 'a', cost: 0.5, duration: 10 }, 'junk'] };
    for (const text of [JSON.stringify([one, 42]), JSON.stringify({ threads: [one, 42] })]) {
      const r = readThreadRecords(text);
      assert.ok(r.ok);
      assert.strictEqual(r.skipped, 1);
      assert.deepStrictEqual(r.threads[0].steps, [{ agent: 'a', stage: null, costUsd: 0.5, durationMs: 10, status: null, output: null }]);
      assert.strictEqual(r.threads[0].totalCostUsd, 0.5, 'summed from the steps when not recorded');
    }
    const byId = readThreadRecords(JSON.stringify({ thr_2: { status: 7, templateName: ['x'] } }));
    assert.ok(byId.ok);
    assert.deepStrictEqual([byId.threads[0].id, byId.threads[0].status, byId.threads[0].templateName], ['thr_2', 'unknown', null]);
    assert.deepStrictEqual(readThreadRecords(''), { ok: true, threads: [], skipped: 0 });
  });

  it("reads each step's output as recorded (a non-string reads as absent)", () => {
    const r = readThreadRecords(JSON.stringify([{ id: 'thr_1', status: 'completed', steps: [{ agent: 'planner', output: 'Plan:\n1. read\n2. write' }, { agent: 'coder', output: 42 }] }]));
    assert.ok(r.ok);
    assert.deepStrictEqual(r.threads[0].steps.map((x) => x.output), ['Plan:\n1. read\n2. write', null]);
  });

  it('the three kinds of record: a template thread, a default thread ("default"), an auto thread (null)', () => {
    assert.deepStrictEqual([threadKind('coder-review'), threadKind('default'), threadKind(null)], ['template', 'default', 'auto']);
  });

  it('says what is wrong with a file it cannot read', () => {
    const r = readThreadRecords('[{"id": "x",}]');
    assert.ok(!r.ok);
    assert.match(r.message, /not valid JSON: A trailing comma/);
    assert.ok(!readThreadRecords('"text"').ok);
  });

  it('running and waiting threads first, then the newest', () => {
    const r = readThreadRecords(JSON.stringify([
      { id: 'a', status: 'completed', createdAt: '2026-03-02' },
      { id: 'b', status: 'running', createdAt: '2026-03-01' },
      { id: 'c', status: 'failed', createdAt: '2026-03-03' },
    ]));
    assert.ok(r.ok);
    assert.deepStrictEqual(sortThreads(r.threads).map((t) => t.id), ['b', 'c', 'a']);
  });

  it('artifact paths: absolute stay, relative resolve against the data root, else the workspace\'s artifact.md', () => {
    assert.strictEqual(artifactLocation({ artifactPath: '/tmp/x/artifact.md', workspacePath: null }, '/home/u/.cortex'), '/tmp/x/artifact.md');
    assert.strictEqual(artifactLocation({ artifactPath: 'tmp/threads/t/artifact.md', workspacePath: null }, '/home/u/.cortex/'), '/home/u/.cortex/tmp/threads/t/artifact.md');
    assert.strictEqual(artifactLocation({ artifactPath: null, workspacePath: 'tmp/threads/t/' }, '/r'), '/r/tmp/threads/t/artifact.md');
    assert.strictEqual(artifactLocation({ artifactPath: 'C:\\c\\artifact.md', workspacePath: null }, '/r'), 'C:/c/artifact.md');
    assert.strictEqual(artifactLocation({ artifactPath: null, workspacePath: null }, '/r'), null);
  });
});

describe('threads: [ABORT] markers', () => {
  it('finds bare and reasoned markers', () => {
    assert.deepStrictEqual(findAbortMarkers('ok\n[ABORT]\nthen [ABORT: data loss] and [ABORTED] [abort]'), [
      { offset: 3, text: '[ABORT]', reason: null },
      { offset: 16, text: '[ABORT: data loss]', reason: 'data loss' },
    ]);
  });
});

describe('threads: locating the files', () => {
  const exists = (present: string[]) => async (p: string) => present.includes(p);
  const base = { homeDir: '/home/u', teamDir: '/team', templatesSetting: '', threadsSetting: '' };

  it('$CORTEX_HOME replaces ~/.cortex; the team folder\'s .cortex comes after', () => {
    assert.deepStrictEqual(candidateRoots({ ...base, cortexHome: '/ch' }).map((c) => c.root), ['/ch', '/team/.cortex']);
    assert.deepStrictEqual(candidateRoots({ ...base, cortexHome: undefined }).map((c) => c.root), ['/home/u/.cortex', '/team/.cortex']);
  });

  it('takes the first root that has either file', async () => {
    const found = await locateThreadFiles({ ...base, cortexHome: undefined, exists: exists(['/team/.cortex/data/threads.json']) });
    assert.deepStrictEqual(found, {
      root: '/team/.cortex',
      templatesFile: '/team/.cortex/config/thread-templates.json',
      threadsFile: '/team/.cortex/data/threads.json',
      promptsDir: '/team/.cortex/config/prompts',
      source: 'team',
    });
    const home = await locateThreadFiles({ ...base, cortexHome: undefined, exists: exists(['/home/u/.cortex/config/thread-templates.json', '/team/.cortex/data/threads.json']) });
    assert.strictEqual(home?.source, 'home');
    assert.strictEqual(await locateThreadFiles({ ...base, cortexHome: undefined, exists: exists([]) }), undefined);
  });

  it('the settings override each file', async () => {
    const s = await locateThreadFiles({ ...base, cortexHome: undefined, templatesSetting: '/x/config/thread-templates.json', threadsSetting: '', exists: exists([]) });
    assert.deepStrictEqual(s, { root: '/x', templatesFile: '/x/config/thread-templates.json', threadsFile: '/x/data/threads.json', promptsDir: '/x/config/prompts', source: 'setting' });
    const t = await locateThreadFiles({ ...base, cortexHome: undefined, threadsSetting: '/y/data/t.json', exists: exists(['/team/.cortex/config/thread-templates.json']) });
    assert.deepStrictEqual([t?.templatesFile, t?.threadsFile], ['/team/.cortex/config/thread-templates.json', '/y/data/t.json']);
  });
});
