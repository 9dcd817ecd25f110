import * as assert from 'node:assert/strict';
import { AgentLivenessInfo, downMessage, newlyDown, statusText } from '../../../../src/extension/team/team-text';

const summary = { agents: 7, alive: 4, idle: 1, waiting: 0, down: 1, inactive: 1, ready: 12, inProgress: 3 };

describe('Extension host: the team in words (status bar, agents gone down)', () => {
  describe('status bar text', () => {
    it('reads "Cortex: 7 agents · 1 down · 12 ready"', () => {
      assert.equal(statusText(summary), 'Cortex: 7 agents · 1 down · 12 ready');
    });
    it('says who waits for pickup', () => {
      assert.equal(statusText({ ...summary, waiting: 2 }), 'Cortex: 7 agents · 1 down · 2 waiting for pickup · 12 ready');
    });
    it('leaves out "down" when nobody is, and says "1 agent"', () => {
      assert.equal(statusText({ ...summary, agents: 1, down: 0, ready: 0 }), 'Cortex: 1 agent · 0 ready');
    });
  });

  describe('down transitions', () => {
    const agent = (slug: string, liveness: AgentLivenessInfo['liveness']): AgentLivenessInfo => ({
      slug,
      name: slug.toUpperCase(),
      liveness,
      tickAgeMinutes: 42,
      activeTasks: 2,
    });
    it('reports alive → down only', () => {
      const prev = new Map([
        ['a', 'alive'],
        ['b', 'idle'],
        ['c', 'down'],
      ] as const);
      const now = [agent('a', 'down'), agent('b', 'down'), agent('c', 'down'), agent('d', 'down')];
      assert.deepEqual(
        newlyDown(prev, now).map((a) => a.slug),
        ['a'],
      );
    });
    it('does not report agents seen for the first time', () => {
      assert.deepEqual(newlyDown(new Map(), [agent('a', 'down')]), []);
    });
    it('words one or several agents', () => {
      assert.equal(downMessage([agent('a', 'down')]), 'Cortex: A looks down (no tick for 42 min, 2 tasks waiting).');
      assert.match(downMessage([agent('a', 'down'), agent('b', 'down'), agent('c', 'down')]), /^Cortex: A, B and C look down/);
    });
  });
});
