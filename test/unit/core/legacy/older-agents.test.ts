import * as assert from 'assert';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { hasOlderAgentNotes, readOlderFormat } from '../../../../src/core/legacy/older-agents';
import { agentLiveness } from '../../../../src/core/team/liveness';
import { parseStamp } from '../../../../src/base/time';

/** The Cortex plugin's older format read as it is (no upgrade): agents, their Work Queue tasks, liveness from last-heartbeat. */
describe('older format read as it is', () => {
  const note = (heartbeat: string) => `---\nname: Billing Dev\nstatus: active\n${heartbeat}---\n\n## Projects\n- billing-service\n`;
  const project = '---\ntype: project\n---\n\n## Work Queue\n\n### 2026-03-27T10:00\n**Task:** Add Stripe webhook endpoint\n**Scope:** POST /webhooks/stripe\n**Status:** in-progress\n\n### 2026-03-27T10:05\n**Task:** Refunds\n**Status:** ready\n';

  it('each flat agents/<slug>.md is an agent: its name, status, tasks in Work Queue order, last-heartbeat as the tick; nothing written', async () => {
    const files = { 'agents/billing-dev.md': note('last-heartbeat: 2026-03-27T11:45\n'), 'projects/billing-service.md': project, 'agents/today/today.md': '---\nname: Today\n---\n' };
    const fs = new MemoryTeamFs(files);
    const older = await readOlderFormat(fs);
    assert.ok(older);
    assert.strictEqual(older.problem, null);
    const [a] = older.agents;
    assert.deepStrictEqual([older.agents.length, a.slug, a.name, a.status, a.lastTick, a.notePath], [1, 'billing-dev', 'Billing Dev', 'active', '2026-03-27T11:45', 'agents/billing-dev.md']);
    assert.deepStrictEqual(a.tasks.map((t) => [t.title, t.status, t.body]), [['Add Stripe webhook endpoint', 'in-progress', 'POST /webhooks/stripe'], ['Refunds', 'ready', '']]);
    // The coordinator's rule on it, unchanged: 15 min after the heartbeat alive, 45 min after it (work open) down.
    assert.strictEqual(agentLiveness(a, parseStamp('2026-03-27T12:00')!, 30), 'alive');
    assert.strictEqual(agentLiveness(a, parseStamp('2026-03-27T12:30')!, 30), 'down');
    for (const [p, text] of Object.entries(files)) assert.strictEqual(Buffer.from(await fs.readFile(p)).toString('utf8'), text);
  });

  it('a folder without a flat agent note is not in the older format; one the upgrade would refuse says why', async () => {
    assert.strictEqual(await readOlderFormat(new MemoryTeamFs({ 'agents/a/a.md': '---\nname: A\n---\n', 'projects/p.md': '## Work Queue\n' })), null);
    const bad = await readOlderFormat(new MemoryTeamFs({ 'agents/billing-dev.md': note('last-heartbeat: yesterday\n'), 'projects/billing-service.md': project }));
    assert.deepStrictEqual(bad, { agents: [], problem: 'agents/billing-dev.md: last-heartbeat "yesterday" is not a time (YYYY-MM-DDTHH:MM).' });
  });

  it('a flat note is any agents/<slug>.md (not a hidden or temporary file, not a folder)', async () => {
    assert.strictEqual(await hasOlderAgentNotes(new MemoryTeamFs({ 'agents/a/a.md': 'x', 'agents/.notes.md': 'x' })), false);
    assert.strictEqual(await hasOlderAgentNotes(new MemoryTeamFs({ 'agents/a/a.md': 'x', 'agents/b.md': 'x' })), true);
    assert.strictEqual(await hasOlderAgentNotes(new MemoryTeamFs({})), false);
  });
});
