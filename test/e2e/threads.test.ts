// End to end: the Threads list in the Cortex sidebar and the Threads panel, in the
// packaged extension (VSIX) in code-server, driven with chromium. One workbench: a
// template's graph, an aborted thread with its [ABORT] marker, a running thread whose
// artifact an "agent" (this process) writes while the panel shows it; screenshots in
// the light theme, then the same in the dark and the high-contrast theme (switched in the
// same window).
import * as assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { openViewContainer } from '../harness/workbench';
import { findWebview, expectCount, expectText } from './expect';
import { setColorTheme } from './themes';
import { cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';

/** The Threads panel's document: the webview whose page holds `.layout` with a Templates list. */
function threadsFrame(page: Page, timeoutMs = 45_000): Promise<FrameLocator> {
  return findWebview(page, (f) => f.getByRole('listbox', { name: 'Templates' }), 'the Threads panel', timeoutMs);
}

after(() => cleanUpScratch());

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

  it('dark theme: the graph and the aborted thread', async () => {
    const page = wb.page;
    await setColorTheme(wb, darkTheme);
    await panel.getByRole('option', { name: 'coder-review' }).click();
    await expectCount(panel.locator('svg.graph .node'), 4, 15_000);
    await screenshot(page, 'threads-graph-dark');
    await panel.getByRole('option', { name: /Migrate the invoice tables/ }).click();
    await expectText(panel.locator('mark.abort-marker'), /\[ABORT: /, 15_000);
    await screenshot(page, 'threads-aborted-dark');
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
  });
});
