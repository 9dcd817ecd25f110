import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { planUpgrade, readLegacyTeam } from '../../../../src/core/legacy/upgrade-plan';
import { readTaskFile } from '../../../../src/core/parse/tasks';

/** The plugin's older layout, as its design document shows it: flat agent notes, tasks in the project notes' Work Queue. */
const BILLING_DEV = `---
name: Billing Dev
project: ~/Projects/billing-service
status: active
joined: 2026-03-27
last-heartbeat: 2026-03-27T11:45
---

## Role
Build and maintain the billing service.

## Projects
- billing-service — primary project

## Capabilities
- Stripe integration

## Session Log
Last session: 2026-03-27
Status: working
`;

const BILLING_SERVICE = `---
type: project
created: 2026-03-27
status: active
---

## Next Action
- Implement webhook handler for failed payments

## Work Queue

### 2026-03-27T10:00
**Task:** Add Stripe webhook endpoint for payment failures
**Scope:** Create POST /webhooks/stripe, verify signature
**Status:** done
Added the endpoint and its tests.

### 2026-03-27T11:00
**Task:** Retry failed invoices
**Scope:** Retry three times, a day apart
**Status:** ready

## Notes
- Agent: billing-dev at ~/Projects/billing-service
`;

const flat = new Map([['billing-dev', BILLING_DEV]]);
const projects = new Map([['projects/billing-service.md', BILLING_SERVICE]]);

describe('the older team format: read, and upgraded in one step', () => {
  it('reads the agents with their tasks (in document order) and their heartbeat', () => {
    const team = readLegacyTeam(flat, projects);
    assert.deepStrictEqual(
      team.agents.map((a) => [a.slug, a.name, a.lastHeartbeat, a.tasks.map((t) => [t.title, t.status, t.dispatched])]),
      [['billing-dev', 'Billing Dev', '2026-03-27T11:45', [['Add Stripe webhook endpoint for payment failures', 'done', '2026-03-27T10:00'], ['Retry failed invoices', 'ready', '2026-03-27T11:00']]]],
    );
  });

  it('plans the note in its folder (without last-heartbeat), a Shuttle task file with the tick, the Work Queue out of the project note, the flat note removed', () => {
    const plans = planUpgrade(readLegacyTeam(flat, projects), () => false, flat);
    assert.deepStrictEqual(plans.map((p) => [p.path, p.before === undefined ? 'new' : p.after === null ? 'removed' : 'edited']), [
      ['agents/billing-dev/billing-dev.md', 'new'],
      ['agents/billing-dev/tasks.md', 'new'],
      ['projects/billing-service.md', 'edited'],
      ['agents/billing-dev.md', 'removed'],
    ]);
    assert.strictEqual(plans[0].after, BILLING_DEV.replace('last-heartbeat: 2026-03-27T11:45\n', ''));
    const tasks = plans[1].after!;
    assert.strictEqual(
      tasks,
      '## Add Stripe webhook endpoint for payment failures\n**Status:** done\n\nCreate POST /webhooks/stripe, verify signature\nAdded the endpoint and its tests.\n\n## Retry failed invoices\n**Status:** ready\n\nRetry three times, a day apart\n\n<!-- cortex:last-tick 2026-03-27T11:45 -->\n',
    );
    const parsed = readTaskFile(tasks, 'agents/billing-dev/tasks.md');
    assert.deepStrictEqual(parsed.tasks.map((t) => [t.title, t.status]), [['Add Stripe webhook endpoint for payment failures', 'done'], ['Retry failed invoices', 'ready']]);
    assert.strictEqual(parsed.lastTick, '2026-03-27T11:45');
    assert.strictEqual(plans[2].after, BILLING_SERVICE.replace(/## Work Queue[\s\S]*?(?=## Notes)/, ''));
  });

  it('refuses what it cannot map, naming the file', () => {
    const refuse = (f: Map<string, string>, p: Map<string, string>, pattern: RegExp, exists = () => false) =>
      assert.throws(() => planUpgrade(readLegacyTeam(f, p), exists, f), (e: unknown) => e instanceof CortexInputError && pattern.test(e.message));
    refuse(new Map(), projects, /projects\/billing-service\.md has a Work Queue, but no agent lists it under ## Projects/);
    refuse(new Map([...flat, ['other', BILLING_DEV]]), projects, /billing-dev and other both list it/);
    refuse(flat, new Map([['projects/billing-service.md', BILLING_SERVICE.replace('**Status:** ready', '**Status:** blocked')]]), /status "blocked", not ready, in-progress or done/);
    refuse(flat, new Map([['projects/billing-service.md', BILLING_SERVICE.replace('**Task:** Retry failed invoices\n', '')]]), /has no \*\*Task:\*\* title/);
    refuse(new Map([['billing-dev', BILLING_DEV.replace('2026-03-27T11:45', 'yesterday')]]), projects, /last-heartbeat "yesterday" is not a time/);
    refuse(flat, projects, /agents\/billing-dev\/ exists already/, () => true);
  });
});
