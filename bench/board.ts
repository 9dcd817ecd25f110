/**
 * `npm run bench:board`: how the task board scales (not a test).
 *
 * Generates (once, into the git-ignored `.bench/board-team`, reused while the
 * generator's version matches) a team of 200 agents × 100 tasks (20,000 tasks) and
 * measures both sides of the board in one run:
 *
 * - host: building the board's snapshot from the parsed team (cold, and again with
 *   the per-lane cache), the full state message's size and serialization, a patch
 *   after one tasks.md changed;
 * - page (Preact in jsdom, a stand-in for the webview's browser: slower than
 *   Chromium, so these are upper bounds): checking the message, the first render of
 *   the windowed board, a drop reflected on screen (optimistic update), typing a
 *   filter, scrolling a screen down.
 *
 * The page side is bench/board-page.tsx, bundled beside this file. Prints medians of
 * several runs and the machine it ran on. The end-to-end test
 * measures the same team's first paint in the real webview (code-server + chromium).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { NodeTeamFs } from '../src/core/fs/node-fs';
import { TeamIndex } from '../src/core/team/team-index';
import { parseStamp } from '../src/base/time';
import { BoardModel, BoardSnapshot, CARDS_PER_MESSAGE, FIRST_MESSAGE_CARDS, lanesToSend } from '../src/views/board/board-view-state';
import { BoardStateMessage } from '../src/views/board/common/messages';
import { PageBench, PageRow } from './board-page-api';
import { writeBoardTeam } from './board-team';

const GENERATOR_VERSION = 'cortex-board-bench-1';
const AGENTS = 200;
const TASKS = 100;
const NOW = parseStamp('2026-03-28T12:00')!;
const RUNS = 9;

const root = path.resolve(process.argv[2] ?? '.bench');

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function fmt(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : ms < 100 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(0)} ms`;
}

type Row = PageRow;

function measure(what: string, runs: number, fn: () => void, note?: string): Row {
  fn(); // warm up
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    xs.push(performance.now() - t0);
  }
  return { what, median: median(xs), min: Math.min(...xs), note };
}

function ensureTeam(): string {
  const dir = path.join(root, 'board-team');
  const marker = path.join(dir, 'VERSION');
  const want = `${GENERATOR_VERSION} ${AGENTS} ${TASKS}\n`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === want) return dir;
  process.stdout.write(`Generating the board's benchmark team in ${dir} … `);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'agents'), { recursive: true });
  mkdirSync(path.join(dir, 'templates'), { recursive: true });
  writeBoardTeam(dir, { agents: AGENTS, tasksPerAgent: TASKS, now: NOW });
  writeFileSync(marker, want);
  console.log('done');
  return dir;
}

function stateMessage(s: BoardSnapshot, version: number): BoardStateMessage {
  return { type: 'state', version, base: null, header: s.header, agents: s.agents, lanes: s.agents.map((a) => ({ slug: a.slug, cards: s.cards(a.slug) })) };
}

async function main(): Promise<void> {
  const dir = ensureTeam();
  const index = new TeamIndex(new NodeTeamFs(dir));
  const team = await index.load();
  const tasks = team.agents.reduce((n, a) => n + a.tasks.length, 0);
  const input = { status: 'ready' as const, team, header: { name: 'bench', path: dir }, message: null, trusted: true, now: NOW, staleAfterMinutes: 30 };
  const rows: Row[] = [];

  // ---- host ----------------------------------------------------------------------
  rows.push(
    measure('host: board snapshot, cold, every card made', RUNS, () => {
      const s = new BoardModel().build(input);
      for (const a of s.agents) s.cards(a.slug);
    }),
  );
  const model = new BoardModel();
  const snapshot = model.build(input);
  rows.push(measure('host: board snapshot, cards cached', RUNS, () => model.build(input)));
  // What the panel posts to a page that just said ready: the lane list and the first
  // lanes' cards, then the rest in messages of about CARDS_PER_MESSAGE cards.
  const messages: BoardStateMessage[] = [];
  let revs: Map<string, number> | undefined;
  for (let more = true, v = 1; more; v++) {
    const r = lanesToSend(snapshot.agents, snapshot.cards, revs, revs ? CARDS_PER_MESSAGE : FIRST_MESSAGE_CARDS);
    messages.push({ type: 'state', version: v, base: revs ? v - 1 : null, header: snapshot.header, agents: snapshot.agents, lanes: r.lanes });
    revs = r.revs;
    more = r.more;
  }
  const first = JSON.stringify(messages[0]);
  const total = messages.reduce((n, m) => n + JSON.stringify(m).length, 0);
  rows.push(measure('host: first state message, JSON.stringify', RUNS, () => JSON.stringify(messages[0]), `${(first.length / 1e6).toFixed(2)} MB, ${messages[0].lanes.length} lanes' cards; ${messages.length} messages, ${(total / 1e6).toFixed(1)} MB in all`));
  rows.push(measure('structured clone of the first message (a postMessage hop)', RUNS, () => structuredClone(messages[0])));
  const message = stateMessage(snapshot, 1);
  const json = JSON.stringify(message);
  rows.push(measure('every card in one message, JSON.stringify (for comparison)', RUNS, () => JSON.stringify(message), `${(json.length / 1e6).toFixed(2)} MB`));

  // One tasks.md changes: the patch carries one lane.
  const rel = `agents/${team.agents[5].slug}/tasks.md`;
  const file = path.join(dir, ...rel.split('/'));
  const original = readFileSync(file, 'utf8');
  let patchBytes = 0;
  const patchTimes: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      writeFileSync(file, original.replace('**Status:** ready', '**Status:** in-progress'));
      const t = await index.update([rel]);
      const t0 = performance.now();
      const s = model.build({ ...input, team: t });
      const r = lanesToSend(s.agents, s.cards, revs);
      const patch = JSON.stringify({ type: 'state', version: 2, base: 1, header: s.header, agents: s.agents, lanes: r.lanes });
      patchTimes.push(performance.now() - t0);
      patchBytes = patch.length;
      if (r.lanes.length !== 1) throw new Error(`expected one changed lane, got ${r.lanes.length}`);
      writeFileSync(file, original);
      await index.update([rel]);
      model.build({ ...input, team: index.team });
    }
  } finally {
    writeFileSync(file, original);
  }
  rows.push({ what: 'host: patch after one tasks.md changed (build + JSON)', median: median(patchTimes), min: Math.min(...patchTimes), note: `${(patchBytes / 1e3).toFixed(0)} kB, one lane` });

  // ---- page ----------------------------------------------------------------------
  // The page side runs from its own bundle (Preact, jsdom): see board-page.tsx.
  const page = require(path.join(__dirname, 'board-page.js')) as PageBench;
  rows.push(...(await page.benchPage(first, json, RUNS)));

  const w = Math.max(...rows.map((r) => r.what.length));
  console.log('');
  console.log(`Team: ${team.agents.length} agents, ${tasks} tasks (${dir})`);
  console.log(`Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.arch()}, Node ${process.version}`);
  console.log('');
  console.log(`${'measurement'.padEnd(w)}  ${'median'.padStart(9)}  ${'min'.padStart(9)}`);
  console.log(`${'-'.repeat(w)}  ${'-'.repeat(9)}  ${'-'.repeat(9)}`);
  for (const r of rows) console.log(`${r.what.padEnd(w)}  ${fmt(r.median).padStart(9)}  ${fmt(r.min).padStart(9)}${r.note ? `  ${r.note}` : ''}`);
  console.log('');
  console.log(`Medians of ${RUNS} runs. jsdom stands in for the webview's browser; the e2e test measures the real first paint in code-server.`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
