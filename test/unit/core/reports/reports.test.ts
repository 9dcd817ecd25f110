// The Daily Briefing and the Daily Review: byte-exact for a small team on a fixed
// clock, what counts as done, blocked and carried over, and that the markdown renders
// as the text it stands for.
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { dailyBriefing } from '../../../../src/core/reports/briefing';
import { dailyReview, housekeepingLine } from '../../../../src/core/reports/review';
import { planPrune } from '../../../../src/core/ops/prune';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { formatStamp } from '../../../../src/base/time';
import { ReportInput, buildTeamReport, saysBlocked } from '../../../../src/core/reports/team-report';
import { NOW, before, reportTeam, reportTeamFiles } from './report-fixture';

async function input(extra: Partial<ReportInput> = {}): Promise<ReportInput> {
  return { team: await reportTeam(), teamName: 'tiny | team', now: NOW, staleAfterMinutes: 30, lastReview: null, ...extra };
}

describe('Reports: Daily Briefing and Daily Review', () => {
  it('writes the briefing byte for byte (no review recorded: the last 24 hours)', async () => {
    assert.equal(dailyBriefing(await input()), EXPECTED_BRIEFING);
  });

  it('writes the review byte for byte (since the last review)', async () => {
    assert.equal(dailyReview(await input({ lastReview: NOW - 15 * 60 })), EXPECTED_REVIEW);
  });

  it('the review says what housekeeping would prune now, between the projects and the agents', async () => {
    const plan = await planPrune(new MemoryTeamFs(reportTeamFiles()), { now: formatStamp(NOW) });
    const text = dailyReview(await input({ lastReview: NOW - 15 * 60 }), plan);
    const line =
      'Housekeeping would prune 1 done task completed more than 7 days ago (api-dev) and 1 older Session Log entry (web-dev). In VS Code: **Cortex: Run Housekeeping…** (each diff is shown first); in a terminal: `cortex-team prune --dry-run` lists them, `cortex-team prune` removes them.';
    assert.ok(text.includes(`\n## Housekeeping\n\n${line}\n\n## Agents\n`), text);
    assert.equal(text.replace(`## Housekeeping\n\n${line}\n\n`, ''), EXPECTED_REVIEW, 'nothing else changes');
    assert.equal(
      housekeepingLine({ days: 1, files: [] }),
      'Nothing to prune: no done task was completed more than 1 day ago and no Session Log has more than one entry.',
    );
    const two = { line: 1, label: 'x' };
    assert.match(housekeepingLine({ days: 30, files: [{ path: 'agents/a/tasks.md', kind: 'tasks', items: [two, two], before: '', after: '' }, { path: 'agents/b|c/tasks.md', kind: 'tasks', items: [two], before: '', after: '' }] }), /^Housekeeping would prune 3 done tasks completed more than 30 days ago \(a, b\\\|c\)\. In VS Code/);
  });

  it('a 500-character agent name is shortened in the middle (start and end kept), so the preview does not scroll sideways', async () => {
    const files = reportTeamFiles();
    const long = (end: string) => 'SeniorPaymentsReconciliation'.repeat(18).slice(0, 497) + end;
    const slug = (end: string) => long(end).toLowerCase();
    for (const end of ['One', 'Two']) {
      files[`agents/${slug(end)}/${slug(end)}.md`] = files['agents/writer/writer.md'].replace('name: Writer', `name: ${long(end)}`);
      files[`agents/${slug(end)}/tasks.md`] = '## Do it\n**Status:** ready\n';
    }
    const reportInput = { team: await reportTeam(files), teamName: 't', now: NOW, staleAfterMinutes: 30, lastReview: null };
    for (const text of [dailyBriefing(reportInput), dailyReview(reportInput)]) {
      const longest = Math.max(...text.split(/\s+/).map((w) => w.length));
      assert.ok(longest <= 80, `no unbreakable run longer than 80 characters (found ${longest})`);
      assert.ok(!text.includes(long('One')), 'the full name is not written');
      assert.match(text, /SeniorPaymentsReconciliationSe…[^\s]*ReconciOne/, 'the start and the end that tells them apart');
      assert.match(text, /…[^\s]*ReconciTwo/);
    }
  });

  it('the first review says it covers the last 24 hours because none was recorded', async () => {
    const text = dailyReview(await input());
    assert.match(text, /Covers the last 24 hours, since 2026-03-27 09:00, because no earlier review was recorded for this team/);
  });

  it('counts a task as done in the period when Completed is after the start, not at it, and not in the future', async () => {
    const files = reportTeamFiles();
    const done = (title: string, completed: string) => `## ${title}\n**Status:** done\n**Completed:** ${completed}\n\n`;
    files['agents/writer/tasks.md'] = done('At the start', before(60)) + done('Just after', before(59)) + done('Later than now', formatLater()) + done('No time', 'soon');
    const report = buildTeamReport({ team: await reportTeam(files), teamName: 't', now: NOW, staleAfterMinutes: 30, lastReview: NOW - 60 });
    assert.deepEqual(report.done.map((d) => d.task.title), ['Just after']);
    assert.equal(report.done[0].took, null, 'no Started: no duration');
  });

  it('blocked means: down with work, the latest Session Log status saying so, or a task marked blocked or waiting', async () => {
    const files = reportTeamFiles();
    // An older blocked entry does not count once a later one says otherwise.
    files['agents/writer/writer.md'] = files['agents/writer/writer.md'].replace('Status: idle', 'Status: blocked\n\nLast session: 2026-03-27\nStatus: unblocked now, idle');
    const report = buildTeamReport({ team: await reportTeam(files), teamName: 't', now: NOW, staleAfterMinutes: 30, lastReview: null });
    assert.deepEqual(
      report.blockers.map((b) => `${b.kind}:${b.agent.agent.slug}`),
      ['down:web-dev', 'session-log:web-dev', 'task-status:web-dev'],
      'the inactive qa agent "waiting for the beta" is parked, not blocked',
    );
  });

  it('recognizes blocker words as whole words in any case', () => {
    for (const s of ['Blocked on keys', 'waiting for review', 'stuck: flaky CI', 'blockers: none resolved', 'BLOCKING the release']) assert.ok(saysBlocked(s), s);
    for (const s of ['active — shipping', 'unblockedness', 'awaitingly', '', null]) assert.ok(!saysBlocked(s), String(s));
  });

  it('lists in-progress work started before the period as carried over (what slipped)', async () => {
    const report = buildTeamReport(await input({ lastReview: NOW - 15 * 60 }));
    assert.deepEqual(report.carriedOver.map((c) => c.task.task.title), ['Login page']);
  });

  it('renders as the text it stands for: titles and cells escaped, tables keep their columns, no raw HTML', async () => {
    const md = new MarkdownIt({ html: false });
    for (const text of [dailyBriefing(await input()), dailyReview(await input({ lastReview: NOW - 15 * 60 }))]) {
      const html = md.render(text);
      assert.ok(!/<script/i.test(html), 'no script element');
      assert.match(html, /<h1>Daily (Briefing|Review): tiny \| team<\/h1>/);
      assert.match(html, /<td>Fix `retry` \| backoff \(2 h 00 min\)<\/td>/);
      assert.match(html, /Add \*rate\* limits/);
      assert.ok(html.includes('Write &lt;docs&gt;'), 'a title with <…> is text');
      // Every row has as many cells as its table's header: no `|` split a cell.
      let columns = 0;
      let cells = 0;
      let rows = 0;
      for (const t of md.parse(text, {})) {
        if (t.type === 'thead_open') columns = 0;
        else if (t.type === 'th_open') columns++;
        else if (t.type === 'tr_open') cells = 0;
        else if (t.type === 'td_open') cells++;
        else if (t.type === 'tr_close' && cells > 0) {
          rows++;
          assert.equal(cells, columns);
        }
      }
      assert.equal(rows, 4 + 2, 'four agents and two projects');
    }
  });

  it('says so when the team is empty', async () => {
    const team = await reportTeam({});
    const text = dailyBriefing({ team, teamName: 'empty', now: NOW, staleAfterMinutes: 30, lastReview: null });
    assert.match(text, /0 agents; 0 tasks in progress, 0 ready\./);
    assert.match(text, /Nothing needs you/);
    assert.match(text, /Nothing was completed in this period\./);
    assert.match(text, /No ready tasks anywhere\./);
    assert.match(text, /No project notes in projects\/\./);
  });
});

function formatLater(): string {
  return before(-30);
}

const EXPECTED_BRIEFING = [
  "# Daily Briefing: tiny \\| team",
  "",
  "Saturday 2026-03-28, 09:00. 4 agents: 1 alive, 1 idle, 1 down, 1 inactive; 2 tasks in progress, 3 ready.",
  "",
  "## Needs your attention",
  "",
  "- **Web Dev** (web-dev) is **down**: it has not ticked for 2 h 00 min and has work waiting (1 in progress). Check its session.",
  "- **Web Dev** (web-dev) reports a blocker in its Session Log (2026-03-27): Blocked on the API keys",
  "- **Web Dev** (web-dev) marked **Waiting room** as waiting.",
  "- The team files have 1 problem (errors or warnings): see the Problems panel, or run `cortex-team lint`.",
  "",
  "## Agents",
  "",
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
  "",
  "## Done since 2026-03-27 09:00 (the last 24 hours: no review recorded yet)",
  "",
  "### API \\| Dev",
  "",
  "- **Ship v1**: completed 2026-03-28 06:00, took 2 h 00 min",
  "",
  "  > Released. Uses `a<b` checks; &lt;script>alert(1)&lt;/script> was in the log.",
  "",
  "## Ready queue",
  "",
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
].join('\n') + '\n';

const EXPECTED_REVIEW = [
  "# Daily Review: tiny \\| team",
  "",
  "Saturday 2026-03-28, 09:00. Covers the time since the last review, 2026-03-27 18:00: 1 task done.",
  "",
  "## Done (1)",
  "",
  "### API \\| Dev",
  "",
  "- **Ship v1**: completed 2026-03-28 06:00, took 2 h 00 min",
  "",
  "  > Released. Uses `a<b` checks; &lt;script>alert(1)&lt;/script> was in the log.",
  "",
  "## Blocked and slipped",
  "",
  "- **Web Dev** (web-dev) is **down**: it has not ticked for 2 h 00 min and has work waiting (1 in progress). Check its session.",
  "- **Web Dev** (web-dev) reports a blocker in its Session Log (2026-03-27): Blocked on the API keys",
  "- **Web Dev** (web-dev) marked **Waiting room** as waiting.",
  "- **Login page** (Web Dev): in progress for 30 h 00 min, since 2026-03-27 03:00; started before this period and not done yet.",
  "- The team files have 1 problem (errors or warnings): see the Problems panel, or run `cortex-team lint`.",
  "",
  "## Next",
  "",
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
  "",
  "## Agents",
  "",
  "4 agents: 1 alive, 1 idle, 1 down, 1 inactive; 2 tasks in progress, 3 ready.",
  "",
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
].join('\n') + '\n';
