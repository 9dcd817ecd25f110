import * as assert from 'node:assert/strict';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { isCoordinator } from '../../../../src/core/team/coordinator';
import { protocolVariant } from '../../../../src/core/protocol-file/protocol';
import { TeamIndex } from '../../../../src/core/team/team-index';
import { BoardModel } from '../../../../src/views/board/board-view-state';
import { buildTeamViewState } from '../../../../src/views/team/team-view-state';
import { NOW, fixtureFiles, note, tasks } from '../../team-fixture';

describe('the coordinator rule', () => {
  it('the chief of staff by slug, or a role that names the coordinator or the chief of staff', () => {
    assert.equal(isCoordinator({ slug: 'chief-of-staff', role: null }), true);
    assert.equal(isCoordinator({ slug: 'ops-lead', role: 'Team coordinator for the night shift' }), true);
    assert.equal(isCoordinator({ slug: 'x', role: 'Acts as Chief of Staff' }), true);
    assert.equal(isCoordinator({ slug: 'billing-dev', role: 'Builds billing; coordinates with QA' }), false);
    assert.equal(isCoordinator({ slug: 'billing-dev', role: null }), false);
  });

  it('the role rule wins everywhere: the protocol variant, the Team view and the board agree', async () => {
    const files = { ...fixtureFiles(), 'agents/ops-lead/ops-lead.md': note('Ops Lead', { role: 'Team coordinator for the night shift' }), 'agents/ops-lead/tasks.md': tasks([]) };
    const team = await new TeamIndex(new MemoryTeamFs(files)).load();
    const lead = team.agents.find((a) => a.slug === 'ops-lead')!;
    assert.equal(protocolVariant(lead), 'coordinator');

    const view = buildTeamViewState({ status: 'ready', team, header: null, message: null, multipleTeams: false, canRegisterAgent: true, trusted: true, now: NOW, staleAfterMinutes: 30 });
    assert.deepEqual(view.agents.filter((a) => a.coordinator).map((a) => a.slug).sort(), ['chief-of-staff', 'ops-lead']);

    const board = new BoardModel().build({ status: 'ready', team, header: null, message: null, trusted: true, now: NOW, staleAfterMinutes: 30 });
    assert.deepEqual(board.agents.filter((a) => a.coordinator).map((a) => a.slug).sort(), ['chief-of-staff', 'ops-lead']);
    // Coordinators lead the board's lanes (then by name).
    assert.deepEqual(board.agents.slice(0, 2).map((a) => a.slug), ['chief-of-staff', 'ops-lead']);
  });
});
