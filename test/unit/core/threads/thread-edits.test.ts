import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { writeOperation } from '../../../../src/core/edit/writer';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { isCortexTempName } from '../../../../src/core/fs/team-fs';
import { ThreadRecord, readThreadRecords } from '../../../../src/core/threads/records';
import { awaitsAddedAgent } from '../../../../src/core/threads/pickup';
import { StartThreadInput, addThreadAgentOperation, cancelThreadOperation, newThreadId, startThreadOperation } from '../../../../src/core/threads/thread-edits';
import { exampleTeamDir } from '../../../harness/paths';
import { VirtualClock, hooked } from '../edit/fs-hooks';

const EXAMPLE = readFileSync(path.join(exampleTeamDir, '.cortex/data/threads.json'), 'utf8');
const NOW = '2026-03-28T12:00:00.000Z';
const START: StartThreadInput = {
  id: 'thr_0a1b2c3d',
  templateName: 'coder-review',
  userMessage: 'Add refunds to the Stripe webhook',
  entryAgent: 'planner',
  entryStage: null,
  persistSession: false,
  metadata: { scheduleTaskId: '3f9a2c4b7e01', trigger: 'dashboard', teamAgent: 'billing-dev' },
  now: NOW,
};

function records(text: string): readonly ThreadRecord[] {
  const r = readThreadRecords(text);
  assert.ok(r.ok, 'still readable');
  return r.threads;
}

function raw(text: string, id: string): Record<string, unknown> {
  const v = JSON.parse(text) as unknown;
  const list = Array.isArray(v) ? v : Object.values((v as { threads?: unknown }).threads ?? (v as object));
  return (list as Array<Record<string, unknown>>).find((r) => r.id === id)!;
}

describe('threads: the dashboard writes to threads.json', () => {
  it('makes thread ids as the thread server does', () => {
    assert.match(newThreadId(), /^thr_[0-9a-f]{8}$/);
    assert.throws(() => startThreadOperation({ ...START, id: 'thread-1' }), CortexInputError);
  });

  it('starts a thread: a running record (as the engine makes one whose first step is next; waiting is for user input) after the last one, laid out like them, every other byte kept', () => {
    const after = startThreadOperation(START).apply(EXAMPLE, { exists: true }).text;
    const end = EXAMPLE.lastIndexOf('}') + 1;
    assert.strictEqual(after.slice(0, end), EXAMPLE.slice(0, end));
    assert.strictEqual(after.slice(after.length - (EXAMPLE.length - end)), EXAMPLE.slice(end));
    assert.match(after.slice(end), /^,\n  \{\n    "id": "thr_0a1b2c3d",\n    "status": "running",/);
    const t = records(after).find((r) => r.id === START.id)!;
    assert.deepStrictEqual([t.status, t.templateName, t.activeAgent, t.artifactPath, t.createdAt], ['running', 'coder-review', 'planner', 'tmp/threads/thr_0a1b2c3d/artifact.md', NOW]);
    const r = raw(after, START.id);
    assert.deepStrictEqual(r.metadata, START.metadata);
    assert.deepStrictEqual(r.agents, { planner: { status: 'idle', persistSession: false } });
    assert.deepStrictEqual([r.steps, r.iterationCounts, r.totalCostUsd], [[], {}, 0]);
  });

  it('starts a thread in a missing file, and in a file of records keyed by id', () => {
    const fresh = startThreadOperation(START).apply('', { exists: false }).text;
    assert.deepStrictEqual(records(fresh).map((t) => t.id), [START.id]);
    const keyed = '{\n  "threads": {\n    "thr_11111111": { "id": "thr_11111111", "status": "running" }\n  }\n}\n';
    const after = startThreadOperation(START).apply(keyed, { exists: true }).text;
    assert.deepStrictEqual(records(after).map((t) => t.id), ['thr_11111111', START.id]);
    assert.ok(after.startsWith('{\n  "threads": {\n    "thr_11111111": { "id": "thr_11111111", "status": "running" },\n    "thr_0a1b2c3d": {'), after);
  });

  it('refuses bad JSON and a taken id, changing nothing', () => {
    assert.throws(() => startThreadOperation(START).apply('[{"id": "thr_1",]', { exists: true }), /not valid JSON.*nothing was changed/);
    const once = startThreadOperation(START).apply(EXAMPLE, { exists: true }).text;
    assert.throws(() => startThreadOperation(START).apply(once, { exists: true }), /already has a thread thr_0a1b2c3d/);
  });

  it('adds an agent to a completed thread (slot, active agent, pending message), and only to a completed or waiting one', () => {
    const op = addThreadAgentOperation({ threadId: 'thr_7b21e0d5', agent: 'reviewer', persistSession: false, message: 'Focus on security', now: NOW });
    const after = op.apply(EXAMPLE, { exists: true }).text;
    const t = records(after).find((r) => r.id === 'thr_7b21e0d5')!;
    // Running again (seed 002's `waiting` is the user's input), the added agent active and awaited.
    assert.deepStrictEqual([t.status, t.activeAgent, t.updatedAt, t.steps.length, t.addedAgent], ['running', 'reviewer', NOW, 4, { agent: 'reviewer', afterSteps: 4 }]);
    assert.strictEqual(awaitsAddedAgent(t), true);
    const r = raw(after, 'thr_7b21e0d5');
    assert.deepStrictEqual(r.agents, { reviewer: { status: 'idle', persistSession: false } });
    assert.deepStrictEqual((r.metadata as { pendingMessages: unknown }).pendingMessages, [{ agent: 'reviewer', message: 'Focus on security', at: NOW }]);
    assert.deepStrictEqual((r.metadata as { addedAgent: unknown }).addedAgent, { agent: 'reviewer', afterSteps: 4, at: NOW });
    // The other records are the same bytes.
    const first = EXAMPLE.indexOf('"id": "thr_7b21e0d5"');
    assert.strictEqual(after.slice(0, first), EXAMPLE.slice(0, first));
    const running = addThreadAgentOperation({ threadId: 'thr_3f9a12c4', agent: 'critic', persistSession: false, message: '', now: NOW });
    assert.throws(() => running.apply(EXAMPLE, { exists: true }), /thr_3f9a12c4 is running: an agent can be added only to a completed or waiting thread/);
    const missing = addThreadAgentOperation({ threadId: 'thr_deadbeef', agent: 'critic', persistSession: false, message: '', now: NOW });
    assert.throws(() => missing.apply(EXAMPLE, { exists: true }), /no thread thr_deadbeef/);
  });

  it('cancels a running thread (a started one awaiting pickup too); refuses one that has ended or waits for user input (seed 002 cancels a running thread)', () => {
    const op = cancelThreadOperation({ threadId: 'thr_3f9a12c4', now: NOW });
    assert.strictEqual(op.holds!(EXAMPLE), false);
    const after = op.apply(EXAMPLE, { exists: true }).text;
    assert.deepStrictEqual(records(after).map((t) => t.status), ['cancelled', 'completed', 'aborted']);
    assert.strictEqual(op.holds!(after), true);
    assert.strictEqual(after.replace('"status": "cancelled"', '"status": "running"').replace(`"updatedAt": "${NOW}"`, '"updatedAt": "2026-03-28T11:52:00.000Z"'), EXAMPLE);
    assert.throws(() => cancelThreadOperation({ threadId: 'thr_c04d88e1', now: NOW }).apply(EXAMPLE, { exists: true }), /already aborted; only a running thread can be cancelled/);
    const waiting = EXAMPLE.replace('"status": "running"', '"status": "waiting"');
    assert.throws(() => cancelThreadOperation({ threadId: 'thr_3f9a12c4', now: NOW }).apply(waiting, { exists: true }), /^CortexInputError: Thread thr_3f9a12c4 is waiting, not running; the thread system cancels only a running thread\. Nothing was changed\.$/);
    const started = startThreadOperation(START).apply(EXAMPLE, { exists: true }).text;
    const cancelled = cancelThreadOperation({ threadId: START.id, now: NOW }).apply(started, { exists: true }).text;
    assert.strictEqual(records(cancelled).find((r) => r.id === START.id)!.status, 'cancelled');
  });

  it('through the one writer: the thread server rewrote the file after our read (no lock), so the start is made on its text', async () => {
    const F = 'data/threads.json';
    const fs = new MemoryTeamFs({ [F]: EXAMPLE });
    // The server records a step of the running thread while our temp file is written, as a whole-file rewrite.
    const serverText = EXAMPLE.replace('"totalCostUsd": 1.6', '"totalCostUsd": 2.1');
    let n = 0;
    const racing = hooked(fs, {
      writeFile: async (args, call) => {
        await call();
        if (isCortexTempName(path.basename(args[0] as string)) && n++ === 0) fs.put(F, serverText);
      },
    });
    const r = await writeOperation(racing, F, startThreadOperation(START), { clock: new VirtualClock(), backoffMs: 0 });
    assert.strictEqual(r.attempts, 2);
    const after = fs.get(F)!;
    assert.strictEqual(records(after).find((t) => t.id === 'thr_3f9a12c4')!.totalCostUsd, 2.1, "the server's write is kept");
    assert.ok(records(after).some((t) => t.id === START.id), 'and ours is made on it');
  });
});
