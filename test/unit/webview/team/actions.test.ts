import * as assert from 'node:assert/strict';
import { PROTOCOL_VERSION, checkWebviewMessage } from '../../../../src/views/team/common/messages';
import { buildTeamViewState } from '../../../../src/views/team/team-view-state';
import { createActions, listenToHost } from '../../../../webview/team/actions';
import { NOW, loadFixture } from '../../team-fixture';
import { installDom, removeDom } from '../dom';
import { RecordingApi } from '../host-api';

describe('Team view actions (the webview side of the protocol)', () => {
  before(() => installDom());
  after(() => removeDom());

  it('sends only valid messages carrying ids', () => {
    const api = new RecordingApi();
    const actions = createActions(api);
    actions.ready();
    actions.openAgent('billing-dev');
    actions.openTasksFile('billing-dev');
    actions.openTask('billing-dev', 2);
    actions.openProject('billing');
    actions.selectTeamFolder();
    actions.createTeamFolder();
    actions.registerAgent();
    actions.refresh();
    actions.showProblems();
    assert.equal(api.posted.length, 10);
    for (const m of api.posted) assert.ok(checkWebviewMessage(m).ok, JSON.stringify(m));
    assert.deepEqual(api.posted[0], { type: 'ready', protocol: PROTOCOL_VERSION });
    assert.deepEqual(api.posted[3], { type: 'openTask', agent: 'billing-dev', task: 2 });
  });

  it('keeps UI state through getState/setState', () => {
    const api = new RecordingApi({ sort: 'name', filter: 'x', collapsed: { agents: false, projects: true }, selected: null, scrollTop: 0 });
    const actions = createActions(api);
    assert.equal(actions.loadUiState().sort, 'name');
    actions.saveUiState({ ...actions.loadUiState(), filter: 'y' });
    assert.equal(actions.loadUiState().filter, 'y');
  });

  it('passes on valid states in order and drops the rest', async () => {
    const state = buildTeamViewState({
      status: 'ready',
      team: await loadFixture(),
      header: null,
      message: null,
      multipleTeams: false,
      canRegisterAgent: false,
      trusted: true,
      now: NOW,
      staleAfterMinutes: 30,
    });
    const got: number[] = [];
    const dropped: string[] = [];
    const stop = listenToHost(
      window,
      (_s, version) => got.push(version),
      (reason) => dropped.push(reason),
    );
    const post = (data: unknown) => window.dispatchEvent(new window.MessageEvent('message', { data }));
    post({ type: 'state', version: 1, state });
    post({ type: 'state', version: 3, state });
    post({ type: 'state', version: 2, state }); // late: older than what is shown
    post({ type: 'html', html: '<img src=x onerror=alert(1)>' });
    post({ type: 'state', version: 4, state: { ...state, agents: 'all of them' } });
    post('hello');
    stop();
    post({ type: 'state', version: 9, state });
    assert.deepEqual(got, [1, 3]);
    assert.equal(dropped.length, 4);

    // The state in the page's HTML comes first, at once; a posted copy of it is older news.
    const fromHtml: number[] = [];
    const stopHtml = listenToHost(window, (_s, version) => fromHtml.push(version), (reason) => dropped.push(reason), { type: 'state', version: 5, state });
    assert.deepEqual(fromHtml, [5]);
    post({ type: 'state', version: 5, state });
    post({ type: 'state', version: 6, state });
    stopHtml();
    assert.deepEqual(fromHtml, [5, 6]);
    // A malformed one in the HTML is dropped like any message.
    const before = dropped.length;
    listenToHost(window, () => assert.fail('no state'), (reason) => dropped.push(reason), { type: 'state', version: 1, state: { agents: 'all' } })();
    assert.equal(dropped.length, before + 1);
  });
});
