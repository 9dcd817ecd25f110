import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { TeamViewState } from '../../../../../src/views/team/common/messages';
import { TeamViewInput, buildTeamViewState } from '../../../../../src/views/team/team-view-state';
import { createActions } from '../../../../../webview/team/actions';
import { TeamApp } from '../../../../../webview/team/components/team-app';
import { NOW, before as minutesBefore, fixtureFiles, loadFixture, task, tasks } from '../../../team-fixture';
import { installDom, removeDom } from '../../dom';
import { RecordingApi } from '../../host-api';

async function stateOf(files = fixtureFiles(), more: Partial<TeamViewInput> = {}): Promise<TeamViewState> {
  return buildTeamViewState({
    status: 'ready',
    team: await loadFixture(files),
    header: { name: 'larkspur', path: '~/larkspur', source: 'workspace folder' },
    message: null,
    multipleTeams: false,
    canRegisterAgent: false,
    trusted: true,
    now: NOW,
    staleAfterMinutes: 30,
    ...more,
  });
}

describe('Team view (Preact components in a DOM)', () => {
  let root: HTMLElement;
  let api: RecordingApi;

  before(() => installDom());
  after(() => removeDom());
  beforeEach(() => {
    document.body.innerHTML = '<div id="root"></div>';
    root = document.getElementById('root')!;
    api = new RecordingApi();
  });
  afterEach(() => render(null, root));

  const draw = (state: TeamViewState | undefined) => act(() => render(h(TeamApp, { state, actions: createActions(api) }), root));
  const rows = () => Array.from(root.querySelectorAll<HTMLElement>('li.row.agent'));
  const row = (slug: string) => root.querySelector<HTMLElement>(`li[data-row="agent:${slug}"]`)!;

  it('shows one row per agent with liveness as icon, word and the tick age', async () => {
    draw(await stateOf());
    assert.equal(rows().length, 5);
    const dash = row('dash-dev');
    assert.ok(dash.classList.contains('liveness-down'));
    assert.ok(dash.querySelector('.codicon-error'));
    assert.equal(dash.querySelector('.liveness-word')!.textContent, 'down');
    assert.equal(dash.querySelector('.tick-age')!.textContent, '3 h ago');
    assert.equal(row('docs').querySelector('.liveness-word')!.textContent, 'idle');
    assert.equal(row('qa').querySelector('.liveness-word')!.textContent, 'inactive');
    assert.equal(row('billing-dev').querySelector('.tick-age')!.textContent, '10 min ago');
  });

  it('shows the task in progress with its running time, the ready count and next task, and the session status', async () => {
    draw(await stateOf());
    const billing = row('billing-dev');
    const text = billing.textContent!;
    assert.match(text, /Webhook endpoint/);
    assert.match(text, /for 1 h 35 min/);
    assert.match(text, /2 ready/);
    assert.match(text, /next:Retry emails/);
    assert.match(text, /active — webhook endpoint/);
  });

  it('shows a newly registered agent as new, with no session yet and its join date, not "registered · --"', async () => {
    const files = fixtureFiles();
    files['agents/newcomer/newcomer.md'] = '---\nname: Newcomer\nstatus: active\njoined: 2026-03-28\n---\n\n## Session Log\nLast session: --\nStatus: registered\n';
    files['agents/newcomer/tasks.md'] = '';
    draw(await stateOf(files));
    const line = row('newcomer').querySelector<HTMLElement>('.row-line.session')!;
    assert.ok(line.classList.contains('new-agent'));
    assert.equal(line.textContent, 'new· no session yet · joined 2026-03-28');
    assert.doesNotMatch(row('newcomer').textContent!, /--/);
    assert.match(row('billing-dev').querySelector('.row-line.session')!.textContent!, /active — webhook endpoint· 2026-03-27/);
  });

  it('shows the capabilities from the note on one line, the full list on hover and for screen readers', async () => {
    const files = fixtureFiles();
    files['agents/docs/docs.md'] = files['agents/docs/docs.md'] + '\n## Capabilities\n- Technical writing\n- OpenAPI reference pages\n';
    draw(await stateOf(files));
    const line = row('docs').querySelector<HTMLElement>('.row-line.capabilities')!;
    assert.equal(line.textContent, 'Technical writing · OpenAPI reference pages');
    assert.equal(line.title, 'Capabilities: Technical writing, OpenAPI reference pages');
    assert.match(row('docs').getAttribute('aria-label')!, /capabilities: Technical writing, OpenAPI reference pages/);
    assert.equal(row('qa').querySelector('.row-line.capabilities'), null, 'none listed, no line');
  });

  it('marks the coordinator and puts it first', async () => {
    draw(await stateOf());
    assert.equal(rows()[0].dataset.row, 'agent:chief-of-staff');
    assert.ok(rows()[0].querySelector('.coordinator-tag'));
    assert.equal(root.querySelectorAll('.coordinator-tag').length, 1);
  });

  it('opens the agent note on click and on Enter, sending the slug only', async () => {
    draw(await stateOf());
    act(() => row('docs').click());
    act(() => {
      row('qa').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    assert.deepEqual(api.ofType('openAgent'), [
      { type: 'openAgent', agent: 'docs' },
      { type: 'openAgent', agent: 'qa' },
    ]);
    assert.ok(row('qa').classList.contains('selected'));
  });

  it('opens tasks.md at a task by sending the agent slug and the task index', async () => {
    draw(await stateOf());
    const links = row('billing-dev').querySelectorAll<HTMLButtonElement>('.task-link');
    act(() => links[0].click());
    act(() => links[1].click());
    assert.deepEqual(api.ofType('openTask'), [
      { type: 'openTask', agent: 'billing-dev', task: 1 },
      { type: 'openTask', agent: 'billing-dev', task: 2 },
    ]);
    assert.equal(api.ofType('openAgent').length, 0, 'a task click does not also open the note');
  });

  it('lists projects with status, Next Action and agents; a click opens the note', async () => {
    draw(await stateOf());
    const billing = root.querySelector<HTMLElement>('li[data-row="project:billing"]')!;
    assert.match(billing.textContent!, /active/);
    assert.match(billing.textContent!, /Ship retries/);
    assert.deepEqual(
      Array.from(billing.querySelectorAll('.agent-names .task-link')).map((b) => b.textContent),
      ['Billing Dev', 'Chief of Staff'],
    );
    act(() => billing.click());
    assert.deepEqual(api.ofType('openProject'), [{ type: 'openProject', project: 'billing' }]);
  });

  it("shows a project's first note with how many more (all in its tooltip); the Projects title's + asks for New Project", async () => {
    draw(await stateOf({ ...fixtureFiles(), 'projects/billing.md': '---\ntype: project\nstatus: active\n---\n\n## Next Action\n- Ship retries\n\n## Notes\n- Agent: billing-dev at ~/Projects/billing\n\n* Stack: Python, FastAPI\n1. Retries before the dashboard\n' }));
    const notes = root.querySelector<HTMLElement>('li[data-row="project:billing"] .project-notes')!;
    assert.equal(notes.querySelector('.note-text')!.textContent, 'Agent: billing-dev at ~/Projects/billing');
    assert.equal(notes.querySelector('.more')!.textContent, '+2 more');
    assert.equal(notes.getAttribute('title'), 'Notes:\n- Agent: billing-dev at ~/Projects/billing\n- Stack: Python, FastAPI\n- Retries before the dashboard');
    assert.equal(root.querySelector('li[data-row="project:dashboard"] .project-notes'), null, 'no notes, no line');
    const add = root.querySelector<HTMLButtonElement>('#section-projects-title .section-action')!;
    assert.equal(add.getAttribute('aria-label'), 'New Project…');
    act(() => add.click());
    assert.deepEqual(api.ofType('newProject'), [{ type: 'newProject' }]);
  });

  it("shows an agent's tool rules (allow_tools / deny_tools) on its own line, and says them to screen readers", async () => {
    const files = fixtureFiles();
    files['agents/qa/qa.md'] = files['agents/qa/qa.md'].replace(/^---\n/, '---\nallow_tools: [Read, Grep, Bash]\ndeny_tools: Bash\n');
    draw(await stateOf(files));
    const line = row('qa').querySelector<HTMLElement>('.row-line.tools')!;
    assert.equal(line.textContent, 'only Read, Grep, Bash · never Bash');
    assert.match(line.getAttribute('title')!, /^Tools \(allow_tools \/ deny_tools in the agent note\): /);
    assert.match(row('qa').getAttribute('aria-label')!, /tools: only Read, Grep, Bash · never Bash/);
    assert.equal(row('docs').querySelector('.row-line.tools'), null, 'no rules, no line');
  });

  it('filters and sorts, and keeps both as UI state', async () => {
    draw(await stateOf());
    const input = root.querySelector<HTMLInputElement>('.filter-input')!;
    act(() => {
      input.value = 'chart';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.deepEqual(
      rows().map((r) => r.dataset.row),
      ['agent:dash-dev'],
    );
    assert.match(root.querySelector('#section-agents-title')!.textContent!, /1 of 5/);
    const select = root.querySelector<HTMLSelectElement>('.sort-select')!;
    act(() => {
      input.value = '';
      input.dispatchEvent(new Event('input', { bubbles: true }));
      select.value = 'ready';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    assert.deepEqual(
      rows().map((r) => r.dataset.row),
      ['agent:chief-of-staff', 'agent:billing-dev', 'agent:dash-dev', 'agent:qa', 'agent:docs'],
    );
    assert.deepEqual(api.getState(), { sort: 'ready', filter: '', collapsed: { agents: false, projects: false }, selected: null, scrollTop: 0, layout: 'flat', folded: [] });
  });

  it('updates in place: same DOM nodes, focus kept, when a new state arrives', async () => {
    draw(await stateOf());
    const before = row('docs');
    act(() => before.focus());
    assert.equal(document.activeElement, before);
    const files = fixtureFiles();
    files['agents/docs/tasks.md'] = tasks([task('Write the API guide', 'ready')], minutesBefore(600));
    draw(await stateOf(files));
    const after = row('docs');
    assert.equal(after, before, 'the row element is reused (keyed), not re-created');
    assert.equal(document.activeElement, after, 'focus stays on the row');
    assert.equal(after.querySelector('.liveness-word')!.textContent, 'down');
    assert.match(after.textContent!, /Write the API guide/);
  });

  it('renders text as text, never as HTML', async () => {
    const files = fixtureFiles();
    files['agents/docs/tasks.md'] = tasks([task('<img src=x onerror="alert(1)">', 'ready')], minutesBefore(1));
    draw(await stateOf(files));
    assert.equal(root.querySelector('img'), null);
    assert.match(row('docs').textContent!, /<img src=x onerror="alert\(1\)">/);
  });

  it('moves between rows with the arrow keys (roving tabindex)', async () => {
    draw(await stateOf());
    const [first, second] = rows();
    assert.equal(first.tabIndex, 0);
    assert.equal(second.tabIndex, -1);
    act(() => first.focus());
    act(() => {
      first.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    });
    assert.equal(document.activeElement, second);
    assert.equal(second.tabIndex, 0);
    assert.equal(first.tabIndex, -1);
  });

  it('folds a section and remembers it', async () => {
    draw(await stateOf());
    const toggle = root.querySelector<HTMLButtonElement>('#section-agents-title button')!;
    assert.equal(toggle.getAttribute('aria-expanded'), 'true');
    act(() => toggle.click());
    assert.equal(rows().length, 0);
    assert.equal(toggle.getAttribute('aria-expanded'), 'false');
    assert.equal((api.getState() as { collapsed: { agents: boolean } }).collapsed.agents, true);
  });

  it('without a team folder, offers to select or create one', async () => {
    draw(await stateOf(fixtureFiles(), { status: 'noTeam', team: undefined, header: null, message: 'cortex.teamDirectory points to ~/nowhere, which does not exist.' }));
    assert.match(root.textContent!, /No team folder/);
    assert.match(root.textContent!, /~\/nowhere/);
    const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>('button.button'));
    assert.deepEqual(
      buttons.map((b) => b.textContent),
      ['Select Team Folder', 'Create Team Folder'],
    );
    act(() => buttons[0].click());
    act(() => buttons[1].click());
    assert.deepEqual(
      api.posted.map((m) => (m as { type: string }).type),
      ['selectTeamFolder', 'createTeamFolder'],
    );
  });

  it('in Restricted Mode, says so and disables creating', async () => {
    draw(await stateOf(fixtureFiles(), { status: 'noTeam', team: undefined, header: null, trusted: false }));
    const create = Array.from(root.querySelectorAll<HTMLButtonElement>('button.button')).find((b) => b.textContent === 'Create Team Folder')!;
    assert.equal(create.disabled, true);
    assert.match(root.textContent!, /Restricted Mode/);
  });

  it('with no agents, leads to registering one (or explains how when the command is missing)', async () => {
    draw(await stateOf({}, { canRegisterAgent: true }));
    const register = root.querySelector<HTMLButtonElement>('button.button')!;
    assert.equal(register.textContent, 'Register Agent');
    act(() => register.click());
    assert.deepEqual(api.ofType('registerAgent'), [{ type: 'registerAgent' }]);
    draw(await stateOf({}, { canRegisterAgent: false }));
    assert.equal(root.querySelector('button.button'), null);
    assert.match(root.textContent!, /agents\/<slug>\//);
  });

  it("an agent run as an ACP session: Open Session and Stop on its row (no terminal), and its request's Answer opens the session", async () => {
    const run = (turn: 'turn-finished' | 'needs-input') => ({
      profile: 'Gemini CLI (ACP session) · gemini', channel: 'acp' as const, terminal: 'none' as const, session: true, exitCode: null, problem: null, reconnected: false, turn, turnMinutes: 0, message: turn === 'needs-input' ? 'Asks to run Writing to notes.txt.' : null, heartbeat: null, activity: [], usage: null,
    });
    draw(await stateOf(fixtureFiles(), { run: (a) => (a.slug === 'docs' ? run('turn-finished') : null) }));
    const buttons = () => Array.from(row('docs').querySelectorAll<HTMLButtonElement>('.run-button')).map((b) => b.getAttribute('aria-label'));
    assert.deepEqual(buttons(), ["Open Docs Writer's session", 'Stop Docs Writer']);
    assert.match(row('docs').querySelector('.row-line.run')!.textContent!, /Turn finished/);
    act(() => row('docs').querySelector<HTMLElement>('.run-button.focus')!.click());
    draw(await stateOf(fixtureFiles(), { run: (a) => (a.slug === 'docs' ? run('needs-input') : null) }));
    act(() => row('docs').querySelector<HTMLElement>('.run-action')!.click());
    assert.deepEqual(api.ofType('openSession'), [{ type: 'openSession', agent: 'docs' }, { type: 'openSession', agent: 'docs' }]);
    assert.deepEqual(api.ofType('showAgentTerminal'), []);
  });

  it('shows a loading line before the first state', () => {
    draw(undefined);
    assert.match(root.textContent!, /Loading/);
  });
});
