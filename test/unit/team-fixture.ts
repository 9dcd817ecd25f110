// A small team as real files (in memory), read by the real core: the input the Team
// view's model is built from. Times are wall-clock minutes around NOW.
import { MemoryTeamFs } from '../../src/core/fs/memory-fs';
import { Team } from '../../src/core/team/model';
import { TeamIndex } from '../../src/core/team/team-index';
import { formatStamp, parseStamp } from '../../src/base/time';

export const NOW = parseStamp('2026-03-28T12:00')!;

/** `YYYY-MM-DDTHH:MM`, `minutes` before NOW. */
export function before(minutes: number): string {
  return formatStamp(NOW - minutes);
}

export function note(name: string, extra: { status?: string; role?: string; projects?: string[]; log?: string; parent?: string } = {}): string {
  return [
    '---',
    `name: ${name}`,
    `status: ${extra.status ?? 'active'}`,
    'joined: 2026-03-01',
    ...(extra.parent ? [`parent: ${extra.parent}`] : []),
    '---',
    '',
    '## Role',
    extra.role ?? `${name} does things.`,
    '',
    '## Projects',
    ...(extra.projects ?? []).map((p) => `- ${p}`),
    '',
    '## Session Log',
    extra.log ?? 'Last session: 2026-03-28\nStatus: active — working',
    '',
  ].join('\n');
}

export function task(title: string, status: string, more: string[] = []): string {
  return [`## ${title}`, `**Status:** ${status}`, ...more, '', `Do ${title.toLowerCase()}.`, ''].join('\n');
}

export function tasks(parts: string[], tick?: string): string {
  return parts.join('\n') + (tick ? `\n<!-- cortex:last-tick ${tick} -->\n` : '');
}

/** The standard fixture: one agent in each liveness state plus the coordinator. */
export function fixtureFiles(): Record<string, string> {
  return {
    'agents/chief-of-staff/chief-of-staff.md': note('Chief of Staff', { role: 'Coordinates.', projects: ['billing'] }),
    'agents/chief-of-staff/tasks.md': tasks([task('Morning briefing', 'ready')], before(2)),
    'agents/billing-dev/billing-dev.md': note('Billing Dev', {
      projects: ['billing'],
      log: 'Last session: 2026-03-20\nStatus: old entry\n\nLast session: 2026-03-27\nStatus: active — webhook endpoint',
    }),
    'agents/billing-dev/tasks.md': tasks(
      [
        task('Old work', 'done', ['**Started:** 2026-03-27T09:00', '**Completed:** 2026-03-27T10:00']),
        task('Webhook endpoint', 'in-progress', [`**Started:** ${before(95)}`]),
        task('Retry emails', 'ready'),
        task('Credit notes', 'ready'),
      ],
      before(10),
    ),
    'agents/dash-dev/dash-dev.md': note('Dashboard Dev', { projects: ['dashboard'], parent: 'chief-of-staff' }),
    'agents/dash-dev/tasks.md': tasks([task('Chart', 'ready')], before(180)),
    'agents/docs/docs.md': note('Docs Writer'),
    'agents/docs/tasks.md': tasks([task('Guide', 'done', ['**Completed:** 2026-03-26T10:00'])], before(600)),
    'agents/qa/qa.md': note('QA Engineer', { status: 'inactive' }),
    'agents/qa/tasks.md': tasks([task('Pass', 'ready')], before(5000)),
    'projects/billing.md': '---\ntype: project\nstatus: active\n---\n\n## Next Action\n- Ship retries\n\n## Notes\n',
    'projects/dashboard.md': '---\ntype: project\nstatus: blocked\n---\n\n## Next Action\n\n## Notes\n',
  };
}

export async function loadFixture(files: Record<string, string> = fixtureFiles()): Promise<Team> {
  return new TeamIndex(new MemoryTeamFs(files)).load();
}

/** The Cortex plugin's older format in a folder: the files it reads as they are. */
export function olderFormatFiles(heartbeat: string): Record<string, string> {
  return {
    'agents/billing-dev.md': `---\nname: Billing Dev\nstatus: active\nlast-heartbeat: ${heartbeat}\n---\n\n## Projects\n- billing-service\n`,
    'agents/docs-writer.md': '---\nname: Docs Writer\nstatus: active\n---\n\n## Projects\n- docs-site\n',
    'projects/billing-service.md':
      '---\ntype: project\n---\n\n## Work Queue\n\n### 2026-03-27T10:00\n**Task:** Webhook endpoint\n**Status:** in-progress\n\n### 2026-03-27T10:05\n**Task:** Refunds\n**Status:** ready\n\n### 2026-03-27T10:06\n**Task:** Receipts\n**Status:** ready\n\n### 2026-03-26T09:00\n**Task:** Invoices\n**Status:** done\n',
    'projects/docs-site.md': '---\ntype: project\n---\n\n## Work Queue\n',
  };
}
