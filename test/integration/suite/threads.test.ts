// The Threads feature inside a real extension host: the example team's .cortex files
// are found (CORTEX_HOME points at an empty folder in these runs), findings in a broken
// thread-templates.json land in the Problems panel on the right line and column, and
// the panel's data follows threads.json and a thread's artifact as another process
// writes them.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { ArtifactView, ThreadsHostMessage } from '../../../src/views/threads/common/messages';
import { cortexApi, sleep, teamDir, waitFor, writeFromAnotherProcess } from './cortex-helpers';
import { addAgent, message, removeAgents, script } from './commands-helpers';

function nextMessage(api: CortexTestApi, match: (m: ThreadsHostMessage) => boolean, what: string, timeoutMs = 15_000): Promise<ThreadsHostMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const sub = api.threads.panel.onDidPostMessage((m) => {
      if (match(m)) {
        clearTimeout(timer);
        sub.dispose();
        resolve(m);
      }
    });
  });
}

function text(nodes: ArtifactView['nodes']): string {
  const walk = (n: unknown): string => (typeof n === 'string' ? n : ((n as { children: unknown[] }).children ?? []).map(walk).join(''));
  return (nodes ?? []).map(walk).join('\n');
}

describe('Threads (extension host)', function () {
  this.timeout(90_000);
  let api: CortexTestApi;
  let team: string;
  let templatesFile: string;
  let threadsFile: string;
  let originalTemplates: string;
  let originalThreads: string;

  before(async () => {
    api = await cortexApi();
    team = await teamDir(api);
    await waitFor(() => api.threads.store.state === 'ready' && api.threads.store.paths?.source === 'team', 20_000, 'the thread files under the team folder');
    templatesFile = path.join(team, '.cortex/config/thread-templates.json');
    threadsFile = path.join(team, '.cortex/data/threads.json');
    originalTemplates = readFileSync(templatesFile, 'utf8');
    originalThreads = readFileSync(threadsFile, 'utf8');
  });

  after(async () => {
    writeFromAnotherProcess(templatesFile, originalTemplates);
    writeFromAnotherProcess(threadsFile, originalThreads);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('finds the team folder\'s thread files and shows its templates and threads', () => {
    const state = api.threads.state();
    assert.equal(state.status, 'ready');
    assert.deepEqual(state.templates.map((t) => t.name), ['coder-review', 'research-critique']);
    assert.deepEqual(state.threads.map((t) => [t.id, t.status]), [
      ['thr_3f9a12c4', 'running'],
      ['thr_7b21e0d5', 'completed'],
      ['thr_c04d88e1', 'aborted'],
    ]);
    assert.equal(state.problems, 0);
    assert.deepEqual(vscode.languages.getDiagnostics(vscode.Uri.file(templatesFile)), []);
    const coderReview = state.templates[0];
    assert.deepEqual(coderReview.hooks, [{ point: 'onEnd', command: 'node hooks/post-task-hook.mjs', args: [], timeoutMs: 30000 }]);
    const planner = coderReview.agentDefs.find((a) => a.name === 'planner')!;
    assert.deepEqual(planner.missingPluginDirs, ['plugins/cortex-common'], "looked for in the Cortex home (the team folder's .cortex), which carries no plugins/");
  });

  it('puts findings in the Problems panel at their line and column, and clears them when fixed', async () => {
    const broken = originalTemplates
      .replace('"to": "coder:review", "condition": { "type": "convergence", "marker": "[IMPLEMENTATION COMPLETE]", "maxIterations": 5 }', '"to": "coder:reveiw", "condition": { "type": "convergence", "maxIterations": 5 }')
      .replace('"pattern": "VERDICT:\\\\s*REVISE"', '"pattern": "VERDICT:(\\\\s*REVISE"');
    assert.notEqual(broken, originalTemplates);
    writeFromAnotherProcess(templatesFile, broken);
    const uri = vscode.Uri.file(templatesFile);
    const diagnostics = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'Cortex Threads');
      return d.length >= 3 ? d : undefined;
    }, 20_000, 'three findings in the Problems panel');
    const lines = broken.split('\n');
    const at = (d: vscode.Diagnostic) => lines[d.range.start.line].slice(d.range.start.character, d.range.end.character);
    const stage = diagnostics.find((d) => /Unknown stage "reveiw"/.test(d.message));
    assert.ok(stage, diagnostics.map((d) => d.message).join('\n'));
    assert.equal(at(stage), '"coder:reveiw"');
    assert.equal(stage.severity, vscode.DiagnosticSeverity.Error);
    const marker = diagnostics.find((d) => /convergence needs a "marker"/.test(d.message));
    assert.ok(marker);
    assert.equal(lines[marker.range.start.line].includes('"coder:reveiw"'), true, 'on the transition\'s line');
    const regex = diagnostics.find((d) => /Invalid regular expression/.test(d.message));
    assert.ok(regex);
    assert.equal(at(regex), '"VERDICT:(\\\\s*REVISE"');
    assert.ok(api.threads.state().problems >= 3);

    writeFromAnotherProcess(templatesFile, '{ "agents": { ,');
    const invalid = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'Cortex Threads');
      return d.length === 1 && /Invalid JSON/.test(d[0].message) ? d[0] : undefined;
    }, 20_000, 'one invalid-JSON finding');
    assert.deepEqual([invalid.range.start.line, invalid.range.start.character], [0, 14]);

    writeFromAnotherProcess(templatesFile, originalTemplates);
    await waitFor(() => vscode.languages.getDiagnostics(uri).filter((x) => x.source === 'Cortex Threads').length === 0, 20_000, 'the findings to clear');
  });

  it('the panel\'s page says ready and gets the state; its data follows threads.json on disk', async () => {
    const ready = new Promise<void>((resolve) => {
      const sub = api.threads.panel.onDidBecomeReady(() => {
        sub.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('cortex.openThreads', { kind: 'thread', id: 'thr_3f9a12c4' });
    await Promise.race([ready, sleep(30_000).then(() => Promise.reject(new Error('the Threads panel did not say ready')))]);

    const records = JSON.parse(originalThreads) as Array<Record<string, unknown>>;
    records[0] = { ...records[0], status: 'completed', activeAgent: 'reviewer', activeStage: null, totalCostUsd: 2.4 };
    const posted = nextMessage(api, (m) => m.type === 'state' && m.state.threads.some((t) => t.id === 'thr_3f9a12c4' && t.status === 'completed'), 'a state with the thread completed');
    writeFromAnotherProcess(threadsFile, JSON.stringify(records, null, 2));
    const m = await posted;
    assert.equal(m.type, 'state');
    const thread = m.type === 'state' ? m.state.threads.find((t) => t.id === 'thr_3f9a12c4')! : undefined;
    assert.equal(thread?.totalCostUsd, 2.4);
    assert.equal(thread?.maxTotalCostUsd, 5);
  });

  it('sends the selected thread\'s artifact and re-sends it when an agent writes it, [ABORT] marked', async () => {
    const artifactFile = path.join(team, '.cortex/tmp/threads/thr_3f9a12c4/artifact.md');
    const first = nextMessage(api, (m) => m.type === 'artifact' && m.artifact.thread === 'thr_3f9a12c4' && m.artifact.nodes !== null, 'the artifact');
    api.threads.panel.receiveMessage({ type: 'select', kind: 'thread', id: 'thr_3f9a12c4' });
    const a = await first;
    assert.ok(a.type === 'artifact' && /Stripe webhook endpoint/.test(text(a.artifact.nodes)));

    const original = readFileSync(artifactFile, 'utf8');
    const updated = nextMessage(api, (m) => m.type === 'artifact' && m.artifact.aborts.length === 1, 'the artifact with an abort marker');
    const started = Date.now();
    writeFromAnotherProcess(artifactFile, `${original}\n## Review (reviewer)\n\n<script>alert(1)</script> Replay protection is missing. [ABORT: no replay protection]\n`);
    const b = await updated;
    assert.ok(b.type === 'artifact');
    assert.deepEqual(b.artifact.aborts, ['[ABORT: no replay protection]']);
    assert.match(JSON.stringify(b.artifact.nodes), /\{"tag":"mark","children":\["\[ABORT: no replay protection\]"\]\}/);
    assert.match(text(b.artifact.nodes), /<script>alert\(1\)<\/script>/, 'HTML stays text');
    console.log(`      artifact re-sent ${Date.now() - started} ms after the write`);
    writeFromAnotherProcess(artifactFile, original);
  });

  it('opens a file: link of the artifact inside the team at once, and asks before opening one outside the team and the workspace (declined: not opened)', async () => {
    const artifactFile = path.join(team, '.cortex/tmp/threads/thr_3f9a12c4/artifact.md');
    const outside = mkdtempSync(path.join(os.tmpdir(), 'cortex-outside-'));
    const secret = path.join(outside, 'notes.txt');
    writeFileSync(secret, 'outside the team\n');
    const inside = path.join(team, 'WORKLOG.md');
    const original = readFileSync(artifactFile, 'utf8');
    const asked: string[] = [];
    api.setPromptAnswers({ message: (_severity, text) => (asked.push(text), undefined) });
    const opened = (file: string) => vscode.window.visibleTextEditors.some((e) => e.document.uri.fsPath === file);
    try {
      const shown = nextMessage(api, (m) => m.type === 'artifact' && /Links for the test/.test(text(m.artifact.nodes)), 'the artifact with links');
      api.threads.panel.receiveMessage({ type: 'select', kind: 'thread', id: 'thr_3f9a12c4' });
      writeFromAnotherProcess(artifactFile, `${original}\n## Links for the test\n\n[worklog](${vscode.Uri.file(inside).toString()}) and [notes](${vscode.Uri.file(secret).toString()})\n`);
      const m = await shown;
      // Each link's number, as the page would send it back.
      const numbers = new Map<string, number>();
      const collect = (n: unknown): void => {
        if (typeof n !== 'object' || n === null) return;
        const node = n as { href?: string; link?: number; children?: unknown[] };
        if (node.href !== undefined && node.link !== undefined) numbers.set(node.href, node.link);
        (node.children ?? []).forEach(collect);
      };
      if (m.type === 'artifact') (m.artifact.nodes ?? []).forEach(collect);
      const insideLink = numbers.get(vscode.Uri.file(inside).toString())!;
      const outsideLink = numbers.get(vscode.Uri.file(secret).toString())!;
      assert.ok(insideLink !== undefined && outsideLink !== undefined, `both links rendered: ${JSON.stringify([...numbers])}`);

      // Outside the team and the workspace: asked, and declined.
      api.threads.panel.receiveMessage({ type: 'openLink', thread: 'thr_3f9a12c4', link: outsideLink });
      await waitFor(() => asked.length === 1, 10_000, 'the question');
      assert.match(asked[0], /links to .*notes\.txt, outside the team folder and the workspace\. Open it\?/);
      // In the team: opens at once. Sent after the declined one, its opening shows that one has run its course.
      api.threads.panel.receiveMessage({ type: 'openLink', thread: 'thr_3f9a12c4', link: insideLink });
      await waitFor(() => opened(inside), 10_000, 'the worklog to open');
      assert.equal(asked.length, 1, 'a file in the team opens without a question');
      assert.equal(opened(secret), false, 'declined: the outside file did not open');

    } finally {
      api.setPromptAnswers(undefined);
      writeFromAnotherProcess(artifactFile, original);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('starts a thread from a template (the task in a team agent\'s queue, the record linked by scheduleTaskId), adds an agent, cancels it; each write records its event', async () => {
    writeFromAnotherProcess(threadsFile, originalThreads);
    await api.threads.store.reload();
    api.clearShownMessages();
    const worker = await addAgent(api, { slug: 'thread-runner', name: 'Senior Payments Reconciliation Engineer' });
    const feed = path.join(team, '.cortex', 'activity.jsonl');
    const events = (type: string) => readFileSync(feed, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event_type: string; payload: Record<string, unknown> }).filter((e) => e.event_type === type);
    try {
      script(api, ['Add refunds to the Stripe webhook', worker.name], () => undefined);
      const started = await api.threadCommands.start('coder-review');
      assert.ok(started, 'started');
      const tasks = readFileSync(worker.tasksFile, 'utf8');
      assert.match(tasks, new RegExp(`## Thread ${started.id}: Add refunds to the Stripe webhook\n\\*\\*Status:\\*\\* ready`));
      assert.match(tasks, /as its agent `planner`/);
      assert.ok(started.taskId && tasks.includes(`<!-- cortex-team:id ${started.taskId} -->`), 'the task carries the id the thread names');
      const record = (JSON.parse(readFileSync(threadsFile, 'utf8')) as Array<Record<string, unknown>>).find((r) => r.id === started.id)!;
      assert.deepEqual([record.status, record.templateName, record.activeAgent, (record.metadata as Record<string, unknown>).scheduleTaskId], ['running', 'coder-review', 'planner', started.taskId]);
      // Its own state in the view while the task waits in the queue: awaiting pickup by the agent.
      const shown = await waitFor(() => api.threads.state().threads.find((t) => t.id === started.id && t.status === 'pickup'), 20_000, 'the thread awaiting pickup');
      assert.equal(shown.rawStatus, 'running');
      assert.equal(api.threads.store.records.find((r) => r.id === started.id)?.scheduleTaskId, started.taskId);
      assert.equal(events('thread.started').at(-1)?.payload.scheduleTaskId, started.taskId);
      assert.equal(events('task.dispatched').at(-1)?.payload.thread, started.id);

      // A running thread (the started one too) takes no agent: a clear refusal, nothing written; a completed one does.
      const before = readFileSync(threadsFile, 'utf8');
      script(api, [], () => undefined);
      assert.equal(await api.threadCommands.addAgent(started.id), undefined);
      message(api, new RegExp(`${started.id} is running: only when it is completed or waiting an agent can be added`), 'error');
      assert.equal(readFileSync(threadsFile, 'utf8'), before);
      script(api, ['reviewer', 'Please focus on security'], () => undefined);
      assert.equal(await api.threadCommands.addAgent('thr_7b21e0d5'), 'thr_7b21e0d5');
      assert.equal(api.threads.store.records.find((r) => r.id === 'thr_7b21e0d5')?.activeAgent, 'reviewer');
      // Running again, awaiting the added agent's step: its own state, not seed 002's `waiting` (the user's input).
      const addedView = () => api.threads.state().threads.find((t) => t.id === 'thr_7b21e0d5');
      await waitFor(() => addedView()?.addedAgent === 'reviewer', 5000, 'the thread view awaiting the added agent');
      assert.deepEqual([addedView()?.rawStatus, addedView()?.status], ['running', 'pickup']);
      assert.equal(events('thread.agent.added').at(-1)?.payload.agent, 'reviewer');

      script(api, [], (_s, text, items) => (/^Cancel thread/.test(text) ? items[0] : undefined));
      assert.equal(await api.threadCommands.cancel(started.id), started.id);
      assert.equal(api.threads.store.records.find((r) => r.id === started.id)?.status, 'cancelled');
      message(api, /cancelled thread .* Its task "Thread .*" is still ready in Senior Payments Reconciliation Engineer's queue/, 'info');
      assert.equal(events('thread.cancelled').at(-1)?.payload.thread, started.id);
    } finally {
      api.setPromptAnswers(undefined);
      writeFromAnotherProcess(threadsFile, originalThreads);
      await removeAgents(api, [worker.slug]);
    }
  });

  it('background agents: the records beside threads.json, a notification when one completes, cancel a running one (confirmed; its event recorded)', async () => {
    const file = path.join(team, '.cortex/data/background-agents.json');
    const original = readFileSync(file, 'utf8');
    const RUNNING = '6fa459ea-ee8a-3ca4-894e-db77e160355e';
    const feed = path.join(team, '.cortex', 'activity.jsonl');
    try {
      await waitFor(() => api.threads.store.background.length === 2, 20_000, 'the example\'s background agents');
      assert.deepEqual(api.threads.store.background.map((a) => [a.role, a.status, a.level]), [['support', 'running', 3], ['research', 'done', 2]]);
      api.clearShownMessages();
      script(api, [], () => undefined); // messages are recorded while answers are scripted
      writeFromAnotherProcess(file, original.replace('"status": "running"', '"status": "done"').replace('"result": null', '"result": "Three signature docs saved to the journal."'));
      await waitFor(() => api.shownMessages.some((m) => /background support 6fa459ea-ee8a-3ca4-894e-db77e160355e \(level 3\) finished: Three signature docs saved/.test(m.message)), 20_000, 'the completion notification');

      writeFromAnotherProcess(file, original);
      await waitFor(() => api.threads.store.background.some((a) => a.id === RUNNING && a.status === 'running'), 20_000, 'the agent running again');
      script(api, [], (_s, text, items) => (/^Cancel background agent support/.test(text) ? items[0] : undefined));
      assert.equal(await api.threadCommands.cancelBackground(RUNNING), RUNNING);
      const record = (JSON.parse(readFileSync(file, 'utf8')) as { agents: Array<Record<string, unknown>> }).agents.find((a) => a.agent_id === RUNNING)!;
      assert.equal(record.status, 'cancelled');
      assert.ok(typeof record.finished === 'string');
      const events = readFileSync(feed, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event_type: string; payload: Record<string, unknown> });
      assert.equal(events.filter((e) => e.event_type === 'background.cancelled').at(-1)?.payload.agent, RUNNING);
      const before = readFileSync(file, 'utf8');
      assert.equal(await api.threadCommands.cancelBackground(RUNNING), undefined);
      message(api, /is cancelled: only a running one can be cancelled/, 'error');
      assert.equal(readFileSync(file, 'utf8'), before);
    } finally {
      api.setPromptAnswers(undefined);
      writeFromAnotherProcess(file, original);
    }
  });

  it('background agents: ended over 24 hours ago hidden as expired (the file untouched), filtered by status from a pick, a bad status refused', async () => {
    const file = path.join(team, '.cortex/data/background-agents.json');
    const original = readFileSync(file, 'utf8');
    try {
      await waitFor(() => api.threads.store.background.length === 2, 20_000, 'the example\'s background agents');
      // The research agent finished 2026-03-28T10:52Z: a minute short of 24 hours it is shown, a minute past it is expired.
      api.setNow(() => new Date('2026-03-29T10:51:00Z'));
      assert.deepEqual(api.threads.backgroundListing().shown.map((a) => a.role), ['support', 'research']);
      api.setNow(() => new Date('2026-03-29T10:53:00Z'));
      const l = api.threads.backgroundListing();
      assert.deepEqual([l.shown.map((a) => a.role), l.expired, l.filter], [['support'], 1, 'all']);
      assert.equal(readFileSync(file, 'utf8'), original, 'the dashboard deletes nothing: the manager prunes');
      // Show Expired lists it again, marked; the group says so; toggled back, hidden.
      assert.equal(await vscode.commands.executeCommand('cortex.toggleExpiredBackgroundAgents'), true);
      const withExpired = api.threads.backgroundListing();
      assert.deepEqual([withExpired.shown.map((a) => a.role), withExpired.expired, withExpired.showExpired], [['support', 'research'], 1, true]);
      assert.equal(await vscode.commands.executeCommand('cortex.toggleExpiredBackgroundAgents'), false);
      assert.deepEqual(api.threads.backgroundListing().shown.map((a) => a.role), ['support']);

      api.setPromptAnswers({ message: () => undefined, quickPick: (items) => items.find((i) => i.label === 'done') });
      assert.equal(await vscode.commands.executeCommand('cortex.filterBackgroundAgents'), 'done');
      assert.deepEqual(api.threads.backgroundListing(), { shown: [], expired: 1, filteredOut: 1, filter: 'done', showExpired: false });
      api.setNow(() => new Date('2026-03-28T12:00:00Z'));
      assert.deepEqual(api.threads.backgroundListing().shown.map((a) => a.role), ['research']);

      api.clearShownMessages();
      assert.equal(await api.threads.filterBackground('finished'), undefined);
      message(api, /Not a background agent status: finished .*The filter was not changed/, 'error');
      assert.equal(api.threads.backgroundListing().filter, 'done');
    } finally {
      api.setPromptAnswers(undefined);
      api.setNow(undefined);
      await api.threads.filterBackground('all');
      api.threads.showExpiredBackground(false);
    }
  });

  it('drops malformed messages from the page', () => {
    const before = api.threads.panel.artifactThread;
    api.threads.panel.receiveMessage({ type: 'select', kind: 'thread', id: 'thr_x', path: '/etc/passwd' });
    api.threads.panel.receiveMessage({ type: 'openLink', thread: 'thr_3f9a12c4', link: -1 });
    api.threads.panel.receiveMessage({ type: 'runCommand', command: 'workbench.action.quit' });
    assert.equal(api.threads.panel.artifactThread, before);
  });
});
