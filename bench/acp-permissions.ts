/**
 * `npm run bench:vscode`'s figures for the Needs you list: an agent run as an ACP session
 * (bench/acp-bench-agent.ts, started from the Team view of the packaged extension in
 * code-server) asks permission for a file edit; measured on the machine's one clock:
 * - from the agent sending `session/request_permission` (its own log) to the request's row
 *   on screen in the Needs you list (target < 200 ms);
 * - from `a` pressed on that row to the answer arriving at the agent (its own log), and to
 *   the row gone from the list.
 * Each prompt (written in the agent's session view) asks INPUTS requests one after another.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'fs';
import * as path from 'path';
import type { FrameLocator } from 'playwright-core';
import { startWorkbench } from '../test/e2e/fixture';
import { darkTheme } from '../test/harness/settings';
import { openViewContainer, resizeSidebar } from '../test/harness/workbench';
import { BenchRow, median } from './report';

const SLUG = 'bench-acp';
const NAME = 'Bench ACP Agent';
const TARGET = { what: 'the target (200 ms)', value: 200 };

interface Timings {
  readonly toRow: number[];
  readonly toAgent: number[];
  readonly rowGone: number[];
}

async function until(probe: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
}

function logged(log: string, id: string, key: 'sent' | 'answered'): number | undefined {
  if (!existsSync(log)) return undefined;
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line) continue;
    const e = JSON.parse(line) as Record<string, unknown>;
    if (e.id === id && typeof e[key] === 'number') return e[key] as number;
  }
  return undefined;
}

async function frameWith(page: import('playwright-core').Page, marker: (f: FrameLocator) => import('playwright-core').Locator, what: string): Promise<FrameLocator> {
  let found: FrameLocator | undefined;
  await until(async () => {
    const n = await page.locator('iframe.webview.ready').count();
    for (let i = 0; i < n && !found; i++) {
      const f = page.frameLocator('iframe.webview.ready').nth(i).frameLocator('#active-frame');
      if ((await marker(f).count()) > 0) found = f;
    }
    return found !== undefined;
  }, what, 60_000);
  return found!;
}

/** Runs `prompts` prompts of `perPrompt` requests each; returns the rows. */
export async function measureAcpPermissions(prompts: number, perPrompt: number, say: (text: string) => void): Promise<BenchRow[]> {
  const agentJs = path.resolve(__dirname, 'acp-bench-agent.js');
  if (!existsSync(agentJs)) throw new Error(`${agentJs} is missing: npm run bench:vscode builds it`);
  let log = '';
  const wb = await startWorkbench({
    name: 'bench-acp',
    theme: darkTheme,
    prepare: (team) => {
      const project = path.join(team.home, 'Projects', SLUG);
      mkdirSync(project, { recursive: true });
      log = path.join(team.home, 'bench-acp-agent.jsonl');
      const dir = path.join(team.dir, 'agents', SLUG);
      mkdirSync(dir, { recursive: true });
      const launch = ['launch:', '  cli: custom', '  channel: acp', `  command: ${JSON.stringify(`${process.execPath} ${agentJs}`)}`, '  env:', `    BENCH_ACP_LOG: ${JSON.stringify(log)}`, `    BENCH_ACP_REQUESTS: "${perPrompt}"`];
      writeFileSync(path.join(dir, `${SLUG}.md`), ['---', `name: ${NAME}`, `project: ${project}`, 'status: active', 'joined: 2026-01-01', ...launch, '---', '', '## Role', 'Asks permissions for the bench.', ''].join('\n'));
      writeFileSync(path.join(dir, 'tasks.md'), '');
    },
  });
  const t: Timings = { toRow: [], toAgent: [], rowGone: [] };
  try {
    await openViewContainer(wb.page, 'Cortex');
    const view = await frameWith(wb.page, (f) => f.getByRole('list', { name: 'Agents' }), 'the Team view');
    await resizeSidebar(wb.page, 520);
    const row = view.getByRole('list', { name: 'Agents' }).getByRole('listitem').filter({ hasText: NAME });
    await row.getByRole('button', { name: new RegExp(`^Start ${NAME}`) }).click();
    await row.getByRole('button', { name: `Open ${NAME}'s session` }).click({ timeout: 60_000 });
    const session = await frameWith(wb.page, (f) => f.getByRole('textbox', { name: `Write to ${NAME}` }), 'the session view');
    const box = session.getByRole('textbox', { name: `Write to ${NAME}` });
    const needs = view.getByRole('list', { name: /^Needs you/ }).getByRole('listitem');
    say(`  ACP permissions: ${prompts} prompts of ${perPrompt} requests …\n`);
    for (let p = 0; p < prompts; p++) {
      await session.getByRole('status').filter({ hasText: 'waiting for you' }).waitFor({ timeout: 60_000 });
      await box.fill(`Edit the files, round ${p + 1}.`);
      await box.press('Enter');
      // The agent's turns: 1 is the first prompt (no request), then one per bench prompt.
      for (let i = 1; i <= perPrompt; i++) {
        const id = `edit-${p + 2}-${i}`;
        const need = needs.filter({ hasText: `Edit ${id}.md` });
        await until(async () => (await need.count()) > 0, `the row of ${id}`);
        const seen = Date.now();
        const sent = logged(log, id, 'sent');
        if (sent === undefined) throw new Error(`${id} on screen before the agent logged sending it`);
        t.toRow.push(seen - sent);
        const key = Date.now();
        await need.press('a');
        await until(async () => (await need.count()) === 0, `the row of ${id} to leave`);
        t.rowGone.push(Date.now() - key);
        await until(async () => logged(log, id, 'answered') !== undefined, `the answer to ${id} at the agent`);
        t.toAgent.push(logged(log, id, 'answered')! - key);
      }
    }
  } finally {
    await wb.close();
  }
  const p95 = (xs: readonly number[]) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];
  const row = (id: string, what: string, xs: number[], target: boolean): BenchRow => ({
    id: `acp.${id}`,
    what: `${what} (p95)`,
    unit: 'ms',
    stat: 'p95',
    median: p95(xs),
    min: Math.min(...xs),
    runs: xs.length,
    // Only the request's way to the list has a target; the answer's way back is held to the same 200 ms.
    yardstick: TARGET,
    ...(target ? { goal: 1 } : {}),
    note: `median ${median(xs)} ms, max ${Math.max(...xs)} ms`,
  });
  return [
    row('request-to-row', 'ACP permission request: the agent sends it → its row in Needs you', t.toRow, true),
    row('answer-to-agent', 'ACP permission request: `a` on its row → the answer at the agent', t.toAgent, false),
    row('answer-row-gone', 'ACP permission request: `a` on its row → the row gone', t.rowGone, false),
  ];
}
