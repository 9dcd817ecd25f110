// End to end: reviewing a done task's work from the board, in the packaged extension
// (VSIX) in code-server. Billing Dev's project folder becomes a real git repository
// with commits that name its done task "Add Stripe webhook endpoint" (the Cortex-Task
// line); the card shows what it changed, its detail lists the files and commits,
// Review Changes opens VS Code's multi-file diff editor on those files, Send Back
// writes the review and a Rework task that appears on the board. Screenshots in
// light, dark and high contrast go to test-results/e2e/.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { runCommand } from '../harness/workbench';
import { eventually, expectText, findWebview } from './expect';
import { artifactsDir, cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';
import { setColorTheme } from './themes';

const TASK = 'Add Stripe webhook endpoint';

function boardFrame(page: Page): Promise<FrameLocator> {
  return findWebview(page, (f) => f.locator('.board-app'), 'the task board', 45_000);
}

function card(board: FrameLocator, agent: string, title: string): Locator {
  return board.locator(`.card[data-agent="${agent}"][data-title="${title}"]`);
}

/** The project folder Billing Dev's note names (the copy rewrote it to an absolute path). */
function billingProject(wb: Workbench): string {
  const note = readFileSync(wb.teamFile('agents/billing-dev/billing-dev.md'), 'utf8');
  const m = /^project: (.+)$/m.exec(note);
  assert.ok(m, 'billing-dev names a project');
  return m[1].trim();
}

/** Billing Dev's work, as a real agent leaves it: a repository whose commits name the task. */
function agentHistory(project: string): void {
  const git = (args: string[]) => execFileSync('git', args, { cwd: project, stdio: 'pipe' });
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(project, rel)), { recursive: true });
    writeFileSync(path.join(project, rel), text);
  };
  git(['init', '-q']);
  git(['config', 'user.name', 'Billing Dev']);
  git(['config', 'user.email', 'billing-dev@example.com']);
  git(['config', 'commit.gpgsign', 'false']);
  write('src/server.ts', "import { charges } from './charges';\n\nexport const routes = [charges];\n");
  write('src/charges.ts', 'export function charges() {\n  return [];\n}\n');
  git(['add', '-A']);
  // Long before the tasks, so no task's time window holds it.
  execFileSync('git', ['commit', '-q', '-m', 'Start the billing service'], { cwd: project, stdio: 'pipe', env: { ...process.env, GIT_AUTHOR_DATE: '2025-06-01T09:00:00', GIT_COMMITTER_DATE: '2025-06-01T09:00:00' } });
  write('src/webhooks/stripe.ts', "import { verify } from './verify';\n\nexport function stripeWebhook(body: string, signature: string) {\n  if (!verify(body, signature)) return 400;\n  return 200;\n}\n");
  write('src/webhooks/verify.ts', 'export function verify(body: string, signature: string): boolean {\n  return signature.length > 0 && body.length > 0;\n}\n');
  write('src/server.ts', "import { charges } from './charges';\nimport { stripeWebhook } from './webhooks/stripe';\n\nexport const routes = [charges, stripeWebhook];\n");
  git(['add', '-A']);
  git(['commit', '-q', '-m', `Add POST /webhooks/stripe with signature verification\n\nCortex-Task: billing-dev/${TASK}`]);
  write('test/webhooks.test.ts', "import { verify } from '../src/webhooks/verify';\n\nit('refuses a bad signature', () => {\n  if (verify('x', '')) throw new Error('accepted');\n});\n");
  git(['add', '-A']);
  git(['commit', '-q', '-m', `Test the webhook's signature check\n\nCortex-Task: billing-dev/${TASK}`]);
}

after(() => cleanUpScratch());

describe('Reviewing work from the board (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let board: FrameLocator;
  const tasksFile = 'agents/billing-dev/tasks.md';

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'review', theme: lightTheme });
    agentHistory(billingProject(wb));
  });
  after(async () => wb?.close());
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      await wb.page.screenshot({ path: path.join(artifactsDir, `review-failed-${this.currentTest.title.slice(0, 40).replace(/\W+/g, '-')}.png`) }).catch(() => undefined);
    }
  });

  it("shows what a done task changed on its card and in its detail, and opens the multi-file diff of it", async () => {
    const page = wb.page;
    await page.locator('.part.statusbar').getByText(/Cortex: 6 agents/).waitFor({ timeout: 60_000 });
    await runCommand(page, 'View: Close Primary Side Bar');
    await runCommand(page, 'Cortex: Open Task Board');
    board = await boardFrame(page);
    const done = card(board, 'billing-dev', TASK);
    await done.waitFor({ timeout: 30_000 });
    // 4 files; 6 + 3 + 5 + 2 lines added and 1 removed (server.ts), in two commits.
    await expectText(done.locator('.card-changes'), /4\s*\+16\s*−1/, 30_000);
    assert.match((await done.getAttribute('aria-label')) ?? '', /to review.*4 files changed: 16 lines added, 1 removed, in 2 commits that name the task\./);
    await expectText(page.locator('.part.statusbar'), /\d+ to review/);

    await done.click();
    const detail = board.locator('aside.detail');
    await expectText(detail.locator('.detail-changes .changes-summary'), '4 files changed: 16 lines added, 1 removed, in 2 commits that name the task.', 30_000);
    const files = detail.locator('.changed-files li');
    await eventually(async () => (await files.count()) === 4, () => 'four changed files listed');
    assert.deepEqual(await detail.locator('.changed-files .file-path').allTextContents(), ['src/server.ts', 'src/webhooks/stripe.ts', 'src/webhooks/verify.ts', 'test/webhooks.test.ts']);
    await expectText(detail.locator('.commits'), /Test the webhook's signature check/);
    await expectText(detail.locator('.detail-review .review-state'), 'Not reviewed yet');
    await screenshot(page, 'review-detail-light');

    await detail.locator('[data-action="review"]').click();
    const tabTitle = `Review: ${TASK} (Billing Dev)`;
    await expectText(page.locator('.tabs-container'), tabTitle, 30_000);
    const diff = page.locator('.multiDiffEditor, .multi-diff-editor, .monaco-component.multiDiffEditor').first();
    await diff.waitFor({ timeout: 30_000 });
    for (const name of ['server.ts', 'stripe.ts', 'verify.ts', 'webhooks.test.ts']) await expectText(diff, name, 30_000);
    // Accept and Send Back sit in the diff's title bar.
    await page.locator('.editor-actions [aria-label="Send Task Back…"], .editor-actions [title="Send Task Back…"]').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'review-diff-light');
  });

  it('sends the task back with a comment: the review is written, the rework task appears at the end of the queue', async () => {
    const page = wb.page;
    await page.locator('.tabs-container .tab', { hasText: 'Task Board' }).click();
    board = await boardFrame(page);
    const detail = board.locator('aside.detail');
    await card(board, 'billing-dev', TASK).click(); // the page was hidden behind the diff: its detail panel opens again
    await expectText(detail.locator('h2'), TASK);
    const before = readFileSync(wb.teamFile(tasksFile), 'utf8');
    await detail.locator('[data-action="sendBack"]').click();
    const box = detail.locator('#send-back-comment');
    await box.waitFor();
    await box.fill('Replay protection is missing: reject events older than five minutes.');
    await detail.locator('[data-action="sendBackConfirm"]').click();

    let text = before;
    await eventually(async () => (text = readFileSync(wb.teamFile(tasksFile), 'utf8')) !== before, () => `${tasksFile} to change`, 20_000);
    assert.match(text, /## Add Stripe webhook endpoint\n\*\*Status:\*\* done\n\*\*Started:\*\* \S+\n\*\*Completed:\*\* \S+\n\*\*Reviewed:\*\* \d{4}-\d\d-\d\dT\d\d:\d\d sent back\n/);
    assert.match(text, /## Rework: Add Stripe webhook endpoint\n\*\*Status:\*\* ready\n\*\*Rework of:\*\* Add Stripe webhook endpoint\n\nSent back in review: "Add Stripe webhook endpoint" \(done \S+, task 1 in agents\/billing-dev\/tasks\.md\) needs more work\.\n\n> Replay protection is missing: reject events older than five minutes\.\n/);
    assert.equal(text.replace(/\*\*Reviewed:\*\* [^\n]*\n/, '').replace(/## Rework: [\s\S]*?say in the Summary what changed\.\n\n?/, ''), before, 'nothing else changed');

    const rework = card(board, 'billing-dev', `Rework: ${TASK}`);
    await rework.waitFor({ timeout: 20_000 });
    assert.equal(await rework.getAttribute('data-status'), 'ready');
    await expectText(card(board, 'billing-dev', TASK).locator('.review-mark'), 'sent back');
    await expectText(detail.locator('.detail-review .review-state'), /Sent back on \d{4}-\d\d-\d\d \d\d:\d\d/);
    await screenshot(page, 'review-sent-back-light');
  });

  it('looks right in dark and high contrast', async () => {
    const page = wb.page;
    await setColorTheme(wb, darkTheme);
    await screenshot(page, 'review-sent-back-dark');
    await card(board, 'billing-dev', `Rework: ${TASK}`).click();
    await expectText(board.locator('aside.detail h2'), `Rework: ${TASK}`);
    await screenshot(page, 'review-rework-dark');
    await page.locator('.tabs-container .tab', { hasText: 'Review:' }).click();
    await page.locator('.multiDiffEditor, .multi-diff-editor, .monaco-component.multiDiffEditor').first().waitFor({ timeout: 20_000 });
    await screenshot(page, 'review-diff-dark');
    await setColorTheme(wb, highContrastTheme);
    await page.locator('.tabs-container .tab', { hasText: 'Task Board' }).click();
    board = await boardFrame(page);
    await card(board, 'billing-dev', TASK).click();
    await expectText(board.locator('aside.detail .detail-changes .changes-summary'), /4 files changed/, 30_000);
    await screenshot(page, 'review-detail-high-contrast');
  });
});
