// The worklog and mailbox commands in the real extension host, answered through the
// prompts layer: the bytes each writes, the panel's messages, and Restricted Mode.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { ESCAPE, api, message, noErrors, reset, script, stepTrail, teamDir, waitFor } from './commands-helpers';

const WORKLOG = '# Worklog\n\n## Status\n| Agent | State | Working on |\n|---|---|---|\n| billing-dev | idle | - |\n\n## Decisions\n| Date | Decision | Entry |\n|---|---|---|\n| 2026-03-25 | Cents | cents |\n\n## 2026-03-27T12:40 — billing-dev — handoff: drafts\nDone.\n\n## 2026-03-26T10:00 — billing-dev — claimed: drafts\n';
const MAILBOX = '# Mailbox\n\n## Inbox\n| To | New | Open |\n|---|---|---|\n| billing-dev | 1 | 0 |\n\n## MSG-0001 — question\n| Field | Value |\n|---|---|\n| From | docs-writer |\n| To | billing-dev |\n| Sent | 2026-03-27T17:05 |\n| Status | new |\n\nA question.\n';
const NOW = new Date(2026, 2, 28, 14, 5);
const HANDOFF_TEMPLATE = '**To:** \n\n**Done:**\n- \n\n**Changed files:**\n- \n\n**Next:**\n- \n';

/** The "Write in Editor" draft: the active untitled markdown editor. */
function draftEditor(): Promise<vscode.TextEditor> {
  return waitFor(() => {
    const e = vscode.window.activeTextEditor;
    return e?.document.isUntitled && e.document.languageId === 'markdown' ? e : undefined;
  }, 5000, 'the draft editor');
}

async function replaceDraft(text: string): Promise<void> {
  const e = await draftEditor();
  const whole = new vscode.Range(e.document.positionAt(0), e.document.positionAt(e.document.getText().length));
  assert.ok(await e.edit((b) => b.replace(whole, text)), 'the draft took the text');
}

/** The draft's text under its comment line. */
async function draftBelowHeader(purpose: string): Promise<string> {
  const text = (await draftEditor()).document.getText();
  const [header, blank, ...rest] = text.split('\n');
  assert.equal(header, `<!-- Cortex: ${purpose}. Write it below; the send button above (or Ctrl+Enter) sends it. This line is not part of it. -->`);
  assert.equal(blank, '');
  return rest.join('\n');
}

const sendDraft = () => vscode.commands.executeCommand('cortex.sendDraft');

function draftOpen(): boolean {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'untitled');
}

describe('Worklog and mailbox commands', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let dir: string;
  let saved: { w: string | null; m: string | null };
  const file = (n: string) => path.join(dir, n);
  const read = (n: string) => readFileSync(file(n), 'utf8').replace(/\r\n/g, '\n');

  before(async () => {
    a = await api();
    dir = teamDir(a);
    const keep = (n: string) => {
      try {
        return readFileSync(file(n), 'utf8');
      } catch {
        return null;
      }
    };
    saved = { w: keep('WORKLOG.md'), m: keep('MAILBOX.md') };
  });
  beforeEach(() => {
    writeFileSync(file('WORKLOG.md'), WORKLOG);
    writeFileSync(file('MAILBOX.md'), MAILBOX);
    a.setNow(() => NOW);
  });
  afterEach(async () => {
    a.setNow(undefined);
    await reset(a);
  });
  after(() => {
    if (saved.w !== null) writeFileSync(file("WORKLOG.md"), saved.w);
    if (saved.m !== null) writeFileSync(file("MAILBOX.md"), saved.m);
  });

  it('Append Worklog Entry: a decision goes on top with its index row', async () => {
    script(a, ['Decision', 'chief-of-staff', 'credit notes share the sequence', 'Agreed.']);
    const r = await vscode.commands.executeCommand<{ heading: string }>('cortex.appendWorklogEntry');
    assert.equal(r?.heading, '2026-03-28T14:05 — chief-of-staff — decision: credit notes share the sequence');
    assert.equal(
      read('WORKLOG.md'),
      WORKLOG.replace('| 2026-03-25 | Cents | cents |\n', '| 2026-03-25 | Cents | cents |\n| 2026-03-28 | credit notes share the sequence | credit notes share the sequence |\n').replace(
        '## 2026-03-27T12:40',
        '## 2026-03-28T14:05 — chief-of-staff — decision: credit notes share the sequence\nAgreed.\n\n## 2026-03-27T12:40',
      ),
    );
    noErrors(a);
  });

  it('Append Worklog Entry: the maintainer, Escape writes nothing', async () => {
    script(a, ['Note', 'maintainer', 'hello', ESCAPE]);
    assert.equal(await vscode.commands.executeCommand('cortex.appendWorklogEntry'), undefined);
    assert.equal(read('WORKLOG.md'), WORKLOG);
  });

  it('Append Worklog Entry, Write in Editor: the draft starts with the handoff template and what was typed; sending it appends its text and closes the draft and its notification', async () => {
    const body = '**To:** dashboard-dev\n\n**Done:**\n- list view API\n\n**Changed files:**\n- src/invoices.ts\n\n**Next:**\n- wire the overdue filter';
    let asked = 0;
    script(a, ['Handoff', 'billing-dev', 'invoice list', { button: 'editor', value: 'See PR 12.' }], async (severity, text, items) => {
      if (!/Write the worklog entry "Handoff: invoice list" in the editor, then send it \(Append Entry\)/.test(text)) return undefined;
      asked++;
      assert.equal(severity, 'waiting');
      assert.deepEqual(items, ['Cancel']);
      assert.equal(await draftBelowHeader('the worklog entry "Handoff: invoice list"'), `${HANDOFF_TEMPLATE}See PR 12.`);
      assert.equal(path.basename((await draftEditor()).document.uri.path), 'invoice list (worklog entry).md');
      assert.equal(read('WORKLOG.md'), WORKLOG, 'nothing written while the draft is open');
      await replaceDraft(`${body}\n`);
      await sendDraft();
      return undefined;
    });
    const r = await vscode.commands.executeCommand<{ heading: string }>('cortex.appendWorklogEntry');
    assert.equal(asked, 1);
    assert.equal(r?.heading, '2026-03-28T14:05 — billing-dev — handoff: invoice list');
    assert.equal(read('WORKLOG.md'), WORKLOG.replace('## 2026-03-27T12:40', `## 2026-03-28T14:05 — billing-dev — handoff: invoice list\n${body}\n\n## 2026-03-27T12:40`));
    await waitFor(() => !draftOpen(), 5000, 'the draft to close');
    assert.equal(a.waitingNotices, 0, 'no notification left up');
    noErrors(a);
  });

  it('Append Worklog Entry, Write in Editor: text the format refuses keeps the draft open with the reason in its notification; the fixed text is appended', async () => {
    const seen: string[] = [];
    script(a, ['Decision', 'maintainer', 'one sequence for credit notes', { button: 'editor' }], async (severity, text) => {
      seen.push(`${severity}: ${text}`);
      if (/Write the worklog entry "Decision: one sequence for credit notes"/.test(text)) {
        assert.equal(await draftBelowHeader('the worklog entry "Decision: one sequence for credit notes"'), '**Decision:** \n\n**Why:**\n- \n\n**Decided by:** \n');
        await replaceDraft('**Decision:** one sequence\n\n## Why\n- audits\n');
        await sendDraft();
      } else if (severity === 'waiting' && /Nothing was written/.test(text)) {
        assert.match(text, /"##" heading on its line 3/);
        assert.equal(read('WORKLOG.md'), WORKLOG, 'nothing written');
        const e = await draftEditor();
        assert.match(e.document.getText(), /## Why/, 'the draft still holds the text');
        await replaceDraft(e.document.getText().replace('## Why', '### Why'));
        await sendDraft();
      }
      return undefined;
    });
    const r = await vscode.commands.executeCommand<{ heading: string; decisionRow: boolean }>('cortex.appendWorklogEntry');
    assert.equal(r?.decisionRow, true);
    assert.equal(seen.filter((m) => /Nothing was written/.test(m)).length, 1, seen.join('\n'));
    assert.equal(
      read('WORKLOG.md'),
      WORKLOG.replace('| 2026-03-25 | Cents | cents |\n', '| 2026-03-25 | Cents | cents |\n| 2026-03-28 | one sequence for credit notes | one sequence for credit notes |\n').replace(
        '## 2026-03-27T12:40',
        '## 2026-03-28T14:05 — maintainer — decision: one sequence for credit notes\n**Decision:** one sequence\n\n### Why\n- audits\n\n## 2026-03-27T12:40',
      ),
    );
    await waitFor(() => !draftOpen(), 5000, 'the draft to close');
  });

  it("Append Worklog Entry, Write in Editor: closing the draft's tab writes nothing and ends its notification", async () => {
    script(a, ['Note', 'docs-writer', 'changelog', { button: 'editor', value: 'Half a thought' }]);
    const running = vscode.commands.executeCommand('cortex.appendWorklogEntry');
    await waitFor(() => a.waitingNotices === 1 || undefined, 5000, 'the waiting notification');
    await replaceDraft('Never appended.');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.equal(await running, undefined);
    assert.equal(a.waitingNotices, 0, 'no notification left up');
    assert.equal(read('WORKLOG.md'), WORKLOG);
    message(a, /the draft of the worklog entry "Note: changelog" was closed; nothing was written/, 'info');
    assert.ok(!draftOpen());
  });

  it('Compose Message, Write in Editor: sending the draft writes it as the message body', async () => {
    script(a, ['billing-dev', 'docs-writer', 'question', 'P2', 'credit note copy', { button: 'editor', value: 'Draft:' }], async (_s, text) => {
      if (!/Write the message to docs-writer in the editor, then send it \(Send Message\)/.test(text)) return undefined;
      assert.equal(await draftBelowHeader('the message to docs-writer'), 'Draft:');
      await replaceDraft('Draft:\n\n- title "Credit note"\n- same footer');
      await sendDraft();
      return undefined;
    });
    const c = await vscode.commands.executeCommand<{ id: string }>('cortex.composeMessage');
    assert.equal(c?.id, 'MSG-0002');
    assert.ok(
      read('MAILBOX.md').startsWith('# Mailbox\n\n## Inbox\n| To | New | Open |\n|---|---|---|\n| billing-dev | 1 | 0 |\n'),
      read('MAILBOX.md'),
    );
    assert.ok(read('MAILBOX.md').includes('## MSG-0002 — credit note copy\n| Field | Value |\n|---|---|\n| From | billing-dev |\n| To | docs-writer |\n| Sent | 2026-03-28T14:05 |\n| Type | question |\n| Priority | P2 |\n| Respond by | 2026-03-29T14:05 |\n| Status | new |\n\nDraft:\n\n- title "Credit note"\n- same footer\n\n## MSG-0001'));
    await waitFor(() => !draftOpen(), 5000, 'the draft to close');
    noErrors(a);
  });

  it('Update Worklog Status: after the preview, only the table changes', async () => {
    script(a, [], (_s, text, items) => (items.includes('Write Status Block') ? 'Write Status Block' : undefined));
    assert.equal(await vscode.commands.executeCommand('cortex.updateWorklogStatus'), true);
    const after = read('WORKLOG.md');
    const tail = WORKLOG.slice(WORKLOG.indexOf('\n\n## Decisions'));
    assert.ok(after.startsWith('# Worklog\n\n## Status\n| Agent | State | Working on |\n|---|---|---|\n| billing-dev | '));
    assert.ok(after.endsWith(tail), 'everything after the status block is byte for byte the same');
    assert.match(after, /\| chief-of-staff \| [^|]+ \|/);
  });

  it('Compose Message and Set Message Status write the right bytes', async () => {
    script(a, ['dashboard-dev', 'billing-dev', 'request', 'P1', 'overdue filter', 'Please.']);
    const c = await vscode.commands.executeCommand<{ id: string }>('cortex.composeMessage');
    assert.equal(c?.id, 'MSG-0002');
    assert.deepEqual(stepTrail(a), ['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
    const composed = MAILBOX.replace('| billing-dev | 1 | 0 |', '| billing-dev | 2 | 0 |').replace(
      '## MSG-0001',
      '## MSG-0002 — overdue filter\n| Field | Value |\n|---|---|\n| From | dashboard-dev |\n| To | billing-dev |\n| Sent | 2026-03-28T14:05 |\n| Type | request |\n| Priority | P1 |\n| Respond by | 2026-03-28T18:05 |\n| Status | new |\n\nPlease.\n\n## MSG-0001',
    );
    message(a, /MSG-0002 \(P1 request\) to billing-dev is in MAILBOX\.md \(status new, respond by 2026-03-28T18:05\)/, 'info');
    assert.equal(read('MAILBOX.md'), composed);
    script(a, []);
    const s = await vscode.commands.executeCommand<{ to: string }>('cortex.setMessageStatus', 'MSG-0001', 'acknowledged');
    assert.equal(s?.to, 'acknowledged');
    assert.equal(read('MAILBOX.md'), composed.replace('| billing-dev | 2 | 0 |', '| billing-dev | 1 | 1 |').replace('| Sent | 2026-03-27T17:05 |\n| Status | new |', '| Sent | 2026-03-27T17:05 |\n| Status | acknowledged |'));
    script(a, []);
    assert.equal(await vscode.commands.executeCommand('cortex.setMessageStatus', 'MSG-0001', 'new'), undefined);
    message(a, /cannot go back from acknowledged to new/, 'error');
  });

  it('an overdue P0 message is offered for escalation once; Escalate writes the WORKLOG entry, marks the message and records escalation.requested', async () => {
    const p0 = MAILBOX.replace('| billing-dev | 1 | 0 |', '| billing-dev | 2 | 0 |').replace(
      '## MSG-0001',
      '## MSG-0002 — prod payments failing\n| Field | Value |\n|---|---|\n| From | infra-ops |\n| To | billing-dev |\n| Sent | 2026-03-28T12:00 |\n| Type | alert |\n| Priority | P0 |\n| Respond by | 2026-03-28T13:00 |\n| Status | new |\n\nStripe webhooks return 500.\n\n## MSG-0001',
    );
    const feedFile = file('.cortex/activity.jsonl');
    const feedBefore = existsSync(feedFile) ? read('.cortex/activity.jsonl').length : 0;
    script(a, [], (_s, text, items) => (/MSG-0002 \(P0 alert to billing-dev, "prod payments failing"\) is overdue by 1 h 5 min/.test(text) && items.includes('Escalate') ? 'Escalate' : undefined));
    writeFileSync(file('MAILBOX.md'), p0);
    a.store.notifyChanged(['MAILBOX.md']);
    await waitFor(() => read('MAILBOX.md').includes('| Escalated | 2026-03-28T14:05 |'), 15_000, 'the offer to be taken and the message marked');
    assert.equal(read('MAILBOX.md'), p0.replace('| Status | new |\n\nStripe', '| Status | new |\n| Escalated | 2026-03-28T14:05 |\n\nStripe'));
    assert.ok(
      read('WORKLOG.md').includes('\n## 2026-03-28T14:05 — maintainer — escalation: MSG-0002 overdue: P0 alert to billing-dev\n**Message:** MSG-0002 — prod payments failing\n'),
      read('WORKLOG.md'),
    );
    // The event follows the write (the writer records it once the files are written).
    await waitFor(() => existsSync(feedFile) && read('.cortex/activity.jsonl').slice(feedBefore).includes('escalation.requested'), 10_000, 'the escalation event');
    const events = read('.cortex/activity.jsonl').slice(feedBefore).trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(events.map((e) => [e.event_type, e.actor, e.payload.via, e.payload.id]), [['escalation.requested', 'maintainer', 'dashboard', 'MSG-0002']]);
    // Offered once: the same file read again asks nothing; the command says nothing is due.
    a.store.notifyChanged(['MAILBOX.md']);
    await a.store.whenIdle();
    script(a, []);
    assert.deepEqual(await vscode.commands.executeCommand('cortex.escalateOverdueMessages'), []);
    message(a, /no P0 or P1 message is overdue; nothing to escalate/, 'info');
  });

  it('Restricted Mode: every command refuses and explains', async () => {
    a.setTrusted(false);
    script(a, ['Note', 'maintainer', 'x', 'y']);
    assert.equal(await vscode.commands.executeCommand('cortex.appendWorklogEntry'), undefined);
    assert.equal(await vscode.commands.executeCommand('cortex.composeMessage'), undefined);
    assert.equal(await vscode.commands.executeCommand('cortex.setMessageStatus', 'MSG-0001', 'closed'), undefined);
    assert.equal(await vscode.commands.executeCommand('cortex.updateWorklogStatus'), undefined);
    assert.equal(read('WORKLOG.md'), WORKLOG);
    assert.equal(read('MAILBOX.md'), MAILBOX);
    message(a, /can't append to the worklog in Restricted Mode/, 'warning');
    message(a, /can't change a message status in Restricted Mode/, 'warning');
  });

  it('refuses to write over WORKLOG.md or MAILBOX.md with unsaved changes in an editor', async () => {
    for (const name of ['WORKLOG.md', 'MAILBOX.md']) {
      const editor = await vscode.window.showTextDocument(vscode.Uri.file(file(name)), { preview: false });
      await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'Unsaved. '));
    }
    script(a, ['Note', 'maintainer', 'x', 'y', 'dashboard-dev', 'billing-dev', 'question', 'P2', 'subject', 'body']);
    assert.equal(await vscode.commands.executeCommand('cortex.appendWorklogEntry'), undefined);
    assert.equal(await vscode.commands.executeCommand('cortex.composeMessage'), undefined);
    assert.equal(await vscode.commands.executeCommand('cortex.setMessageStatus', 'MSG-0001', 'acknowledged'), undefined);
    assert.equal(read('WORKLOG.md'), WORKLOG);
    assert.equal(read('MAILBOX.md'), MAILBOX);
    message(a, /Append Worklog Entry: nothing was written\. WORKLOG\.md has unsaved changes in an editor/, 'error');
    message(a, /Compose Message: nothing was written\. MAILBOX\.md has unsaved changes in an editor/, 'error');
    message(a, /MSG-0001 was left as it is\. MAILBOX\.md has unsaved changes in an editor/, 'error');
  });
});
