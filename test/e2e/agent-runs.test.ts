// End to end: running agents from the Team view of the packaged extension (VSIX) in
// code-server. Two agents of the example team are started from their rows' Start
// buttons with the stand-in (`cortex.agents.useStandIn`): Billing Dev, renamed with a
// long name, works its queue in a real terminal, and its row shows the latest actions
// and today's tokens and cost read from the session log the stand-in writes; Docs
// Writer gets a task that asks, and its row, the status bar and a notification say it
// needs input; the board's lane headers stop and start an agent; Team Insights shows
// their tokens and cost. Screenshots in light, dark and high contrast (one workbench).
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { foldThreadsView, openViewContainer, resizeSidebar, runCommand } from '../harness/workbench';
import { eventually, expectCount, expectText, findWebview } from './expect';
import { artifactsDir, cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';
import { setColorTheme } from './themes';
import { printDiagnostics } from './diagnostics';
import { agentRow } from './team-view-locators';

/** A name long enough to wrap or clip on a 520 px side bar. */
const BILLING = 'Billing and Invoicing Platform Developer (payments, refunds, dunning)';
const ASK = 'Publish the refunds guide [ask] once the wording of the refund policy is confirmed';

function rename(wb: Workbench, slug: string, name: string): void {
  const file = wb.teamFile(`agents/${slug}/${slug}.md`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^name: .*$/m, `name: ${name}`));
}

function addReadyTask(wb: Workbench, slug: string, title: string, body: string): void {
  const file = wb.teamFile(`agents/${slug}/tasks.md`);
  const text = readFileSync(file, 'utf8');
  const tick = text.lastIndexOf('<!-- cortex:last-tick');
  assert.ok(tick > 0, `${slug}'s tasks.md ends with a tick`);
  writeFileSync(file, `${text.slice(0, tick)}## ${title}\n**Status:** ready\n\n${body}\n\n${text.slice(tick)}`);
}

/** Every row's box stays inside the list's width: no long name or line pushes a row out. */
async function rowsFit(view: FrameLocator): Promise<void> {
  const list = view.getByRole('list', { name: 'Agents' });
  const listBox = await list.boundingBox();
  assert.ok(listBox, 'the agent list is on screen');
  const rows = list.getByRole('listitem');
  for (let i = 0; i < (await rows.count()); i++) {
    const overflow = await rows.nth(i).evaluate((el) => {
      const box = el.getBoundingClientRect();
      const wide = [...el.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > box.right + 1 && c.getClientRects().length > 0);
      // The liveness word is whole on screen, however long the name beside it.
      const badge = el.querySelector('.row-head .liveness')?.getBoundingClientRect();
      const word = el.querySelector('.row-head .liveness-word')?.getBoundingClientRect();
      const livenessWhole = !!badge && !!word && word.width > 0 && word.left >= badge.left - 0.5 && word.right <= badge.right + 0.5;
      return { over: el.scrollWidth > el.clientWidth + 1, wide: wide.map((c) => `${c.tagName}.${(c as HTMLElement).className}`), livenessWhole };
    });
    assert.deepEqual(overflow, { over: false, wide: [], livenessWhole: true }, `row ${i} overflows: ${JSON.stringify(overflow)}`);
  }
}

async function start(page: Page, view: FrameLocator, name: string): Promise<void> {
  await agentRow(view, name).getByRole('button', { name: new RegExp(`^Start ${name.replace(/[()]/g, '\\$&')} in a terminal`) }).click();
  // One terminal tab named after the agent, in the panel.
  await eventually(
    async () => (await page.locator('.part.panel').getByText(name, { exact: false }).count()) > 0,
    () => `a terminal named ${name} in the panel`,
    30_000,
  );
}

function teamFrame(page: Page): Promise<FrameLocator> {
  return findWebview(page, (f) => f.getByRole('list', { name: 'Agents' }), 'the Team view', 45_000);
}

after(() => cleanUpScratch());

describe('Running agents from the Team view (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let view: FrameLocator;

  before(async function () {
    this.timeout(240_000);
    wb = await startWorkbench({
      name: 'agent-runs',
      theme: lightTheme,
      settings: { 'cortex.agents.useStandIn': true, 'cortex.agents.standInSpeed': 2, 'cortex.agents.dailyBudget': 0.5 },
    });
    rename(wb, 'billing-dev', BILLING);
    addReadyTask(wb, 'docs-writer', ASK, 'Ask the owner before publishing.');
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed' && wb) printDiagnostics(wb, this.currentTest.title);
  });
  after(async () => wb?.close());

  it('shows each row with its launch profile and a Start button', async () => {
    await openViewContainer(wb.page, 'Cortex');
    view = await teamFrame(wb.page);
    await expectText(view.locator('body'), BILLING, 45_000);
    await resizeSidebar(wb.page, 520);
    await foldThreadsView(wb.page);
    await expectText(agentRow(view, BILLING), /Stand-in agent · cortex-team simulate --speed 2/, 10_000);
    await expectCount(agentRow(view, BILLING).getByRole('button', { name: /^Start Billing and Invoicing/ }), 1, 5000);
  });

  it('starts an agent from its row: it works in its terminal, the row shows its actions, tokens and cost', async () => {
    await start(wb.page, view, BILLING);
    // The in-progress task first, then the ready ones; each completed with a Summary.
    await eventually(
      async () => /## Retry failed invoice emails\n\*\*Status:\*\* done/.test(readFileSync(wb.teamFile('agents/billing-dev/tasks.md'), 'utf8')),
      () => 'the stand-in to complete Billing Dev\'s task in progress',
      60_000,
    );
    const row = agentRow(view, BILLING);
    await expectCount(row.locator('.row-line.activity'), 1, 30_000);
    await expectText(row.locator('.row-line.usage'), /tokens?.*\$\d+\.\d+.* today/, 30_000);
    await expectCount(row.getByRole('button', { name: /^Stop Billing and Invoicing/ }), 1, 5000);
    await expectCount(row.getByRole('button', { name: /^Show Billing and Invoicing.*terminal$/ }), 1, 5000);
  });

  it('shows an agent that asks a question as needing input, on its row, in the status bar and a notification', async () => {
    await start(wb.page, view, 'Docs Writer');
    const row = agentRow(view, 'Docs Writer');
    await expectText(row.locator('.row-line.needs-input'), /Needs input.*Docs Writer asks: Finish "Publish the refunds guide/, 60_000);
    await expectCount(row.getByRole('button', { name: 'Answer' }), 1, 5000);
    await expectText(wb.page.locator('.part.statusbar'), /needs? input/i, 15_000);
    await expectText(wb.page.locator('.notifications-toasts'), /Docs Writer needs your input/, 15_000);
    // Let the billing agent's turn end so the rows hold still for the screenshots.
    await expectText(agentRow(view, BILLING).locator('.row-line.run'), /Turn finished/, 90_000);
    await rowsFit(view);
    await screenshot(wb.page, 'agent-runs-light');
    await wb.page.locator('.part.sidebar').screenshot({ path: path.join(artifactsDir, 'agent-runs-light-sidebar.png') });
  });

  it("runs agents from the board's lane headers through the same commands: Stop, then Start again", async () => {
    await wb.page.locator('.part.sidebar').getByRole('button', { name: 'Open Task Board' }).click();
    const board = await findWebview(wb.page, (f) => f.locator('.board-app'), 'the task board', 30_000);
    const head = (slug: string) => board.locator(`[data-lane-head="${slug}"]`);
    await expectText(head('billing-dev'), /Billing and Invoicing Platform Developer.*alive.*Show Terminal.*Stop/, 20_000);
    await expectCount(head('chief-of-staff').getByRole('button', { name: 'Start' }), 1, 5000);
    await screenshot(wb.page, 'agent-runs-board-light');
    // Billing's turn has finished: Stop closes its terminal without asking.
    await head('billing-dev').getByRole('button', { name: 'Stop' }).click();
    await expectCount(head('billing-dev').getByRole('button', { name: 'Start' }), 1, 30_000);
    view = await teamFrame(wb.page);
    await expectCount(agentRow(view, BILLING).getByRole('button', { name: /^Start Billing and Invoicing.* again/ }), 1, 10_000);
    await head('billing-dev').getByRole('button', { name: 'Start' }).click();
    await expectText(head('billing-dev'), /Show Terminal.*Stop/, 30_000);
    view = await teamFrame(wb.page);
    await expectCount(agentRow(view, BILLING).getByRole('button', { name: /^Stop Billing and Invoicing/ }), 1, 10_000);
    await expectText(agentRow(view, BILLING).locator('.row-line.run'), /Turn finished|Working|Starting/, 30_000);
    // Back to the Team view alone for the theme screenshots.
    await runCommand(wb.page, 'View: Close All Editors');
  });

  it("shows the agents' tokens and cost per day and per agent in Team Insights", async () => {
    await wb.page.locator('.part.sidebar').getByRole('button', { name: 'Open Team Insights' }).click();
    const insights = await findWebview(wb.page, (f) => f.locator('.insights'), 'the insights page', 45_000);
    const card = insights.locator('[data-chart="usage"]');
    await expectText(card, /Tokens and cost per day.*tokens · \$\d/, 30_000);
    await expectCount(card.locator('[data-plot="usage"]'), 1, 10_000);
    await expectText(card.locator('.usage-agent[data-agent="billing-dev"]'), /Billing and Invoicing.*\$\d/, 10_000);
    await expectCount(card.locator('.usage-agent[data-agent="docs-writer"]'), 1, 10_000);
    await card.scrollIntoViewIfNeeded();
    await screenshot(wb.page, 'agent-runs-insights-light');
    await runCommand(wb.page, 'View: Close All Editors');
  });

  it('renders the running rows in the dark and high-contrast themes', async () => {
    view = await teamFrame(wb.page);
    await expectText(agentRow(view, BILLING).locator('.row-line.run'), /Turn finished/, 90_000);
    for (const [theme, name] of [
      [darkTheme, 'dark'],
      [highContrastTheme, 'high-contrast'],
    ] as const) {
      await setColorTheme(wb, theme);
      await expectText(agentRow(view, 'Docs Writer').locator('.row-line.needs-input'), /Needs input/, 10_000);
      await rowsFit(view);
      await screenshot(wb.page, `agent-runs-${name}`);
      await wb.page.locator('.part.sidebar').screenshot({ path: path.join(artifactsDir, `agent-runs-${name}-sidebar.png`) });
    }
  });
});

describe("npm start's offer to start the example team (VSIX in code-server)", function () {
  this.timeout(240_000);
  let wb: Workbench;

  before(async function () {
    this.timeout(240_000);
    // What `npm start` writes into the example team's workspace settings.
    wb = await startWorkbench({ name: 'start-offer', theme: lightTheme, settings: { 'cortex.agents.useStandIn': true, 'cortex.agents.offerToStartTeam': true, 'cortex.agents.standInSpeed': 4 } });
  });
  after(async () => wb?.close());

  it('offers to start the team when it opens; Start All Agents starts the agents whose project folders are here, and they work', async () => {
    await openViewContainer(wb.page, 'Cortex');
    const view = await teamFrame(wb.page);
    const toasts = wb.page.locator('.notifications-toasts');
    await expectText(toasts, /start this team's agents in terminals with the stand-in agent/, 45_000);
    await toasts.getByRole('button', { name: 'Start All Agents' }).click();
    await expectText(toasts, /Cortex: started Billing Dev, Docs Writer\. Not started: .*QA Engineer \(inactive\)/, 30_000);
    await expectCount(agentRow(view, 'Billing Dev').getByRole('button', { name: /^Stop Billing Dev/ }), 1, 10_000);
    await expectCount(agentRow(view, 'Docs Writer').getByRole('button', { name: /^Stop Docs Writer/ }), 1, 10_000);
    await expectCount(agentRow(view, 'Chief of Staff').getByRole('button', { name: /^Start Chief of Staff/ }), 1, 10_000);
    // The team moves: Billing Dev's task in progress is done, and its row counts tokens.
    await eventually(
      async () => /## Retry failed invoice emails\n\*\*Status:\*\* done/.test(readFileSync(wb.teamFile('agents/billing-dev/tasks.md'), 'utf8')),
      () => "the stand-in to complete Billing Dev's task in progress",
      60_000,
    );
    // The row reads the session log again when the turn ends (its Stop report) or the minute
    // turns (the liveness clock looks every 30 s): the turn goes on to its next task after
    // this one, which takes long on a loaded machine, so the wait covers a minute's turn.
    await expectText(agentRow(view, 'Billing Dev').locator('.row-line.usage'), /tokens.*\$\d+\.\d+.* today/, 100_000);
    await screenshot(wb.page, 'start-offer-light');
  });
});
