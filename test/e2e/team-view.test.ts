// End to end: the packaged extension (VSIX) installed in code-server, driven through
// the real UI with chromium. Opens the Cortex container, checks the example team with
// each agent's liveness, writes into a tasks.md from this process and watches the view
// follow, and takes screenshots in the light, dark and high-contrast themes, switched in
// one window (test-results/e2e/).
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { openViewContainer, parkPointer, resizeSidebar, webviewFrame } from '../harness/workbench';
import { eventually, expectCount, expectText } from './expect';
import { setColorTheme } from './themes';
import { artifactsDir, cleanUpScratch, startWorkbench, type Workbench } from './fixture';
import { agentList, agentRow } from './team-view-locators';

/** The example team as it should look at any time (its dates are shifted to now). */
const agents: ReadonlyArray<{ name: string; liveness: 'alive' | 'idle' | 'down' | 'inactive' }> = [
  { name: 'Chief of Staff', liveness: 'alive' },
  { name: 'Billing Dev', liveness: 'alive' },
  { name: 'Infra Ops', liveness: 'alive' },
  { name: 'Dashboard Dev', liveness: 'down' },
  { name: 'Docs Writer', liveness: 'idle' },
  { name: 'QA Engineer', liveness: 'inactive' },
];

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

describe('Team view, in the light, dark and high-contrast themes (VSIX in code-server)', function () {
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

  it('gives the Team pane most of the side bar beside the Threads pane', async () => {
    const pane = (title: string) => wb.page.locator('.part.sidebar .split-view-view').filter({ has: wb.page.locator('.pane-header', { hasText: new RegExp(`^${title}$`, 'i') }) });
    const team = (await pane('Team').boundingBox())!;
    const threads = (await pane('Threads').boundingBox())!;
    assert.ok(team && threads, 'both panes are shown');
    // 3 : 1 by default (package.json initialSize): every agent of the example team fits at once.
    assert.ok(team.height >= 2.5 * threads.height, `Team ${team.height} px, Threads ${threads.height} px`);
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

  it('keeps a project with a long status and agent list inside the view at the default width, its name whole', async () => {
    addCrowdedProject(wb);
    const row = view.locator('[data-row="project:payments-reconciliation"]');
    await expectText(row, 'Billing Dev', 10_000);
    await resizeSidebar(wb.page, 300);
    await expectLaidOut(view);
    await row.scrollIntoViewIfNeeded();
    await screenshot(wb.page, 'team-view-light-crowded-project');
    await resizeSidebar(wb.page, 520);
  });

  // The dark and high-contrast looks in the same window (a theme is a setting, not a new
  // code-server): by now Docs Writer has a ready task (down) and Dashboard Dev ticked (alive).
  for (const [theme, bodyClass, name] of [
    [darkTheme, 'vscode-dark', 'dark'],
    [highContrastTheme, 'vscode-high-contrast', 'high-contrast'],
  ] as const) {
    it(`renders the team in the ${name} theme`, async () => {
      await setColorTheme(wb, theme);
      await expectCount(view.locator(`body.${bodyClass}`), 1, 10_000);
      for (const { name: agent, liveness } of agentsAfterTheWrites) await expectText(agentRow(view, agent), new RegExp(`\\b${liveness}\\b`), 5000);
      await view.locator('body').evaluate(() => window.scrollTo(0, 0));
      await screenshot(wb.page, `team-view-${name}`);
      await resizeSidebar(wb.page, 300);
      await expectLaidOut(view);
      await view.locator(`[data-row="project:${CROWDED}"]`).scrollIntoViewIfNeeded();
      await screenshot(wb.page, `team-view-${name}-crowded-project`);
      await resizeSidebar(wb.page, 520);
    });
  }

  // Last: three agents more would change the counts the tests above check.
  it('long names that differ only at the end read differently at the default width; liveness and tick age stay whole', async () => {
    const base = 'Senior Payments Reconciliation Engineer for the European Region';
    const names = [`${base.slice(0, 26)} A`, `${base.slice(0, 38)} B`, `${base.slice(0, 58)} C`];
    assert.deepEqual(names.map((n) => n.length), [28, 40, 60]);
    const now = new Date();
    const pad = (n: number): string => String(n).padStart(2, '0');
    const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
    for (const [i, name] of names.entries()) {
      const slug = `long-name-${i + 1}`;
      mkdirSync(wb.teamFile(`agents/${slug}`), { recursive: true });
      writeFileSync(wb.teamFile(`agents/${slug}/${slug}.md`), `---\nname: ${name}\nstatus: active\njoined: 2026-03-01\n---\n## Role\nReconciles.\n`);
      writeFileSync(wb.teamFile(`agents/${slug}/tasks.md`), `<!-- cortex:last-tick ${stamp} -->\n`);
    }
    await resizeSidebar(wb.page, 300);
    await eventually(async () => (await view.locator('html').evaluate((el) => el.clientWidth)) < 320, () => 'the Team view at the default width');
    for (const name of names) await expectCount(agentRow(view, name), 1, 10_000);
    const shown = async (): Promise<string[]> =>
      view.locator('html').evaluate((html, wanted: string[]) => {
        const edge = html.clientWidth;
        return wanted.map((name) => {
          const row = Array.from(document.querySelectorAll<HTMLElement>('.row')).find((r) => r.querySelector('.agent-name')?.textContent === name);
          if (!row) return `no row for ${name}`;
          const head = row.querySelector<HTMLElement>('.middle-name-head');
          const tail = row.querySelector<HTMLElement>('.middle-name-tail');
          const age = row.querySelector<HTMLElement>('.row-head .tick-age')!;
          const word = row.querySelector<HTMLElement>('.row-head .liveness-word')!;
          const whole = (el: HTMLElement) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= edge + 0.5 && el.getBoundingClientRect().width > 0;
          if (!whole(age) || !whole(word)) return `${name}: liveness "${word.textContent}" or age "${age.textContent}" cut`;
          if (!head || !tail) return `${name}: not cut in the middle`;
          // What the eye reads: the start that fits, then the whole tail.
          const visible = head.scrollWidth > head.clientWidth ? `${head.textContent!.slice(0, 6)}…${tail.textContent}` : name;
          return whole(tail) ? visible : `${name}: its end is cut`;
        });
      }, names);
    await eventually(async () => {
      const seen = await shown();
      return seen.every((v) => !/cut|no row/.test(v)) && new Set(seen).size === names.length;
    }, async () => `the rows read ${JSON.stringify(await shown())}`);
    await agentRow(view, names[2]).scrollIntoViewIfNeeded();
    for (const [theme, name] of [
      [highContrastTheme, 'high-contrast'],
      [darkTheme, 'dark'],
      [lightTheme, 'light'],
    ] as const) {
      await setColorTheme(wb, theme);
      await screenshot(wb.page, `team-view-${name}-long-names`);
    }
    await resizeSidebar(wb.page, 520);
  });
});

/** The example team after the light tests' writes. */
const agentsAfterTheWrites = agents.map((a) =>
  a.name === 'Docs Writer' ? { ...a, liveness: 'down' as const } : a.name === 'Dashboard Dev' ? { ...a, liveness: 'alive' as const } : a,
);

const CROWDED = 'payments-reconciliation';

/** A project with a long free-text status, a long Next Action, and every agent on it. */
function addCrowdedProject(wb: Workbench): void {
  writeFileSync(
    wb.teamFile(`projects/${CROWDED}.md`),
    `---\ntype: project\ncreated: 2026-03-01\nstatus: waiting on the bank's reconciliation export and the auditors' sign-off\n---\n## Next Action\n- Match https://bank.example.com/exports/2026-03/settlements-with-fees-and-chargebacks.csv against the ledger\n`,
  );
  for (const slug of readdirSync(wb.teamFile('agents'))) {
    const note = wb.teamFile(`agents/${slug}/${slug}.md`);
    writeFileSync(note, readFileSync(note, 'utf8').replace(/^## Projects\n/m, `## Projects\n- ${CROWDED} — month-end reconciliation\n`));
  }
}

/** No sideways scrolling, and the crowded project's name is shown whole. */
async function expectLaidOut(view: FrameLocator): Promise<void> {
  // The drag has resized the side bar; the webview follows a moment later.
  await eventually(async () => (await view.locator('html').evaluate((el) => el.clientWidth)) < 320, () => 'the Team view at the narrow width');
  const name = view.locator(`[data-row="project:${CROWDED}"] .project-name`);
  await eventually(
    async () => (await view.locator('html').evaluate((el) => el.scrollWidth - el.clientWidth)) <= 0 && (await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0)),
    async () =>
      `the Team view scrolls sideways by ${await view.locator('html').evaluate((el) => el.scrollWidth - el.clientWidth)} px (${await widest(view)}); the project name is ${await name.evaluate((el) => `${el.clientWidth} of ${el.scrollWidth}`)} px wide`,
  );
}

/** The elements that reach past the view's right edge, deepest first (what makes it scroll sideways). */
function widest(view: FrameLocator): Promise<string> {
  return view.locator('html').evaluate((html) => {
    const edge = html.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.right > edge + 0.5 && !Array.from(el.children).some((c) => c.getBoundingClientRect().right > edge + 0.5)) out.push(`${el.tagName.toLowerCase()}.${(el.getAttribute('class') ?? '').replace(/ /g, '.')} in .${(el.parentElement?.getAttribute('class') ?? '').replace(/ /g, '.')} ("${(el.textContent ?? '').slice(0, 40)}") ends at ${Math.round(r.right)}`);
    }
    const first = Array.from(document.body.querySelectorAll('*')).find((el) => el.getBoundingClientRect().right > edge + 0.5 && !Array.from(el.children).some((c) => c.getBoundingClientRect().right > edge + 0.5));
    const chain: string[] = [];
    for (let e = first ?? null; e && e !== document.body; e = e.parentElement) chain.push(`${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''}[${Math.round(e.getBoundingClientRect().left)}-${Math.round(e.getBoundingClientRect().right)} sw${e.scrollWidth}]`);
    return (out.slice(0, 4).join('; ') || 'no element past the edge') + '; inside ' + chain.slice(1).join(' < ');
  });
}
