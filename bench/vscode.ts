/**
 * `npm run bench:vscode`: the task board as a user meets it in a real VS Code
 * (code-server with the packaged VSIX, chromium driven by Playwright through the e2e
 * harness). Not a test: it prints figures, like `npm run bench`, and `--json`.
 *
 * Start-up, on the example team: activate()'s own duration (the extension logs it; the
 * window and its reloads) and the Team view from the click on its activity bar item to
 * the first agent row, with the page's own share (its load to that row). `--start`
 * measures only these and the example team's memory.
 *
 * For a team of 20,000 and one of 100,000 generated tasks (bench/board-team.ts, added
 * to a copy of the example team), measured from the user's action:
 * - palette Enter on "Cortex: Open Task Board" to the first card on screen (the board
 *   opened fresh each time), and the page's own figures beside it (first paint after
 *   the page began loading / after its script started);
 * - palette Enter to every lane's cards in (a big team's stream in after the first paint);
 * - once they are: a filter keystroke to the board showing its result (a text no card has: no card
 *   left), and Escape to the cards back;
 * - scrolling the board a screen down (mouse wheel) to the new cards on screen;
 * - the extension host's JS heap with the team and its board open (after a full GC,
 *   through the host's inspector: bench/host-heap.ts; `--heap-snapshot` also prints what
 *   holds it by constructor), and its resident memory (RSS of its process, from /proc:
 *   what the host holds in all, VS Code's own extensions too).
 *
 * The Needs you list (bench/acp-permissions.ts, its own code-server): an agent run as an
 * ACP session (bench/acp-bench-agent.ts) asks permissions; from its request to its row on
 * screen (target 200 ms, p95), and from `a` on the row to the answer at the agent. `--acp`
 * measures only these.
 *
 * The yardstick of each figure is its target (1 s, 2 s, 100 ms). Every timing includes
 * Playwright's polling of the page (a few ms) and runs on a machine others may load:
 * the load average is printed beside the figures.
 */
import { execFileSync } from 'child_process';
import { readFileSync, rmSync, readdirSync } from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import type { FrameLocator, Page } from 'playwright-core';
import { cleanUpScratch, startWorkbench, type Workbench } from '../test/e2e/fixture';
import { darkTheme } from '../test/harness/settings';
import { activityBarItem, runCommand } from '../test/harness/workbench';
import { measureAcpPermissions } from './acp-permissions';
import { writeBoardTeam } from './board-team';
import { hostHeapAfterGc, hostHeapByConstructor } from './host-heap';
import { BenchRow, buildReport, median, printJson, printTable } from './report';

const asJson = process.argv.includes('--json');
const startOnly = process.argv.includes('--start');
const acpOnly = process.argv.includes('--acp');
const say = (text: string) => process.stderr.write(text);
const RUNS = 3;
/** Keystrokes, Escapes and wheel turns per opening of the board. */
const INPUTS = 4;

/** The nearest-rank 95th percentile. */
function p95(xs: readonly number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
}

/** The board's frame once a card is on screen in it; polls as fast as Playwright answers. */
async function firstCards(page: Page, timeoutMs: number): Promise<FrameLocator> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const n = await page.locator('iframe.webview.ready').count();
    for (let i = 0; i < n; i++) {
      const frame = page.frameLocator('iframe.webview.ready').nth(i).frameLocator('#active-frame');
      if ((await frame.locator('.board-app .card').count()) > 0) return frame;
    }
  }
  throw new Error(`no card on screen within ${timeoutMs} ms`);
}

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

/** RSS of the extension host under this code-server (its process is node's `--type=extensionHost`). */
function extensionHostRssMB(wb: Workbench): number | null {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  const runDir = path.dirname(wb.team.dir);
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (!m || !m[2].includes('extensionHost')) continue;
    try {
      const environ = readFileSync(`/proc/${m[1]}/environ`, 'latin1');
      if (!environ.includes(runDir)) continue;
      const status = readFileSync(`/proc/${m[1]}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status);
      if (kb) return Number(kb[1]) / 1024;
    } catch {
      // gone, or not ours
    }
  }
  return null;
}

async function measureBoard(wb: Workbench, size: { agents: number; tasks: number }, rows: BenchRow[], inspectPort: number): Promise<void> {
  const total = size.agents * size.tasks;
  const label = `${total.toLocaleString('en')} tasks`;
  const tag = `${total / 1000}k`;
  // Only this size's generated agents next to the example team's.
  const agentsDir = path.join(wb.team.dir, 'agents');
  for (const d of readdirSync(agentsDir)) if (d.startsWith('gen-')) rmSync(path.join(agentsDir, d), { recursive: true, force: true });
  const d = new Date();
  const now = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()) / 60000;
  say(`  ${label}: writing the team … `);
  writeBoardTeam(wb.team.dir, { agents: size.agents, tasksPerAgent: size.tasks, now, prefix: 'gen-' });
  const example = readdirSync(agentsDir).filter((n) => !n.startsWith('gen-')).length;
  await wb.page.locator('.part.statusbar').getByText(new RegExp(`Cortex: ${size.agents + example} agents`)).waitFor({ timeout: 300_000 });
  say('read; opening the board\n');
  await runCommand(wb.page, 'View: Close All Editors');

  const open: number[] = [];
  const allCards: number[] = [];
  const pageNav: number[] = [];
  const pageScript: number[] = [];
  const filter: number[] = [];
  const unfilter: number[] = [];
  const scroll: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const at = await runCommand(wb.page, 'Cortex: Open Task Board');
    const board = await firstCards(wb.page, 120_000);
    open.push(Date.now() - at);
    const root = board.locator('#root[data-first-paint-ms]');
    await root.waitFor({ timeout: 60_000 });
    const ms = async (name: string) => Number(await root.getAttribute(`data-${name}-ms`));
    pageNav.push(await ms('first-paint'));
    pageScript.push((await ms('first-paint')) - (await ms('script')));
    // Input is measured once every lane's cards are in (a big team's stream in after the first paint).
    await board.locator('#root[data-all-cards-ms]').waitFor({ timeout: 300_000 });
    allCards.push(Date.now() - at);

    // A filter keystroke: a character no title has leaves no card; Escape brings them back.
    const input = board.locator('.filter-input');
    await input.click();
    for (let k = 0; k < INPUTS; k++) {
      let t = Date.now();
      await wb.page.keyboard.type('§');
      await until(async () => (await board.locator('.card').count()) === 0, 'the filter to leave no card');
      filter.push(Date.now() - t);
      t = Date.now();
      await input.press('Escape');
      await until(async () => (await board.locator('.card').count()) > 0, 'the cards back');
      unfilter.push(Date.now() - t);
    }

    // A screen down with the mouse wheel: new cards on screen.
    const box = await wb.page.locator('iframe.webview.ready').last().boundingBox();
    if (box) {
      await wb.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let k = 0; k < INPUTS; k++) {
        const before = await board.locator('.card').first().getAttribute('data-title');
        const t = Date.now();
        await wb.page.mouse.wheel(0, box.height);
        await until(async () => (await board.locator('.card').first().getAttribute('data-title')) !== before, 'new cards after scrolling');
        scroll.push(Date.now() - t);
      }
    }
    await runCommand(wb.page, 'View: Close All Editors');
  }
  const openGoal = total > 50_000 ? 2000 : 1000;
  rows.push({ id: `board.${tag}.open`, what: `${label}: palette Enter → first cards`, unit: 'ms', median: median(open), min: Math.min(...open), runs: open.length, yardstick: { what: `the target (${openGoal} ms)`, value: openGoal }, goal: 1 });
  rows.push({ id: `board.${tag}.all-cards`, what: `${label}: palette Enter → every lane's cards in`, unit: 'ms', median: median(allCards), min: Math.min(...allCards), runs: allCards.length, yardstick: { row: `board.${tag}.open` }, note: 'the rest stream in after the first paint; input is measured after this' });
  rows.push({ id: `board.${tag}.page-load-paint`, what: `${label}:   in-page: page load → first paint`, unit: 'ms', median: median(pageNav), min: Math.min(...pageNav), runs: pageNav.length, yardstick: { row: `board.${tag}.open` } });
  rows.push({ id: `board.${tag}.page-script-paint`, what: `${label}:   in-page: script start → first paint`, unit: 'ms', median: median(pageScript), min: Math.min(...pageScript), runs: pageScript.length, yardstick: { row: `board.${tag}.open` } });
  // Input has a p95 target: the row's figure is the p95, its median in the note.
  const INPUT = { what: 'the target (100 ms)', value: 100 };
  const input = (id: string, what: string, xs: number[]): BenchRow => ({ id: `board.${tag}.${id}`, what: `${label}: ${what} (p95)`, unit: 'ms', stat: 'p95', median: p95(xs), min: Math.min(...xs), runs: xs.length, yardstick: INPUT, goal: 1, note: `median ${median(xs)} ms, max ${Math.max(...xs)} ms` });
  rows.push(input('filter', 'filter keystroke → result on screen', filter));
  rows.push(input('unfilter', 'Escape in the filter → cards back', unfilter));
  if (scroll.length) rows.push(input('scroll', 'wheel a screen down → new cards', scroll));
  // The board open again (the last opening was closed) for the host's memory with it.
  await runCommand(wb.page, 'Cortex: Open Task Board');
  await (await firstCards(wb.page, 120_000)).locator('#root[data-all-cards-ms]').waitFor({ timeout: 300_000 });
  const heap = await heapRow(inspectPort, `host.${tag}.heap`, `${label}: extension host JS heap, board open`);
  if (heap) rows.push(heap);
  const rss = extensionHostRssMB(wb);
  await runCommand(wb.page, 'View: Close All Editors');
  if (rss !== null) rows.push({ id: `host.${tag}.rss`, what: `${label}: extension host RSS, board open`, unit: 'MB', median: rss, min: rss, runs: 1, note: `resident memory of the whole host process (VS Code's extensions too), not its JS heap alone; ${rss - (rows.find((r) => r.id === 'host.example.rss')?.median ?? 0) | 0} MB above the example team's` });
}

/** Files named `name` under `dir`, at any depth. */
function findFiles(dir: string, name: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...findFiles(p, name));
    else if (e.name === name) out.push(p);
  }
  return out;
}

/** Every "Activated in N ms" the extension logged in this run (each extension host writes its own Cortex.log). */
function activateTimes(runDir: string): number[] {
  return findFiles(runDir, 'Cortex.log').flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/Activated in ([\d.]+) ms/g)].map((m) => Number(m[1])));
}

/** How long the host took to build the Team view's page (state and HTML), each time it did, from the extension's log. */
function teamPageBuildTimes(runDir: string): number[] {
  return findFiles(runDir, 'Cortex.log').flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/Team view: page built in ([\d.]+) ms/g)].map((m) => Number(m[1])));
}

/** The Team view's page frame once it shows an agent row of the example team. */
async function teamFrame(wb: Workbench): Promise<FrameLocator | undefined> {
  const n = await wb.page.locator('iframe.webview.ready').count();
  for (let i = 0; i < n; i++) {
    const frame = wb.page.frameLocator('iframe.webview.ready').nth(i).frameLocator('#active-frame');
    if ((await frame.getByText('Chief of Staff').count()) > 0) return frame;
  }
  return undefined;
}

/**
 * activate()'s own duration (the extension logs it in its Cortex output channel, which
 * the host writes to Cortex.log under the run's folder) in this window and after each of
 * RUNS - 1 reloads of it (each a fresh extension host), and the Team view from the
 * click on the Cortex activity bar item to its first agent row on screen, RUNS times
 * (the first opening in the window, then the side bar closed and the item clicked again), with
 * the page's own figure beside it (its load to the first row painted). The window is
 * reloaded after the Team view's openings.
 */
async function measureStart(wb: Workbench): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const runDir = path.dirname(wb.team.dir);
  const item = activityBarItem(wb.page, 'Cortex');
  await item.waitFor({ state: 'visible' });
  const sidebar = wb.page.locator('.part.sidebar');
  const clicks: number[] = [];
  const pageLoad: number[] = [];
  const scriptToRow: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (await sidebar.isVisible()) {
      await runCommand(wb.page, 'View: Close Primary Side Bar'); // the view's page is discarded
      await until(async () => !(await sidebar.isVisible()) && !(await teamFrame(wb)), 'the side bar to close');
    }
    const t = Date.now();
    await item.click();
    let frame: FrameLocator | undefined;
    await until(async () => (frame = await teamFrame(wb)) !== undefined, 'the Team view');
    clicks.push(Date.now() - t);
    const mark = frame!.locator('#root[data-first-row-ms]');
    if ((await mark.count()) > 0) {
      const row = Number(await mark.getAttribute('data-first-row-ms'));
      pageLoad.push(row);
      const start = await mark.getAttribute('data-script-start-ms');
      if (start !== null) scriptToRow.push(row - Number(start));
    }
  }
  const built = teamPageBuildTimes(runDir);
  // activate() in RUNS extension hosts: the window's and those of its reloads.
  for (let i = 1; i < RUNS; i++) {
    const seen = activateTimes(runDir).length;
    await runCommand(wb.page, 'Developer: Reload Window');
    await until(async () => activateTimes(runDir).length > seen, 'the extension to activate again', 120_000);
    await wb.page.locator('.part.statusbar').getByText(/Cortex: \d+ agents/).waitFor({ timeout: 120_000 });
  }
  const activated = activateTimes(runDir);
  if (activated.length) rows.push({ id: 'start.activate', what: 'activate() (commands, views, services registered)', unit: 'ms', median: median(activated), min: Math.min(...activated), runs: activated.length, yardstick: { what: 'the target (20 ms)', value: 20 }, goal: 1, note: `from the extension's log, one per extension host (the window and its reloads): ${activated.join(', ')} ms; the bundle's loading before it not included` });
  rows.push({ id: 'start.team-view', what: 'Team view, example team: click → first agent row', unit: 'ms', median: median(clicks), min: Math.min(...clicks), runs: clicks.length, yardstick: { what: 'the target (300 ms)', value: 300 }, goal: 1, note: `the first opening in the window, then after closing the side bar: ${clicks.join(', ')} ms` });
  if (scriptToRow.length) rows.push({ id: 'start.team-view.script', what: 'Team view:   in-page: its script\'s start → first agent row (ours)', unit: 'ms', median: median(scriptToRow), min: Math.min(...scriptToRow), runs: scriptToRow.length, yardstick: { what: 'the 100 ms target for our share', value: 100 }, goal: 1, note: `before the script starts the webview is loading (code-server's share): ${scriptToRow.join(', ')} ms` });
  if (built.length) rows.push({ id: 'start.team-view.host', what: 'Team view:   in the host: its state and page built (ours)', unit: 'ms', median: median(built), min: Math.min(...built), runs: built.length, yardstick: { what: 'the 100 ms target for our share', value: 100 }, goal: 1, note: `from the extension's log, each time the host built the page (once per view: a hidden view's page is made again from the same HTML): ${built.join(', ')} ms` });
  if (pageLoad.length) rows.push({ id: 'start.team-view.page', what: "Team view:   in-page: page load → first agent row", unit: 'ms', median: median(pageLoad), min: Math.min(...pageLoad), runs: pageLoad.length, yardstick: { row: 'start.team-view' }, note: `what of the click's time is the page's own: ${pageLoad.join(', ')} ms` });
  return rows;
}

/** A free loopback port (for the extension host's inspector). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The extension host's JS heap after a full GC, as a row; with `--heap-snapshot`, what holds it on stderr. */
async function heapRow(port: number, id: string, what: string): Promise<BenchRow | undefined> {
  try {
    const heap = await hostHeapAfterGc(port);
    if (process.argv.includes('--heap-snapshot')) {
      say(`  ${what}: the heap by constructor (self sizes):\n`);
      await hostHeapByConstructor(port).then(
        (sums) => sums.forEach((e) => say(`    ${e.MB.toFixed(1).padStart(7)} MB  ${String(e.count).padStart(9)}  ${e.name}\n`)),
        (e: unknown) => say(`    (no snapshot: ${e instanceof Error ? e.message : String(e)})\n`),
      );
    }
    return { id, what, unit: 'MB', median: heap.usedMB, min: heap.usedMB, runs: 1, yardstick: { what: 'the target (150 MB)', value: 150 }, goal: 1, note: `heap used after a full GC, through the host's inspector; the heap's size ${heap.totalMB.toFixed(0)} MB` };
  } catch (e) {
    say(`  (no heap figure: ${e instanceof Error ? e.message : String(e)})\n`);
    return undefined;
  }
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  const rows: BenchRow[] = [];
  if (!acpOnly) await measureBoardAndStart(rows);
  if (!startOnly) rows.push(...(await measureAcpPermissions(RUNS, INPUTS, say)));
  cleanUpScratch();
  const report = buildReport('vscode', rows, { codeServer: '4.117.0', runs: RUNS }, loadAtStart);
  if (asJson) printJson(report);
  else
    printTable(
      report,
      ['The task board and the Needs you list in code-server (VSIX, chromium), from the user\'s action; teams generated by bench/board-team.ts beside the example team'],
      [`Medians of ${RUNS} openings (each a fresh board page); input: p95 (nearest rank) of ${RUNS * INPUTS} of each. The target ratios are figure / target: at most 1× meets it. Timings include Playwright's polling of the page (a few ms).`],
    );
}

/** Start-up, the example team's memory and (unless `--start`) the board at two sizes, in one code-server. */
async function measureBoardAndStart(rows: BenchRow[]): Promise<void> {
  say('Starting code-server with the packaged extension …\n');
  const inspectPort = await freePort();
  const wb = await startWorkbench({ name: 'bench-vscode', theme: darkTheme, payload: [['inspect-extensions', String(inspectPort)]] });
  try {
    await wb.page.locator('.part.statusbar').getByText(/Cortex: \d+ agents/).waitFor({ timeout: 120_000 });
    rows.push(...(await measureStart(wb)));
    const base = extensionHostRssMB(wb);
    const exampleHeap = await heapRow(inspectPort, 'host.example.heap', 'example team: extension host JS heap');
    if (exampleHeap) rows.push(exampleHeap);
    if (base !== null) rows.push({ id: 'host.example.rss', what: 'example team: extension host RSS', unit: 'MB', median: base, min: base, runs: 1, note: "the host with VS Code's own extensions and ours on the 6-agent example team" });
    // `--start`: the start-up figures and the example team's memory only.
    for (const size of startOnly ? [] : [
      { agents: 200, tasks: 100 },
      { agents: 500, tasks: 200 },
    ]) {
      await measureBoard(wb, size, rows, inspectPort);
    }
  } finally {
    await wb.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
