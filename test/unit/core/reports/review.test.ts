// The Daily Review: byte-exact for a small team on a fixed clock, housekeeping, the period
// of a first review; both reports keep long names short and render as the text they stand for.
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { dailyBriefing } from '../../../../src/core/reports/briefing';
import { dailyReview, housekeepingLine } from '../../../../src/core/reports/review';
import { planPrune } from '../../../../src/core/ops/prune';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { formatStamp } from '../../../../src/base/time';
import { EXPECTED_AGENTS, EXPECTED_DONE, EXPECTED_QUEUE_AND_PROJECTS, NOW, reportTeam, reportTeamFiles, tinyTeamInput } from './report-fixture';

describe('Reports: Daily Review (and both reports as markdown)', () => {
  it('writes the review byte for byte (since the last review)', async () => {
    assert.equal(dailyReview(await tinyTeamInput({ lastReview: NOW - 15 * 60 })), EXPECTED_REVIEW);
  });

  it('the review says what housekeeping would prune now, between the projects and the agents', async () => {
    const plan = await planPrune(new MemoryTeamFs(reportTeamFiles()), { now: formatStamp(NOW) });
    const text = dailyReview(await tinyTeamInput({ lastReview: NOW - 15 * 60 }), plan);
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
    const text = dailyReview(await tinyTeamInput());
    assert.match(text, /Covers the last 24 hours, since 2026-03-27 09:00, because no earlier review was recorded for this team/);
  });

  it('renders as the text it stands for: titles and cells escaped, tables keep their columns, no raw HTML', async () => {
    const md = new MarkdownIt({ html: false });
    for (const text of [dailyBriefing(await tinyTeamInput()), dailyReview(await tinyTeamInput({ lastReview: NOW - 15 * 60 }))]) {
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
});

const EXPECTED_REVIEW = [
  "# Daily Review: tiny \\| team",
  "",
  "Saturday 2026-03-28, 09:00. Covers the time since the last review, 2026-03-27 18:00: 1 task done.",
  "",
  "## Done (1)",
  "",
  ...EXPECTED_DONE,
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
  ...EXPECTED_QUEUE_AND_PROJECTS,
  "",
  "## Agents",
  "",
  "4 agents: 1 alive, 1 idle, 1 down, 1 inactive; 2 tasks in progress, 3 ready.",
  "",
  ...EXPECTED_AGENTS,
].join('\n') + '\n';
