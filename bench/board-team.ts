/**
 * A generated team for the task board's benchmark and its end-to-end scale test:
 * `agents` agents with `tasksPerAgent` tasks each, in the shape real queues have
 * (done tasks first with Started, Completed and a Summary, one in progress, then the
 * ready queue), bodies of a few lines, ticks spread over the last hours. Deterministic.
 */
import { mkdirSync, writeFileSync } from 'fs';
import * as path from 'path';

export interface BoardTeamOptions {
  readonly agents: number;
  readonly tasksPerAgent: number;
  /** Wall-clock minutes the ticks and times are relative to (see src/base/time). */
  readonly now: number;
  /** Slug prefix, so a generated team can sit beside another one. */
  readonly prefix?: string;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS = ['Add', 'Fix', 'Refactor', 'Document', 'Test', 'Speed up', 'Remove', 'Migrate', 'Review', 'Split'];
const THINGS = ['webhook handler', 'billing export', 'login flow', 'rate limiter', 'CSV importer', 'search index', 'audit log', 'retry queue', 'settings page', 'invoice PDF', 'cache layer', 'health check'];
const WORDS = 'the a service endpoint request payload schema table column index cache queue worker retry timeout error log metric trace user account invoice payment webhook token session config test fixture build deploy handle verify parse validate store fetch update'.split(' ');

function words(r: () => number, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(r() * WORDS.length)]);
  const s = out.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}

function stamp(minutes: number): string {
  return new Date(minutes * 60000).toISOString().slice(0, 16);
}

export function slugOf(prefix: string, i: number): string {
  return `${prefix}${String(i).padStart(3, '0')}`;
}

/** One agent's tasks.md. */
export function boardTasksFile(r: () => number, count: number, now: number): string {
  const parts: string[] = [];
  const done = Math.floor(count * 0.6);
  const inProgress = Math.min(1, count - done);
  for (let i = 0; i < count; i++) {
    const status = i < done ? 'done' : i < done + inProgress ? 'in-progress' : 'ready';
    const title = `${VERBS[Math.floor(r() * VERBS.length)]} ${THINGS[Math.floor(r() * THINGS.length)]} #${i + 1}`;
    const lines = [`## ${title}`, `**Status:** ${status}`];
    const startedAt = now - (count - i) * 90 - Math.floor(r() * 60);
    if (status !== 'ready') lines.push(`**Started:** ${stamp(startedAt)}`);
    if (status === 'done') lines.push(`**Completed:** ${stamp(startedAt + 30 + Math.floor(r() * 50))}`);
    lines.push('', words(r, 8 + Math.floor(r() * 10)), words(r, 6 + Math.floor(r() * 8)));
    if (status === 'done') lines.push('', '### Summary', words(r, 8 + Math.floor(r() * 8)));
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n') + `\n\n<!-- cortex:last-tick ${stamp(now - Math.floor(r() * 40))} -->\n`;
}

function agentNote(name: string, project: string, r: () => number): string {
  return [
    '---',
    `name: ${name}`,
    `project: ~/Projects/${project}`,
    'status: active',
    'joined: 2026-03-01',
    '---',
    '## Role',
    words(r, 8),
    '',
    '## Projects',
    `- ${project}`,
    '',
    '## Session Log',
    'Last session: 2026-03-28',
    `Status: ${words(r, 6)}`,
    '',
  ].join('\n');
}

/** Writes the agents (and a project note per ten agents) into `dir` (a team folder). Returns the slugs. */
export function writeBoardTeam(dir: string, o: BoardTeamOptions): string[] {
  const r = rng(20260328);
  const prefix = o.prefix ?? 'agent-';
  const slugs: string[] = [];
  mkdirSync(path.join(dir, 'projects'), { recursive: true });
  for (let i = 0; i < o.agents; i++) {
    const slug = slugOf(prefix, i);
    const project = `project-${Math.floor(i / 10)}`;
    mkdirSync(path.join(dir, 'agents', slug), { recursive: true });
    writeFileSync(path.join(dir, 'agents', slug, `${slug}.md`), agentNote(`Agent ${String(i).padStart(3, '0')}`, project, r));
    writeFileSync(path.join(dir, 'agents', slug, 'tasks.md'), boardTasksFile(r, o.tasksPerAgent, o.now));
    if (i % 10 === 0) {
      writeFileSync(path.join(dir, 'projects', `${project}.md`), ['---', 'type: project', 'created: 2026-03-01', 'status: active', '---', '## Next Action', `- ${words(r, 7)}`, ''].join('\n'));
    }
    slugs.push(slug);
  }
  return slugs;
}
