import * as assert from 'node:assert/strict';
import { AgentView } from '../../../../src/views/team/common/messages';
import { buildTeamViewState } from '../../../../src/views/team/team-view-state';
import { ago, duration } from '../../../../src/base/words';
import { DEFAULT_UI_STATE, readUiState, visibleAgents, visibleProjects } from '../../../../webview/team/state';
import { NOW, loadFixture } from '../../team-fixture';

async function fixtureState() {
  return buildTeamViewState({
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
}

const slugs = (agents: AgentView[]) => agents.map((a) => a.slug);

describe('Team view UI state', () => {
  it('reads back a saved state and repairs a broken one', () => {
    const good = { sort: 'ready', filter: 'bill', collapsed: { agents: true, projects: false }, selected: 'agent:billing-dev', scrollTop: 120, layout: 'tree', folded: ['chief-of-staff'] };
    assert.deepEqual(readUiState(good), good);
    assert.deepEqual(readUiState(undefined), DEFAULT_UI_STATE);
    assert.deepEqual(readUiState('junk'), DEFAULT_UI_STATE);
    assert.deepEqual(readUiState({ sort: 'size', filter: 3, collapsed: null, selected: '/etc/passwd', scrollTop: -4 }), DEFAULT_UI_STATE);
  });

  it('sorts by liveness (down first), by name, by ready count; the coordinator stays on top', async () => {
    const { agents } = await fixtureState();
    assert.deepEqual(slugs(visibleAgents(agents, 'liveness', '')), ['chief-of-staff', 'dash-dev', 'billing-dev', 'docs', 'qa']);
    assert.deepEqual(slugs(visibleAgents(agents, 'name', '')), ['chief-of-staff', 'billing-dev', 'dash-dev', 'docs', 'qa']);
    assert.deepEqual(slugs(visibleAgents(agents, 'ready', '')), ['chief-of-staff', 'billing-dev', 'dash-dev', 'qa', 'docs']);
  });

  it('filters on every word, any case, over names, roles, tasks, status and projects', async () => {
    const { agents, projects } = await fixtureState();
    assert.deepEqual(slugs(visibleAgents(agents, 'name', 'WEBHOOK')), ['billing-dev']);
    assert.deepEqual(slugs(visibleAgents(agents, 'name', 'down')), ['dash-dev']);
    assert.deepEqual(slugs(visibleAgents(agents, 'name', 'dashboard chart')), ['dash-dev']);
    assert.deepEqual(slugs(visibleAgents(agents, 'name', 'coordinator')), ['chief-of-staff']);
    assert.deepEqual(slugs(visibleAgents(agents, 'name', 'nobody-has-this')), []);
    assert.deepEqual(
      visibleProjects(projects, 'retries').map((p) => p.slug),
      ['billing'],
    );
  });

  it('words times', () => {
    assert.equal(ago(null), 'never ticked');
    assert.equal(ago(0), 'just now');
    assert.equal(ago(12), '12 min ago');
    assert.equal(ago(185), '3 h 5 min ago');
    assert.equal(ago(-5), 'ticked in the future');
    assert.equal(duration(95), '1 h 35 min');
    assert.equal(duration(3 * 24 * 60), '3 days');
  });
});
