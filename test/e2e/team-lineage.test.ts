// End to end: the Team view's lineage tree and Shuttle progress with the packaged
// extension (VSIX) in code-server, driven through chromium. One workbench: light
// theme first, then switched to dark and to high contrast; screenshots of each in
// test-results/e2e/.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { foldThreadsView, openViewContainer, parkPointer, resizeSidebar, webviewFrame } from '../harness/workbench';
import { expectCount, expectText } from './expect';
import { setColorTheme } from './themes';
import { artifactsDir, cleanUpScratch, startWorkbench, type Workbench } from './fixture';

function tree(view: FrameLocator): Locator {
  return view.getByRole('tree', { name: 'Agents' });
}

function item(view: FrameLocator, name: string): Locator {
  return tree(view).getByRole('treeitem').filter({ has: view.locator('.agent-name', { hasText: name }) });
}

async function screenshot(page: Page, name: string): Promise<void> {
  await parkPointer(page);
  await page.locator('.part.sidebar').screenshot({ path: path.join(artifactsDir, `${name}-sidebar.png`) });
}

after(() => cleanUpScratch());

describe('Team view lineage tree and Shuttle progress (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let view: FrameLocator;

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'lineage', theme: lightTheme });
  });
  after(async () => wb?.close());

  it('switches the agents to a tree from the toolbar', async () => {
    await openViewContainer(wb.page, 'Cortex');
    view = webviewFrame(wb.page);
    await expectText(view.locator('body'), 'Chief of Staff', 45_000);
    await resizeSidebar(wb.page, 520);
    await foldThreadsView(wb.page);
    const toggle = view.getByRole('button', { name: 'Show the agents as a tree' });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    await expectCount(tree(view).getByRole('treeitem'), 6, 10_000);
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    assert.equal(await item(view, 'Chief of Staff').getAttribute('aria-level'), '1');
    assert.equal(await item(view, 'Dashboard Dev').getAttribute('aria-level'), '2');
    assert.equal(await item(view, 'Dashboard Dev').getAttribute('aria-expanded'), 'true');
    assert.equal(await item(view, 'QA Engineer').getAttribute('aria-level'), '3');
    assert.equal(await item(view, 'Infra Ops').getAttribute('aria-level'), '1');
  });

  it('shows the Shuttle progress of billing-dev and docs-writer on their rows', async () => {
    await expectText(item(view, 'Billing Dev'), /Shuttle 2\/5 · (just now|[^·]+ ago) · now: Send the overdue reminder email/, 10_000);
    await expectText(item(view, 'Docs Writer'), /Shuttle 3\/3 · (just now|[^·]+ ago|never ticked) · all done/, 10_000);
    assert.doesNotMatch(await item(view, 'Infra Ops').innerText(), /Shuttle/);
    await screenshot(wb.page, 'team-tree-light');
  });

  it('folds and unfolds with the arrow keys', async () => {
    const dash = item(view, 'Dashboard Dev');
    await dash.focus();
    await wb.page.keyboard.press('ArrowLeft');
    await expectCount(tree(view).getByRole('treeitem'), 5, 5000);
    assert.equal(await dash.getAttribute('aria-expanded'), 'false');
    await wb.page.keyboard.press('ArrowRight');
    await expectCount(tree(view).getByRole('treeitem'), 6, 5000);
    await wb.page.keyboard.press('ArrowRight');
    assert.equal(await item(view, 'QA Engineer').evaluate((el) => el === document.activeElement), true);
  });

  it('a filter keeps the ancestors of a match', async () => {
    const filter = view.getByRole('textbox', { name: 'Filter agents and projects' });
    await filter.fill('mobile beta');
    await expectCount(tree(view).getByRole('treeitem'), 3, 5000);
    await expectCount(tree(view).locator('.row.context'), 2, 5000);
    await filter.fill('');
    await expectCount(tree(view).getByRole('treeitem'), 6, 5000);
  });

  it('follows the runner as it marks a task done in .shuttle.md', async () => {
    const file = path.join(wb.team.home, 'Projects', 'larkspur-billing', '.shuttle.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('**Status:** in-progress', '**Status:** done'));
    await expectText(item(view, 'Billing Dev'), /Shuttle 3\/5 · (just now|[^·]+ ago) · next: Stop reminders once an invoice is paid/, 15_000);
  });

  it('renders the tree in the dark theme', async () => {
    await setColorTheme(wb, darkTheme);
    await expectCount(tree(view).getByRole('treeitem'), 6, 5000);
    await screenshot(wb.page, 'team-tree-dark');
  });

  it('renders the tree in the high-contrast theme', async () => {
    await setColorTheme(wb, highContrastTheme);
    await expectCount(tree(view).getByRole('treeitem'), 6, 5000);
    await screenshot(wb.page, 'team-tree-high-contrast');
  });

  it("lists the Cortex plugin's older-format agents read-only, with the upgrade, in the three themes (a long name keeps its end)", async () => {
    const name = 'Senior Payments Reconciliation Engineer From The Older Plugin';
    writeFileSync(wb.teamFile('projects/older-ledger.md'), '---\ntype: project\n---\n\n## Work Queue\n\n### 2026-03-28T10:00\n**Task:** Reconcile the ledger\n**Scope:** March\n**Status:** ready\n');
    writeFileSync(wb.teamFile('agents/older-payments.md'), `---\nname: ${name}\nstatus: active\nlast-heartbeat: 2026-03-28T11:30\n---\n\n## Projects\n- older-ledger\n`);
    const row = view.locator('[data-older="older-payments"]');
    await expectText(row, /1 ready · 0 in progress/, 20_000);
    await expectText(view.locator('.older-note'), /read-only here/, 5000);
    assert.equal(await view.getByRole('button', { name: 'Upgrade Team Format…' }).count(), 1);
    await row.scrollIntoViewIfNeeded();
    await screenshot(wb.page, 'team-older-high-contrast');
    await setColorTheme(wb, darkTheme);
    await expectText(row, /1 ready/, 5000);
    await screenshot(wb.page, 'team-older-dark');
    await setColorTheme(wb, lightTheme);
    await expectText(row, /1 ready/, 5000);
    await screenshot(wb.page, 'team-older-light');
  });
});
