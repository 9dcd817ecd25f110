/**
 * A simulated Cortex worker, for the two-process stress test. Like a real agent it
 * knows nothing of the dashboard's code: each cycle is a plain read-modify-write of
 * its tasks.md with readFileSync/writeFileSync (an in-place write, not atomic):
 * finish the task it is working on (done + Completed), claim the first ready task
 * (in-progress + Started), update its last-tick comment. It logs what it read and
 * wrote so the test can tell its own stale-read overwrites apart from anything the
 * CLI did.
 *
 * Usage: node agent-sim.js <tasks.md> <log.json> <stop-file> [min-pause-ms] [max-pause-ms]
 * Runs until the stop file exists, then does one last cycle and writes the log.
 */
import { existsSync, readFileSync, writeFileSync } from 'fs';

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
}

const [file, logFile, stopFile, minArg, maxArg] = process.argv.slice(2);
const minPause = Number(minArg ?? '0');
const maxPause = Number(maxArg ?? '2');
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

const log: AgentCycle[] = [];
let cycle = 0;
for (let last = false; ; ) {
  if (!last && existsSync(stopFile)) last = true;
  cycle++;
  const now = stamp(cycle);
  const readAt = process.hrtime.bigint();
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const read = titles(lines);

  const completed: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '**Status:** in-progress') continue;
    lines[i] = '**Status:** done';
    const at = lines[i + 1]?.startsWith('**Started:**') ? i + 2 : i + 1;
    lines.splice(at, 0, `**Completed:** ${now}`);
    completed.push(titleAbove(lines, i));
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
  log.push({ readAt: String(readAt), wroteAt: String(wroteAt), read, wrote: titles(lines), claimed, completed, tick: now });
  if (last) break;
  if (maxPause > 0) Atomics.wait(sleeper, 0, 0, minPause + Math.random() * (maxPause - minPause));
}
writeFileSync(logFile, JSON.stringify(log));
