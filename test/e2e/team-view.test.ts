// End to end: the packaged extension (VSIX) installed in code-server, driven through
// the real UI with chromium. Opens the Cortex container, checks the example team with
// each agent's liveness, writes into a tasks.md from this process and watches the view
// follow, and takes screenshots in a light and a dark theme (test-results/e2e/).
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { openViewContainer, parkPointer, resizeSidebar, webviewFrame } from '../harness/workbench';
import { expectCount, expectText } from './expect';
import { artifactsDir, cleanUpScratch, startWorkbench, type Workbench } from './fixture';

/** The example team as it should look at any time (its dates are shifted to now). */
const agents: ReadonlyArray<{ name: string; liveness: 'alive' | 'idle' | 'down' | 'inactive' }> = [
  { name: 'Chief of Staff', liveness: 'alive' },
  { name: 'Billing Dev', liveness: 'alive' },
  { name: 'Infra Ops', liveness: 'alive' },
  { name: 'Dashboard Dev', liveness: 'down' },
  { name: 'Docs Writer', liveness: 'idle' },
  { name: 'QA Engineer', liveness: 'inactive' },
];

function agentList(view: FrameLocator): Locator {
  return view.getByRole('list', { name: 'Agents' });
}

function agentRow(view: FrameLocator, name: string): Locator {
  return agentList(view).getByRole('listitem').filter({ hasText: name });
}

/** Counts `**Status:** ready` lines over every tasks.md of a team folder. */
function readyTasks(teamDir: string): number {
  let n = 0;
  for (const slug of readdirSync(path.join(teamDir, 'agents'))) {
    const text = readFileSync(path.join(teamDir, 'agents', slug, 'tasks.md'), 'utf8');
    n += (text.match(/^\*\*Status:\*\* ready$/gm) ?? []).length;
  }
  return n;
}

async function openTeamView(page: Page): Promise<FrameLocator> {
  await openViewContainer(page, 'Cortex');
  const view = webviewFrame(page);
  await expectText(view.locator('body'), 'Chief of Staff', 45_000);
  await resizeSidebar(page, 520); // room for the rows to read in screenshots
  return view;
}

async function screenshot(page: Page, name: string): Promise<void> {
  await parkPointer(page);
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
  await page.locator('.part.sidebar').screenshot({ path: path.join(artifactsDir, `${name}-sidebar.png`) });
}

after(() => cleanUpScratch());

describe('Team view, light theme (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let view: FrameLocator;

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'light', theme: lightTheme });
  });
  after(async () => wb?.close());

  it('opens the Cortex container and shows the Team view', async () => {
    view = await openTeamView(wb.page);
    await expectCount(agentList(view).getByRole('listitem'), agents.length);
    await openViewContainer(wb.page, 'Cortex'); // when already open, it stays open
    await expectCount(agentList(view).getByRole('listitem'), agents.length, 5000);
  });

  it('shows every agent of the example team with its liveness', async () => {
    for (const { name, liveness } of agents) {
      await expectCount(agentRow(view, name), 1, 5000);
      await expectText(agentRow(view, name), new RegExp(`\\b${liveness}\\b`), 5000);
    }
    await screenshot(wb.page, 'team-view-light');
  });

  it('marks the chief of staff as the coordinator', async () => {
    await expectText(agentRow(view, 'Chief of Staff'), /coordinator/i, 5000);
    assert.doesNotMatch(await agentRow(view, 'Billing Dev').innerText(), /coordinator/i);
  });

  it('shows what the agents work on and the projects with their next action', async () => {
    await expectText(agentRow(view, 'Billing Dev'), 'Retry failed invoice emails', 5000);
    await expectText(agentRow(view, 'Dashboard Dev'), 'Add revenue chart to the overview page', 5000);
    const projects = view.getByRole('list', { name: 'Projects' });
    await expectText(projects, 'billing-service', 5000);
    await expectText(projects, 'Finish invoicing v2', 5000);
  });

  it('summarizes the team in the status bar', async () => {
    const ready = readyTasks(wb.team.dir);
    await expectText(wb.page.locator('.part.statusbar'), `Cortex: ${agents.length} agents · 1 down · ${ready} ready`, 10_000);
  });

  it('follows a task written into tasks.md by another process', async () => {
    // Docs Writer is idle (stale tick, nothing to do). A ready task turns it down.
    const file = wb.teamFile('agents/docs-writer/tasks.md');
    const title = `Document credit notes ${Date.now().toString(36)}`;
    const text = readFileSync(file, 'utf8');
    const tick = text.lastIndexOf('<!-- cortex:last-tick');
    assert.ok(tick > 0, 'the example tasks.md ends with a tick');
    writeFileSync(file, `${text.slice(0, tick)}## ${title}\n**Status:** ready\n\nWrite the credit notes guide.\n\n${text.slice(tick)}`);
    const ms = await expectText(agentRow(view, 'Docs Writer'), title, 10_000);
    await expectText(agentRow(view, 'Docs Writer'), /\bdown\b/, 5000);
    console.log(`      (the view showed the new task ${ms} ms after the write)`);
    await expectText(wb.page.locator('.part.statusbar'), /Cortex: \d+ agents · 2 down/, 10_000);
    await screenshot(wb.page, 'team-view-light-after-write');
  });

  it('shows an agent alive again when it ticks', async () => {
    const file = wb.teamFile('agents/dashboard-dev/tasks.md');
    const now = new Date();
    const pad = (n: number): string => String(n).padStart(2, '0');
    const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
    writeFileSync(file, readFileSync(file, 'utf8').replace(/<!-- cortex:last-tick [^>]*-->/, `<!-- cortex:last-tick ${stamp} -->`));
    await expectText(agentRow(view, 'Dashboard Dev'), /\balive\b/, 10_000);
  });
});

describe('Team view, dark theme (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'dark', theme: darkTheme });
  });
  after(async () => wb?.close());

  it('renders the team in the dark theme', async () => {
    const view = await openTeamView(wb.page);
    await expectCount(view.locator('body.vscode-dark'), 1, 10_000);
    for (const { name, liveness } of agents) await expectText(agentRow(view, name), new RegExp(`\\b${liveness}\\b`), 5000);
    await screenshot(wb.page, 'team-view-dark');
  });
});

describe('Team view, high-contrast theme (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'high-contrast', theme: highContrastTheme });
  });
  after(async () => wb?.close());

  it('renders the team in the high-contrast theme', async () => {
    const view = await openTeamView(wb.page);
    await expectCount(view.locator('body.vscode-high-contrast'), 1, 10_000);
    for (const { name, liveness } of agents) await expectText(agentRow(view, name), new RegExp(`\\b${liveness}\\b`), 5000);
    await screenshot(wb.page, 'team-view-high-contrast');
  });
});
