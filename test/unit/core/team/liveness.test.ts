import { deepStrictEqual, strictEqual } from 'assert';
import { Agent, Task } from '../../../../src/core/team/model';
import { agentLiveness, hasActiveTasks, isInactive, livenessWithSession, staleAfterMinutes, teamSummary, tickAgeMinutes } from '../../../../src/core/team/liveness';
import { parseStamp } from '../../../../src/base/time';

const NOW = parseStamp('2026-03-28T12:00')!;

function task(status: string | null): Task {
  return { title: `t-${status}`, status, started: null, completed: null, summary: null, body: '', fields: {}, line: 1, id: null };
}

function agent(lastTick: string | null, statuses: (string | null)[] = [], status: string | null = 'active'): Agent {
  return {
    slug: 'a',
    name: 'A',
    status,
    project: null,
    joined: null,
    role: null,
    capabilities: [],
    projects: [],
    sessionLog: [],
    parent: null,
    level: null,
    notePath: 'agents/a/a.md',
    tasksPath: 'agents/a/tasks.md',
    tasks: statuses.map(task),
    lastTick,
    lastTickLine: lastTick === null ? null : 1,
  };
}

describe('read: liveness', () => {
  it('stale after two heartbeats', () => {
    strictEqual(staleAfterMinutes(15), 30);
    strictEqual(staleAfterMinutes(10), 20);
    strictEqual(staleAfterMinutes(2.5), 5);
  });

  it('tick age in minutes: negative in the future, null without a readable tick', () => {
    strictEqual(tickAgeMinutes(agent('2026-03-28T11:30'), NOW), 30);
    strictEqual(tickAgeMinutes(agent('2026-03-28T12:05'), NOW), -5);
    strictEqual(tickAgeMinutes(agent('2026-03-27T12:00'), NOW), 24 * 60);
    strictEqual(tickAgeMinutes(agent(null), NOW), null);
    strictEqual(tickAgeMinutes(agent('soon'), NOW), null);
    strictEqual(tickAgeMinutes(agent('2026-02-30T10:00'), NOW), null);
  });

  it('alive up to and including exactly the threshold', () => {
    strictEqual(agentLiveness(agent('2026-03-28T12:00', ['ready']), NOW, 30), 'alive');
    strictEqual(agentLiveness(agent('2026-03-28T11:30', ['ready']), NOW, 30), 'alive');
    strictEqual(agentLiveness(agent('2026-03-28T11:30'), NOW, 30), 'alive');
    strictEqual(agentLiveness(agent('2026-03-28T11:29', ['ready']), NOW, 30), 'down');
    strictEqual(agentLiveness(agent('2026-03-28T11:29'), NOW, 30), 'idle');
  });

  it('a tick in the future counts as alive', () => {
    strictEqual(agentLiveness(agent('2026-03-28T13:00', ['in-progress']), NOW, 30), 'alive');
    strictEqual(agentLiveness(agent('2027-01-01T00:00'), NOW, 30), 'alive');
  });

  it('stale: down with a ready or in-progress task, idle with none', () => {
    strictEqual(agentLiveness(agent('2026-03-28T09:00', ['done', 'ready']), NOW, 30), 'down');
    strictEqual(agentLiveness(agent('2026-03-28T09:00', ['in-progress']), NOW, 30), 'down');
    strictEqual(agentLiveness(agent('2026-03-28T09:00', ['done', 'blocked', null]), NOW, 30), 'idle');
    strictEqual(agentLiveness(agent('2026-03-28T09:00'), NOW, 30), 'idle');
  });

  it('a claim without a tick is a sign of life (an agent that claims through MCP or the CLI is working, not down)', () => {
    const claimed = (started: string | null, lastTick: string | null = '2026-03-27T09:00') => {
      const a = agent(lastTick, ['in-progress']);
      return { ...a, tasks: [{ ...a.tasks[0], started }] };
    };
    strictEqual(agentLiveness(claimed('2026-03-28T11:55'), NOW, 30), 'alive');
    strictEqual(agentLiveness(claimed('2026-03-28T11:30', null), NOW, 30), 'alive');
    strictEqual(agentLiveness(claimed('2026-03-28T11:29'), NOW, 30), 'down');
    strictEqual(agentLiveness(claimed(null), NOW, 30), 'down');
    strictEqual(agentLiveness(claimed('not a time'), NOW, 30), 'down');
    // A ready task's (hand-written) Started says nothing about the agent.
    const ready = agent('2026-03-27T09:00', ['ready']);
    strictEqual(agentLiveness({ ...ready, tasks: [{ ...ready.tasks[0], started: '2026-03-28T11:55' }] }, NOW, 30), 'down');
  });

  it('no tick or an unreadable tick is stale', () => {
    strictEqual(agentLiveness(agent(null, ['ready']), NOW, 30), 'down');
    strictEqual(agentLiveness(agent(null), NOW, 30), 'idle');
    strictEqual(agentLiveness(agent('yesterday', ['ready']), NOW, 30), 'down');
    strictEqual(agentLiveness(agent('', []), NOW, 30), 'idle');
  });

  it('inactive (any case or spacing) wins over everything', () => {
    strictEqual(agentLiveness(agent('2026-03-28T12:00', ['ready'], 'inactive'), NOW, 30), 'inactive');
    strictEqual(agentLiveness(agent(null, ['ready'], ' Inactive '), NOW, 30), 'inactive');
    strictEqual(agentLiveness(agent(null, [], 'INACTIVE'), NOW, 30), 'inactive');
    strictEqual(isInactive(agent(null, [], 'retired')), false);
    strictEqual(isInactive(agent(null, [], null)), false);
  });

  it('follows the threshold it is given', () => {
    const a = agent('2026-03-28T11:40', ['ready']);
    strictEqual(agentLiveness(a, NOW, staleAfterMinutes(10)), 'alive');
    strictEqual(agentLiveness(a, NOW, staleAfterMinutes(5)), 'down');
  });

  it("the agent's own session's report makes it alive: never down or idle beside a turn it reports", () => {
    const at = (turn: 'working' | 'needs-input' | 'turn-finished' | 'ended' | 'starting' | null, minutes: number | null, live = false) => ({ turn, minutes, live });
    strictEqual(livenessWithSession('down', at('turn-finished', 0), 30), 'alive', 'turn finished just now');
    strictEqual(livenessWithSession('idle', at('needs-input', 5), 30), 'alive');
    strictEqual(livenessWithSession('waiting', at('working', 30), 30), 'alive', 'up to and including the threshold');
    strictEqual(livenessWithSession('down', at('turn-finished', 240, true), 30), 'alive', 'at its prompt in a terminal here: alive and waiting');
    strictEqual(livenessWithSession('down', at('turn-finished', 31), 30), 'down', 'an old report of a session not run here');
    strictEqual(livenessWithSession('down', at('ended', 0, true), 30), 'down', 'an ended session says nothing of life');
    strictEqual(livenessWithSession('down', at('starting', null, true), 30), 'down', 'no report yet');
    strictEqual(livenessWithSession('inactive', at('working', 0, true), 30), 'inactive');
    strictEqual(livenessWithSession('idle', null, 30), 'idle');
  });

  it('only ready and in-progress tasks are active', () => {
    strictEqual(hasActiveTasks(agent(null, ['done', 'Ready', 'blocked'])), false);
    strictEqual(hasActiveTasks(agent(null, ['done', 'ready'])), true);
  });

  it('summarizes the team for the status bar', () => {
    const agents = [
      agent('2026-03-28T11:50', ['ready', 'ready', 'in-progress']),
      agent('2026-03-28T08:00', ['ready', 'done']),
      agent('2026-03-28T08:00', ['done']),
      agent(null, []),
      agent('2026-03-28T11:59', ['ready'], 'inactive'),
    ];
    deepStrictEqual(teamSummary({ agents }, NOW, 30), { agents: 5, alive: 1, idle: 2, waiting: 0, down: 1, inactive: 1, ready: 4, inProgress: 1 });
    deepStrictEqual(teamSummary({ agents: [] }, NOW, 30), { agents: 0, alive: 0, idle: 0, waiting: 0, down: 0, inactive: 0, ready: 0, inProgress: 0 });
  });
});
