import * as assert from 'node:assert/strict';
import { PROTOCOL_VERSION, checkHostMessage, checkWebviewMessage } from '../../../../../src/views/team/common/messages';
import { buildTeamViewState } from '../../../../../src/views/team/team-view-state';
import { NOW, loadFixture } from '../../../team-fixture';

describe('Team view protocol', () => {
  describe('messages from the webview', () => {
    const valid: unknown[] = [
      { type: 'ready', protocol: PROTOCOL_VERSION },
      { type: 'openAgent', agent: 'billing-dev' },
      { type: 'openTasksFile', agent: 'billing-dev' },
      { type: 'openTask', agent: 'billing-dev', task: 0 },
      { type: 'openProject', project: 'billing-service' },
      { type: 'selectTeamFolder' },
      { type: 'createTeamFolder' },
      { type: 'registerAgent' },
      { type: 'refresh' },
      { type: 'showProblems' },
      { type: 'upgradeTeamFormat' },
    ];
    for (const msg of valid) {
      it(`accepts ${JSON.stringify(msg)}`, () => {
        const r = checkWebviewMessage(msg);
        assert.ok(r.ok, r.ok ? '' : r.error);
        assert.deepEqual(r.value, msg);
      });
    }

    const invalid: Array<[string, unknown]> = [
      ['not an object', 'openAgent'],
      ['null', null],
      ['an array', [{ type: 'refresh' }]],
      ['no type', { agent: 'x' }],
      ['an unknown type', { type: 'runCommand', command: 'workbench.action.terminal.new' }],
      ['a prototype key as type', { type: 'toString' }],
      ['a missing id', { type: 'openAgent' }],
      ['an id that is a path', { type: 'openAgent', agent: '../../etc/passwd' }],
      ['an id with a slash', { type: 'openProject', project: 'a/b' }],
      ['a dot-file id', { type: 'openAgent', agent: '.git' }],
      ['an empty id', { type: 'openAgent', agent: '' }],
      ['a number as id', { type: 'openAgent', agent: 7 }],
      ['a fractional task index', { type: 'openTask', agent: 'a', task: 1.5 }],
      ['a negative task index', { type: 'openTask', agent: 'a', task: -1 }],
      ['a task index as text', { type: 'openTask', agent: 'a', task: '1' }],
      ['an extra field (a path smuggled in)', { type: 'openAgent', agent: 'a', path: '/etc/passwd' }],
      ['an extra field on a bare command', { type: 'refresh', command: 'x' }],
      ['ready without a protocol', { type: 'ready' }],
    ];
    for (const [what, msg] of invalid) {
      it(`refuses ${what}`, () => {
        const r = checkWebviewMessage(msg);
        assert.equal(r.ok, false);
        if (!r.ok) assert.ok(r.error.length > 0);
      });
    }
  });

  describe('messages from the host', () => {
    it('accepts a full state built from a real team', async () => {
      const state = buildTeamViewState({
        status: 'ready',
        team: await loadFixture(),
        header: { name: 't', path: '/t', source: 'workspace folder' },
        message: null,
        multipleTeams: false,
        canRegisterAgent: true,
        trusted: true,
        now: NOW,
        staleAfterMinutes: 30,
      });
      const r = checkHostMessage({ type: 'state', version: 3, state });
      assert.ok(r.ok, r.ok ? '' : r.error);
    });

    it('refuses a state with a wrong liveness, a missing field or no version', async () => {
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
      const badAgent = { ...state, agents: [{ ...state.agents[0], liveness: 'zombie' }] };
      assert.equal(checkHostMessage({ type: 'state', version: 1, state: badAgent }).ok, false);
      const { summary: _omit, ...noSummary } = state;
      assert.equal(checkHostMessage({ type: 'state', version: 1, state: noSummary }).ok, false);
      assert.equal(checkHostMessage({ type: 'state', state }).ok, false);
      assert.equal(checkHostMessage({ type: 'html', html: '<script>' }).ok, false);
    });
  });
});
