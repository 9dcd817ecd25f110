import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { writeOperation } from '../../../../src/core/edit/writer';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { isCortexTempName } from '../../../../src/core/fs/team-fs';
import { backgroundElapsedMinutes, cancelBackgroundOperation, completedSince, readBackgroundAgents } from '../../../../src/core/agents/background-agents';
import { VirtualClock, hooked } from '../edit/fs-hooks';

const TEXT = `{
  "agents": [
    { "agent_id": "550e8400-a", "level": 2, "role": "research", "task": "Research Zigbee mesh repeaters", "status": "done", "started": "2026-03-28T10:00:00Z", "finished": "2026-03-28T10:04:00Z", "parent_id": null, "result": "Three repeaters compared.", "notify": true },
    { "agent_id": "550e8400-b", "level": 3, "role": "support", "task": "Fetch the datasheets", "status": "running", "started": "2026-03-28T11:00:00Z", "finished": null, "parent_id": "550e8400-a", "result": null, "notify": true }
  ]
}
`;
const NOW = '2026-03-28T12:00:00.000Z';

function agents(text: string) {
  const r = readBackgroundAgents(text);
  assert.ok(r.ok);
  return r.agents;
}

describe('background agents (seed 003): records, completion, cancel', () => {
  it('reads the records, running first; a record without an id is skipped; bad JSON says so', () => {
    const a = agents(TEXT);
    assert.deepEqual(a.map((x) => [x.id, x.level, x.role, x.status, x.parentId]), [
      ['550e8400-b', 3, 'support', 'running', '550e8400-a'],
      ['550e8400-a', 2, 'research', 'done', null],
    ]);
    assert.equal(a[1].result, 'Three repeaters compared.');
    assert.deepEqual(agents('[{"role": "x"}]'), []);
    assert.equal(readBackgroundAgents('{').ok, false);
  });

  it('tells which agents completed since the last read (those asking to be notified)', () => {
    const before = agents(TEXT);
    const after = agents(TEXT.replace('"status": "running"', '"status": "done"').replace('"result": null', '"result": "Two datasheets."'));
    assert.deepEqual(completedSince(before, after).map((x) => [x.id, x.result]), [['550e8400-b', 'Two datasheets.']]);
    assert.deepEqual(completedSince(after, after), []);
    const quiet = agents(TEXT.replace(/"notify": true \}\n  \]/, '"notify": false }\n  ]').replace('"status": "running"', '"status": "failed"'));
    assert.deepEqual(completedSince(before, quiet), []);
  });

  it('cancels a running agent (status and finished, nothing else); refuses one that ended', () => {
    const op = cancelBackgroundOperation({ id: '550e8400-b', now: NOW });
    assert.equal(op.holds!(TEXT), false);
    const after = op.apply(TEXT, { exists: true }).text;
    assert.equal(after, TEXT.replace('"status": "running"', '"status": "cancelled"').replace('"finished": null', `"finished": "${NOW}"`));
    assert.equal(op.holds!(after), true);
    assert.throws(() => cancelBackgroundOperation({ id: '550e8400-a', now: NOW }).apply(TEXT, { exists: true }), /550e8400-a is done: only a running one can be cancelled/);
    assert.throws(() => cancelBackgroundOperation({ id: 'nope', now: NOW }).apply(TEXT, { exists: true }), /has no agent nope/);
  });

  it('through the one writer: the manager rewrote the file after our read (no lock): the cancel is made on its text', async () => {
    const F = 'data/background-agents.json';
    const fs = new MemoryTeamFs({ [F]: TEXT });
    const managerText = TEXT.replace('"result": "Three repeaters compared."', '"result": "Three repeaters compared, one recommended."');
    let n = 0;
    const racing = hooked(fs, {
      writeFile: async (args, call) => {
        await call();
        if (isCortexTempName(path.basename(args[0] as string)) && n++ === 0) fs.put(F, managerText);
      },
    });
    const r = await writeOperation(racing, F, cancelBackgroundOperation({ id: '550e8400-b', now: NOW }), { clock: new VirtualClock(), backoffMs: 0 });
    assert.equal(r.attempts, 2);
    const a = agents(fs.get(F)!);
    assert.equal(a.find((x) => x.id === '550e8400-a')!.result, 'Three repeaters compared, one recommended.');
    assert.equal(a.find((x) => x.id === '550e8400-b')!.status, 'cancelled');
  });
});

describe('background agents: elapsed time (seed 003 agent_status)', () => {
  const at = (iso: string) => Date.parse(iso);
  it('started to finished for an ended agent, started to now while it runs, whole minutes', () => {
    assert.strictEqual(backgroundElapsedMinutes({ status: 'done', started: '2026-03-28T10:40:00Z', finished: '2026-03-28T10:52:30Z' }, at('2026-03-29T00:00:00Z')), 12);
    assert.strictEqual(backgroundElapsedMinutes({ status: 'running', started: '2026-03-28T11:40:00Z', finished: null }, at('2026-03-28T13:45:10Z')), 125);
    assert.strictEqual(backgroundElapsedMinutes({ status: 'running', started: '2026-03-28T11:40:00Z', finished: null }, at('2026-03-28T11:00:00Z')), 0, 'a clock behind the start is no negative time');
  });
  it('nothing without a readable start, or an ended agent without a readable finish', () => {
    assert.strictEqual(backgroundElapsedMinutes({ status: 'running', started: null, finished: null }, 0), null);
    assert.strictEqual(backgroundElapsedMinutes({ status: 'failed', started: '2026-03-28T11:40:00Z', finished: null }, 0), null);
    assert.strictEqual(backgroundElapsedMinutes({ status: 'done', started: 'yesterday', finished: '2026-03-28T11:40:00Z' }, 0), null);
  });
});
