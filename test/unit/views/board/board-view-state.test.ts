import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { reassignTask } from '../../../../src/core/ops/reassign';
import { moveText } from '../../../../src/core/ops/move';
import { reorderText } from '../../../../src/core/ops/reorder';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { BoardModel, CARDS_PER_MESSAGE, firstLine, lanesToSend, oneLine, toCard } from '../../../../src/views/board/board-view-state';
import { planDrop, targetForSlot } from '../../../../src/views/board/common/drop';
import { applyPlan } from '../../../../src/views/board/common/optimistic';
import { BoardCard, checkBoardHostMessage, checkBoardWebviewMessage } from '../../../../src/views/board/common/messages';
import { NOW, fixtureFiles, note, task, tasks } from '../../team-fixture';
import { TeamIndex } from '../../../../src/core/team/team-index';
import { snapshotOf } from './board-fixture';
import { readThreadRecords, threadsByTask } from '../../../../src/core/threads/records';

function cardsOf(text: string, file = 'agents/a/tasks.md'): BoardCard[] {
  return parseTaskFile(text, file).tasks.map((t, i) => toCard(t, i));
}

describe('Task board model (host side)', () => {
  it('makes one lane per agent, the coordinator first, then by name, with liveness and counts', async () => {
    const s = await snapshotOf();
    assert.deepEqual(s.agents.map((a) => a.slug), ['chief-of-staff', 'billing-dev', 'dash-dev', 'docs', 'qa']);
    const billing = s.agents.find((a) => a.slug === 'billing-dev')!;
    assert.equal(billing.liveness, 'alive');
    assert.deepEqual(billing.counts, [2, 1, 1, 0]);
    assert.equal(s.agents.find((a) => a.slug === 'dash-dev')!.liveness, 'down');
    assert.equal(s.agents[0].coordinator, true);
    assert.deepEqual(s.header.projects, ['billing', 'dashboard']);
    assert.deepEqual(s.cards('billing-dev').map((c) => [c.index, c.title, c.status]), [
      [0, 'Old work', 'done'],
      [1, 'Webhook endpoint', 'in-progress'],
      [2, 'Retry emails', 'ready'],
      [3, 'Credit notes', 'ready'],
    ]);
  });

  it('keeps a lane\'s cards and revision while its tasks are unchanged, and makes new ones when they change', async () => {
    const files = fixtureFiles();
    const fs = new MemoryTeamFs(files);
    const index = new TeamIndex(fs);
    const model = new BoardModel();
    const input = { status: 'ready' as const, header: null, message: null, trusted: true, now: NOW, staleAfterMinutes: 30 };
    const one = model.build({ ...input, team: await index.load() });
    const two = model.build({ ...input, team: index.team });
    assert.equal(one.cards('billing-dev'), two.cards('billing-dev'), 'same array');
    assert.deepEqual(one.agents.map((a) => a.rev), two.agents.map((a) => a.rev));
    fs.put('agents/billing-dev/tasks.md', tasks([task('Only one', 'ready')], '2026-03-28T11:58'));
    const three = model.build({ ...input, team: await index.update(['agents/billing-dev/tasks.md']) });
    const rev = (s: typeof one, slug: string) => s.agents.find((a) => a.slug === slug)!.rev;
    assert.notEqual(rev(three, 'billing-dev'), rev(one, 'billing-dev'));
    assert.equal(rev(three, 'dash-dev'), rev(one, 'dash-dev'));
    assert.deepEqual(three.cards('billing-dev').map((c) => c.title), ['Only one']);
  });

  it('a card shows the thread its task launched (metadata.scheduleTaskId); a thread that changes rebuilds only its lane', async () => {
    const files = fixtureFiles();
    files['agents/billing-dev/tasks.md'] = '## Thread thr_0a1b2c3d: refunds\n**Status:** ready\n\nRun it.\n\n<!-- cortex-team:id 3f9a2c4b7e01 -->\n';
    const team = await new TeamIndex(new MemoryTeamFs(files)).load();
    const model = new BoardModel();
    const input = { status: 'ready' as const, header: null, message: null, trusted: true, now: NOW, staleAfterMinutes: 30, team };
    const none = model.build(input);
    assert.equal(none.cards('billing-dev')[0].thread, null);
    const record = (status: string) => ({ id: 'thr_0a1b2c3d', status, createdAt: '2026-03-28T12:00:00.000Z', metadata: { scheduleTaskId: '3f9a2c4b7e01' } });
    const read = (status: string) => {
      const r = readThreadRecords(JSON.stringify([record(status)]));
      assert.ok(r.ok);
      return threadsByTask(r.threads);
    };
    const waiting = model.build({ ...input, threads: read('waiting') });
    assert.deepEqual(waiting.cards('billing-dev')[0].thread, { id: 'thr_0a1b2c3d', status: 'waiting' });
    const rev = (s: typeof none, slug: string) => s.agents.find((a) => a.slug === slug)!.rev;
    assert.notEqual(rev(waiting, 'billing-dev'), rev(none, 'billing-dev'));
    assert.equal(rev(waiting, 'dash-dev'), rev(none, 'dash-dev'));
    const done = model.build({ ...input, threads: read('completed') });
    assert.deepEqual(done.cards('billing-dev')[0].thread, { id: 'thr_0a1b2c3d', status: 'completed' });
    assert.equal(checkBoardHostMessage({ type: 'state', version: 1, base: null, header: done.header, agents: done.agents, lanes: [{ slug: 'billing-dev', cards: done.cards('billing-dev') }] }).ok, true);
  });

  it('sends the lanes a page lacks a few thousand cards at a time, and then only changed lanes', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) {
      files[`agents/a${i}/a${i}.md`] = note(`A${i}`);
      files[`agents/a${i}/tasks.md`] = tasks(Array.from({ length: 500 }, (_, k) => task(`T${k}`, 'ready')));
    }
    const s = await snapshotOf(files);
    const first = lanesToSend(s.agents, s.cards, undefined);
    assert.equal(first.lanes.length, Math.ceil(CARDS_PER_MESSAGE / 500), 'up to the budget');
    assert.ok(first.more);
    const second = lanesToSend(s.agents, s.cards, first.revs, 100_000);
    assert.equal(second.lanes.length, 12 - first.lanes.length);
    assert.equal(second.more, false);
    assert.equal(lanesToSend(s.agents, s.cards, second.revs).lanes.length, 0, 'nothing changed: nothing to send');
    const changed = new Map(second.revs);
    changed.set('a3', -1);
    assert.deepEqual(lanesToSend(s.agents, s.cards, changed, 0).lanes.map((l) => l.slug), ['a3'], 'a changed lane goes even with no budget left');
    assert.equal(lanesToSend(s.agents, s.cards, undefined, 0).lanes.length, 1, 'a message carries at least one lane');
  });

  it('shows the body\'s first line and the summary as plain text', () => {
    assert.equal(firstLine('\n\n- [ ] **Check** the `retry` queue\n- more'), 'Check the retry queue');
    assert.equal(firstLine('A paragraph wrapped\nat 80 columns.\n\nSecond paragraph.'), 'A paragraph wrapped at 80 columns.');
    assert.equal(firstLine('```\ncode\n```\nafter'), 'code');
    assert.equal(firstLine(''), '');
    assert.equal(firstLine('x'.repeat(500)).length, 120);
    assert.equal(oneLine('Line one.\n\n- line two\n### Note\nthree'), 'Line one. line two Note three');
  });

  it("gives each lane its run buttons' facts when the dashboard runs agents, and none otherwise", async () => {
    const team = await new TeamIndex(new MemoryTeamFs(fixtureFiles())).load();
    const input = { status: 'ready' as const, team, header: null, message: null, trusted: true, now: NOW, staleAfterMinutes: 30 };
    assert.ok(new BoardModel().build(input).agents.every((a) => a.run === null));
    const runs = new BoardModel().build({ ...input, run: (a) => (a.slug === 'billing-dev' ? { live: true, session: false, profile: 'Codex · codex', channel: 'terminal' as const } : { live: false, session: false, profile: null, channel: 'terminal' as const }) });
    assert.deepEqual(runs.agents.find((a) => a.slug === 'billing-dev')!.run, { live: true, session: false, profile: 'Codex · codex', channel: 'terminal' });
    assert.deepEqual(runs.agents.find((a) => a.slug === 'docs')!.run, { live: false, session: false, profile: null, channel: 'terminal' });
    assert.equal(checkBoardHostMessage({ type: 'state', version: 1, base: null, header: runs.header, agents: runs.agents, lanes: [] }).ok, true);
    assert.equal(checkBoardWebviewMessage({ type: 'startAgent', agent: 'billing-dev' }).ok, true);
    assert.equal(checkBoardWebviewMessage({ type: 'stopAgent', agent: '../x' }).ok, false);
  });
});

describe('Task board optimistic updates match the core operations', () => {
  // Random queues; a random drop within the ready column or to another column; the
  // board's guess must list the same titles with the same statuses as the file the
  // core writes.
  const titles = fc.uniqueArray(fc.stringMatching(/^[A-Z][a-z]{1,6}$/), { minLength: 2, maxLength: 8 });
  const statuses = fc.constantFrom('ready', 'ready', 'ready', 'in-progress', 'done');

  it('reorder: same order as reorderText', () => {
    fc.assert(
      fc.property(titles, fc.array(statuses, { minLength: 8, maxLength: 8 }), fc.nat(), fc.nat(), (names, st, pick, slot) => {
        const text = tasks(names.map((n, i) => task(n, st[i])));
        const cards = cardsOf(text);
        const ready = cards.filter((c) => c.status === 'ready');
        if (ready.length < 2) return;
        const moving = ready[pick % ready.length];
        const target = targetForSlot('a', 'ready', ready, slot % (ready.length + 1), { agent: 'a', ...moving });
        const plan = planDrop({ agent: 'a', ...moving }, target);
        if (plan.kind !== 'reorder') return;
        const guess = applyPlan(new Map([['a', cards]]), { agent: 'a', ...moving }, plan, '2026-03-28T12:00').get('a')!;
        const ref = String(moving.index + 1);
        const anchor = String(plan.anchor.index + 1);
        const written = reorderText(text, 'tasks.md', plan.place === 'before' ? { ref, before: anchor } : { ref, after: anchor }).text;
        assert.deepEqual(guess.map((c) => c.title), cardsOf(written).map((c) => c.title));
        assert.deepEqual(guess.map((c) => c.index), guess.map((_, i) => i), 'indexes are positions again');
      }),
    );
  });

  it('move: same statuses and times as moveText', () => {
    fc.assert(
      fc.property(titles, fc.array(statuses, { minLength: 8, maxLength: 8 }), fc.nat(), fc.constantFrom('in-progress' as const, 'done' as const), (names, st, pick, to) => {
        const text = tasks(names.map((n, i) => task(n, st[i])));
        const cards = cardsOf(text);
        const movable = cards.filter((c) => c.status === 'ready' || (c.status === 'in-progress' && to === 'done'));
        if (movable.length === 0) return;
        const moving = movable[pick % movable.length];
        const plan = planDrop({ agent: 'a', ...moving }, { agent: 'a', column: to, anchor: null, place: 'before' });
        assert.equal(plan.kind, 'move');
        const now = '2026-03-28T12:34';
        const guess = applyPlan(new Map([['a', cards]]), { agent: 'a', ...moving }, plan, now).get('a')!;
        const written = cardsOf(moveText(text, 'tasks.md', { ref: String(moving.index + 1), to, now, outOfOrder: true }).text);
        assert.deepEqual(
          guess.map((c) => [c.title, c.status, c.started, c.completed]),
          written.map((c) => [c.title, c.status, c.started, c.completed]),
        );
      }),
    );
  });

  it('reassign: the task leaves one lane and ends the other, as reassignTask writes it', async () => {
    const files = { 'agents/a/tasks.md': tasks([task('One', 'ready'), task('Two', 'ready'), task('Three', 'done')]), 'agents/b/tasks.md': tasks([task('Other', 'ready')], '2026-03-28T11:00') };
    const lanesBefore = new Map([
      ['a', cardsOf(files['agents/a/tasks.md'])],
      ['b', cardsOf(files['agents/b/tasks.md'])],
    ]);
    const moving = lanesBefore.get('a')![0];
    const guess = applyPlan(lanesBefore, { agent: 'a', ...moving }, { kind: 'reassign', to: 'b' }, '2026-03-28T12:00');
    const fs = new MemoryTeamFs(files);
    await reassignTask(fs, 'agents/a/tasks.md', 'agents/b/tasks.md', 'One');
    const after = async (p: string) => cardsOf(new TextDecoder().decode(await fs.readFile(p)));
    assert.deepEqual(guess.get('a')!.map((c) => [c.index, c.title]), (await after('agents/a/tasks.md')).map((c) => [c.index, c.title]));
    assert.deepEqual(guess.get('b')!.map((c) => [c.index, c.title]), (await after('agents/b/tasks.md')).map((c) => [c.index, c.title]));
  });

  it('leaves the lanes alone when the card is gone or the move means nothing', () => {
    const cards = new Map([['a', [card0('One', 'done')]]]);
    assert.equal(applyPlan(cards, { agent: 'a', index: 0, title: 'One', status: 'done' }, { kind: 'move', to: 'in-progress' }, 'x'), cards);
    assert.equal(applyPlan(cards, { agent: 'a', index: 0, title: 'Gone', status: 'ready' }, { kind: 'move', to: 'done' }, 'x'), cards);
    assert.equal(applyPlan(cards, { agent: 'z', index: 0, title: 'One', status: 'done' }, { kind: 'move', to: 'done' }, 'x'), cards);
  });
});

function card0(title: string, status: string): BoardCard {
  return { index: 0, title, status, started: null, completed: null, text: '', summary: null, line: 1, review: null, thread: null };
}
