// A small team as real files (in memory), read by the real core, for the reports.
// Times are wall-clock minutes around NOW, a fixed clock.
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { Team } from '../../../../src/core/team/model';
import { ReportInput } from '../../../../src/core/reports/team-report';
import { loadTeam } from '../../../../src/core/team/team-index';
import { formatStamp, parseStamp } from '../../../../src/base/time';

export const NOW = parseStamp('2026-03-28T09:00')!;

export function before(minutes: number): string {
  return formatStamp(NOW - minutes);
}

function note(name: string, projects: string[], log: string, status = 'active'): string {
  return ['---', `name: ${name}`, `status: ${status}`, 'joined: 2026-03-01', '---', '## Role', 'Works.', '', '## Projects', ...projects.map((p) => `- ${p}`), '', '## Session Log', log, ''].join('\n');
}

export function reportTeamFiles(): Record<string, string> {
  return {
    'agents/api-dev/api-dev.md': note('API | Dev', ['api'], 'Last session: 2026-03-27\nStatus: active — shipping v1'),
    'agents/api-dev/tasks.md': [
      '## Old thing',
      '**Status:** done',
      '**Started:** 2026-03-20T09:00',
      '**Completed:** 2026-03-20T10:00',
      '',
      '### Summary',
      'Long ago.',
      '',
      '## Ship v1',
      '**Status:** done',
      `**Started:** ${before(300)}`,
      `**Completed:** ${before(180)}`,
      '',
      'Release it.',
      '',
      '### Summary',
      'Released. Uses `a<b` checks; <script>alert(1)</script> was in the log.',
      '',
      '## Fix `retry` | backoff',
      '**Status:** in-progress',
      `**Started:** ${before(120)}`,
      '',
      '## Add *rate* limits',
      '**Status:** ready',
      '',
      '## Write <docs>',
      '**Status:** ready',
      '',
      `<!-- cortex:last-tick ${before(5)} -->`,
      '',
    ].join('\n'),
    'agents/web-dev/web-dev.md': note('Web Dev', ['api', 'web'], 'Last session: 2026-03-26\nStatus: active\n\nLast session: 2026-03-27\nStatus: Blocked on the API keys'),
    'agents/web-dev/tasks.md': [
      '## Login page',
      '**Status:** in-progress',
      `**Started:** ${before(30 * 60)}`,
      '',
      '## Waiting room',
      '**Status:** waiting',
      '',
      `<!-- cortex:last-tick ${before(120)} -->`,
      '',
    ].join('\n'),
    'agents/writer/writer.md': note('Writer', [], 'Last session: 2026-03-25\nStatus: idle'),
    'agents/writer/tasks.md': '',
    'agents/qa/qa.md': note('QA', ['web'], 'Last session: 2026-03-20\nStatus: paused, waiting for the beta', 'inactive'),
    'agents/qa/tasks.md': '## Test it\n**Status:** ready\n',
    'projects/api.md': '---\ntype: project\ncreated: 2026-03-01\nstatus: active\n---\n## Next Action\n- Ship `v2` | then docs\n',
    'projects/web.md': '---\ntype: project\ncreated: 2026-03-02\nstatus: paused\n---\n## Next Action\n\n## Notes\n',
  };
}

export function reportTeam(files: Record<string, string> = reportTeamFiles()): Promise<Team> {
  return loadTeam(new MemoryTeamFs(files));
}

/** The reports' input for the small team at NOW (no review recorded unless `extra` says so). */
export async function tinyTeamInput(extra: Partial<ReportInput> = {}): Promise<ReportInput> {
  return { team: await reportTeam(), teamName: 'tiny | team', now: NOW, staleAfterMinutes: 30, lastReview: null, ...extra };
}

/** The agents' table and latest Session Logs both reports give for the small team at NOW, line by line. */
export const EXPECTED_AGENTS = [
  "| Agent | Liveness | Last tick | In progress (for) | Ready | Next up |",
  "| --- | --- | --- | --- | --- | --- |",
  "| API \\| Dev (api-dev) | alive | 5 min ago | Fix \\`retry\\` \\| backoff (2 h 00 min) | 2 | Add \\*rate\\* limits |",
  "| QA (qa) | inactive | never | - | 1 | Test it |",
  "| Web Dev (web-dev) | **down** | 2 h 00 min ago | Login page (30 h 00 min) | 0 | - |",
  "| Writer (writer) | idle | never | - | 0 | - |",
  "",
  "An agent whose last tick is older than 30 min is stale: down when it still has work, idle when it has none, waiting for pickup while its work was dispatched less than a heartbeat ago.",
  "",
  "### Latest Session Logs",
  "",
  "- **API \\| Dev** (api-dev), 2026-03-27: active — shipping v1",
  "- **QA** (qa), 2026-03-20: paused, waiting for the beta",
  "- **Web Dev** (web-dev), 2026-03-27: Blocked on the API keys",
  "- **Writer** (writer), 2026-03-25: idle",
];

/** The ready queue and the projects' table both reports give for the small team at NOW, line by line. */
export const EXPECTED_QUEUE_AND_PROJECTS = [
  "- **API \\| Dev** (api-dev), 2 ready:",
  "  1. Add \\*rate\\* limits (next up)",
  "  2. Write \\<docs\\>",
  "",
  "Nothing queued for: Writer.",
  "",
  "## Projects",
  "",
  "| Project | Status | Next Action | Agents |",
  "| --- | --- | --- | --- |",
  "| api | active | Ship \\`v2\\` \\| then docs | api-dev, web-dev |",
  "| web | paused | - | qa, web-dev |",
];

/** The task done in the period, as both reports list it. */
export const EXPECTED_DONE = [
  "### API \\| Dev",
  "",
  "- **Ship v1**: completed 2026-03-28 06:00, took 2 h 00 min",
  "",
  "  > Released. Uses `a<b` checks; &lt;script>alert(1)&lt;/script> was in the log.",
];
