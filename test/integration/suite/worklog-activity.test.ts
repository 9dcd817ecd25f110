// The Worklog panel's Activity tab, live, in the real extension host: an agent connected
// to `cortex-team mcp` with the MCP SDK's own client (another process, as an agent CLI
// runs it) claims a task and ticks, and a CLI verb appends a WORKLOG entry; each write
// reaches the open panel through its watcher on .cortex/activity.jsonl, newest first.
// A line an agent broke is counted, not fatal; the page's "open" names an event by id
// and opens the file that event wrote.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { WorklogViewState } from '../../../src/views/worklog/common/messages';
import { EXTENSION_ID, TestAgent, addAgent, api, closeEverything, removeAgents, teamDir, waitFor } from './commands-helpers';

const FEED = '.cortex/activity.jsonl';

const textTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText);

describe('Worklog panel: the live Activity feed', function () {
  this.timeout(90_000);
  let a: CortexTestApi;
  let team: string;
  let agent: TestAgent;
  let cli: string;
  let client: Client | undefined;
  let savedFeed: string | null;
  let savedWorklog: string;

  const feedFile = () => path.join(team, FEED);
  const state = (): WorklogViewState['activity'] | undefined => a.worklog.lastPostedState?.activity;
  /** Waits until the panel has posted a state whose newest event passes `check`. */
  const posted = (what: string, check: (s: WorklogViewState['activity']) => boolean) => waitFor(() => (state() && check(state()!) ? state() : undefined), 30_000, what);

  before(async () => {
    a = await api();
    team = teamDir(a);
    cli = path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    savedFeed = existsSync(feedFile()) ? readFileSync(feedFile(), 'utf8') : null;
    savedWorklog = readFileSync(path.join(team, 'WORKLOG.md'), 'utf8');
    agent = await addAgent(a, {
      slug: 'itest-activity-dev',
      name: 'Itest Activity Dev',
      tasks: '## Wire the refunds export\n**Status:** ready\n\nCSV, one row per refund.\n\n## Second task\n**Status:** ready\n',
    });
  });
  after(async () => {
    await client?.close();
    await closeEverything();
    await removeAgents(a, [agent.slug]);
    if (savedFeed === null) rmSync(feedFile(), { force: true });
    else writeFileSync(feedFile(), savedFeed);
    writeFileSync(path.join(team, 'WORKLOG.md'), savedWorklog);
  });

  it('shows each write an agent makes through the MCP server or a CLI verb, as it happens, newest first', async () => {
    await vscode.commands.executeCommand('cortex.openWorklog');
    await waitFor(() => a.worklog.isReady && a.worklog.lastPostedState, 30_000, 'the worklog page ready with a state');
    const before = state()!.total;

    // An agent's MCP session, as Claude Code or Gemini CLI would start it from the wiring.
    const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--team', team, '--agent', agent.slug], stderr: 'pipe' });
    client = new Client({ name: 'itest-agent', version: '1.0.0' });
    await client.connect(transport);
    const claimed = await client.callTool({ name: 'claim_task', arguments: {} });
    assert.notEqual(claimed.isError, true, JSON.stringify(claimed.content));
    const s1 = await posted('the claim in the feed', (s) => s.events[0]?.type === 'task.claimed' && s.events[0].actor === agent.slug);
    assert.equal(s1.total, before + 1);
    assert.deepEqual(
      { subject: s1.events[0].subject, via: s1.events[0].via, file: s1.events[0].file },
      { subject: 'Wire the refunds export', via: 'mcp', file: `agents/${agent.slug}/tasks.md` },
    );

    const ticked = await client.callTool({ name: 'tick', arguments: {} });
    assert.notEqual(ticked.isError, true, JSON.stringify(ticked.content));
    const s2 = await posted('the tick on top', (s) => s.events[0]?.type === 'agent.ticked' && s.total === before + 2);
    assert.equal(s2.events[1].type, 'task.claimed');

    // The same feed from an agent without MCP: the CLI verb, another process.
    await new Promise<void>((resolve, reject) =>
      execFile(process.execPath, [cli, 'log', '--team', team, '--actor', agent.slug, '--type', 'handoff.posted', '--subject', 'refunds export ready for review'], (e, _out, err) =>
        e ? reject(new Error(`${e.message}\n${err}`)) : resolve(),
      ),
    );
    const s3 = await posted('the CLI entry on top', (s) => s.events[0]?.type === 'handoff.posted' && s.total === before + 3);
    assert.deepEqual({ subject: s3.events[0].subject, via: s3.events[0].via, file: s3.events[0].file }, { subject: 'refunds export ready for review', via: 'cli', file: 'WORKLOG.md' });
  });

  it('a line an agent broke is counted as a problem; the events around it still show', async () => {
    const total = state()!.total;
    appendFileSync(feedFile(), '{"event_id": "act-broken", "event_ty\n');
    const s = await posted('the broken line counted', (x) => x.problems === 1);
    assert.equal(s.total, total);
    const again = await client!.callTool({ name: 'my_tasks', arguments: {} });
    assert.notEqual(again.isError, true, 'a read-only tool writes no event');
    const done = await client!.callTool({ name: 'complete_task', arguments: { summary: 'Export written; refunds.csv has one row per refund.' } });
    assert.notEqual(done.isError, true, JSON.stringify(done.content));
    const after = await posted('the completion after the broken line', (x) => x.total === total + 1);
    assert.deepEqual([after.events[0].type, after.events[0].detail], ['task.completed', 'Export written; refunds.csv has one row per refund.']);
    assert.equal(after.problems, 1);
  });

  it("the page's open names an event; the file that event wrote opens (a path the page sends is refused)", async () => {
    const claim = state()!.events.find((e) => e.type === 'task.claimed' && e.actor === agent.slug)!;
    a.worklog.receiveMessage({ type: 'openActivity', id: claim.id });
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === agent.tasksFile, 15_000, "the agent's tasks.md open");
    // Text editors only: the panel stays open (a closed panel takes no messages); shown
    // again, its page loads again and says ready.
    await vscode.window.tabGroups.close(textTabs());
    await waitFor(() => a.worklog.isReady, 30_000, 'the worklog page ready again');
    a.worklog.receiveMessage({ type: 'openActivity', id: claim.id, file: '/etc/passwd' });
    a.worklog.receiveMessage({ type: 'openActivity', id: 'act-no-such-event' });
    // Handled in order: a later valid open is the one that shows.
    const entry = state()!.events.find((e) => e.type === 'handoff.posted')!;
    a.worklog.receiveMessage({ type: 'openActivity', id: entry.id });
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === path.join(team, 'WORKLOG.md'), 15_000, 'WORKLOG.md open');
    assert.deepEqual(
      textTabs().map((t) => (t.input as vscode.TabInputText).uri.fsPath),
      [path.join(team, 'WORKLOG.md')],
      'only WORKLOG.md opened',
    );
  });

  it('shows the session charter (document 001) when the team folder has one, and follows it', async () => {
    await vscode.commands.executeCommand('cortex.openWorklog');
    await waitFor(() => a.worklog.isReady && a.worklog.lastPostedState, 30_000, 'the worklog page ready with a state');
    const file = path.join(team, 'SESSION-CHARTER.md');
    try {
      writeFileSync(file, '---\nsession_id: S-9\n---\n# Charter: credit notes\n\nShip credit notes this week.\n');
      a.store.notifyChanged(['SESSION-CHARTER.md']);
      const shown = await waitFor(() => a.worklog.lastPostedState?.charter ?? undefined, 30_000, 'the charter posted to the page');
      assert.deepEqual([shown.file, shown.sessionId], ['SESSION-CHARTER.md', 'S-9']);
      assert.match(shown.text, /# Charter: credit notes\n\nShip credit notes this week\.$/);
    } finally {
      rmSync(file, { force: true });
      a.store.notifyChanged(['SESSION-CHARTER.md']);
    }
    await waitFor(() => a.worklog.lastPostedState?.charter === null, 30_000, 'the charter gone with its file');
  });
});
