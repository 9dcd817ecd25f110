// End to end: the Threads list in the Cortex sidebar and the Threads panel, in the
// packaged extension (VSIX) in code-server, driven with chromium. One workbench: a
// template's graph, an aborted thread with its [ABORT] marker, a running thread whose
// artifact an "agent" (this process) writes while the panel shows it; screenshots in
// the light theme, then the same in the dark and the high-contrast theme (switched in the
// same window).
import * as assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { openViewContainer, runCommand } from '../harness/workbench';
import { findWebview, expectCount, expectText } from './expect';
import { setColorTheme } from './themes';
import { cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';

/** The Threads panel's document: the webview whose page holds `.layout` with a Templates list. */
function threadsFrame(page: Page, timeoutMs = 45_000): Promise<FrameLocator> {
  return findWebview(page, (f) => f.getByRole('listbox', { name: 'Templates' }), 'the Threads panel', timeoutMs);
}

after(() => cleanUpScratch());

const LONG_NAME = 'Senior Payments Reconciliation Engineer';
const REQUEST = 'Reconcile the Stripe payouts of March against the ledger';

/** A team agent with a long real name, written as another program would (the store picks it up). */
function addLongNamedAgent(wb: Workbench): void {
  const dir = wb.teamFile('agents/payments-reconciliation');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    `${dir}/payments-reconciliation.md`,
    `---\nname: ${LONG_NAME}\nstatus: active\njoined: 2026-03-01\n---\n\n## Role\nReconciles payouts against the ledger\n\n## Projects\n\n## Capabilities\n- Stripe payouts and ledger reconciliation\n\n## Session Log\nLast session: --\nStatus: registered\n`,
  );
  writeFileSync(`${dir}/tasks.md`, '');
}

/** The Threads list's Background agents group, scrolled into view, with the running agent's tooltip open. */
async function showBackgroundAgents(page: Page): Promise<void> {
  const sidebar = page.locator('.part.sidebar');
  // The tree renders the rows in view only: focus it, then End scrolls to the last one.
  const pane = sidebar.locator('.pane', { has: page.locator('.pane-header', { hasText: /^Threads/i }) });
  await pane.locator('.monaco-list').first().focus();
  await page.keyboard.press('End');
  const row = sidebar.locator('.monaco-list-row', { hasText: 'support' }).first();
  await row.waitFor({ state: 'visible', timeout: 15_000 });
  await expectText(row, /running · L3 · Fetch the webhook signature docs/, 15_000);
  await row.hover();
  await expectText(page.locator('.monaco-hover, .workbench-hover').first(), /Spawned by 550e8400/, 15_000);
}

/** Types into the open QuickInput once its title matches, and accepts (a pick: once the item typed is listed). */
async function answer(page: Page, title: RegExp, text: string, pick = false): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  await expectText(widget.locator('.quick-input-title'), title, 15_000);
  const input = widget.locator('.quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.focus();
  await page.keyboard.type(text, { delay: 5 });
  // An agent another program just wrote reaches the list once the store has read its folder: slow on a loaded machine.
  if (pick) await widget.locator('.monaco-list-row', { hasText: text }).first().waitFor({ state: 'visible', timeout: 45_000 });
  await page.keyboard.press('Enter');
}

describe('Threads view (VSIX in code-server)', function () {
  this.timeout(150_000);
  let wb: Workbench;
  let panel: FrameLocator;

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'threads', theme: lightTheme });
  });
  after(async () => wb?.close());

  it('lists templates and threads in the sidebar; a template opens the panel with its graph', async () => {
    const page = wb.page;
    await openViewContainer(page, 'Cortex');
    const sidebar = page.locator('.part.sidebar');
    const item = sidebar.locator('.monaco-list-row', { hasText: 'coder-review' }).first();
    await item.waitFor({ state: 'visible', timeout: 45_000 });
    await expectText(sidebar, /Migrate the invoice tables/, 10_000);
    await item.click();
    panel = await threadsFrame(page);
    const graph = panel.locator('svg.graph');
    await expectCount(graph.locator('.node'), 4, 15_000);
    await expectText(panel.locator('.detail-head'), 'coder-review');
    assert.ok((await graph.locator('.edge title').allTextContents()).includes('coder:implement → coder:review: convergence([IMPLEMENTATION COMPLETE], max 5)'));
    // The long label drawn on three lines, so the gap between the columns stays narrow.
    assert.deepEqual(await graph.locator('.edge-label.edge-convergence').first().locator('tspan').allTextContents(), ['convergence(', '[IMPLEMENTATION COMPLETE],', 'max 5)']);
    assert.equal(await graph.locator('.node-entry').getAttribute('data-node'), 'planner');
    await screenshot(page, 'threads-graph-light');
  });

  it('an aborted thread: reason, steps, cost against the limit, the artifact with its marker highlighted', async () => {
    await panel.getByRole('option', { name: /Migrate the invoice tables/ }).click();
    await expectText(panel.locator('.abort-reason'), /the migration drops data/);
    await expectText(panel.locator('.facts'), /\$3\.16 of \$5\.00/);
    await expectCount(panel.locator('.steps tbody tr'), 4);
    await expectText(panel.locator('mark.abort-marker'), '[ABORT: the migration drops data in the legacy invoices table]', 15_000);
    await screenshot(wb.page, 'threads-aborted-light');
  });

  it('a running thread\'s artifact follows the file as an agent writes it', async () => {
    await panel.getByRole('option', { name: /Stripe webhook endpoint/ }).click();
    await expectText(panel.locator('.artifact-body'), /Router entry and handler skeleton/, 15_000);
    assert.equal(await panel.locator('.node-active').getAttribute('data-node'), 'coder:implement');
    const file = wb.teamFile('.cortex/tmp/threads/thr_3f9a12c4/artifact.md');
    const started = Date.now();
    appendFileSync(file, '\n## Implementation (coder, pass 2)\n\n- Replay protection: event ids kept for 5 minutes.\n\n[IMPLEMENTATION COMPLETE]\n');
    await expectText(panel.locator('.artifact-body'), /Replay protection: event ids kept/, 15_000);
    console.log(`      the artifact showed the agent's write after ${Date.now() - started} ms`);
    await panel.locator('.artifact-body').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await screenshot(wb.page, 'threads-live-light');
    assert.ok(readFileSync(file, 'utf8').includes('[IMPLEMENTATION COMPLETE]'));
  });

  it('starts a thread from a template for a team agent with a long name: the thread shows its task, the task\'s card its thread', async () => {
    const page = wb.page;
    addLongNamedAgent(wb);
    // The picker lists the agents the store knows when it opens: wait for the store to read the new one.
    await expectText(page.locator('.part.statusbar'), /Cortex: 7 agents/, 45_000);
    await runCommand(page, 'Cortex: Start Thread');
    await answer(page, /^\s*Cortex: Start Thread\s*$/, 'coder-review', true);
    await answer(page, /Start Thread "coder-review" \(1\/2\)/, REQUEST);
    await answer(page, /Start Thread "coder-review" \(2\/2\)/, LONG_NAME, true);
    const record = () => (JSON.parse(readFileSync(wb.teamFile('.cortex/data/threads.json'), 'utf8')) as Array<{ id: string; userMessage: string; metadata?: { scheduleTaskId?: string } }>).find((r) => r.userMessage === REQUEST);
    await expectText(panel.locator('.side'), /Reconcile the Stripe payouts/, 20_000);
    const started = record();
    assert.ok(started?.metadata?.scheduleTaskId, 'the record names its task');
    assert.match(readFileSync(wb.teamFile('agents/payments-reconciliation/tasks.md'), 'utf8'), new RegExp(`## Thread ${started.id}: Reconcile the Stripe payouts`));
    await panel.getByRole('option', { name: /Reconcile the Stripe payouts/ }).click();
    await expectText(panel.locator('.thread-task'), new RegExp(`Thread ${started.id}.*${LONG_NAME}.*ready`), 15_000);
    await screenshot(page, 'threads-started-light');

    await runCommand(page, 'Cortex: Open Task Board');
    const board = await findWebview(page, (f) => f.locator('.board-app'), 'the task board', 30_000);
    // The new agent's lane may be below the fold of a virtualized board: the filter brings its card up.
    await board.getByLabel('Filter tasks by text').fill('Reconcile the Stripe');
    const chip = board.locator(`.card-thread[data-thread="${started.id}"]`);
    await chip.waitFor({ state: 'visible', timeout: 20_000 });
    await screenshot(page, 'board-thread-chip-light');
    await chip.click();
    panel = await threadsFrame(page);
    await expectText(panel.locator('.detail h2'), /Reconcile the Stripe payouts/, 15_000);
  });

  it('a completed thread: why it stopped, its loop counts and metadata; a template\'s agent definitions', async () => {
    await panel.getByRole('option', { name: /Survey webhook retry strategies/ }).click();
    await expectText(panel.locator('.stop-reason'), /no_matching_transition — no transition rule matched the last step/, 15_000);
    await expectText(panel.locator('section[aria-label="Metadata"]'), /billing-service/);
    await screenshot(wb.page, 'threads-completed-light');
    await panel.getByRole('option', { name: 'coder-review' }).click();
    await expectCount(panel.locator('.agent-def'), 3, 15_000);
    // The coder's stage prompt extends base-step.md and fills its task block: opened, it reads as the engine puts it together.
    await panel.locator('.prompt-file summary', { hasText: 'coder-implement' }).click();
    await expectText(panel.locator('.prompt-file[open] .prompt-text'), /You are one step of a thread[\s\S]*Implement the plan/, 10_000);
    await panel.locator('.prompt-file[open]').scrollIntoViewIfNeeded();
    await screenshot(wb.page, 'threads-agent-defs-light');
    await showBackgroundAgents(wb.page);
    await screenshot(wb.page, 'threads-background-light');
  });

  it('dark theme: the graph and the aborted thread', async () => {
    const page = wb.page;
    await setColorTheme(wb, darkTheme);
    await panel.getByRole('option', { name: 'coder-review' }).click();
    await expectCount(panel.locator('svg.graph .node'), 4, 15_000);
    await screenshot(page, 'threads-graph-dark');
    await panel.getByRole('option', { name: /Migrate the invoice tables/ }).click();
    await expectText(panel.locator('mark.abort-marker'), /\[ABORT: /, 15_000);
    await screenshot(page, 'threads-aborted-dark');
    await panel.getByRole('option', { name: /Reconcile the Stripe payouts/ }).click();
    await expectText(panel.locator('.thread-task'), new RegExp(LONG_NAME), 15_000);
    await screenshot(page, 'threads-started-dark');
    await panel.getByRole('option', { name: /Survey webhook retry strategies/ }).click();
    await expectText(panel.locator('.stop-reason'), /no_matching_transition/, 15_000);
    await screenshot(page, 'threads-completed-dark');
    await showBackgroundAgents(page);
    await screenshot(page, 'threads-background-dark');
  });

  it('high-contrast theme: the graph and a thread with its artifact', async () => {
    const page = wb.page;
    await setColorTheme(wb, highContrastTheme);
    await panel.getByRole('option', { name: 'coder-review' }).click();
    await expectCount(panel.locator('svg.graph .node'), 4, 15_000);
    await screenshot(page, 'threads-graph-high-contrast');
    await panel.getByRole('option', { name: /Stripe webhook endpoint/ }).click();
    await expectText(panel.locator('.artifact-body'), /Replay protection/, 15_000);
    await screenshot(page, 'threads-live-high-contrast');
    await panel.getByRole('option', { name: /Reconcile the Stripe payouts/ }).click();
    await expectText(panel.locator('.thread-task'), new RegExp(LONG_NAME), 15_000);
    await screenshot(page, 'threads-started-high-contrast');
    await panel.getByRole('option', { name: /Survey webhook retry strategies/ }).click();
    await expectText(panel.locator('.stop-reason'), /no_matching_transition/, 15_000);
    await screenshot(page, 'threads-completed-high-contrast');
    await showBackgroundAgents(page);
    await screenshot(page, 'threads-background-high-contrast');
  });
});
