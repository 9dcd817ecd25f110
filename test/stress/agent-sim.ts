/**
 * A simulated Cortex worker for the stress suite. Like a real agent it knows nothing
 * of the dashboard's code and never takes its lock: each cycle reads the whole
 * tasks.md, changes it, and writes the whole file back in place (writeFileSync: open
 * with truncate, then write), the way Claude Code's and Codex's file tools and most
 * scripts write:
 *
 * - every in-progress task is completed: `**Status:** done`, `**Completed:**` after
 *   Started, and a `### Summary` at the end of the task;
 * - the first ready task is claimed: `**Status:** in-progress` and `**Started:**`;
 * - the last-tick comment is updated.
 *
 * It pauses a random time between cycles (between min and max ms; 0 0: a tight
 * loop). It logs what it read and wrote, with monotonic times, so the test can tell
 * its own stale writes apart from anything the CLI did, and counts torn reads (a
 * read that is not a whole file: the CLI's writes must never produce one).
 *
 * Usage: node agent-sim.js <tasks.md> <log.json> <stop-file> [min-pause-ms] [max-pause-ms]
 * Runs until the stop file exists, then does one last cycle and writes the log.
 */
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { seededRandom } from '../harness/test-seed';

export interface AgentCycle {
  /** process.hrtime.bigint() (CLOCK_MONOTONIC, comparable across processes) as strings. */
  readonly readAt: string;
  readonly wroteAt: string;
  /** Task titles in the text it read, and in the text it wrote. */
  readonly read: string[];
  readonly wrote: string[];
  readonly claimed: string | null;
  readonly completed: string[];
  readonly tick: string;
  /** The text it read was not a whole file (a dispatched block cut short, no final tick). */
  readonly torn: boolean;
}

const [file, logFile, stopFile, minArg, maxArg, seedArg] = process.argv.slice(2);
/** The pauses come from the run's seed (test/harness/test-seed.ts), passed by the test. */
const random = seededRandom(Number(seedArg ?? '0'));
const minPause = Number(minArg ?? '0');
const maxPause = Number(maxArg ?? '20');
const sleeper = new Int32Array(new SharedArrayBuffer(4));

function stamp(minutes: number): string {
  return new Date(Date.UTC(2026, 0, 1) + minutes * 60000).toISOString().slice(0, 16);
}

function titles(lines: string[]): string[] {
  return lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3).trim());
}

function titleAbove(lines: string[], i: number): string {
  for (let j = i; j >= 0; j--) if (lines[j].startsWith('## ')) return lines[j].slice(3).trim();
  return '';
}

/** A whole file ends with the tick, and every dispatched block has its body and its id marker. */
export function isWhole(text: string): boolean {
  if (!text.endsWith(' -->\n') || !/<!-- cortex:last-tick [^\n]+ -->\n$/.test(text)) return false;
  for (const block of text.split(/^(?=## )/m).slice(1)) {
    if (!block.startsWith('## L')) continue;
    if (!/^\*\*Status:\*\* (ready|in-progress|done)$/m.test(block) || !/^Dispatched by lane \d+\.$/m.test(block) || !/^<!-- cortex-team:id [0-9a-f]{12} -->$/m.test(block)) return false;
  }
  return true;
}

/** Index of the line after task `i`'s last non-blank line. */
function taskEnd(lines: string[], i: number): number {
  let end = i + 1;
  while (end < lines.length && !lines[end].startsWith('## ') && !lines[end].startsWith('<!-- cortex:last-tick')) end++;
  while (end > i + 1 && lines[end - 1].trim() === '') end--;
  return end;
}

function main(): void {
  const log: AgentCycle[] = [];
  let cycle = 0;
  for (let last = false; ; ) {
    if (!last && existsSync(stopFile)) last = true;
    cycle++;
    const now = stamp(cycle);
    const readAt = process.hrtime.bigint();
    const text = readFileSync(file, 'utf8');
    const torn = !isWhole(text);
    const lines = text.split('\n');
    const read = titles(lines);

    const completed: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (lines[i] !== '**Status:** in-progress') continue;
      const title = titleAbove(lines, i);
      lines[i] = '**Status:** done';
      const at = lines[i + 1]?.startsWith('**Started:**') ? i + 2 : i + 1;
      lines.splice(at, 0, `**Completed:** ${now}`);
      const end = taskEnd(lines, i);
      lines.splice(end, 0, '', '### Summary', `Done by the agent in cycle ${cycle}.`);
      completed.push(title);
    }
    let claimed: string | null = null;
    const ready = lines.indexOf('**Status:** ready');
    if (ready >= 0 && lines[ready - 1]?.startsWith('## ')) {
      lines[ready] = '**Status:** in-progress';
      lines.splice(ready + 1, 0, `**Started:** ${now}`);
      claimed = titleAbove(lines, ready);
    }
    const tickLine = `<!-- cortex:last-tick ${now} -->`;
    const tick = lines.findIndex((l) => l.startsWith('<!-- cortex:last-tick'));
    if (tick >= 0) lines[tick] = tickLine;
    else lines.push(tickLine, '');
    writeFileSync(file, lines.join('\n'));
    const wroteAt = process.hrtime.bigint();
    log.push({ readAt: String(readAt), wroteAt: String(wroteAt), read, wrote: titles(lines), claimed, completed, tick: now, torn });
    if (last) break;
    if (maxPause > 0) Atomics.wait(sleeper, 0, 0, minPause + random() * (maxPause - minPause));
  }
  writeFileSync(logFile, JSON.stringify(log));
}

if (require.main === module) main();
