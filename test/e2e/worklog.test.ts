// End to end: the "Cortex: Open Worklog" panel of the packaged extension (VSIX) in
// code-server, driven with chromium. One workbench: opened from the command palette,
// the pinned status, decision index and timeline of the example team; filters by agent
// and type; the Mailbox tab, a message's status changed with its control (MAILBOX.md
// gets exactly the Status cell and the inbox counts); an entry appended through the
// real QuickInput steps shows up on the timeline, its HTML as text; the Team view's
// title button opens the panel too; an overdue P0 message written by an agent is
// marked and escalated from the panel. The Activity tab has the dashboard's own writes
// (the status change, the appended entry, the escalation) and follows agents live: two
// agents connected to `cortex-team mcp` with the MCP SDK's client dispatch, claim,
// tick, message and complete, and each write appears on top as it lands. Screenshots
// in the light theme, then dark and high contrast (switched in the same window) go to
// test-results/e2e/.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { FrameLocator, Page } from 'playwright-core';
import { repoRoot } from '../harness/paths';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { openViewContainer, runCommand } from '../harness/workbench';
import { eventually, findWebview, expectCount, expectText } from './expect';
import { artifactsDir, cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';
import { setColorTheme } from './themes';

/** The worklog panel's document: the webview whose page holds the Worklog/Mailbox tabs. */
function worklogFrame(page: Page, timeoutMs = 45_000): Promise<FrameLocator> {
  return findWebview(page, (f) => f.getByRole('tablist', { name: 'Worklog and mailbox' }), 'the worklog panel', timeoutMs);
}

/** Waits for the next QuickInput step: the input's placeholder matches. */
async function quickInputStep(page: Page, placeholder: RegExp): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  await eventually(
    async () => (await input.isVisible()) && placeholder.test((await input.getAttribute('placeholder')) ?? ''),
    async () => `the QuickInput step "${placeholder}" (now: "${await input.getAttribute('placeholder').catch(() => '')}")`,
    15_000,
  );
}

/** Collects dialogs and webview console errors (an HTML payload that ran would show up here). */
function watchPage(page: Page): { dialogs: string[]; errors: string[] } {
  const seen = { dialogs: [] as string[], errors: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss().catch(() => undefined);
  });
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = m.location().url ?? '';
    if (/webview|worklog\.js/i.test(where) || /Content Security Policy|alert/i.test(m.text())) seen.errors.push(`${m.text()} (${where})`);
  });
  return seen;
}

after(() => cleanUpScratch());

/** An agent's MCP session: the SDK's client over stdio to the built `cortex-team mcp`, acting as `agent`. */
async function agentSession(team: string, agent: string): Promise<{ call(name: string, args?: Record<string, unknown>): Promise<void>; close(): Promise<void> }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(repoRoot, 'dist', 'cli.js'), 'mcp', '--team', team, '--agent', agent], stderr: 'pipe' });
  const client = new Client({ name: `e2e-${agent}`, version: '1.0.0' });
  await client.connect(transport);
  return {
    async call(name, args = {}) {
      const r = await client.callTool({ name, arguments: args });
      assert.notEqual(r.isError, true, `${name}: ${JSON.stringify(r.content)}`);
    },
    close: () => client.close(),
  };
}

describe('Worklog and mailbox panel (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let panel: FrameLocator;
  let seen: { dialogs: string[]; errors: string[] };
  const read = (rel: string) => readFileSync(wb.teamFile(rel), 'utf8');

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'worklog', theme: lightTheme });
    seen = watchPage(wb.page);
  });
  after(async () => wb?.close());
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await wb.page.screenshot({ path: path.join(artifactsDir, `worklog-failed-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}.png`) }).catch(() => undefined);
    }
  });

  it('opens from the command palette: pinned status, decision index and the timeline', async () => {
    const page = wb.page;
    await page.locator('.part.statusbar').getByText(/Cortex: 6 agents/).waitFor({ timeout: 60_000 });
    await runCommand(page, 'View: Close Primary Side Bar');
    await runCommand(page, 'Cortex: Open Worklog');
    panel = await worklogFrame(page);
    await expectText(page.locator('.tabs-container'), 'Worklog');
    const status = panel.locator('section[aria-labelledby="status-title"]');
    await expectCount(status.locator('tbody tr'), 6, 20_000);
    await expectText(status.locator('tbody tr').first(), /chief-of-staff active finding out why dashboard-dev stopped ticking/);
    await expectText(status, /dashboard-dev no tick since \d{4}-\d\d-\d\dT\d\d:\d\d revenue chart/);
    const decisions = panel.locator('section[aria-labelledby="decisions-title"]');
    await expectCount(decisions.locator('tbody tr'), 2);
    await expectText(decisions, 'Store all amounts as integer cents');
    await expectText(decisions, 'Invoices get their number at finalisation, not at creation');
    const entries = panel.locator('ol.timeline > li.entry');
    await expectCount(entries, 4);
    await expectText(entries.nth(0), /Note\s+morning briefing chief-of-staff/);
    await expectText(entries.nth(1), /Handoff\s+draft invoices billing-dev/);
    await expectText(entries.nth(2), /Decision\s+invoice numbering chief-of-staff/);
    await expectText(panel.locator('.timeline-title'), 'Timeline (4, newest first)');
    await screenshot(page, 'worklog-timeline-light');
  });

  it('filters the timeline by agent and by type', async () => {
    const entries = panel.locator('ol.timeline > li.entry');
    const agent = panel.getByRole('combobox', { name: 'Filter by agent' });
    const type = panel.getByRole('combobox', { name: 'Filter by type' });
    await agent.selectOption('billing-dev');
    await expectCount(entries, 2, 5000);
    await expectText(panel.locator('.timeline-title'), 'Timeline (2 of 4, newest first)');
    assert.deepEqual(await entries.locator('.meta').allInnerTexts().then((t) => t.map((x) => x.split('·')[0].trim())), ['billing-dev', 'billing-dev']);
    await type.selectOption({ label: 'Decision' });
    await expectCount(entries, 0, 5000);
    await expectText(panel.locator('.worklog'), 'No entries match the filters.');
    await agent.selectOption('');
    await expectCount(entries, 1, 5000);
    await expectText(entries.first(), /Decision\s+invoice numbering/);
    await type.selectOption({ label: 'Handoff' });
    await expectCount(entries, 2, 5000);
    await type.selectOption('');
    await expectCount(entries, 4, 5000);
  });

  it('Mailbox tab: inbox, messages by status; a status changed with its control writes only the Status cell and the counts', async () => {
    const page = wb.page;
    await panel.getByRole('tab', { name: /Mailbox/ }).click();
    const inbox = panel.locator('section[aria-labelledby="inbox-title"]');
    await expectText(inbox.locator('tbody tr').first(), /billing-dev 1 1/, 10_000);
    // Each message shows its priority and type; MSG-0003 (P2, respond within 24 h) is past its Respond by.
    await expectText(panel.getByRole('region', { name: 'New: 1' }), /MSG-0003 P2 question credit note PDF layout/);
    await expectText(panel.getByRole('region', { name: 'New: 1' }), /overdue by \d+ h( \d+ min)? \(respond by \d{4}-\d\d-\d\d \d\d:\d\d\)/);
    await expectCount(panel.getByRole('region', { name: 'New: 1' }).getByRole('button', { name: /Escalate/ }), 0);
    await expectText(panel.getByRole('region', { name: 'Acknowledged: 1' }), /MSG-0002 P1 request status filter on \/invoices/);
    await expectText(panel.getByRole('region', { name: 'Closed: 1' }), /MSG-0001 P2 review webhook guide review/);
    await screenshot(page, 'mailbox-light');

    const before = read('MAILBOX.md');
    await panel.getByRole('combobox', { name: 'Status of MSG-0003' }).selectOption('acknowledged');
    let after = before;
    await eventually(async () => (after = read('MAILBOX.md')) !== before, () => 'MAILBOX.md to change', 10_000);
    const cell = '| Respond by | ' + /\| Respond by \| ([^|]+) \|\n\| Status \| new \|/.exec(before)![1];
    assert.equal(before.split(`${cell} |\n| Status | new |`).length, 2, 'one message is new');
    assert.equal(
      after,
      before.replace('| billing-dev | 1 | 1 |\n', '| billing-dev | 0 | 2 |\n').replace(`${cell} |\n| Status | new |`, `${cell} |\n| Status | acknowledged |`),
      'only the Status cell of MSG-0003 and billing-dev\'s inbox counts changed',
    );
    await expectText(panel.getByRole('region', { name: 'Acknowledged: 2' }), /MSG-0003 P2 question credit note PDF layout/, 10_000);
    await expectCount(panel.getByRole('region', { name: /^New:/ }), 0);
    await expectText(inbox.locator('tbody tr').first(), /billing-dev 0 2/);
    await expectText(panel.getByRole('tab', { name: /Mailbox/ }), /Mailbox\s*3/);
  });

  it('Append Worklog Entry through the QuickInput steps: on top of the file and of the timeline, its HTML as text', async () => {
    const page = wb.page;
    await panel.getByRole('tab', { name: /Worklog/ }).click();
    await expectCount(panel.locator('ol.timeline > li.entry'), 4, 10_000);
    const before = read('WORKLOG.md');
    const subject = 'credit notes <img src=x onerror=alert(1)>';
    const body = 'Ready for review <script>alert(2)</script> and <b>bold</b>?';
    await runCommand(page, 'Cortex: Append Worklog Entry');
    await quickInputStep(page, /What kind of entry/);
    const input = page.locator('.quick-input-widget input');
    await input.fill('Handoff');
    await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: 'Handoff' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await quickInputStep(page, /The actor/);
    await input.fill('billing-dev');
    await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: 'billing-dev' }).waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await quickInputStep(page, /Subject/);
    await input.fill(subject);
    await page.keyboard.press('Enter');
    await quickInputStep(page, /Body/);
    await input.fill(body);
    await page.keyboard.press('Enter');

    let after = before;
    await eventually(async () => (after = read('WORKLOG.md')) !== before, () => 'WORKLOG.md to change', 10_000);
    const heading = new RegExp(`## (\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d) — billing-dev — handoff: ${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`).exec(after);
    assert.ok(heading, `the new heading in ${after}`);
    const first = before.indexOf('\n## ', before.indexOf('## Decisions') + 1) + 1;
    assert.equal(after, `${before.slice(0, first)}## ${heading[1]} — billing-dev — handoff: ${subject}\n${body}\n\n${before.slice(first)}`, 'the entry goes on top of the entries; nothing else changes');

    const entries = panel.locator('ol.timeline > li.entry');
    await expectCount(entries, 5, 10_000);
    await expectText(entries.first().locator('.subject'), subject);
    await expectText(entries.first().locator('.body'), body);
    await expectText(entries.first().locator('.chip'), 'Handoff');
    // (VS Code adds its own script to every webview page; the panel's content is #root.)
    // No element from the payloads exists, so none of their handlers can run later either.
    assert.equal(await panel.locator('#root :is(img, script, b, iframe, svg)').count(), 0, 'no element from the payloads');
    assert.deepEqual(seen.dialogs, [], 'no dialog');
    assert.deepEqual(seen.errors, [], 'no console error in the webview');
    await runCommand(page, 'Notifications: Clear All Notifications');
  });

  it('an overdue P0 message an agent writes: marked, offered for escalation; the panel\'s Escalate writes the WORKLOG entry and marks it', async () => {
    const page = wb.page;
    await panel.getByRole('tab', { name: /Mailbox/ }).click();
    // An agent (no lock, whole file) adds a P0 alert sent two hours ago, due one hour ago.
    const at = (minutesAgo: number) => {
      const d = new Date(Date.now() - minutesAgo * 60_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    };
    const before = read('MAILBOX.md');
    const alert = `## MSG-0004 — Stripe webhooks return 500 in production for the Senior Payments Reconciliation Engineer's accounts\n| Field | Value |\n|---|---|\n| From | chief-of-staff |\n| To | billing-dev |\n| Sent | ${at(120)} |\n| Type | alert |\n| Priority | P0 |\n| Respond by | ${at(60)} |\n| Status | new |\n\nEvery invoice.paid since the deploy fails.\n\n`;
    writeFileSync(wb.teamFile('MAILBOX.md'), before.replace('## MSG-0003', `${alert}## MSG-0003`));
    const news = panel.getByRole('region', { name: 'New: 1' });
    await expectText(news, /MSG-0004 P0 alert Stripe webhooks/, 15_000);
    await expectText(news, /overdue by 1 h/);
    // The dashboard offers it once, in a notification (the panel's button does the same).
    await expectCount(page.locator('.notifications-toasts .notification-toast').filter({ hasText: /MSG-0004 \(P0 alert to billing-dev/ }), 1, 15_000);
    await runCommand(page, 'Notifications: Clear All Notifications');
    await screenshot(page, 'mailbox-overdue-light');

    const worklogBefore = read('WORKLOG.md');
    await news.getByRole('button', { name: /Escalate/ }).click();
    await eventually(async () => read('MAILBOX.md').includes('| Escalated |'), () => 'MAILBOX.md to mark MSG-0004 escalated', 15_000);
    assert.match(read('MAILBOX.md'), /\| Status \| new \|\n\| Escalated \| \d{4}-\d\d-\d\dT\d\d:\d\d \|\n\nEvery invoice\.paid/);
    const worklog = read('WORKLOG.md');
    assert.match(worklog, /\n## \d{4}-\d\d-\d\dT\d\d:\d\d — maintainer — escalation: MSG-0004 overdue: P0 alert to billing-dev\n/);
    assert.ok(worklog.length > worklogBefore.length);
    await expectText(news, /escalated \d{4}-\d\d-\d\d \d\d:\d\d/, 10_000);
    await expectCount(news.getByRole('button', { name: /Escalate/ }), 0);
    await runCommand(page, 'Notifications: Clear All Notifications');
  });

  it("Activity tab: the dashboard's writes, and what agents do through the MCP server live, newest first, the arrivals marked new", async () => {
    const page = wb.page;
    await panel.getByRole('tab', { name: /Activity/ }).click();
    const rows = panel.locator('ol.feed > li.act');
    // What the dashboard wrote above is already there, by the person (or the actor chosen) through the dashboard.
    await expectCount(rows, 3, 10_000);
    assert.deepEqual(await rows.locator('.chip').allInnerTexts(), ['Escalation', 'Handoff', 'Message status']);
    await expectText(rows.nth(0), /MSG-0004 overdue/);
    await expectText(rows.nth(0).locator('.meta'), /maintainer · Dashboard · WORKLOG\.md/);
    await expectText(rows.nth(1).locator('.meta'), /billing-dev · Dashboard · WORKLOG\.md/);
    await expectText(rows.nth(2), /MSG-0003 new → acknowledged/);
    const lead = await agentSession(wb.team.dir, 'chief-of-staff');
    const writer = await agentSession(wb.team.dir, 'docs-writer');
    try {
      const title = 'Write the migration guide for the credit-note numbering change (invoices v2 → v3, with the back-fill of every open draft)';
      await lead.call('dispatch_task', { to: 'docs-writer', title, body: 'For integrators: what changes, when, and how to test it.' });
      await expectCount(rows, 4, 15_000);
      await expectText(rows.first(), /Dispatched\s+Write the migration guide .* to docs-writer\s*new/);
      await writer.call('claim_task');
      await expectCount(rows, 5, 15_000);
      await expectText(rows.first(), /Claimed\s+Write the migration guide/);
      await writer.call('tick');
      await writer.call('send_message', { to: 'billing-dev', subject: 'Is the v3 numbering final for credit notes issued against drafts created before the cut-over?', body: 'Needed for the guide.' });
      await writer.call('complete_task', { summary: 'Guide written: docs/migrations/invoices-v3.md, with a back-fill checklist and the test invoice set.' });
      await expectCount(rows, 8, 15_000);
      assert.deepEqual(await rows.locator('.chip').allInnerTexts(), ['Completed', 'Message', 'Tick', 'Claimed', 'Dispatched', 'Escalation', 'Handoff', 'Message status']);
      await expectText(rows.first(), /Guide written: docs\/migrations\/invoices-v3\.md/);
      await expectText(rows.nth(1), /MSG-\d+ to billing-dev/);
      await expectText(rows.first().locator('.meta'), /docs-writer · MCP · agents\/docs-writer\/tasks\.md · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
      await expectCount(panel.locator('ol.feed .badge.new'), 5, 10_000);
      await expectText(panel.getByRole('tab', { name: /Activity/ }), /Activity\s*8/);
    } finally {
      await lead.close();
      await writer.close();
    }
    await screenshot(page, 'worklog-activity-light');
    // The subject opens the file the event wrote.
    await rows.nth(1).locator('.subject').click();
    await expectText(page.locator('.tabs-container'), 'MAILBOX.md', 15_000);
    // Back to the panel, which loads its page again (on the Activity tab, as it was left).
    await page.locator('.tabs-container .tab', { hasText: 'Worklog' }).click();
    panel = await worklogFrame(page);
    await expectCount(panel.locator('ol.feed > li.act'), 8, 15_000);
  });

  it('dark and high-contrast themes: the timeline, the mailbox and the activity', async () => {
    const page = wb.page;
    await setColorTheme(wb, darkTheme);
    await expectCount(panel.locator('ol.feed > li.act'), 8, 10_000);
    await screenshot(page, 'worklog-activity-dark');
    await panel.getByRole('tab', { name: /Worklog/ }).click();
    await expectCount(panel.locator('ol.timeline > li.entry'), 6, 10_000);
    await screenshot(page, 'worklog-timeline-dark');
    await panel.getByRole('tab', { name: /Mailbox/ }).click();
    await expectCount(panel.getByRole('region', { name: 'Acknowledged: 2' }), 1, 10_000);
    await screenshot(page, 'mailbox-dark');

    await setColorTheme(wb, highContrastTheme);
    await screenshot(page, 'mailbox-high-contrast');
    await panel.getByRole('tab', { name: /Activity/ }).click();
    await expectCount(panel.locator('ol.feed > li.act'), 8, 10_000);
    await screenshot(page, 'worklog-activity-high-contrast');
    await panel.getByRole('tab', { name: /Worklog/ }).click();
    await expectCount(panel.locator('ol.timeline > li.entry'), 6, 10_000);
    // Keyboard focus (Tab from the button before it) shows the theme's focus outline.
    await panel.getByRole('button', { name: /Update Status/ }).focus();
    await panel.getByRole('button', { name: /Update Status/ }).press('Tab');
    await screenshot(page, 'worklog-timeline-high-contrast');
  });

  it('opens from the Team view\'s title button', async () => {
    const page = wb.page;
    await runCommand(page, 'View: Close All Editors');
    await expectCount(page.locator('.tabs-container .tab', { hasText: 'Worklog' }), 0, 10_000);
    await openViewContainer(page, 'Cortex');
    const button = page.locator('.part.sidebar').getByRole('button', { name: 'Open Worklog' });
    await button.waitFor({ timeout: 30_000 });
    // (The worklog panel is closed: the one webview is the Team view.)
    await expectText(page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame').locator('body'), 'Chief of Staff', 45_000);
    await screenshot(page, 'worklog-team-view-button-high-contrast');
    await button.click();
    panel = await worklogFrame(page);
    await expectCount(panel.locator('ol.timeline > li.entry'), 6, 20_000);
    await expectText(page.locator('.tabs-container'), 'Worklog');
  });
});
