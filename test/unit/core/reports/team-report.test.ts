// What the reports count: done in the period, blocked, carried over.
import * as assert from 'node:assert/strict';
import { buildTeamReport, saysBlocked } from '../../../../src/core/reports/team-report';
import { NOW, before, reportTeam, reportTeamFiles, tinyTeamInput } from './report-fixture';

describe('Reports: what counts as done, blocked and carried over', () => {
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
    const report = buildTeamReport(await tinyTeamInput({ lastReview: NOW - 15 * 60 }));
    assert.deepEqual(report.carriedOver.map((c) => c.task.task.title), ['Login page']);
  });
});

function formatLater(): string {
  return before(-30);
}
