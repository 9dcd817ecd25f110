// End to end: the Team Insights panel of the packaged extension (VSIX) in code-server.
// The scratch team is made a git repository with dated commits (a task pruned since,
// ready tasks that came and went), so the panel shows files and git history. Opened
// from the Team view's title button; charts checked by their text alternatives;
// tooltips by mouse and keyboard; a task completed by another process shows up;
// screenshots in light, dark and high contrast (one workbench; the theme set in settings.json).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { FrameLocator, Page } from 'playwright-core';
import { formatStamp, wallMinutes } from '../../src/base/time';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { openViewContainer, webviewFrame } from '../harness/workbench';
import { eventually, findWebview, expectText } from './expect';
import { setColorTheme } from './themes';
import { cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';

const DAY = 24 * 60 * 60 * 1000;

/** Commits the team folder as it is, dated `daysAgo` days back at 20:00 local time. */
function commitAt(dir: string, daysAgo: number, message: string): void {
  const d = new Date(Date.now() - daysAgo * DAY);
  d.setHours(20, 0, 0, 0);
  const env = { ...process.env, GIT_AUTHOR_DATE: `${Math.floor(d.getTime() / 1000)} +0000`, GIT_COMMITTER_DATE: `${Math.floor(d.getTime() / 1000)} +0000` };
  execFileSync('git', ['add', '-A'], { cwd: dir });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: dir, env });
}

/** `YYYY-MM-DDTHH:MM` `daysAgo` days back at `hh:mm` local time. */
function stampAt(daysAgo: number, hh: number, mm: number): string {
  const d = new Date(Date.now() - daysAgo * DAY);
  d.setHours(hh, mm, 0, 0);
  return formatStamp(wallMinutes(d));
}

/** A past for the example team: a done task pruned since, two ready tasks that were done and pruned too. */
function makeHistory(wb: Workbench): void {
  const dir = wb.team.dir;
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  execFileSync('git', ['config', 'user.name', 'Cortex E2E'], { cwd: dir });
  execFileSync('git', ['config', 'user.email', 'e2e@example.com'], { cwd: dir });
  execFileSync('git', ['config', 'commit.gpgsign', 'false'], { cwd: dir });
  const billing = wb.teamFile('agents/billing-dev/tasks.md');
  const infra = wb.teamFile('agents/infra-ops/tasks.md');
  const billingNow = readFileSync(billing, 'utf8');
  const infraNow = readFileSync(infra, 'utf8');
  const pruned = `## Set up the billing repository\n**Status:** done\n**Started:** ${stampAt(12, 9, 0)}\n**Completed:** ${stampAt(12, 15, 30)}\n\nRepository, CI, first migration.\n\n### Summary\nDone.\n\n`;
  const extra = (n: number) => Array.from({ length: n }, (_, k) => `## Rotate the staging secrets, part ${k + 1}\n**Status:** ready\n\nRotate them.\n\n`).join('');
  const tickAt = infraNow.lastIndexOf('<!-- cortex:last-tick');
  writeFileSync(billing, pruned + billingNow);
  writeFileSync(infra, infraNow.slice(0, tickAt) + extra(3) + infraNow.slice(tickAt));
  commitAt(dir, 12, 'team at the start');
  writeFileSync(infra, infraNow.slice(0, tickAt) + extra(1) + infraNow.slice(tickAt));
  commitAt(dir, 8, 'rotated two');
  writeFileSync(billing, billingNow);
  writeFileSync(infra, infraNow);
  commitAt(dir, 3, 'chore: prune completed tasks and old session logs');
}

const LONG_NAME = 'Senior Payments Reconciliation Engineer';

/** The boxes of a chart's axis labels under its rows, left to right. */
async function axisLabelBoxes(frame: FrameLocator, chart: string): Promise<Array<{ text: string; x: number; right: number }>> {
  const labels = frame.locator(`[data-chart="${chart}"] .axis-row .tick-label`);
  const out: Array<{ text: string; x: number; right: number }> = [];
  for (let k = 0; k < (await labels.count()); k++) {
    const box = (await labels.nth(k).boundingBox())!;
    out.push({ text: (await labels.nth(k).textContent()) ?? '', x: box.x, right: box.x + box.width });
  }
  return out.sort((a, b) => a.x - b.x);
}

/** Nothing of the page lies outside its cards or its width: no sideways scrolling, no overlapping labels. */
async function expectLaidOut(frame: FrameLocator): Promise<void> {
  const overflow = await frame.locator('html').evaluate((el) => el.scrollWidth - el.clientWidth);
  assert.ok(overflow <= 0, `the insights page scrolls sideways by ${overflow} px`);
  for (const chart of ['cycle', 'ticks']) {
    const boxes = await axisLabelBoxes(frame, chart);
    assert.ok(boxes.length >= 2, `${chart}: ${boxes.length} axis labels`);
    for (let k = 1; k < boxes.length; k++) {
      assert.ok(boxes[k].x >= boxes[k - 1].right, `${chart}: "${boxes[k - 1].text}" and "${boxes[k].text}" overlap`);
    }
  }
  const card = (await frame.locator('[data-chart="cycle"]').boundingBox())!;
  const line = (await frame.locator('[data-chart="cycle"] .legend .muted').boundingBox())!;
  assert.ok(line.x >= card.x && line.x + line.width <= card.x + card.width && line.y + line.height <= card.y + card.height, `the line on agents without times leaves its card: ${JSON.stringify({ card, line })}`);
}

function insightsFrame(page: Page, timeoutMs = 45_000): Promise<FrameLocator> {
  return findWebview(page, (f) => f.locator('.insights'), 'the insights page', timeoutMs);
}

after(() => cleanUpScratch());

describe('Team Insights (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let frame: FrameLocator;

  before(async function () {
    this.timeout(240_000);
    wb = await startWorkbench({ name: 'insights', theme: lightTheme });
    // A new agent, nothing done yet: a long name in the tick chart and in the cycle chart's line on agents without times.
    const slug = 'payments-reconciliation';
    mkdirSync(wb.teamFile(`agents/${slug}`), { recursive: true });
    writeFileSync(wb.teamFile(`agents/${slug}/${slug}.md`), `---\nname: ${LONG_NAME}\nstatus: active\n---\n\n## Role\nReconcile the payouts.\n`);
    writeFileSync(wb.teamFile(`agents/${slug}/tasks.md`), '## Reconcile the March payouts\n**Status:** ready\n\nAgainst the bank statements.\n');
    makeHistory(wb);
  });
  after(async () => wb?.close());

  it('opens from the Team view title bar and shows four charts from files and git history', async () => {
    const { page } = wb;
    await openViewContainer(page, 'Cortex');
    await expectText(webviewFrame(page).locator('body'), 'Chief of Staff', 45_000);
    // The Team view's own header holds its actions now that the container has a second view (Threads).
    await page.locator('.part.sidebar').getByRole('button', { name: 'Open Team Insights' }).click();
    frame = await insightsFrame(page);
    await expectText(frame.locator('.source'), 'Files and git history', 30_000);
    for (const chart of ['done', 'queue', 'cycle', 'ticks']) {
      assert.equal(await frame.locator(`[data-chart="${chart}"]`).count(), 1, chart);
    }
    // The pruned task counts: it is only in git.
    await expectText(frame.locator('.notes'), /1 done task comes from git history only/);
    const doneCaption = (await frame.locator('[data-table="done"] caption').textContent()) ?? '';
    const total = Number(/(\d+) in total/.exec(doneCaption)?.[1]);
    assert.ok(total >= 20, doneCaption);
    // Ready counts of past days come from the commits: twelve days back there were 3 more.
    const queueRows = await frame.locator('[data-table="queue"] tbody tr').allTextContents();
    assert.equal(queueRows.length, 14);
    assert.ok(!queueRows.slice(2).some((r) => /unknown/.test(r)), queueRows.join('\n'));
    // Every agent with its liveness as a word in the tick chart.
    for (const word of ['alive', 'down', 'idle', 'inactive']) {
      assert.ok((await frame.locator(`[data-plot="ticks"] .liveness-${word} .liveness-word`).count()) > 0, word);
    }
    // The long name narrows the bar columns beside the side bar: still laid out, in the side bar's company.
    await expectText(frame.locator('[data-chart="cycle"] .legend .muted'), LONG_NAME);
    await expectLaidOut(frame);
    await screenshot(page, 'insights-long-name-with-sidebar');
    await page.keyboard.press('Control+b'); // hide the side bar: room for the charts
    await eventually(async () => !(await page.locator('.part.sidebar').isVisible()), () => 'the side bar hidden');
    frame = await insightsFrame(page); // the Team view's webview is gone: the panel's frame index changed
    await screenshot(page, 'insights-light');
  });

  it('shows a tooltip on hover and on keyboard focus', async () => {
    const { page } = wb;
    const hit = frame.locator('[data-plot="done"] .hit').nth(13);
    await hit.hover();
    await expectText(frame.locator('#done-tip'), /task(s)? done/);
    await page.mouse.move(5, 5);
    const rows = frame.locator('[data-plot="ticks"]');
    await rows.focus();
    await page.keyboard.press('ArrowDown');
    await expectText(frame.locator('#ticks-tip'), /last tick|no readable last-tick/);
    await page.keyboard.press('End');
    await expectText(frame.locator('#ticks-tip'), /./);
    await page.locator('body').press('Tab'); // leave
  });

  it('follows the files: a task completed by another process counts today', async () => {
    const file = wb.teamFile('agents/billing-dev/tasks.md');
    const before = readFileSync(file, 'utf8');
    const now = formatStamp(wallMinutes(new Date()));
    const after = before.replace(/(## Retry failed invoice emails\n\*\*Status:\*\*) in-progress\n(\*\*Started:\*\* [^\n]+\n)/, `$1 done\n$2**Completed:** ${now}\n`);
    assert.notEqual(after, before);
    const caption = frame.locator('[data-table="done"] caption');
    const total = Number(/(\d+) in total/.exec((await caption.textContent()) ?? '')?.[1]);
    writeFileSync(file, after);
    await expectText(caption, new RegExp(`${total + 1} in total`), 15_000);
  });

  it('reads the same in dark and high-contrast themes', async () => {
    const { page } = wb;
    for (const [theme, name] of [
      [darkTheme, 'insights-dark'],
      [highContrastTheme, 'insights-high-contrast'],
    ] as const) {
      await setColorTheme(wb, theme);
      await expectText(frame.locator('.source'), 'Files and git history');
      await expectLaidOut(frame);
      await screenshot(page, name);
    }
  });
});
