// The Team view's lineage tree and Shuttle progress: the pure tree layout, the view
// model, and the Preact components in jsdom (tree mode, folding, keys, filtering).
import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { ShuttleProgress, readShuttleFile } from '../../../../src/core/parse/shuttle';
import { AgentView, TeamViewState, checkTeamViewState } from '../../../../src/views/team/common/messages';
import { TeamViewInput, buildTeamViewState } from '../../../../src/views/team/team-view-state';
import { createActions } from '../../../../webview/team/actions';
import { TeamApp } from '../../../../webview/team/components/team-app';
import { readUiState, visibleTree } from '../../../../webview/team/state';
import { treeRows } from '../../../../webview/team/tree';
import { NOW, before as minutesBefore, loadFixture, note, task, tasks } from '../../team-fixture';
import { installDom, removeDom } from '../dom';
import { RecordingApi } from '../host-api';

function lineageNote(name: string, parent: string | null, level: number | null): string {
  const base = note(name, parent ? { parent } : {});
  return level === null ? base : base.replace('joined: 2026-03-01\n', `joined: 2026-03-01\nlevel: ${level}\n`);
}

/** lead (L1) → coder (L2) → checker (L3); lead → research (L2); solo at the top; ghost's child; a cycle x ⇄ y. */
function lineageFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const add = (slug: string, name: string, parent: string | null, level: number | null, t: string[] = [task(`${name} work`, 'ready')]) => {
    files[`agents/${slug}/${slug}.md`] = lineageNote(name, parent, level);
    files[`agents/${slug}/tasks.md`] = tasks(t, minutesBefore(5));
  };
  add('chief-of-staff', 'Chief', null, 1);
  add('coder', 'Coder', 'chief-of-staff', 2);
  add('checker', 'Checker', 'coder', 3, [task('Lint the parser', 'in-progress', [`**Started:** ${minutesBefore(20)}`])]);
  add('research', 'Research', 'chief-of-staff', 2);
  add('solo', 'Solo', null, null);
  add('orphan', 'Orphan', 'ghost', null);
  add('x', 'Xavier', 'y', null);
  add('y', 'Yvonne', 'x', null);
  return files;
}

const SHUTTLE: Record<string, ShuttleProgress> = {
  coder: readShuttleFile(`## One\n**Status:** done\n## Two\n**Status:** in-progress\n## Three\n**Status:** ready\n\n<!-- shuttle:last-tick ${minutesBefore(4)} -->\n`),
  quiet: readShuttleFile(`## One\n**Status:** ready\n\n<!-- shuttle:last-tick ${minutesBefore(45)} -->\n`),
  research: readShuttleFile('## One\n**Status:** done\n'),
  solo: readShuttleFile('# nothing here yet\n'),
};

async function stateOf(more: Partial<TeamViewInput> = {}): Promise<TeamViewState> {
  return buildTeamViewState({
    status: 'ready',
    team: await loadFixture(lineageFiles()),
    header: { name: 'lineage', path: '~/lineage', source: 'workspace folder' },
    message: null,
    multipleTeams: false,
    canRegisterAgent: false,
    trusted: true,
    now: NOW,
    staleAfterMinutes: 30,
    shuttle: (slug) => SHUTTLE[slug] ?? null,
    ...more,
  });
}

const layout = (rows: ReturnType<typeof treeRows>) => rows.map((r) => `${'  '.repeat(r.depth)}${r.agent.slug}${r.expanded === null ? '' : r.expanded ? ' -' : ' +'}${r.context ? ' (context)' : ''}`);

describe('lineage: the tree layout', () => {
  it('puts children under their parent; orphans and agents without a parent at the top; a cycle once, broken at its first member', async () => {
    const state = await stateOf();
    const { rows } = visibleTree(state.agents, 'name', '', []);
    assert.deepEqual(layout(rows), ['chief-of-staff -', '  coder -', '    checker', '  research', 'orphan', 'solo', 'x -', '  y']);
    assert.deepEqual(
      rows.map((r) => [r.agent.slug, r.position, r.siblings, r.parentSlug]),
      [
        ['chief-of-staff', 1, 4, null],
        ['coder', 1, 2, 'chief-of-staff'],
        ['checker', 1, 1, 'coder'],
        ['research', 2, 2, 'chief-of-staff'],
        ['orphan', 2, 4, null],
        ['solo', 3, 4, null],
        ['x', 4, 4, null],
        ['y', 1, 1, 'x'],
      ],
    );
  });

  it('a folded agent hides its descendants; each agent still appears once', async () => {
    const state = await stateOf();
    assert.deepEqual(layout(visibleTree(state.agents, 'name', '', ['coder', 'x']).rows), ['chief-of-staff -', '  coder +', '  research', 'orphan', 'solo', 'x +']);
    assert.deepEqual(layout(visibleTree(state.agents, 'name', '', ['chief-of-staff']).rows), ['chief-of-staff +', 'orphan', 'solo', 'x -', '  y']);
  });

  it('a filter keeps the ancestors of each match (as context) and opens folded ones', async () => {
    const state = await stateOf();
    const { rows, matches } = visibleTree(state.agents, 'name', 'parser', ['chief-of-staff', 'coder']);
    assert.equal(matches, 1);
    assert.deepEqual(layout(rows), ['chief-of-staff - (context)', '  coder - (context)', '    checker']);
    assert.deepEqual(layout(visibleTree(state.agents, 'name', 'yvonne', []).rows), ['x - (context)', '  y']);
    assert.deepEqual(visibleTree(state.agents, 'name', 'no such words', []).rows, []);
  });

  it('siblings follow the sort, the coordinator first among the roots', async () => {
    const state = await stateOf();
    const ready = state.agents.map((a) => (a.slug === 'solo' ? { ...a, readyCount: 9 } : a));
    assert.deepEqual(
      visibleTree(ready, 'ready', '', ['chief-of-staff', 'x']).rows.map((r) => r.agent.slug),
      ['chief-of-staff', 'solo', 'orphan', 'x'],
    );
  });

  it('a self-parent is a root', () => {
    const a = { slug: 'me', parent: 'me' } as AgentView;
    assert.deepEqual(layout(treeRows([a], new Set())), ['me']);
  });

  it('remembers the layout and the folds in UI state, repairing bad values', () => {
    assert.deepEqual([readUiState({ layout: 'tree', folded: ['a', 3, 'b'] }).layout, readUiState({ layout: 'tree', folded: ['a', 3, 'b'] }).folded], ['tree', ['a', 'b']]);
    assert.deepEqual([readUiState({ layout: 'sideways', folded: 'a' }).layout, readUiState({ layout: 'sideways', folded: 'a' }).folded], ['flat', []]);
  });
});

describe('lineage: the view model', () => {
  it('carries parent, a valid level and the Shuttle progress (none for a file without tasks)', async () => {
    const state = await stateOf();
    const by = (slug: string) => state.agents.find((a) => a.slug === slug)!;
    assert.deepEqual([by('checker').parent, by('checker').level], ['coder', 3]);
    assert.deepEqual(by('coder').shuttle, { done: 1, total: 3, current: { title: 'Two', status: 'in-progress' }, tickAgeMinutes: 4, quiet: false, wrapperOpen: null });
    // No tick, but nothing left to do: not quiet.
    assert.deepEqual(by('research').shuttle, { done: 1, total: 1, current: null, tickAgeMinutes: null, quiet: false, wrapperOpen: null });
    assert.equal(by('solo').shuttle, null);
    assert.equal(by('chief-of-staff').shuttle, null);
    assert.equal(checkTeamViewState(state), null);
  });

  it('flags a Shuttle wrapper task still open while every runner item is done (the protocol completes it then)', async () => {
    const files = lineageFiles();
    const wrapper = `## Execute Shuttle tasks — report status\n**Status:** in-progress\n**Started:** ${minutesBefore(60)}\n\nThe work runs in Shuttle.\n`;
    files['agents/research/tasks.md'] = wrapper;
    files['agents/coder/tasks.md'] = wrapper;
    const state = await stateOf({ team: await loadFixture(files) });
    const by = (slug: string) => state.agents.find((a) => a.slug === slug)!;
    assert.deepEqual(by('research').shuttle!.wrapperOpen, { title: 'Execute Shuttle tasks — report status', status: 'in-progress' });
    assert.equal(by('coder').shuttle!.wrapperOpen, null, 'items are left: the wrapper is meant to be open');
    assert.equal(checkTeamViewState(state), null);
  });

  it('drops a level outside 1–3 (the core reports it)', async () => {
    const files = lineageFiles();
    files['agents/solo/solo.md'] = lineageNote('Solo', null, 5);
    const state = await stateOf({ team: await loadFixture(files) });
    assert.equal(state.agents.find((a) => a.slug === 'solo')!.level, null);
    assert.equal(checkTeamViewState({ ...state, agents: [{ ...state.agents[0], shuttle: { done: 1, total: 2, current: { title: 't', status: 'done' } } }] }) !== null, true);
  });
});

describe('lineage: Team view components in a DOM', () => {
  let root: HTMLElement;
  let api: RecordingApi;

  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
    api = new RecordingApi({ sort: 'name' });
  });
  afterEach(() => render(null, root));

  const draw = (state: TeamViewState) => act(() => render(h(TeamApp, { state, actions: createActions(api) }), root));
  const row = (slug: string) => root.querySelector<HTMLElement>(`li[data-row="agent:${slug}"]`);
  const slugs = () => Array.from(root.querySelectorAll<HTMLElement>('li.row.agent')).map((r) => r.dataset.slug);
  const toggle = () => root.querySelector<HTMLButtonElement>('button.layout-toggle')!;
  const key = (el: HTMLElement, k: string) => act(() => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })));

  it('the toolbar toggle switches to an ARIA tree and back, and the choice is saved', async () => {
    const state = await stateOf();
    draw(state);
    assert.equal(root.querySelector('[role="tree"]'), null);
    assert.equal(toggle().getAttribute('aria-pressed'), 'false');
    act(() => toggle().click());
    const tree = root.querySelector('ul[role="tree"]')!;
    assert.equal(tree.getAttribute('aria-label'), 'Agents');
    assert.equal(toggle().getAttribute('aria-pressed'), 'true');
    assert.equal((api.getState() as { layout: string }).layout, 'tree');
    const checker = row('checker')!;
    assert.equal(checker.getAttribute('role'), 'treeitem');
    assert.equal(checker.getAttribute('aria-level'), '3');
    assert.equal(checker.getAttribute('aria-expanded'), null);
    assert.equal(row('coder')!.getAttribute('aria-expanded'), 'true');
    assert.equal(row('chief-of-staff')!.getAttribute('aria-setsize'), '4');
    assert.ok(checker.classList.contains('depth-2'));
    assert.equal(checker.querySelector('.level-tag')!.textContent, 'L3');
    // The "started by" line is the flat list's way of showing lineage.
    assert.equal(checker.querySelector('.row-line.lineage'), null);
    act(() => toggle().click());
    assert.equal(root.querySelector('[role="tree"]'), null);
    assert.ok(row('checker')!.querySelector('.row-line.lineage')!.textContent!.includes('started by coder'));
  });

  it('arrows move, Right and Left fold and unfold, Left goes to the parent; folds are saved', async () => {
    api = new RecordingApi({ sort: 'name', layout: 'tree' });
    draw(await stateOf());
    const coder = row('coder')!;
    coder.focus();
    key(coder, 'ArrowLeft');
    assert.equal(row('coder')!.getAttribute('aria-expanded'), 'false');
    assert.equal(row('checker'), null);
    assert.deepEqual((api.getState() as { folded: string[] }).folded, ['coder']);
    key(row('coder')!, 'ArrowRight');
    assert.equal(row('coder')!.getAttribute('aria-expanded'), 'true');
    key(row('coder')!, 'ArrowRight');
    assert.equal(document.activeElement, row('checker'));
    key(row('checker')!, 'ArrowLeft');
    assert.equal(document.activeElement, row('coder'));
    key(row('coder')!, 'ArrowDown');
    assert.equal(document.activeElement, row('checker'));
    key(row('checker')!, 'End');
    assert.equal(document.activeElement, row('y'));
    key(row('y')!, 'Home');
    assert.equal(document.activeElement, row('chief-of-staff'));
    assert.equal(row('chief-of-staff')!.tabIndex, 0);
    // The twisty folds with the mouse too.
    act(() => row('chief-of-staff')!.querySelector<HTMLButtonElement>('button.twisty')!.click());
    assert.deepEqual(slugs(), ['chief-of-staff', 'orphan', 'solo', 'x', 'y']);
    assert.equal(api.ofType('openAgent').length, 0);
  });

  it('filtering in tree mode keeps the ancestors of a match, dimmed, and counts only the matches', async () => {
    api = new RecordingApi({ sort: 'name', layout: 'tree', folded: ['coder'] });
    draw(await stateOf());
    const input = root.querySelector<HTMLInputElement>('input.filter-input')!;
    act(() => {
      input.value = 'parser';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.deepEqual(slugs(), ['chief-of-staff', 'coder', 'checker']);
    assert.ok(row('chief-of-staff')!.classList.contains('context'));
    assert.ok(!row('checker')!.classList.contains('context'));
    assert.match(row('coder')!.getAttribute('aria-label')!, /shown as the parent of a match/);
    assert.equal(root.querySelector('#section-agents-title .section-count')!.textContent, '1 of 8');
  });

  it('says on the row when the runner is all done but the wrapper task is still open', async () => {
    const files = lineageFiles();
    files['agents/research/tasks.md'] = `## Execute Shuttle tasks — report status\n**Status:** in-progress\n**Started:** ${minutesBefore(60)}\n`;
    draw(await stateOf({ team: await loadFixture(files) }));
    const line = row('research')!.querySelector('.row-line.shuttle')!;
    assert.match(line.textContent!, /1\/1.*all done, wrapper still in progress/);
    assert.match(line.getAttribute('title')!, /every item is done but "Execute Shuttle tasks — report status" is still in progress: the agent completes it when the runner is done/);
  });

  it('shows Shuttle progress on the row, as text, with a progress bar', async () => {
    draw(await stateOf());
    const line = row('coder')!.querySelector('.row-line.shuttle')!;
    assert.equal(line.querySelector('.count')!.textContent, '1/3');
    assert.match(line.textContent!, /now: Two/);
    const bar = line.querySelector('progress')!;
    assert.deepEqual([bar.getAttribute('max'), bar.getAttribute('value'), bar.getAttribute('aria-label')], ['3', '1', 'Shuttle: 1 of 3 tasks done']);
    assert.match(row('research')!.querySelector('.row-line.shuttle')!.textContent!, /1\/1.*all done/);
    assert.equal(row('solo')!.querySelector('.row-line.shuttle'), null);
    assert.match(row('coder')!.getAttribute('aria-label')!, /Shuttle 1 of 3 done/);
  });

  it("shows the runner's own last tick, and warns when it has work left and has gone quiet (its heartbeat, not the agent's)", async () => {
    const quiet = SHUTTLE.quiet;
    draw(await stateOf({ shuttle: (slug) => (slug === 'solo' ? quiet : (SHUTTLE[slug] ?? null)) }));
    const tick = row('coder')!.querySelector('.shuttle-tick')!;
    assert.equal(tick.textContent, '· 4 min ago');
    assert.ok(!tick.classList.contains('quiet'));
    assert.match(row('coder')!.querySelector('.row-line.shuttle')!.getAttribute('title')!, /the runner last ticked 4 min ago/);
    const silent = row('solo')!.querySelector('.shuttle-tick')!;
    assert.ok(silent.classList.contains('quiet'));
    assert.ok(silent.querySelector('.codicon-warning'));
    assert.equal(silent.textContent, '· 45 min ago');
    assert.match(row('solo')!.querySelector('.row-line.shuttle')!.getAttribute('title')!, /quiet: work is left and it has not ticked lately/);
  });

  it('a task title with markup stays text', async () => {
    const evil: Record<string, ShuttleProgress> = { coder: readShuttleFile('## <img src=x onerror=alert(1)>\n**Status:** ready\n') };
    draw(await stateOf({ shuttle: (s) => evil[s] ?? null }));
    const line = row('coder')!.querySelector('.row-line.shuttle')!;
    assert.equal(line.querySelector('img'), null);
    assert.match(line.textContent!, /next: <img src=x onerror=alert\(1\)>/);
  });
});
