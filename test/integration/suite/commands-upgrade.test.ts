// "Cortex: Upgrade Team Format" in the real extension host: the Cortex plugin's older
// format (a flat agent note with last-heartbeat:, tasks in a project's ## Work Queue)
// moved to today's after the review; the agent then shows up with its tasks and tick.
// Before that, the Team view shows the older agents read-only, with the upgrade offered.
import * as assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { ESCAPE, api, message, read, removeAgents, reset, script, teamDir, waitFor } from './commands-helpers';
import { openTeamView } from './cortex-helpers';

const SLUG = 'itest-older-dev';
const PROJECT = 'projects/itest-older-project.md';

describe('Command: Upgrade Team Format', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let team: string;

  before(async () => {
    a = await api();
    team = teamDir(a);
  });
  afterEach(async () => reset(a));
  after(async () => {
    rmSync(path.join(team, 'agents', `${SLUG}.md`), { force: true });
    rmSync(path.join(team, PROJECT), { force: true });
    await removeAgents(a, [SLUG]);
  });

  const NOTE = `---\nname: Itest Older Dev\nstatus: active\nlast-heartbeat: 2026-03-28T11:30\n---\n\n## Projects\n- itest-older-project\n`;
  const QUEUE = '---\ntype: project\n---\n\n## Work Queue\n\n### 2026-03-28T10:00\n**Task:** Itest older task\n**Scope:** Do it\n**Status:** ready\n';
  const writeOlder = () => {
    writeFileSync(path.join(team, 'agents', `${SLUG}.md`), NOTE);
    writeFileSync(path.join(team, PROJECT), QUEUE);
    a.store.notifyChanged([`agents/${SLUG}.md`, 'agents', PROJECT]);
  };

  it('the Team view shows the older agent read-only (not in the team), the notice says so once, and its Upgrade button runs the command: cancelled, nothing written', async () => {
    await openTeamView(a);
    const script1 = script(a, [ESCAPE]);
    writeOlder();
    const older = await waitFor(() => a.viewState().older?.agents.find((x) => x.slug === SLUG) && a.viewState().older, 10_000, 'the older agent in the Team view');
    const shown = older.agents.find((x) => x.slug === SLUG)!;
    assert.deepEqual({ name: shown.name, ready: shown.readyCount, inProgress: shown.inProgressCount, age: shown.tickAgeMinutes !== null }, { name: 'Itest Older Dev', ready: 1, inProgress: 0, age: true });
    assert.equal(older.problem, null);
    assert.equal(a.store.team?.agents.some((x) => x.slug === SLUG), false, 'not added to the team');
    assert.equal(a.viewState().agents.some((x) => x.slug === SLUG), false, 'not among the Team view\'s own rows');
    await waitFor(() => a.view.lastPostedState?.older?.agents.some((x) => x.slug === SLUG), 10_000, 'the older agent posted to the page');
    await waitFor(() => a.shownMessages.some((m) => /older format/.test(m.message)), 10_000, 'the older-format notice');
    message(a, /^Cortex: .* holds agents in the Cortex plugin's older format \(flat agents\/<slug>\.md, tasks in ## Work Queue\): the Team view shows them read-only\. Upgrade it in one step/, 'info');
    // The section's button: the command's review comes up, Escape, nothing written.
    a.view.receive({ type: 'upgradeTeamFormat' });
    await waitFor(() => script1.left() === 0, 10_000, 'the upgrade review');
    assert.deepEqual(script1.asked, ["Cortex: Upgrade the Plugin's Older Team Format?"]);
    await a.store.whenIdle();
    assert.equal(read(path.join(team, 'agents', `${SLUG}.md`)), NOTE);
    assert.equal(read(path.join(team, PROJECT)), QUEUE);
    assert.equal(existsSync(path.join(team, 'agents', SLUG)), false);
  });

  it('shows the diffs, then moves the flat note and the Work Queue; the agent shows up with its task and heartbeat', async () => {
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items[0].detail ?? '';
        return 'Upgrade';
      },
    ]);
    writeOlder();
    await waitFor(() => a.viewState().older?.agents.some((x) => x.slug === SLUG), 10_000, 'the older agent in the Team view');
    const r = await vscode.commands.executeCommand<{ agents: string[]; tasks: number } | undefined>('cortex.upgradeTeamFormat');
    assert.deepEqual(r && { agents: r.agents, tasks: r.tasks }, { agents: [SLUG], tasks: 1 });
    assert.equal(detail, 'Itest Older Dev: 1 task, last heartbeat 2026-03-28T11:30');
    assert.equal(existsSync(path.join(team, 'agents', `${SLUG}.md`)), false);
    assert.equal(read(path.join(team, PROJECT)), '---\ntype: project\n---\n\n');
    a.store.notifyChanged([`agents/${SLUG}/${SLUG}.md`, `agents/${SLUG}/tasks.md`, `agents/${SLUG}`]);
    const agent = await waitFor(() => a.store.team?.agents.find((x) => x.slug === SLUG), 10_000, 'the upgraded agent in the store');
    assert.deepEqual(agent.tasks.map((t) => [t.title, t.status]), [['Itest older task', 'ready']]);
    assert.equal(agent.lastTick, '2026-03-28T11:30');
    // Upgraded, it is one of the team's own rows; the older-format section is gone.
    await waitFor(() => a.viewState().older === null && a.viewState().agents.some((x) => x.slug === SLUG), 10_000, 'the Team view without the older section');
    message(a, /^Cortex: upgraded the team: 1 agent with 1 task now in agents\/<slug>\/\.$/, 'info');
  });
});
