import * as assert from 'node:assert/strict';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { readOlderFormat } from '../../../../src/core/legacy/older-agents';
import { AgentRunView, checkTeamViewState } from '../../../../src/views/team/common/messages';
import { TeamViewInput, buildTeamViewState } from '../../../../src/views/team/team-view-state';
import { NOW, before, fixtureFiles, loadFixture, note, olderFormatFiles, task, tasks } from '../../team-fixture';

function input(team: TeamViewInput['team'], more: Partial<TeamViewInput> = {}): TeamViewInput {
  return {
    status: 'ready',
    team,
    header: { name: 'team', path: '~/team', source: 'workspace folder' },
    message: null,
    multipleTeams: false,
    canRegisterAgent: false,
    trusted: true,
    now: NOW,
    staleAfterMinutes: 30,
    ...more,
  };
}

describe('Team view model', () => {
  it('gives each agent its liveness and the age of its tick', async () => {
    const state = buildTeamViewState(input(await loadFixture()));
    const by = new Map(state.agents.map((a) => [a.slug, a]));
    assert.equal(by.get('chief-of-staff')!.liveness, 'alive');
    assert.equal(by.get('chief-of-staff')!.tickAgeMinutes, 2);
    assert.equal(by.get('billing-dev')!.liveness, 'alive');
    assert.equal(by.get('dash-dev')!.liveness, 'down', 'stale tick with a ready task');
    assert.equal(by.get('dash-dev')!.tickAgeMinutes, 180);
    assert.equal(by.get('docs')!.liveness, 'idle', 'stale tick, nothing to do');
    assert.equal(by.get('qa')!.liveness, 'inactive');
  });

  it('turns alive into down as time passes, with nothing written', async () => {
    const team = await loadFixture();
    const billing = (now: number) => buildTeamViewState(input(team, { now })).agents.find((a) => a.slug === 'billing-dev')!;
    assert.equal(billing(NOW).liveness, 'alive');
    assert.equal(billing(NOW + 20).liveness, 'alive', '30 minutes after the tick');
    assert.equal(billing(NOW + 21).liveness, 'down', '31 minutes after the tick, with work waiting');
  });

  it('shows the task in progress and how long it has run, the ready count and the next ready task', async () => {
    const state = buildTeamViewState(input(await loadFixture()));
    const billing = state.agents.find((a) => a.slug === 'billing-dev')!;
    assert.deepEqual(billing.current, { index: 1, title: 'Webhook endpoint', runningMinutes: 95 });
    assert.equal(billing.readyCount, 2);
    assert.deepEqual(billing.next, { index: 2, title: 'Retry emails' });
    assert.equal(billing.doneCount, 1);
    const docs = state.agents.find((a) => a.slug === 'docs')!;
    assert.equal(docs.current, null);
    assert.equal(docs.next, null);
    assert.equal(docs.readyCount, 0);
  });

  it('takes the status line of the latest Session Log entry', async () => {
    const state = buildTeamViewState(input(await loadFixture()));
    const billing = state.agents.find((a) => a.slug === 'billing-dev')!;
    assert.equal(billing.sessionStatus, 'active — webhook endpoint');
    assert.equal(billing.lastSession, '2026-03-27');
  });

  it('marks the chief of staff as coordinator and keeps lineage', async () => {
    const state = buildTeamViewState(input(await loadFixture()));
    assert.deepEqual(
      state.agents.filter((a) => a.coordinator).map((a) => a.slug),
      ['chief-of-staff'],
    );
    assert.equal(state.agents.find((a) => a.slug === 'dash-dev')!.parent, 'chief-of-staff');
  });

  it('lists each project with its status, Next Action and the agents on it', async () => {
    const state = buildTeamViewState(input(await loadFixture()));
    assert.deepEqual(
      state.projects.map((p) => [p.slug, p.status, p.nextAction, p.agents.map((a) => a.name)]),
      [
        ['billing', 'active', 'Ship retries', ['Billing Dev', 'Chief of Staff']],
        ['dashboard', 'blocked', null, ['Dashboard Dev']],
      ],
    );
  });

  it("carries each project's ## Notes as lines, list markers and blank lines dropped", async () => {
    const files = { ...fixtureFiles(), 'projects/billing.md': '---\ntype: project\nstatus: active\n---\n\n## Next Action\n- Ship retries\n\n## Notes\n- Agent: billing-dev at ~/Projects/billing\n\n* Stack: Python, FastAPI\n1. Retries before the dashboard\n' };
    const state = buildTeamViewState(input(await loadFixture(files)));
    assert.deepEqual(
      state.projects.map((p) => [p.slug, p.notes]),
      [
        ['billing', ['Agent: billing-dev at ~/Projects/billing', 'Stack: Python, FastAPI', 'Retries before the dashboard']],
        ['dashboard', []],
      ],
    );
  });

  it("a row of an agent whose own session reports a turn reads alive, and the header counts it so", async () => {
    const team = await loadFixture();
    const run = (turn: AgentRunView['turn'], turnMinutes: number | null, terminal: AgentRunView['terminal'] = 'running'): AgentRunView => ({
      profile: null, channel: 'terminal', terminal, session: false, exitCode: null, problem: null, reconnected: false, turn, turnMinutes, message: null, heartbeat: null, activity: [], usage: null,
    });
    const rows = (r: (slug: string) => AgentRunView | null) => buildTeamViewState(input(team, { run: (a) => r(a.slug) }));
    const finished = rows((slug) => (slug === 'dash-dev' || slug === 'docs' ? run('turn-finished', 0) : null));
    const by = new Map(finished.agents.map((a) => [a.slug, a]));
    assert.equal(by.get('dash-dev')!.liveness, 'alive', 'not down beside Turn finished just now');
    assert.equal(by.get('docs')!.liveness, 'alive', 'not idle beside it');
    assert.deepEqual(finished.summary, { agents: 5, alive: 4, idle: 0, waiting: 0, down: 0, inactive: 1, ready: 5, inProgress: 1 });
    const ended = rows((slug) => (slug === 'dash-dev' ? run('ended', 0, 'closed') : null));
    assert.equal(ended.agents.find((a) => a.slug === 'dash-dev')!.liveness, 'down', 'an ended session leaves the tick rule');
  });

  it('counts the team like the status bar', async () => {
    const state = buildTeamViewState(input(await loadFixture()));
    assert.deepEqual(state.summary, { agents: 5, alive: 2, idle: 1, waiting: 0, down: 1, inactive: 1, ready: 5, inProgress: 1 });
  });

  it('counts problems per agent from the core diagnostics (errors and warnings, not info)', async () => {
    const files = fixtureFiles();
    files['agents/docs/tasks.md'] = tasks([task('No status here', 'later'), '## Missing\n\nno status line\n'], before(600));
    const state = buildTeamViewState(input(await loadFixture(files)));
    const docs = state.agents.find((a) => a.slug === 'docs')!;
    assert.equal(docs.problems, 2, 'an unknown status and a task without one');
    assert.equal(state.problems, 2);
    assert.equal(state.agents.find((a) => a.slug === 'billing-dev')!.problems, 0);
  });

  it('builds the no-team and loading states without a team', () => {
    const none = buildTeamViewState(input(undefined, { status: 'noTeam', header: null, message: 'cortex.teamDirectory points nowhere' }));
    assert.equal(none.status, 'noTeam');
    assert.deepEqual(none.agents, []);
    assert.equal(none.summary.agents, 0);
    assert.equal(checkTeamViewState(none), null);
  });

  it('produces states that pass the protocol validator', async () => {
    assert.equal(checkTeamViewState(buildTeamViewState(input(await loadFixture()))), null);
  });

  it('reads an agent folder without a note under its folder name', async () => {
    const team = await loadFixture({ 'agents/ghost/tasks.md': tasks([task('Haunt', 'ready')], before(1)) });
    const [ghost] = buildTeamViewState(input(team)).agents;
    assert.equal(ghost.slug, 'ghost');
    assert.equal(ghost.hasNote, false);
    assert.equal(ghost.liveness, 'alive');
  });

  it('keeps a running time of null when Started is unreadable', async () => {
    const team = await loadFixture({
      'agents/a/a.md': note('A'),
      'agents/a/tasks.md': tasks([task('T', 'in-progress', ['**Started:** soon'])], before(1)),
    });
    assert.equal(buildTeamViewState(input(team)).agents[0].current!.runningMinutes, null);
  });
});

describe('Team view model: the plugin’s older format', () => {
  const state = async (files: Record<string, string>, now = NOW) =>
    buildTeamViewState({
      status: 'ready',
      team: await loadFixture(),
      header: null,
      message: null,
      multipleTeams: false,
      canRegisterAgent: false,
      trusted: true,
      now,
      staleAfterMinutes: 30,
      older: await readOlderFormat(new MemoryTeamFs(files)),
    });

  it('lists each older agent beside the team, never in it: liveness from last-heartbeat by the same rule, open work from its Work Queue', async () => {
    const s = await state(olderFormatFiles(before(10)));
    assert.equal(checkTeamViewState(s), null);
    assert.deepEqual(s.older, {
      agents: [
        { slug: 'billing-dev', name: 'Billing Dev', liveness: 'alive', tickAgeMinutes: 10, readyCount: 2, inProgressCount: 1 },
        { slug: 'docs-writer', name: 'Docs Writer', liveness: 'idle', tickAgeMinutes: null, readyCount: 0, inProgressCount: 0 },
      ],
      problem: null,
    });
    // The team's own rows and counts are what they were: the older agents are shown, not added.
    const without = await state({});
    assert.deepEqual(s.agents, without.agents);
    assert.deepEqual(s.summary, without.summary);
    assert.equal(without.older, null);
  });

  it('turns alive into down as time passes (work open, no newer heartbeat), read once', async () => {
    const older = await readOlderFormat(new MemoryTeamFs(olderFormatFiles(before(10))));
    const at = (now: number) =>
      buildTeamViewState({ status: 'ready', team: undefined, header: null, message: null, multipleTeams: false, canRegisterAgent: false, trusted: true, now, staleAfterMinutes: 30, older }).older!.agents[0];
    assert.equal(at(NOW).liveness, 'alive');
    assert.equal(at(NOW + 21).liveness, 'down');
    assert.equal(at(NOW + 21).tickAgeMinutes, 31);
  });

  it('says why a folder cannot be read as it is (the upgrade’s reason), with no rows', async () => {
    const s = await state(olderFormatFiles('yesterday'));
    assert.equal(checkTeamViewState(s), null);
    assert.deepEqual(s.older, { agents: [], problem: 'agents/billing-dev.md: last-heartbeat "yesterday" is not a time (YYYY-MM-DDTHH:MM).' });
  });
});
