// End to end: the Team view's Needs you list in the packaged extension (VSIX) in
// code-server, with terminal agents (the stand-in, `cortex.agents.useStandIn`): two agents
// with long names get a task that asks; both questions are listed at the top of the Team
// view with Show Terminal, in light, dark and high contrast (screenshots); then the list
// is worked with the keyboard alone: focus, arrows, `a` (a terminal's question takes no
// answer here), Enter shows that agent's terminal, the answer typed there takes the row out.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { foldThreadsView, openViewContainer, resizeSidebar } from '../harness/workbench';
import { eventually, expectCount, expectText, findWebview } from './expect';
import { artifactsDir, cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';
import { setColorTheme } from './themes';
import { printDiagnostics } from './diagnostics';
import { focused, needsYou, rowsFit } from './team-view-locators';

const BILLING = 'Billing and Invoicing Platform Developer (payments, refunds, dunning)';
const DOCS = 'Senior Documentation and Developer Relations Writer (guides, API reference)';
const ASK_BILLING = 'Switch the refunds ledger to the new settlement account [ask] after finance confirms the cut-over date';
const ASK_DOCS = 'Publish the refunds guide [ask] once the wording of the refund policy is confirmed';

function rename(wb: Workbench, slug: string, name: string): void {
  const file = wb.teamFile(`agents/${slug}/${slug}.md`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^name: .*$/m, `name: ${name}`));
}

/** Leaves the agent one task, the one that asks (its last tick kept). */
function onlyTask(wb: Workbench, slug: string, title: string): void {
  const file = wb.teamFile(`agents/${slug}/tasks.md`);
  const text = readFileSync(file, 'utf8');
  const tick = text.lastIndexOf('<!-- cortex:last-tick');
  assert.ok(tick > 0, `${slug}'s tasks.md ends with a tick`);
  writeFileSync(file, `## ${title}\n**Status:** ready\n\nAsk the owner first.\n\n${text.slice(tick)}`);
}

after(() => cleanUpScratch());

describe('Needs you: one list for every agent (VSIX in code-server)', function () {
  this.timeout(180_000);
  let wb: Workbench;
  let view: FrameLocator;

  before(async function () {
    this.timeout(240_000);
    wb = await startWorkbench({ name: 'needs-you', theme: lightTheme, settings: { 'cortex.agents.useStandIn': true, 'cortex.agents.standInSpeed': 4 } });
    rename(wb, 'billing-dev', BILLING);
    rename(wb, 'docs-writer', DOCS);
    onlyTask(wb, 'billing-dev', ASK_BILLING);
    onlyTask(wb, 'docs-writer', ASK_DOCS);
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed' && wb) printDiagnostics(wb, this.currentTest.title);
  });
  after(async () => wb?.close());

  it("lists both terminal agents' questions at the top of the Team view, in light, dark and high contrast", async () => {
    await openViewContainer(wb.page, 'Cortex');
    view = await findWebview(wb.page, (f) => f.getByRole('list', { name: 'Agents' }), 'the Team view', 45_000);
    await expectText(view.locator('body'), DOCS, 45_000);
    await resizeSidebar(wb.page, 520);
    await foldThreadsView(wb.page);
    for (const name of [BILLING, DOCS]) {
      const row = view.getByRole('list', { name: 'Agents' }).getByRole('listitem').filter({ hasText: name });
      await row.getByRole('button', { name: new RegExp(`^Start ${name.slice(0, 20)}`) }).click();
      // Started: its row offers Stop (the next click waits for the row to hold still).
      await expectCount(row.getByRole('button', { name: new RegExp(`^Stop ${name.slice(0, 20)}`) }), 1, 60_000);
    }
    const rows = needsYou(view).getByRole('listitem');
    await expectCount(rows, 2, 90_000).catch(async (e: unknown) => {
      await screenshot(wb.page, 'needs-you-failed');
      throw e;
    });
    await expectText(rows.filter({ hasText: DOCS }), /needs your input.*Publish the refunds guide.*Show Terminal/, 10_000);
    await expectText(rows.filter({ hasText: BILLING }), /needs your input.*settlement account.*Show Terminal/, 10_000);
    assert.match((await rows.first().getAttribute('aria-label')) ?? '', /needs your input: .*Answer in its terminal: Enter shows it/);
    await expectText(wb.page.locator('.part.statusbar'), /2 needs? input/i, 15_000);
    for (const [theme, name] of [
      [lightTheme, 'light'],
      [darkTheme, 'dark'],
      [highContrastTheme, 'high-contrast'],
    ] as const) {
      if (theme !== lightTheme) await setColorTheme(wb, theme);
      // Starting the agents scrolled their rows into view: the list is at the top.
      await view.locator('section.needs-you').scrollIntoViewIfNeeded();
      await rowsFit(view);
      await screenshot(wb.page, `needs-you-${name}`);
      await wb.page.locator('.part.sidebar').screenshot({ path: path.join(artifactsDir, `needs-you-${name}-sidebar.png`) });
    }
    await setColorTheme(wb, lightTheme);
  });

  it('works with the keyboard alone: focus the list, arrows, a (no answer for a terminal), Enter shows the terminal; the answer there takes the row out', async () => {
    const rows = needsYou(view).getByRole('listitem');
    await rows.first().focus();
    assert.ok(await focused(rows.first()), 'the first row takes the focus');
    await rows.first().press('ArrowDown');
    assert.ok(await focused(rows.nth(1)), 'Down moves to the second');
    const second = (await rows.nth(1).textContent()) ?? '';
    const [asking, other] = second.includes(DOCS) ? [DOCS, BILLING] : [BILLING, DOCS];
    await rows.nth(1).press('a');
    await expectCount(rows, 2, 2000);
    await rows.nth(1).press('Enter');
    // Its terminal is shown with the focus: the answer is typed there, as the person would.
    const inTerminal = () => wb.page.evaluate(() => !!document.activeElement?.closest('.part.panel .xterm'));
    await eventually(inTerminal, async () => `the terminal to have the focus (it is on ${await wb.page.evaluate(() => document.activeElement?.className)})`, 20_000);
    await wb.page.keyboard.type('yes');
    await wb.page.keyboard.press('Enter');
    await expectCount(rows, 1, 60_000).catch(async (e: unknown) => {
      await screenshot(wb.page, 'needs-you-answer-failed');
      throw e;
    });
    await expectText(rows.first(), other, 5000);
    assert.ok(!((await rows.first().textContent()) ?? '').includes(asking));
    await screenshot(wb.page, 'needs-you-answered-light');
  });
});
