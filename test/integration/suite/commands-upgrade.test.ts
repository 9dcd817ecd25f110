// "Cortex: Upgrade Team Format" in the real extension host: the Cortex plugin's older
// format (a flat agent note with last-heartbeat:, tasks in a project's ## Work Queue)
// moved to today's after the review; the agent then shows up with its tasks and tick.
import * as assert from 'node:assert/strict';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { api, message, read, removeAgents, reset, script, teamDir, waitFor } from './commands-helpers';

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

  it('shows the diffs, then moves the flat note and the Work Queue; the agent shows up with its task and heartbeat', async () => {
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items[0].detail ?? '';
        return 'Upgrade';
      },
    ]);
    // Answers set first: the notice below is recorded, whenever the watcher sees the files.
    writeFileSync(path.join(team, 'agents', `${SLUG}.md`), `---\nname: Itest Older Dev\nstatus: active\nlast-heartbeat: 2026-03-28T11:30\n---\n\n## Projects\n- itest-older-project\n`);
    const project = '---\ntype: project\n---\n\n## Work Queue\n\n### 2026-03-28T10:00\n**Task:** Itest older task\n**Scope:** Do it\n**Status:** ready\n';
    writeFileSync(path.join(team, PROJECT), project);
    // The Team view shows today's layout only: the older format is said once, with the upgrade offered (not taken here).
    a.store.notifyChanged([`agents/${SLUG}.md`, 'agents', PROJECT]);
    await waitFor(() => a.shownMessages.some((m) => /older format/.test(m.message)), 10_000, 'the older-format notice');
    message(a, /^Cortex: .* holds agents in the Cortex plugin's older format \(flat agents\/<slug>\.md, tasks in ## Work Queue\), which the Team view does not show\. Upgrade it in one step/, 'info');
    const r = await vscode.commands.executeCommand<{ agents: string[]; tasks: number } | undefined>('cortex.upgradeTeamFormat');
    assert.deepEqual(r && { agents: r.agents, tasks: r.tasks }, { agents: [SLUG], tasks: 1 });
    assert.equal(detail, 'Itest Older Dev: 1 task, last heartbeat 2026-03-28T11:30');
    assert.equal(existsSync(path.join(team, 'agents', `${SLUG}.md`)), false);
    assert.equal(read(path.join(team, PROJECT)), '---\ntype: project\n---\n\n');
    a.store.notifyChanged([`agents/${SLUG}/${SLUG}.md`, `agents/${SLUG}/tasks.md`, `agents/${SLUG}`]);
    const agent = await waitFor(() => a.store.team?.agents.find((x) => x.slug === SLUG), 10_000, 'the upgraded agent in the store');
    assert.deepEqual(agent.tasks.map((t) => [t.title, t.status]), [['Itest older task', 'ready']]);
    assert.equal(agent.lastTick, '2026-03-28T11:30');
    message(a, /^Cortex: upgraded the team: 1 agent with 1 task now in agents\/<slug>\/\.$/, 'info');
  });
});
