// End to end: the task board of the packaged extension (VSIX) in code-server, driven
// with chromium's real mouse and keyboard. Drags cards and checks the task files byte
// for byte against the core's own operations; a done card is refused and nothing is
// written; keyboard moves; XSS payloads in titles and bodies stay inert; the board
// comes back after a window reload; a generated team of 200 agents × 100 tasks
// measures first paint and how fast a drop shows. Screenshots (light, dark, high
// contrast) go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { appendCopy, removeTask, takeReadyTask } from '../../src/core/ops/reassign';
import { reorderText } from '../../src/core/ops/reorder';
import { writeBoardTeam } from '../../bench/board-team';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { openViewContainer, runCommand } from '../harness/workbench';
import { eventually, findWebview, expectCount, expectText } from './expect';
import { setColorTheme } from './themes';
import { artifactsDir, cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';

const STAMP = /\*\*Started:\*\* (\d{4}-\d\d-\d\dT\d\d:\d\d)\n/;

/** The board's document: the webview whose page holds `.board-app`. */
function boardFrame(page: Page, timeoutMs = 30_000): Promise<FrameLocator> {
  return findWebview(page, (f) => f.locator('.board-app'), 'the task board', timeoutMs);
}

function card(board: FrameLocator, agent: string, title: string): Locator {
  return board.locator(`.card[data-agent="${agent}"][data-title="${title.replace(/"/g, '\\"')}"]`);
}

function cell(board: FrameLocator, agent: string, column: string): Locator {
  return board.locator(`.cell[data-agent="${agent}"][data-column="${column}"]`);
}

/**
 * Drags with the real mouse (chromium's drag and drop, HTML5 events in the page):
 * press on the card, move a little to start the drag, move over the target, release.
 */
async function mouseDrag(page: Page, from: Locator, to: Locator, where: 'top' | 'middle' | { y: number } = 'middle'): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  assert.ok(a, 'the card is on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 6, { steps: 4 });
  const b = await to.boundingBox();
  assert.ok(b, 'the target is on screen');
  const y = where === 'top' ? b.y + 10 : where === 'middle' ? b.y + Math.min(b.height / 2, 140) : b.y + where.y;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2 + 2, y, { steps: 2 });
  await page.mouse.up();
}

function read(wb: Workbench, rel: string): string {
  return readFileSync(wb.teamFile(rel), 'utf8');
}

/** Waits until the file differs from `before`; returns its text and when that was seen. */
async function changed(wb: Workbench, rel: string, before: string, timeoutMs = 10_000): Promise<{ text: string; at: number }> {
  let text = before;
  await eventually(
    async () => {
      try {
        text = read(wb, rel);
      } catch {
        return false;
      }
      return text !== before && text.length > 0;
    },
    () => `${rel} to change`,
    timeoutMs,
  );
  return { text, at: Date.now() };
}

/** Collects dialogs and console errors of the webviews (an XSS that ran would show up here). */
function watchPage(page: Page): { dialogs: string[]; errors: string[] } {
  const seen = { dialogs: [] as string[], errors: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss().catch(() => undefined);
  });
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = m.location().url ?? '';
    if (/vscode-cdn|webview|board\.js|fake\.html/i.test(where) || /Content Security Policy|alert/i.test(m.text())) seen.errors.push(`${m.text()} (${where})`);
  });
  page.on('pageerror', (e) => {
    if (/alert|board/i.test(e.message)) seen.errors.push(e.message);
  });
  return seen;
}

after(() => cleanUpScratch());

describe('Task board, light then high-contrast theme (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let board: FrameLocator;
  let seen: { dialogs: string[]; errors: string[] };

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'board-light', theme: lightTheme });
    seen = watchPage(wb.page);
  });
  after(async () => wb?.close());
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await wb.page.screenshot({ path: path.join(artifactsDir, `board-light-failed-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}.png`) }).catch(() => undefined);
  });

  it('opens from the Team view\'s title button as an editor tab, with a lane per agent', async () => {
    await openViewContainer(wb.page, 'Cortex');
    await expectText(wb.page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame').locator('body'), 'Chief of Staff', 45_000);
    await wb.page.locator('.part.sidebar').getByRole('button', { name: 'Open Task Board' }).click();
    board = await boardFrame(wb.page);
    await expectText(board.locator('.toolbar-summary'), '6 agents · 36 tasks', 20_000);
    await expectText(wb.page.locator('.tabs-container'), 'Task Board');
    await expectText(board.locator('section.lane[data-lane="chief-of-staff"] .lane-head'), /Chief of Staff.*coordinator.*alive/);
    await expectText(board.locator('section.lane[data-lane="billing-dev"] .lane-head'), /Billing Dev.*alive/);
    await expectCount(card(board, 'billing-dev', 'Invoicing v2: credit notes').locator('.next-up-mark'), 1);
    // Room for the board: the sidebar closed (its webview goes, so find the board's frame again).
    await runCommand(wb.page, 'View: Close Primary Side Bar');
    board = await boardFrame(wb.page);
    await screenshot(wb.page, 'board-light');
  });

  it('ready → in progress by mouse: the card moves at once and the file gets exactly the status and Started', async () => {
    const rel = 'agents/billing-dev/tasks.md';
    const before = read(wb, rel);
    const title = 'Invoicing v2: credit notes';
    await mouseDrag(wb.page, card(board, 'billing-dev', title), cell(board, 'billing-dev', 'in-progress'));
    const released = Date.now();
    const shown = await eventually(async () => (await cell(board, 'billing-dev', 'in-progress').locator(`.card[data-title="${title}"]`).count()) === 1, () => 'the card in the In progress column', 5000);
    const { text, at } = await changed(wb, rel, before);
    const stamp = STAMP.exec(text.slice(text.indexOf(`## ${title}`)))![1];
    assert.equal(text, before.replace(`## ${title}\n**Status:** ready\n`, `## ${title}\n**Status:** in-progress\n**Started:** ${stamp}\n`));
    await eventually(async () => (await board.locator('.card.pending').count()) === 0, () => 'the board to take the host\'s snapshot', 5000);
    const reconciled = Date.now();
    // How fast is bench:board's business (a loaded machine is slow); this says what it saw.
    console.log(`      (on screen ${shown} ms after the mouse was released (optimistic); written after ${at - released} ms; the host's snapshot replaced the guess ${reconciled - at} ms after the write)`);
  });

  it('reorders within ready by dropping on the upper half of another card', async () => {
    const rel = 'agents/billing-dev/tasks.md';
    const before = read(wb, rel);
    const first = 'Invoicing v2: tax rates per customer country';
    const last = 'Expose invoice status for the dashboard';
    await mouseDrag(wb.page, card(board, 'billing-dev', last), card(board, 'billing-dev', first), 'top');
    const { text } = await changed(wb, rel, before);
    assert.equal(text, reorderText(before, rel, { ref: last, before: first }).text);
    await expectText(cell(board, 'billing-dev', 'ready').locator('.card').first(), last);
    await expectCount(card(board, 'billing-dev', last).locator('.next-up-mark'), 1, 5000);
  });

  it('reassigns across agents by dropping into another lane: both files as the core writes them', async () => {
    const from = 'agents/billing-dev/tasks.md';
    const to = 'agents/dashboard-dev/tasks.md';
    const beforeFrom = read(wb, from);
    const beforeTo = read(wb, to);
    const title = 'Invoicing v2: tax rates per customer country';
    // Every lane folded but the source: the target's header is on screen, and takes the drop.
    await board.getByRole('button', { name: 'Fold every lane' }).click();
    await board.locator('section.lane[data-lane="billing-dev"] .lane-toggle').click();
    await mouseDrag(wb.page, card(board, 'billing-dev', title), board.locator('[data-lane-head="dashboard-dev"]'));
    const task = takeReadyTask(beforeFrom, from, title);
    await eventually(async () => read(wb, from) !== beforeFrom && read(wb, to) !== beforeTo, () => 'both files to change', 10_000);
    // The copy carries a fresh id line (random): compared without it, then checked once.
    const copied = read(wb, to);
    assert.equal(copied.replace(/\n\n<!-- cortex-team:id [0-9a-f]{12} -->(?=\n)/, ''), appendCopy(beforeTo, to, task).text);
    assert.match(copied, /item so old invoices never change\.\n\n<!-- cortex-team:id [0-9a-f]{12} -->\n\n<!-- cortex:last-tick/);
    assert.equal(read(wb, from), removeTask(beforeFrom, from, task));
    await expectText(board.locator('section.lane[data-lane="dashboard-dev"] .lane-counts'), /3 ready/, 5000);
    await expectCount(card(board, 'billing-dev', title), 0, 5000);
    await screenshot(wb.page, 'board-light-folded');
    await board.getByRole('button', { name: 'Unfold every lane' }).click();
    await expectCount(card(board, 'dashboard-dev', title), 1, 5000);
  });

  it('refuses to drag a done card back to ready: explains, offers to dispatch it again, writes nothing', async () => {
    const rel = 'agents/billing-dev/tasks.md';
    const before = read(wb, rel);
    const title = 'Add Stripe webhook endpoint';
    await mouseDrag(wb.page, card(board, 'billing-dev', title), cell(board, 'billing-dev', 'ready'));
    const toast = wb.page.locator('.notifications-toasts .notification-toast').filter({ hasText: 'is done, and done is final' });
    await expectCount(toast, 1, 10_000);
    await expectText(toast, 'Dispatch Again as a New Task');
    await screenshot(wb.page, 'board-light-done-refused');
    // The refusal is the drop's answer: once it is shown and no card waits for one, the drop is over.
    await expectCount(board.locator('.card.pending'), 0, 10_000);
    assert.equal(read(wb, rel), before, 'nothing written');
    await expectCount(cell(board, 'billing-dev', 'done').locator(`.card[data-title="${title}"]`), 1);
    await runCommand(wb.page, 'Notifications: Clear All Notifications');
  });

  it('moves with the keyboard: Space lifts, arrows choose, Enter drops', async () => {
    const rel = 'agents/dashboard-dev/tasks.md';
    let before = read(wb, rel);
    const title = 'Show "email failed" badge on invoices';
    const c = card(board, 'dashboard-dev', title);
    await c.scrollIntoViewIfNeeded();
    await c.focus();
    await wb.page.keyboard.press('Space');
    await expectCount(board.locator('.card.lifted'), 1, 5000);
    await wb.page.keyboard.press('ArrowRight');
    await expectText(board.locator('[data-announcement]'), /drop to move it to in progress/, 5000);
    await wb.page.keyboard.press('Enter');
    const moved = await changed(wb, rel, before);
    const stamp = STAMP.exec(moved.text.slice(moved.text.indexOf(`## ${title}`)))![1];
    assert.equal(moved.text, before.replace(`## ${title}\n**Status:** ready\n`, `## ${title}\n**Status:** in-progress\n**Started:** ${stamp}\n`));
    await expectCount(cell(board, 'dashboard-dev', 'in-progress').locator(`.card[data-title="${title.replace(/"/g, '\\"')}"]`), 1, 5000);

    // Reorder: the last ready card one up, before the one above it.
    before = moved.text;
    const ready = cell(board, 'dashboard-dev', 'ready').locator('.card');
    await expectCount(ready, 2, 5000);
    const [upper, lower] = [await ready.nth(0).getAttribute('data-title'), await ready.nth(1).getAttribute('data-title')];
    await ready.nth(1).focus();
    await wb.page.keyboard.press('Space');
    await wb.page.keyboard.press('ArrowUp');
    await wb.page.keyboard.press('Enter');
    const reordered = await changed(wb, rel, before);
    assert.equal(reordered.text, reorderText(before, rel, { ref: lower!, before: upper! }).text);
    await expectText(cell(board, 'dashboard-dev', 'ready').locator('.card').first(), lower!, 5000);
  });

  it('renders XSS payloads in titles and bodies as text: no dialog, no console error', async () => {
    const rel = 'agents/docs-writer/tasks.md';
    const text = read(wb, rel);
    const tick = text.lastIndexOf('<!-- cortex:last-tick');
    const title = '<img src=x onerror=alert(1)> <script>alert(2)</script>';
    const body = [
      'Payloads: <script>alert(3)</script> <img src=x onerror=alert(4)> <svg onload=alert(5)>',
      '',
      '[click me](javascript:alert(6)) [data](data:text/html,<script>alert(7)</script>) <a href="javascript:alert(8)">raw</a>',
      '',
      '<iframe src="javascript:alert(9)"></iframe>',
    ].join('\n');
    writeFileSync(wb.teamFile(rel), `${text.slice(0, tick)}## ${title}\n**Status:** ready\n\n${body}\n\n${text.slice(tick)}`);
    const c = board.locator('.card[data-agent="docs-writer"]').filter({ hasText: 'onerror' });
    await expectCount(c, 1, 10_000);
    await expectText(c.locator('.card-title-text'), '<img src=x onerror=alert(1)> <script>alert(2)</script>');
    await c.scrollIntoViewIfNeeded();
    await c.click();
    const detail = board.locator('aside.detail');
    await expectText(detail, '<script>alert(3)</script>', 10_000);
    await expectText(detail, '[click me](javascript:alert(6))');
    // (VS Code adds its own script to every webview page; the board's content is #root.)
    assert.equal(await board.locator('#root :is(img, iframe, svg, script, a[href], [onerror], [onload])').count(), 0, 'no element from the payloads');
    await detail.locator('.md-link, [role="link"]').count().then((n) => assert.equal(n, 0, 'no link but http, https and file'));
    // No element from the payloads exists, so none of their handlers can run later either.
    assert.deepEqual(seen.dialogs, [], 'no dialog');
    assert.deepEqual(seen.errors, [], 'no console error in the webview');
    await screenshot(wb.page, 'board-light-detail');
  });

  it('comes back after a window reload', async () => {
    // Developer: Reload Window, as a person reloads: VS Code saves the open editors before it
    // reloads (a browser reload may cut that save short and lose every tab, ours or not).
    const reloaded = wb.page.waitForEvent('framenavigated', { predicate: (f) => f === wb.page.mainFrame(), timeout: 90_000 });
    await runCommand(wb.page, 'Developer: Reload Window');
    await reloaded;
    await wb.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 90_000 });
    board = await boardFrame(wb.page, 60_000);
    await expectText(board.locator('.toolbar-summary'), /6 agents · 3\d tasks/, 20_000);
    await expectText(wb.page.locator('.tabs-container'), 'Task Board');
  });

  // The high-contrast look in the same window: a theme is a setting, not a new code-server.
  it('renders in the high-contrast theme with its contrast borders and a visible focus', async () => {
    await setColorTheme(wb, highContrastTheme);
    board = await boardFrame(wb.page);
    await expectCount(board.locator('body.vscode-high-contrast'), 1, 10_000);
    await board.locator('.card').first().focus();
    await screenshot(wb.page, 'board-high-contrast');
  });
});

describe('Task board, dark theme, and a team of 200 agents × 100 tasks (VSIX in code-server)', function () {
  this.timeout(180_000);
  let wb: Workbench;

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'board-dark', theme: darkTheme });
  });
  after(async () => wb?.close());

  async function openFromPalette(): Promise<FrameLocator> {
    await runCommand(wb.page, 'Cortex: Open Task Board');
    return boardFrame(wb.page, 60_000);
  }

  it('renders in the dark theme (opened from the command palette)', async () => {
    await wb.page.locator('.part.statusbar').getByText(/Cortex: 6 agents/).waitFor({ timeout: 60_000 });
    const board = await openFromPalette();
    await expectCount(board.locator('body.vscode-dark'), 1, 10_000);
    await expectText(board.locator('.toolbar-summary'), '6 agents · 36 tasks', 20_000);
    await runCommand(wb.page, 'View: Close Primary Side Bar');
    await screenshot(wb.page, 'board-dark');
    await board.locator('.card[data-agent="billing-dev"]').first().click();
    await expectText(board.locator('aside.detail'), /description/i, 10_000);
    await screenshot(wb.page, 'board-dark-detail');
  });

  it('paints a 20,000-task board, rendering only what is on screen, and shows a drop', async () => {
    const d = new Date();
    const now = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()) / 60000;
    writeBoardTeam(wb.team.dir, { agents: 200, tasksPerAgent: 100, now, prefix: 'gen-' });
    await wb.page.locator('.part.statusbar').getByText(/Cortex: 206 agents/).waitFor({ timeout: 120_000 });
    // A fresh page: close the board and open it again.
    await runCommand(wb.page, 'View: Close All Editors');
    const samples: Array<{ nav: number; script: number; state: number; paint: number }> = [];
    for (let i = 0; i < 3; i++) {
      const board = await openFromPalette();
      const root = board.locator('#root[data-first-paint-ms]');
      await root.waitFor({ timeout: 60_000 });
      const ms = async (name: string) => Number(await root.getAttribute(`data-${name}-ms`));
      samples.push({ nav: await ms('first-paint'), script: await ms('script'), state: await ms('state'), paint: await ms('first-paint') });
      await expectCount(board.locator('section.lane[data-lane="chief-of-staff"]'), 1);
      if (i < 2) await runCommand(wb.page, 'View: Close All Editors');
    }
    const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
    const fromScript = median(samples.map((s) => s.paint - s.script));
    const fromState = median(samples.map((s) => s.paint - s.state));
    const fromNav = median(samples.map((s) => s.nav));
    console.log(`      (206 agents, 20,036 tasks; first paint, median of ${samples.length}: ${fromScript} ms after the page's script started, ${fromState} ms after the first snapshot arrived, ${fromNav} ms after the page began loading; samples ${JSON.stringify(samples)})`);
    const board = await boardFrame(wb.page);
    const loading = await board.locator('body').evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => `${e.name.split('/').pop()!.split('?')[0]} ${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ms`)
        .join(', '),
    );
    console.log(`      (the page's own files: ${loading})`);
    const rendered = await board.locator('.card').count();
    console.log(`      (${rendered} cards in the DOM)`);
    assert.ok(rendered < 400, `only what is visible is rendered (${rendered} cards)`);
    // The first-paint goal (300 ms) is measured by bench:board, not asserted here: a loaded machine is slow.
    await screenshot(wb.page, 'board-dark-20000-tasks');

    // A drop in the big board: on screen at once, the host's snapshot soon after the write.
    const rel = 'agents/chief-of-staff/tasks.md';
    const before = read(wb, rel);
    const title = (await board.locator('.cell[data-agent="chief-of-staff"][data-column="ready"] .card').first().getAttribute('data-title'))!;
    await mouseDrag(wb.page, card(board, 'chief-of-staff', title), cell(board, 'chief-of-staff', 'in-progress'));
    const released = Date.now();
    const shown = await eventually(async () => (await cell(board, 'chief-of-staff', 'in-progress').locator(`.card[data-title="${title}"]`).count()) === 1, () => 'the card in the In progress column', 5000);
    const { at } = await changed(wb, rel, before);
    await eventually(async () => (await board.locator('.card.pending').count()) === 0, () => 'the host\'s snapshot', 10_000);
    console.log(`      (drop in the 20,000-task board: on screen ${shown} ms after release; written ${at - released} ms after release; snapshot in ${Date.now() - at} ms after the write)`);
  });
});
