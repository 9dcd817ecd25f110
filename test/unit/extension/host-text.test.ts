import * as assert from 'node:assert/strict';
import { isIgnored, isSuspiciousContent } from '../../../src/extension/change-filter';
import { agentArg, projectArg, taskArgs } from '../../../src/extension/command-args';
import { AgentLivenessInfo, downMessage, newlyDown, statusText } from '../../../src/extension/team-text';
import { duration } from '../../../src/base/words';

const summary = { agents: 7, alive: 4, idle: 1, waiting: 0, down: 1, inactive: 1, ready: 12, inProgress: 3 };

describe('Extension host: pure helpers', () => {
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

  it('words durations', () => {
    assert.equal(duration(0), '0 min');
    assert.equal(duration(42), '42 min');
    assert.equal(duration(65), '1 h 5 min');
    assert.equal(duration(120), '2 h');
    assert.equal(duration(11 * 60 + 7), '11 h');
    assert.equal(duration(3 * 24 * 60 + 5), '3 days');
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

  describe('watcher events', () => {
    it('ignores git internals and the core temp files', () => {
      assert.equal(isIgnored('.git/index'), true);
      assert.equal(isIgnored('agents/a/.tasks.md.cortex-1234.tmp'), true);
      assert.equal(isIgnored('agents/a/tasks.md'), false);
    });
    it('suspects empty files and files cut mid-line', () => {
      const enc = (s: string) => new TextEncoder().encode(s);
      assert.equal(isSuspiciousContent(enc('')), true);
      assert.equal(isSuspiciousContent(enc('## Task\n**Stat')), true);
      assert.equal(isSuspiciousContent(enc('## Task\n**Status:** ready\n')), false);
      assert.equal(isSuspiciousContent(enc('a\r\n')), false);
    });
  });

  describe('command arguments', () => {
    it('reads ids from strings and from webview context objects', () => {
      assert.equal(agentArg('billing-dev'), 'billing-dev');
      assert.equal(agentArg({ webviewSection: 'agent', agentSlug: 'billing-dev' }), 'billing-dev');
      assert.equal(agentArg(undefined), undefined);
      assert.equal(agentArg({ agentSlug: 3 }), undefined);
      assert.equal(projectArg({ projectSlug: 'billing' }), 'billing');
      assert.deepEqual(taskArgs('a', 2), { agent: 'a', index: 2 });
      assert.deepEqual(taskArgs({ agentSlug: 'a', taskIndex: 0 }, undefined), { agent: 'a', index: 0 });
      assert.equal(taskArgs('a', -1), undefined);
      assert.equal(taskArgs({ agentSlug: 'a', taskIndex: '1' }, undefined), undefined);
    });
  });
});
