import * as assert from 'node:assert/strict';
import { capabilityFit, isMisfit, rankByFit } from '../../../../src/core/agents/capability-fit';

describe('capability fit', () => {
  const billing = ['Python and FastAPI', 'Stripe webhooks and payment flows', 'PostgreSQL migrations with Alembic'];

  it('matches a capability by any of its words, in plural or verb forms, ignoring case, accents and filler words', () => {
    assert.deepEqual(capabilityFit(billing, 'Retry failed Stripe webhook').matched, ['Stripe webhooks and payment flows']);
    assert.deepEqual(capabilityFit(billing, 'Add a migration for invoices; FASTAPI route').matched, ['Python and FastAPI', 'PostgreSQL migrations with Alembic']);
    assert.deepEqual(capabilityFit(['Testing'], 'Add tests for retries').matched, ['Testing']);
    assert.deepEqual(capabilityFit(['Café ops'], 'Restart the cafe').matched, ['Café ops']);
    assert.deepEqual(capabilityFit(billing, 'and the with for').matched, [], 'filler words match nothing');
  });

  it('calls a task a misfit only when the agent lists capabilities and none matches', () => {
    assert.equal(isMisfit(capabilityFit(billing, 'Write the release notes')), true);
    assert.equal(isMisfit(capabilityFit([], 'Write the release notes')), false);
    assert.equal(isMisfit(capabilityFit(billing, 'Stripe refunds')), false);
  });

  it('ranks agents by capabilities matched, keeping the given order among equals', () => {
    const agents = [
      { slug: 'chief', capabilities: ['Morning briefing'] },
      { slug: 'docs', capabilities: ['Technical writing', 'OpenAPI reference pages'] },
      { slug: 'billing', capabilities: billing },
      { slug: 'none', capabilities: [] },
    ];
    assert.deepEqual(rankByFit(agents, 'Stripe webhook migration').map((r) => [r.agent.slug, r.fit.matched.length]), [['billing', 2], ['chief', 0], ['docs', 0], ['none', 0]]);
    assert.deepEqual(rankByFit(agents, 'Write reference pages').map((r) => r.agent.slug), ['docs', 'chief', 'billing', 'none']);
  });
});
