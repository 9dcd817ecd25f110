import * as assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import {
  PROTOCOL_TEMPLATE_DIR,
  PROTOCOL_TEMPLATE_FILES,
  ProtocolContext,
  ProtocolTemplates,
  loadProtocolTemplates,
  renderProtocol,
} from '../../../../src/core/protocol-file/protocol';
import { parseWorklog } from '../../../../src/core/worklog/parse';
import { cortexTools } from '../../../../src/mcp/tools';

/**
 * The protocol texts tell the agent to work through the Cortex MCP tools when it has
 * them and through the file formats when not, and give the WORKLOG and MAILBOX duties
 * of the communications protocol. The formats they show are the ones the core reads,
 * and the tools they name are the server's.
 */

const ROOT = path.resolve(__dirname, '../../../../..');
const ctx: ProtocolContext = {
  agentName: 'Billing Dev',
  agentSlug: 'billing-dev',
  teamDir: '/home/ada/cortex-team',
  project: '/home/ada/Projects/billing-service',
  heartbeatMinutes: 15,
  staleAfterMinutes: 30,
  dailyBriefing: '09:00',
  dailyReview: '18:00',
};
const chief: ProtocolContext = { ...ctx, agentName: 'Chief of Staff', agentSlug: 'chief-of-staff' };

/** The fenced markdown examples of a text (their lines, indentation removed). */
function examples(text: string): string[] {
  const out: string[] = [];
  const re = /^( *)```markdown\n([\s\S]*?)^\1```$/gm;
  for (const m of text.matchAll(re)) out.push(m[2].split('\n').map((l) => l.slice(m[1].length)).join('\n'));
  return out;
}

describe('protocol texts: the Cortex tools, the worklog and the mailbox', () => {
  let templates: ProtocolTemplates;
  before(async () => {
    templates = await loadProtocolTemplates(async (name) => readFileSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR, name), 'utf8'));
    assert.deepStrictEqual(Object.keys(templates).sort(), Object.keys(PROTOCOL_TEMPLATE_FILES).sort());
  });

  for (const variant of ['worker', 'coordinator'] as const) {
    describe(variant, () => {
      const c = variant === 'worker' ? ctx : chief;
      const text = () => renderProtocol(templates, variant, c, 'codex');

      it('names the worklog and the mailbox by absolute path', () => {
        assert.ok(text().includes('- Worklog: `/home/ada/cortex-team/WORKLOG.md`'));
        assert.ok(text().includes('- Mailbox: `/home/ada/cortex-team/MAILBOX.md`'));
      });

      it("uses the MCP tools when there are, the file formats when not; the tools named are exactly the server's", () => {
        assert.match(text(), /## The Cortex tools\n\nWhen your session has the tools of the `cortex` MCP server/);
        assert.match(text(), /Without the\s+tools, read and edit the files yourself, in exactly the formats shown here\./);
        const section = text().split('## The Cortex tools')[1].split('\n## ')[0];
        const named = [...section.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((n) => n !== 'cortex');
        const served = cortexTools({ agent: c.agentSlug, dispatches: variant === 'coordinator', heartbeatMinutes: 15, context: () => { throw new Error('not called'); } }).map((t) => t.name);
        assert.deepStrictEqual([...named].sort(), [...served].sort());
      });

      it('reads the worklog at the start of a session and writes the entries of the communications protocol', () => {
        assert.match(text(), /## Worklog\n/);
        assert.match(text(), /the\s+entries\s+(written\s+)?since\s+your\s+last\s+session/);
        for (const type of ['decision.recorded', 'escalation.requested']) assert.ok(text().includes(type), type);
        assert.match(text(), /Entries are never edited or deleted, yours or anyone's\./);
        assert.match(text(), /The worklog is not a chat/);
      });

      it('checks the mailbox when asked (never polls), moves statuses forward only, and sends messages', () => {
        assert.match(text(), /## Mailbox\n/);
        assert.match(text(), /Do not poll it: read it\s+when the user asks you to check the mailbox\./);
        assert.match(text(), /`new` → `acknowledged` → `actioned` → `closed`/);
        assert.match(text(), /never only in the mailbox/);
      });

      it('its worklog entry example is read by the core as the type it names', () => {
        const entry = examples(text()).find((e) => e.startsWith('## YYYY-MM-DDTHH:MM — '))!;
        const heading = entry.split('\n')[0].replace('YYYY-MM-DDTHH:MM', '2026-03-28T10:15').replace('<task title>', 'Invoices').replace('<subject>', 'numbering');
        const worklog = parseWorklog(`# Worklog\n\n${heading}\nText.\n`);
        assert.deepStrictEqual(worklog.diagnostics, []);
        assert.strictEqual(worklog.entries[0].actor, c.agentSlug);
        assert.strictEqual(worklog.entries[0].eventType, variant === 'worker' ? 'task.completed' : 'decision.recorded');
      });

      it('its message example is read by the core as a new message from the agent', () => {
        const message = examples(text()).find((e) => e.startsWith('## MSG-0004'))!;
        const filled = message.replace('<subject>', 'Numbers').replace('<agent slug>', 'docs-writer').replace('YYYY-MM-DDTHH:MM', '2026-03-28T10:15');
        const parsed = parseMailbox(`# Mailbox\n\n${filled}\n`);
        assert.deepStrictEqual(parsed.messages.map((m) => [m.id, m.from, m.to, m.status]), [['MSG-0004', c.agentSlug, 'docs-writer', 'new']]);
      });
    });
  }

  it('the coordinator keeps the status table current and records decisions with their index row', () => {
    const text = renderProtocol(templates, 'coordinator', chief, 'claude-code');
    assert.match(text, /Keep the `## Status` table current/);
    assert.match(text, /`\| YYYY-MM-DD \| <the decision, one line> \| <the entry's subject> \|`/);
  });

  it('loads every protocol text through the reader it is given', async () => {
    const fs = new MemoryTeamFs(Object.fromEntries(Object.values(PROTOCOL_TEMPLATE_FILES).map((n) => [n, `text of ${n}`])));
    const loaded = await loadProtocolTemplates(async (name) => new TextDecoder().decode(await fs.readFile(name)));
    assert.strictEqual(loaded.hookScript, 'text of cortex-precheck.sh');
    assert.strictEqual(loaded.claudeSection, 'text of claude-local-section.md');
  });
});
