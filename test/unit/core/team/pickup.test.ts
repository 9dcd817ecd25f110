import { deepStrictEqual, strictEqual } from 'assert';
import { parseStamp } from '../../../../src/base/time';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { agentLiveness, teamSummary, waitingForPickup } from '../../../../src/core/team/liveness';
import { Agent, Task } from '../../../../src/core/team/model';
import { readDispatchTimes, readyDispatchedAt } from '../../../../src/core/team/pickup';
import { TeamIndex } from '../../../../src/core/team/team-index';

/** A feed line as the doors write it: the instant of a local wall-clock time, in UTC. */
function event(type: string, agent: string, title: string, local: [number, number, number, number, number]): string {
  const [y, mo, d, h, mi] = local;
  return JSON.stringify({
    event_id: `act-${title}`,
    event_type: type,
    session_id: null,
    actor: 'maintainer',
    timestamp: new Date(y, mo - 1, d, h, mi).toISOString(),
    subject: title,
    payload: { via: 'dashboard', file: `agents/${agent}/tasks.md`, agent },
    links: [],
  });
}

function task(title: string, status: string): Task {
  return { title, status, started: null, completed: null, summary: null, body: '', fields: {}, line: 1, id: null };
}

function agent(tasks: Task[], lastTick: string | null, dispatchedAt: string | null): Agent {
  return {
    slug: 'ada',
    name: 'Ada',
    status: 'active',
    project: null,
    joined: null,
    role: null,
    capabilities: [],
    projects: [],
    sessionLog: [],
    parent: null,
    level: null,
    notePath: 'agents/ada/ada.md',
    tasksPath: 'agents/ada/tasks.md',
    tasks,
    lastTick,
    lastTickLine: null,
    dispatchedAt,
  };
}

const at = (s: string) => parseStamp(s)!;

describe('core: waiting for pickup', () => {
  it('reads the dispatch and reassign events of the feed (the latest per title), skipping everything else', () => {
    const feed = [
      event('task.dispatched', 'ada', 'Write docs', [2026, 3, 28, 9, 0]),
      '{not json "task.dispatched"',
      event('agent.ticked', 'ada', 'last tick', [2026, 3, 28, 9, 5]),
      event('task.dispatched', 'ada', 'Write docs', [2026, 3, 28, 10, 0]),
      event('task.dispatched', 'ada', 'Write docs', [2026, 3, 27, 10, 0]),
      event('task.reassigned', 'bob', 'Fix CSS', [2026, 3, 28, 11, 30]),
      '',
    ].join('\n');
    const times = readDispatchTimes(feed);
    deepStrictEqual([...times.keys()].sort(), ['ada', 'bob']);
    strictEqual(times.get('ada')!.get('Write docs'), at('2026-03-28T10:00'));
    strictEqual(times.get('bob')!.get('Fix CSS'), at('2026-03-28T11:30'));
  });

  it("the ready tasks' dispatch time is the oldest, and unknown as soon as one ready task has none", () => {
    const times = new Map([
      ['A', at('2026-03-28T10:00')],
      ['B', at('2026-03-28T11:00')],
    ]);
    strictEqual(readyDispatchedAt([task('A', 'ready'), task('B', 'ready'), task('Old', 'done')], times), '2026-03-28T10:00');
    strictEqual(readyDispatchedAt([task('A', 'ready'), task('Hand-written', 'ready')], times), null);
    strictEqual(readyDispatchedAt([task('A', 'done')], times), null);
    strictEqual(readyDispatchedAt([task('A', 'ready')], undefined), null);
  });

  it('an idle agent with a task dispatched less than a heartbeat ago waits for pickup; down once a heartbeat passed', () => {
    const stale = 30;
    const heartbeat = 15;
    const dispatched = agent([task('A', 'ready')], '2026-03-28T06:00', '2026-03-28T12:00');
    strictEqual(agentLiveness(dispatched, at('2026-03-28T12:00'), stale, heartbeat), 'waiting');
    strictEqual(agentLiveness(dispatched, at('2026-03-28T12:14'), stale, heartbeat), 'waiting');
    strictEqual(agentLiveness(dispatched, at('2026-03-28T12:15'), stale, heartbeat), 'down');
    // Without a heartbeat given: half the stale threshold.
    strictEqual(agentLiveness(dispatched, at('2026-03-28T12:14'), stale), 'waiting');
    strictEqual(agentLiveness(dispatched, at('2026-03-28T12:15'), stale), 'down');
    // No dispatch time (a hand-written task): down as before.
    strictEqual(agentLiveness({ ...dispatched, dispatchedAt: null }, at('2026-03-28T12:00'), stale, heartbeat), 'down');
    // A task in progress with a stale tick is down: the agent is working and not ticking.
    strictEqual(agentLiveness({ ...dispatched, tasks: [task('W', 'in-progress'), task('A', 'ready')] }, at('2026-03-28T12:00'), stale, heartbeat), 'down');
    // A fresh tick is alive whatever was dispatched.
    strictEqual(agentLiveness({ ...dispatched, lastTick: '2026-03-28T11:50' }, at('2026-03-28T12:00'), stale, heartbeat), 'alive');
    strictEqual(waitingForPickup(dispatched, at('2026-03-28T12:05'), heartbeat), true);
    const summary = teamSummary({ agents: [dispatched] }, at('2026-03-28T12:05'), stale, heartbeat);
    deepStrictEqual([summary.waiting, summary.down], [1, 0]);
  });

  it('the index takes the dispatch times from .cortex/activity.jsonl, and follows the feed as it grows', async () => {
    const fs = new MemoryTeamFs();
    fs.put('agents/ada/ada.md', '---\nname: Ada\nstatus: active\n---\n');
    fs.put('agents/ada/tasks.md', '## Write docs\n**Status:** ready\n\n<!-- cortex:last-tick 2026-03-27T09:00 -->\n');
    fs.put('agents/bob/tasks.md', '');
    fs.put('.cortex/activity.jsonl', event('task.dispatched', 'ada', 'Write docs', [2026, 3, 28, 12, 0]) + '\n');
    const index = new TeamIndex(fs);
    const team = await index.load();
    strictEqual(team.agents[0].dispatchedAt, '2026-03-28T12:00');
    const bob = team.agents[1];

    fs.put('agents/ada/tasks.md', '## Write docs\n**Status:** ready\n\n## Hand-written\n**Status:** ready\n');
    const after = await index.update(['agents/ada/tasks.md']);
    strictEqual(after.agents[0].dispatchedAt, undefined, 'a ready task without a dispatch event');

    fs.put('.cortex/activity.jsonl', event('task.dispatched', 'ada', 'Write docs', [2026, 3, 28, 12, 0]) + '\n' + event('task.dispatched', 'ada', 'Hand-written', [2026, 3, 28, 12, 10]) + '\n');
    const fed = await index.update(['.cortex/activity.jsonl']);
    strictEqual(fed.agents[0].dispatchedAt, '2026-03-28T12:00');
    strictEqual(fed.agents[1], bob, 'an agent the feed does not change stays the same object');

    const same = await index.update(['.cortex/activity.jsonl']);
    strictEqual(same, fed, 'the same feed read again changes nothing');
  });
});
