import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { MemoryTeamFs } from '../../../../../src/core/fs/memory-fs';
import { readOlderFormat } from '../../../../../src/core/legacy/older-agents';
import { TeamViewState } from '../../../../../src/views/team/common/messages';
import { buildTeamViewState } from '../../../../../src/views/team/team-view-state';
import { createActions } from '../../../../../webview/team/actions';
import { TeamApp } from '../../../../../webview/team/components/team-app';
import { NOW, before as minutesBefore, loadFixture, olderFormatFiles } from '../../../team-fixture';
import { installDom, removeDom } from '../../dom';
import { RecordingApi } from '../../host-api';

async function stateWith(olderFiles: Record<string, string>): Promise<TeamViewState> {
  return buildTeamViewState({
    status: 'ready',
    team: await loadFixture(),
    header: { name: 'larkspur', path: '~/larkspur', source: 'workspace folder' },
    message: null,
    multipleTeams: false,
    canRegisterAgent: false,
    trusted: true,
    now: NOW,
    staleAfterMinutes: 30,
    older: await readOlderFormat(new MemoryTeamFs(olderFiles)),
  });
}

/** The Team view's section of the plugin's older-format agents, rendered in a DOM. */
describe('Team view: the older format section (Preact in a DOM)', () => {
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

  const draw = (state: TeamViewState) => act(() => render(h(TeamApp, { state, actions: createActions(api) }), root));
  const section = () => root.querySelector<HTMLElement>('section[aria-labelledby="section-older-title"]');
  const older = (slug: string) => root.querySelector<HTMLElement>(`li[data-older="${slug}"]`)!;

  it('lists each older agent with its name, the liveness badge of the other rows and its open work, says it is read-only, and offers the upgrade', async () => {
    draw(await stateWith(olderFormatFiles(minutesBefore(40))));
    const s = section()!;
    assert.equal(s.querySelector('.section-name')!.textContent, 'Older Format');
    assert.equal(s.querySelector('.section-count')!.textContent, '2');
    assert.match(s.querySelector('.older-note')!.textContent!, /Cortex plugin's older format .*read-only here/);
    const billing = older('billing-dev');
    assert.equal(billing.querySelector('.agent-name')!.textContent, 'Billing Dev');
    assert.ok(billing.classList.contains('liveness-down'));
    assert.equal(billing.querySelector('.liveness-word')!.textContent, 'down');
    assert.equal(billing.querySelector('.tick-age')!.textContent, '40 min ago');
    assert.equal(billing.querySelector('.older-work')!.textContent, '2 ready · 1 in progress');
    assert.equal(older('docs-writer').querySelector('.liveness-word')!.textContent, 'idle');
    // Nothing on a row sends anything: the agents are shown, not worked with.
    assert.equal(billing.querySelectorAll('button').length, 0);
    billing.click();
    assert.deepEqual(api.posted, []);
    // The team's own rows are untouched.
    assert.equal(root.querySelectorAll('li.row.agent').length, 5);
    const upgrade = Array.from(s.querySelectorAll('button')).find((b) => b.textContent === 'Upgrade Team Format…')!;
    upgrade.click();
    assert.deepEqual(api.posted, [{ type: 'upgradeTeamFormat' }]);
  });

  it('says why the folder cannot be read as it is, still offering the upgrade (which says the same)', async () => {
    draw(await stateWith(olderFormatFiles('yesterday')));
    const s = section()!;
    assert.equal(s.querySelectorAll('li').length, 0);
    assert.match(s.querySelector('.older-note')!.textContent!, /cannot be read as it is: agents\/billing-dev\.md: last-heartbeat "yesterday" is not a time/);
    assert.ok(Array.from(s.querySelectorAll('button')).some((b) => b.textContent === 'Upgrade Team Format…'));
  });

  it('shows no section for a folder without the older format', async () => {
    draw(await stateWith({}));
    assert.equal(section(), null);
    assert.doesNotMatch(root.textContent!, /older format/i);
  });
});
