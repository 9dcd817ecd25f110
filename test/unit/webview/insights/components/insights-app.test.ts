// The insights page's components in a DOM (Preact + jsdom), fed with state messages
// built by the real model from a real team (task files in memory) and a fixed clock:
// the four charts with their titles, axis labels and text alternatives, bars and
// points where the figures say, tooltips by mouse and keyboard, liveness as icon and
// word, the notes, Refresh, the per-agent rows remembered as UI state, text as text.
import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { MemoryTeamFs } from '../../../../../src/core/fs/memory-fs';
import { TeamIndex } from '../../../../../src/core/team/team-index';
import { instantOfWall, parseStamp } from '../../../../../src/base/time';
import { DEFAULT_PRICES } from '../../../../../src/core/transcripts/cost';
import { UsageRecord } from '../../../../../src/core/transcripts/transcript';
import { buildInsightsState } from '../../../../../src/views/insights/insights-view-state';
import { InsightsHostMessage, InsightsState } from '../../../../../src/views/insights/common/messages';
import { createActions } from '../../../../../webview/insights/actions';
import { InsightsClient } from '../../../../../webview/insights/client';
import { InsightsApp } from '../../../../../webview/insights/components/insights-app';
import { note, task, tasks } from '../../../team-fixture';
import { installDom, removeDom } from '../../dom';
import { RecordingApi } from '../../host-api';

const NOW = parseStamp('2026-03-28T12:00')!;

const done = (title: string, s: string, c: string) => task(title, 'done', [`**Started:** ${s}`, `**Completed:** ${c}`]);

async function exampleState(history: InsightsState['history']['status'] = 'notRepository', usage?: Record<string, UsageRecord[]>): Promise<InsightsState> {
  const team = await new TeamIndex(
    new MemoryTeamFs({
      'agents/ada/ada.md': note('Ada <b>Lovelace</b>'),
      'agents/ada/tasks.md': tasks(
        [
          done('One', '2026-03-27T09:00', '2026-03-27T10:00'),
          done('Two', '2026-03-27T11:00', '2026-03-27T14:00'),
          done('Three', '2026-03-20T09:00', '2026-03-20T09:30'),
          task('Now', 'in-progress', ['**Started:** 2026-03-28T10:00']),
          task('Next', 'ready'),
        ],
        '2026-03-28T11:50',
      ),
      'agents/bob/bob.md': note('Bob'),
      'agents/bob/tasks.md': tasks([task('Waiting', 'ready'), task('No start', 'done', ['**Completed:** 2026-03-26T10:00'])], '2026-03-28T08:00'),
      'agents/cy/cy.md': note('Cy', { status: 'inactive' }),
      'agents/cy/tasks.md': tasks([]),
    }),
  ).load();
  return buildInsightsState({
    status: 'ready',
    team,
    header: { name: 'larkspur', path: '~/larkspur' },
    message: null,
    now: NOW,
    staleAfterMinutes: 30,
    history: { status: history, detail: history === 'unavailable' ? 'git is not installed (or not on PATH)' : null, readAt: NOW, data: null },
    usage: usage && { recordsOf: (slug) => usage[slug] ?? [], prices: DEFAULT_PRICES },
  });
}

/** A model request at a wall-clock stamp of the machine's zone. */
const request = (stamp: string, model: string, input: number, output = 0): UsageRecord => ({ at: instantOfWall(parseStamp(stamp)!), model, usage: { input, output, cacheRead: 0, cacheWrite: 0 } });

describe('Team Insights (Preact components in a DOM)', () => {
  let root: HTMLElement;
  let version = 0;

  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
  });
  afterEach(() => render(null, root));

  const mount = (state: InsightsState | undefined, uiState?: unknown) => {
    const api = new RecordingApi(uiState);
    const actions = createActions(api);
    const client = new InsightsClient();
    act(() => {
      if (state) client.receive({ type: 'state', version: ++version, state });
      render(h(InsightsApp, { client, actions }), root);
    });
    const send = (s: InsightsState) => act(() => client.receive({ type: 'state', version: ++version, state: s } as InsightsHostMessage));
    return { api, client, send };
  };
  const q = (sel: string) => root.querySelector<HTMLElement>(sel);
  const all = (sel: string) => Array.from(root.querySelectorAll<HTMLElement>(sel));
  const key = (el: Element, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })));

  it('shows a loading line before the first state', () => {
    mount(undefined);
    assert.match(root.textContent!, /Loading team insights/);
  });

  it('draws four titled charts with axis titles and a text alternative each', async () => {
    mount(await exampleState());
    assert.equal(q('header.page-header.insights-header h1.page-title .page-name')!.textContent, 'Team Insights', 'the one page header');
    assert.deepEqual(all('.chart-title').map((e) => e.textContent), ['Tasks done per day', 'Queue length over time', 'Cycle time', 'Time since last tick']);
    for (const id of ['done', 'queue', 'cycle', 'ticks']) {
      const table = q(`[data-table="${id}"]`)!;
      assert.ok(table.parentElement!.classList.contains('visually-hidden'), id); // hidden by its box: a table is never narrower than its rows
      assert.ok(table.querySelector('caption')!.textContent!.length > 20, id);
      assert.ok(q(`[data-plot="${id}"]`)!.getAttribute('aria-label')!.length > 20, id);
      assert.ok(q(`[data-chart="${id}"] .axis-title`), `${id} has an axis title`);
    }
    assert.equal(all('[data-table="done"] tbody tr').length, 14);
    assert.deepEqual(all('[data-table="done"] thead th').map((e) => e.textContent), ['Day', 'Team', 'Ada <b>Lovelace</b>', 'Bob', 'Cy']);
  });

  it('done per day: a bar per day with tasks, small multiples per agent', async () => {
    mount(await exampleState());
    const bars = all('[data-plot="done"] rect.bar');
    assert.deepEqual(bars.map((b) => [b.dataset.day, b.dataset.value]), [['2026-03-20', '1'], ['2026-03-26', '1'], ['2026-03-27', '2']]);
    const h27 = Number(bars[2].getAttribute('height'));
    const h20 = Number(bars[0].getAttribute('height'));
    assert.ok(Math.abs(h27 - 2 * h20) < 0.01, 'heights in proportion');
    assert.deepEqual(all('.multiple').map((m) => [m.dataset.agent, m.querySelector('.multiple-total')!.textContent]), [['ada', '3'], ['bob', '1'], ['cy', '0']]);
    assert.equal(q('[data-plot="done"]')!.getAttribute('aria-label'), 'Tasks done per day over the last 14 days: 4 in total, most on Mar 27 (2).');
  });

  it('cycle time: the team first, median bars and p90 words, agents without times named', async () => {
    mount(await exampleState());
    const rows = all('[data-plot="cycle"] .row[data-row]');
    assert.deepEqual(rows.map((r) => r.dataset.row), [':team', 'ada']);
    assert.match(rows[0].getAttribute('aria-label')!, /^Team: median 1 h · p90 2 h 36 min · 3 tasks$/);
    assert.equal(rows[1].querySelector('.row-value')!.textContent, '1 h · p90 2 h 36 min');
    assert.match(q('[data-chart="cycle"] .legend')!.textContent!, /No done tasks with both times: Bob, Cy/);
    assert.match(all('.notes li').map((l) => l.textContent).join('\n'), /1 done task has no readable Started/);
  });

  it('queue: in-progress from Started/Completed, ready only today without history, and says so', async () => {
    mount(await exampleState());
    const rows = all('[data-table="queue"] tbody tr').map((r) => Array.from(r.children).map((c) => c.textContent));
    assert.deepEqual(rows[13], ['2026-03-28', '2', '1', '3']);
    assert.deepEqual(rows[12], ['2026-03-27', 'unknown', '1', 'unknown'], 'Two ran 11:00–14:00, so at 12:00');
    assert.equal(all('[data-plot="queue"] circle.series-ready').length, 1);
    assert.equal(all('[data-plot="queue"] circle.series-progress').length, 14);
    assert.match(q('.legend')!.parentElement!.textContent!, /./);
    assert.match(q('[data-chart="queue"] .legend')!.textContent!, /Ready \(where known\)/);
    assert.match(q('.notes')!.textContent!, /not a git repository/);
    assert.equal(q('.source')!.textContent, 'Files only (not a git repository)');
  });

  it('ticks: a row per agent with liveness as icon and word, a bar coloured by liveness, never-ticked drawn as such', async () => {
    mount(await exampleState());
    const rows = all('[data-plot="ticks"] .row[data-row]');
    assert.deepEqual(
      rows.map((r) => [r.dataset.row, r.querySelector('.liveness-word')!.textContent, r.querySelector('.row-value')!.textContent]),
      [['ada', 'alive', '10 min ago'], ['bob', 'down', '4 h ago'], ['cy', 'inactive', 'never ticked']],
    );
    assert.ok(rows[1].querySelector('.codicon-error'), 'down has its icon');
    assert.ok(rows[1].querySelector('rect.liveness-fill-down'));
    assert.ok(rows[2].querySelector('line.never') && !rows[2].querySelector('rect.bar'));
    assert.equal(all('[data-plot="ticks"] line.threshold').length, 3);
  });

  it('tooltips: hover a day, or move with the arrow keys; Escape hides', async () => {
    mount(await exampleState());
    const tip = () => q('#done-tip')!;
    assert.ok(!tip().classList.contains('visible'));
    act(() => void all('[data-plot="done"] rect.hit')[13].dispatchEvent(new MouseEvent('mouseover', { bubbles: true })));
    act(() => void all('[data-plot="done"] rect.hit')[12].dispatchEvent(new MouseEvent('mouseenter', { bubbles: false })));
    assert.match(tip().textContent!, /^Mar 27: 2 tasks done \(Ada <b>Lovelace<\/b> 2\)$/);
    const plot = q('[data-plot="done"]')!;
    key(plot, 'End');
    assert.match(tip().textContent!, /^Mar 28: 0 tasks done$/);
    key(plot, 'ArrowLeft');
    assert.match(tip().textContent!, /^Mar 27/);
    key(plot, 'Home');
    assert.match(tip().textContent!, /^Mar 15/);
    key(plot, 'Escape');
    assert.ok(!tip().classList.contains('visible'));
    assert.equal(tip().getAttribute('role'), 'status');
    const ticks = q('[data-plot="ticks"]')!;
    key(ticks, 'ArrowDown');
    assert.match(q('#ticks-tip')!.textContent!, /^Ada <b>Lovelace<\/b>: last tick 2026-03-28 11:50, 10 min ago · alive/);
    assert.equal(ticks.getAttribute('aria-activedescendant'), 'ticks-row-0');
    key(ticks, 'ArrowDown');
    assert.match(q('#ticks-tip')!.textContent!, /^Bob: .*down/);
  });

  it('Refresh asks the host to read git again; the per-agent rows fold and stay folded', async () => {
    const { api } = mount(await exampleState());
    act(() => q('.insights-header .button')!.click());
    assert.deepEqual(api.ofType('refresh'), [{ type: 'refresh' }]);
    act(() => q('.multiples .link-button')!.click());
    assert.equal(all('.multiple').length, 0);
    assert.deepEqual(api.getState(), { showAgents: false });
    render(null, root);
    mount(await exampleState(), api.getState());
    assert.equal(all('.multiple').length, 0);
  });

  it('while git is read, Refresh waits; when git is unavailable the note says why', async () => {
    const { send } = mount(await exampleState('reading'));
    assert.ok((q('.insights-header .button') as HTMLButtonElement).disabled);
    send(await exampleState('unavailable'));
    assert.ok(!(q('.insights-header .button') as HTMLButtonElement).disabled);
    assert.match(q('.notes')!.textContent!, /git is not installed/);
  });

  it('renders names as text, never as HTML', async () => {
    mount(await exampleState());
    assert.equal(root.querySelector('b'), null);
    assert.match(root.textContent!, /Ada <b>Lovelace<\/b>/);
  });

  it('without a team folder, says so and draws nothing', () => {
    mount({
      status: 'noTeam',
      team: null,
      message: 'No team folder found.',
      insights: null,
      history: { status: 'reading', detail: null, readAt: null },
      notes: [],
      staleAfterMinutes: 30,
      usage: null,
    });
    assert.match(q('.message')!.textContent!, /No team folder found/);
    assert.equal(all('.chart-card').length, 0);
  });

  it('tokens and cost per day: a column per day with requests, dollars on the axis, a row per agent with its cost, unpriced models noted', async () => {
    mount(
      await exampleState('notRepository', {
        ada: [request('2026-03-27T09:00', 'claude-sonnet-4-5', 100_000, 10_000), request('2026-03-27T15:00', 'claude-sonnet-4-5', 100_000, 10_000), request('2026-03-28T11:00', 'mystery-1', 50_000)],
      }),
    );
    assert.equal(all('.chart-title').pop()!.textContent, 'Tokens and cost per day');
    const bars = all('[data-plot="usage"] rect.bar');
    assert.deepEqual(bars.map((b) => b.dataset.day), ['2026-03-27', '2026-03-28']);
    assert.equal(Number(bars[0].dataset.value).toFixed(2), '0.90');
    assert.ok(all('[data-plot="usage"] .tick-label').some((t) => t.textContent === '$1'), 'the axis reads in dollars');
    assert.equal(q('[data-plot="usage"]')!.getAttribute('aria-label'), 'Tokens and cost per day over the last 14 days: 270k tokens, about $0.90 (some tokens without a price).');
    assert.deepEqual(all('.usage-agent').map((m) => [m.dataset.agent, m.querySelector('.usage-total')!.textContent]), [['ada', '$0.90']]);
    assert.match(root.textContent!, /Tokens of mystery-1 have no price/);
    assert.equal(all('[data-table="usage"] tbody tr').length, 14);
  });

  it('tokens and cost per day: says so when no session log had requests, and is absent where none are read', async () => {
    mount(await exampleState('notRepository', {}));
    assert.match(q('[data-chart="usage"]')!.textContent!, /No model requests yet/);
    assert.equal(all('[data-plot="usage"]').length, 0);
    render(null, root);
    mount(await exampleState());
    assert.equal(all('[data-chart="usage"]').length, 0);
  });
});
