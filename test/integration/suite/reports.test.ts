// "Cortex: Daily Briefing" and "Cortex: Daily Review" in the real extension host, on the
// example team, and the scheduler that offers them through the prompts layer.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { formatStamp, wallMinutes } from '../../../src/base/time';
import type { CortexTestApi } from '../../../src/app/test-api';
import { cortexApi, teamDir, waitFor } from './cortex-helpers';

describe('Cortex: daily briefing and review', () => {
  let api: CortexTestApi;
  let teamKey: string;
  let dir: string;

  before(async function () {
    this.timeout(60_000);
    api = await cortexApi();
    dir = await teamDir(api);
    teamKey = api.store.location!.uri.toString();
    await api.reports.records.clear(teamKey);
  });

  afterEach(async function () {
    this.timeout(20_000);
    // Nothing scheduled before the clock goes back to the run's time, so nothing is due
    // then: off, as the run's user settings have it (test/harness/settings.ts).
    const config = vscode.workspace.getConfiguration('cortex');
    await config.update('dailyBriefingTime', 'off', vscode.ConfigurationTarget.Global);
    await config.update('dailyReviewTime', 'off', vscode.ConfigurationTarget.Global);
    await api.reports.scheduler.settled();
    api.setNow(undefined);
    api.setPromptAnswers(undefined);
    api.setTrusted(undefined);
    await api.reports.records.clear(teamKey);
    await closeReports();
  });

  it('Daily Briefing opens an untitled markdown document with the team as it is now, and its preview beside', async () => {
    await vscode.commands.executeCommand('cortex.dailyBriefing');
    const doc = await waitFor(() => reportDocument('Daily Briefing'), 10_000, 'the briefing document');
    assert.equal(doc.languageId, 'markdown');
    assert.equal(doc.uri.scheme, 'untitled');
    assert.ok(doc.isDirty, 'unsaved, so Save offers to keep it');
    const text = doc.getText();
    const folder = teamKey.split('/').pop()!;
    assert.ok(text.startsWith(`# Daily Briefing: ${folder}\n`), text.slice(0, 80));
    assert.match(text, /6 agents: 3 alive, 1 idle, 1 down, 1 inactive; 3 tasks in progress, 10 ready\./);
    assert.match(text, /## Needs your attention\n\n- \*\*Dashboard Dev\*\* \(dashboard-dev\) is \*\*down\*\*/);
    assert.match(text, /\*\*Docs Writer\*\* \(docs-writer\) reports a blocker in its Session Log \(\d{4}-\d\d-\d\d\): active — all tasks done; waiting for the credit-notes API/);
    assert.match(text, /\| Billing Dev \(billing-dev\) \| alive \| \d+ min ago \| Retry failed invoice emails \(\d+ min\) \| 3 \| Invoicing v2: credit notes \|/);
    assert.match(text, /## Done since .* \(the last 24 hours: no review recorded yet\)/);
    assert.match(text, /- \*\*Morning briefing\*\*: completed .*\n\n {2}> Sent\. Highlights:/);
    assert.match(text, /\| billing-service \| active \| Finish invoicing v2: credit notes first, then tax rates per country \|/);
    await waitFor(() => previewTabOpen(), 10_000, 'the markdown preview beside the report');
  });

  it('Daily Review covers the last 24 hours the first time, records its time, and the next one covers since then', async () => {
    await vscode.commands.executeCommand('cortex.dailyReview');
    const first = await waitFor(() => reportDocument('Daily Review'), 10_000, 'the first review');
    assert.match(first.getText(), /Covers the last 24 hours, since .*, because no earlier review was recorded for this team/);
    const recorded = api.reports.records.lastReview(teamKey);
    assert.ok(recorded !== null, 'the review recorded its time');
    assert.equal(formatStamp(recorded), formatStamp(wallMinutes(api.now())));

    await vscode.commands.executeCommand('cortex.dailyReview');
    const second = await waitFor(() => vscode.workspace.textDocuments.find((d) => d !== first && !d.isClosed && /Daily Review .* \(2\)\.md$/.test(d.uri.path)), 10_000, 'the second review');
    const stamp = formatStamp(recorded).replace('T', ' ');
    assert.match(second.getText(), new RegExp(`Covers the time since the last review, ${stamp}: 0 tasks done\\.`));
    assert.match(second.getText(), /## Done \(0\)\n\nNothing was completed in this period\./);
  });

  it('Daily Review says what housekeeping would prune and offers Run Housekeeping (which shows the diffs before writing anything)', async function () {
    this.timeout(30_000);
    // Eight days after the run's time, the example's done tasks are older than the 7 days.
    const later = new Date(api.now().getTime() + 8 * 24 * 60 * 60_000);
    api.setNow(() => later);
    const offers: string[] = [];
    const picks: string[] = [];
    api.setPromptAnswers({
      message: (_severity, message, items) => {
        if (!/housekeeping would prune/.test(message)) return undefined;
        offers.push(message);
        return items.find((i) => i === 'Run Housekeeping…');
      },
      // Run Housekeeping's own confirmation: its Apply item is seen, and Escape pressed.
      pickStep: (request) => {
        picks.push(request.title ?? '', ...request.items.map((i) => i.label));
        return undefined;
      },
    });
    const before = snapshotTeam(dir);
    await vscode.commands.executeCommand('cortex.dailyReview');
    // (The untitled document opens, then its text is inserted.)
    const doc = await waitFor(() => reportDocument('Daily Review', '## Housekeeping'), 10_000, 'the review with its text');
    const section = /\n## Housekeeping\n\nHousekeeping would prune (\d+) done tasks? completed more than 7 days ago \(([^)]+)\)/.exec(doc.getText());
    assert.ok(section, doc.getText());
    await waitFor(() => offers.length === 1, 10_000, 'the housekeeping offer');
    assert.match(offers[0], new RegExp(`^Cortex: housekeeping would prune ${section[1]} tasks? from \\d+ agents?, \\d+ log entr(y|ies) \\(done tasks older than 7 days, Session Log entries but the latest\\)\\.$`));
    await waitFor(() => picks.some((l) => /Apply/.test(l)), 15_000, 'Run Housekeeping to ask before applying');
    assert.ok(picks.some((l) => l.startsWith(`Cortex: Run Housekeeping? ${section[1]} task`)), picks.join(' | '));
    assert.deepEqual(snapshotTeam(dir), before, 'nothing written when its Apply is not chosen');
  });

  it('Daily Review in Restricted Mode says what housekeeping would prune but offers nothing', async () => {
    const later = new Date(api.now().getTime() + 8 * 24 * 60 * 60_000);
    api.setNow(() => later);
    api.setTrusted(false);
    const offers: string[] = [];
    api.setPromptAnswers({ message: (_s, message) => (/housekeeping/.test(message) && offers.push(message), undefined) });
    await vscode.commands.executeCommand('cortex.dailyReview');
    // (The untitled document opens, then its text is inserted.)
    const doc = await waitFor(() => reportDocument('Daily Review', '## Housekeeping'), 10_000, 'the review with its text');
    assert.match(doc.getText(), /\n## Housekeeping\n\nHousekeeping would prune /);
    await api.reports.scheduler.settled();
    assert.deepEqual(offers, []);
  });

  it('works in Restricted Mode (it writes nothing to the team folder)', async () => {
    api.setTrusted(false);
    api.setPromptAnswers({});
    await vscode.commands.executeCommand('cortex.dailyBriefing');
    await waitFor(() => reportDocument('Daily Briefing'), 10_000, 'the briefing document');
    assert.deepEqual(api.shownMessages.filter((m) => !/look down/.test(m.message)), [], 'nothing refused');
  });

  it('offers the briefing once a day at the time from the setting, and opens it when asked', async function () {
    this.timeout(60_000);
    // Days of the test's own (not the run's), and the clock set before the setting: no
    // offer is due, or recorded, at any other time.
    const at = (day: number, h: number, m: number) => new Date(2026, 3, 14 + day, h, m);
    api.setNow(() => at(0, 8, 59));
    const answers: string[] = [];
    api.setPromptAnswers({
      message: (_severity, message, items) => {
        // Moving the clock also turns agents down: only the report offers count here.
        if (!/Daily (Briefing|Review)/.test(message)) return undefined;
        answers.push(message);
        return items.find((i) => i === 'Open Daily Briefing');
      },
    });
    await vscode.workspace.getConfiguration('cortex').update('dailyBriefingTime', '09:00', vscode.ConfigurationTarget.Global);
    await api.reports.scheduler.check();
    assert.deepEqual(answers, [], 'not before the time');

    // Moving the clock to another minute starts a check at once; `settled` waits for its decision.
    api.setNow(() => at(0, 9, 5));
    await api.reports.scheduler.settled();
    assert.equal(answers.length, 1, 'offered at 09:05');
    assert.match(answers[0], /^Cortex: time for the Daily Briefing of .* \(09:00, set in cortex\.dailyBriefingTime\)\.$/);
    await waitFor(() => reportDocument('Daily Briefing'), 10_000, 'the briefing opened from the offer');

    api.setNow(() => at(0, 17, 0));
    await api.reports.scheduler.check();
    await api.reports.scheduler.settled();
    assert.equal(answers.length, 1, 'not again the same day');

    api.setNow(() => at(1, 0, 1));
    await api.reports.scheduler.check();
    await api.reports.scheduler.settled();
    assert.equal(answers.length, 1, 'the next day, not before the time');

    api.setNow(() => at(1, 9, 0));
    await api.reports.scheduler.settled();
    assert.equal(answers.length, 2, 'offered the next day');
    assert.ok(!answers.some((m) => /Daily Review/.test(m)), 'the review is off');
  });

  it('with no setting and no config.yaml, the review is offered at the protocol\'s 18:00', async function () {
    this.timeout(30_000);
    const at = (h: number, m: number) => new Date(2026, 4, 20, h, m);
    api.setNow(() => at(17, 59));
    const answers: string[] = [];
    api.setPromptAnswers({ message: (_s, message) => (/Daily (Briefing|Review)/.test(message) && answers.push(message), undefined) });
    const config = vscode.workspace.getConfiguration('cortex');
    await config.update('dailyReviewTime', undefined, vscode.ConfigurationTarget.Global);
    await api.reports.scheduler.check();
    assert.deepEqual(answers, []);
    api.setNow(() => at(18, 0));
    await api.reports.scheduler.settled();
    await waitFor(() => answers.length === 1, 10_000, 'the review offer');
    assert.match(answers[0], /^Cortex: time for the Daily Review of .* \(18:00, the protocol's default; cortex\.dailyReviewTime changes it\)\.$/);
  });

  it('an empty setting offers nothing, even past the time; an invalid one is ignored (the default counts)', async function () {
    this.timeout(30_000);
    api.setNow(() => new Date(2026, 3, 14, 23, 0));
    api.setPromptAnswers({});
    const config = vscode.workspace.getConfiguration('cortex');
    await config.update('dailyBriefingTime', '', vscode.ConfigurationTarget.Global);
    await config.update('dailyReviewTime', '6pm', vscode.ConfigurationTarget.Global);
    await api.reports.scheduler.check();
    await api.reports.scheduler.settled();
    assert.deepEqual(
      api.shownMessages.filter((m) => /Daily (Briefing|Review)/.test(m.message)).map((m) => m.message),
      [`Cortex: time for the Daily Review of ${teamKey.split('/').pop()} (18:00, the protocol's default; cortex.dailyReviewTime changes it).`],
    );
    assert.equal(api.reports.records.offered('briefing', teamKey), undefined);
  });
});

function reportDocument(title: string, text = ''): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => !d.isClosed && d.uri.scheme === 'untitled' && d.uri.path.startsWith(title) && d.getText().includes(text));
}

function previewTabOpen(): boolean {
  return vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(t.input.viewType)));
}

/** Closes every report without the "Save changes?" dialog, and the previews. */
async function closeReports(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'untitled' && /^Daily (Briefing|Review)/.test(d.uri.path) && !d.isClosed)) {
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Every file of the team folder and its text (nothing here may write to it). */
function snapshotTeam(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[path.relative(dir, path.join(e.parentPath, e.name))] = readFileSync(path.join(e.parentPath, e.name), 'utf8');
  }
  return out;
}
