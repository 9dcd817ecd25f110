// The task board inside a real extension host: the panel opens and its real page says
// ready; then every kind of drop goes in as the page sends it (a validated message
// with ids) and the task files are compared byte for byte. Also: the refusals (done is
// terminal, an editor with unsaved changes, Restricted Mode, a task that changed on
// disk), a change on disk that the board follows, and the detail the page is sent.
// The suite writes agents of its own and removes them afterwards.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { BoardHostMessage, CardDetail, DropTarget, MdNode } from '../../../src/views/board/common/messages';
import { DISPATCH_AGAIN } from '../../../src/extension/tasks/dispatch-again';
import { OUT_OF_ORDER } from '../../../src/extension/tasks/move-task';
import { TestAgent, addAgent, api, closeEverything, read, removeAgents, removeTempFolders, teamDir, waitFor } from './commands-helpers';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { writeFromAnotherProcess } from './cortex-helpers';
import { TaskRef } from '../../../src/base/task-ref';

/** The board writes this time (the liveness clock, which the test sets). */
const NOW = new Date(2026, 2, 28, 12, 34);
const STAMP = '2026-03-28T12:34';

const A_TASKS = `## Alpha
**Status:** done
**Started:** 2026-03-27T09:00
**Completed:** 2026-03-27T10:00

Finished work.

### Summary
It shipped.

## Beta
**Status:** in-progress
**Started:** 2026-03-28T11:00

Working on it.

## Gamma
**Status:** ready

Next thing.

## Delta
**Status:** ready

After that.

<!-- cortex:last-tick 2026-03-28T12:30 -->
`;

const B_TASKS = `## Echo
**Status:** ready

Echo body.
`;

describe('Task board (extension host)', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let agentA: TestAgent;
  let agentB: TestAgent;
  let op = 100;

  before(async function () {
    this.timeout(120_000);
    a = await api();
    a.setNow(() => NOW);
    agentA = await addAgent(a, { slug: 'board-a', name: 'Board A', tasks: A_TASKS });
    agentB = await addAgent(a, { slug: 'board-b', name: 'Board B', tasks: B_TASKS });
    await vscode.commands.executeCommand('cortex.openBoard');
    await waitFor(() => a.board.isReady, 60_000, 'the board page to say ready');
  });

  after(async () => {
    a.forgetPendingWrites();
    a.setPromptAnswers(undefined);
    a.setTrusted(undefined);
    a.setNow(undefined);
    await closeEverything();
    await removeAgents(a, ['board-a', 'board-b']);
    removeTempFolders();
  });

  /** Puts both task files back as they were and waits until the store (and the board) shows them. */
  async function resetFiles(): Promise<void> {
    writeFileSync(agentA.tasksFile, A_TASKS);
    writeFileSync(agentB.tasksFile, B_TASKS);
    a.store.notifyChanged(['agents/board-a/tasks.md', 'agents/board-b/tasks.md']);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === 'board-a')?.tasks.map((t) => t.title).join() === 'Alpha,Beta,Gamma,Delta', 10_000, 'board-a as written');
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === 'board-b')?.tasks.map((t) => t.title).join() === 'Echo', 10_000, 'board-b as written');
    await a.store.whenIdle();
  }

  /** Closes the text editors a test opened (reverting unsaved edits), leaving the board open. */
  async function closeTextEditors(): Promise<void> {
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
      await vscode.window.showTextDocument(doc, { preview: false });
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText);
    if (tabs.length) await vscode.window.tabGroups.close(tabs);
  }

  beforeEach(async () => {
    // The files are reset below: the journal must not put the last test's writes back.
    a.forgetPendingWrites();
    a.setPromptAnswers({ message: () => undefined });
    a.setTrusted(undefined);
    await closeTextEditors();
    if (!a.board.isReady) {
      await vscode.commands.executeCommand('cortex.openBoard');
      await waitFor(() => a.board.isReady, 60_000, 'the board page to say ready');
    }
    await resetFiles();
  });

  function ref(agent: string, title: string): TaskRef {
    const tasks = a.store.team!.agents.find((x) => x.slug === agent)!.tasks;
    const index = tasks.findIndex((t) => t.title === title);
    assert.ok(index >= 0, `${title} in ${agent}`);
    return { agent, index, title, status: tasks[index].status };
  }

  function target(agent: string, column: DropTarget['column'], anchor: DropTarget['anchor'] = null, place: DropTarget['place'] = 'before'): DropTarget {
    return { agent, column, anchor, place };
  }

  /** Sends a message as the page would and waits for the operation's result. */
  async function send(message: Record<string, unknown>): Promise<{ ok: boolean; message: string | null }> {
    const id = ++op;
    const done = new Promise<{ ok: boolean; message: string | null }>((resolve) => {
      const sub = a.board.onDidFinishOperation((r) => {
        if (r.op !== id) return;
        sub.dispose();
        resolve(r);
      });
    });
    a.board.receiveMessage({ ...message, op: id });
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no result for ${String(message.type)} within 30 s`)), 30_000));
    return Promise.race([done, timeout]);
  }

  const drop = (card: TaskRef, to: DropTarget) => send({ type: 'drop', card, target: to });
  const warnings = () => a.shownMessages.filter((m) => m.severity === 'warning').map((m) => m.message);

  it('opens as an editor panel whose page gets every lane and card', async () => {
    const snapshot = await waitFor(() => {
      const s = a.board.lastSnapshot;
      return s && s.agents.some((x) => x.slug === 'board-a') ? s : undefined;
    }, 10_000, 'a snapshot with board-a');
    assert.deepEqual(snapshot.cards('board-a').map((c) => [c.title, c.status]), [
      ['Alpha', 'done'],
      ['Beta', 'in-progress'],
      ['Gamma', 'ready'],
      ['Delta', 'ready'],
    ]);
    const tab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('cortex.board'));
    assert.ok(tab, 'a webview tab for the board');
    assert.equal(tab.label, 'Task Board');
  });

  it('ready → in progress writes the status and Started, nothing else', async () => {
    const r = await drop(ref('board-a', 'Gamma'), target('board-a', 'in-progress'));
    assert.ok(r.ok, r.message ?? '');
    assert.equal(read(agentA.tasksFile), A_TASKS.replace('## Gamma\n**Status:** ready\n', `## Gamma\n**Status:** in-progress\n**Started:** ${STAMP}\n`));
    assert.equal(read(agentB.tasksFile), B_TASKS);
    const lane = a.board.lastSnapshot!.cards('board-a');
    assert.equal(lane.find((c) => c.title === 'Gamma')!.status, 'in-progress', 'the board shows it before the result');
  });

  it('in progress → done writes Completed and the Summary typed in the input box', async () => {
    const asked: vscode.InputBoxOptions[] = [];
    a.setPromptAnswers({ message: () => undefined, inputBox: (o) => (asked.push(o), 'All done.') });
    const r = await drop(ref('board-a', 'Beta'), target('board-a', 'done'));
    assert.ok(r.ok, r.message ?? '');
    assert.match(asked[0].title ?? '', /Complete "Beta"/);
    assert.equal(
      read(agentA.tasksFile),
      A_TASKS.replace('**Started:** 2026-03-28T11:00\n\nWorking on it.\n', `**Started:** 2026-03-28T11:00\n**Completed:** ${STAMP}\n\nWorking on it.\n\n### Summary\nAll done.\n`).replace('## Beta\n**Status:** in-progress', '## Beta\n**Status:** done'),
    );
  });

  it('an empty Summary writes none; Escape in the input box writes nothing', async () => {
    a.setPromptAnswers({ message: () => undefined, inputBox: () => undefined });
    const cancelled = await drop(ref('board-a', 'Beta'), target('board-a', 'done'));
    assert.equal(cancelled.ok, false);
    assert.equal(read(agentA.tasksFile), A_TASKS);
    a.setPromptAnswers({ message: () => undefined, inputBox: () => '' });
    const r = await drop(ref('board-a', 'Beta'), target('board-a', 'done'));
    assert.ok(r.ok);
    assert.equal(read(agentA.tasksFile), A_TASKS.replace('## Beta\n**Status:** in-progress\n**Started:** 2026-03-28T11:00\n', `## Beta\n**Status:** done\n**Started:** 2026-03-28T11:00\n**Completed:** ${STAMP}\n`));
  });

  it('ready → done goes through in progress in one step: Started, Completed and the Summary asked for', async () => {
    const asked: vscode.InputBoxOptions[] = [];
    a.setPromptAnswers({ message: () => undefined, inputBox: (o) => (asked.push(o), 'Quick one.') });
    const r = await drop(ref('board-a', 'Gamma'), target('board-a', 'done'));
    assert.ok(r.ok, r.message ?? '');
    assert.match(asked[0].title ?? '', /Complete "Gamma"/);
    assert.equal(read(agentA.tasksFile), A_TASKS.replace('## Gamma\n**Status:** ready\n\nNext thing.\n', `## Gamma\n**Status:** done\n**Started:** ${STAMP}\n**Completed:** ${STAMP}\n\nNext thing.\n\n### Summary\nQuick one.\n`));
  });

  it('pickup order: a ready task that is not next asks first (modal); Cancel writes nothing, the yes is recorded in the feed', async () => {
    const shown: Array<{ text: string; items: readonly string[] }> = [];
    a.setPromptAnswers({ message: (_s, text, items) => (shown.push({ text, items }), undefined) });
    const cancelled = await drop(ref('board-a', 'Delta'), target('board-a', 'in-progress'));
    assert.equal(cancelled.ok, false);
    assert.equal(read(agentA.tasksFile), A_TASKS);
    assert.match(shown[0].text, /"Delta" is not the next task: agents pick up ready tasks in document order, and "Gamma" comes first\. Start "Delta" out of order anyway\?/);
    assert.deepEqual(shown[0].items, [OUT_OF_ORDER]);

    const feedFile = path.join(teamDir(a), '.cortex', 'activity.jsonl');
    const before = existsSync(feedFile) ? read(feedFile).length : 0;
    a.setPromptAnswers({ message: (_s, _t, items) => (items.includes(OUT_OF_ORDER) ? OUT_OF_ORDER : undefined) });
    const r = await drop(ref('board-a', 'Delta'), target('board-a', 'in-progress'));
    assert.ok(r.ok, r.message ?? '');
    assert.equal(read(agentA.tasksFile), A_TASKS.replace('## Delta\n**Status:** ready\n', `## Delta\n**Status:** in-progress\n**Started:** ${STAMP}\n`));
    const events = read(feedFile).slice(before).trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(events.map((e) => [e.event_type, e.subject, e.payload.outOfOrder]), [['task.claimed', 'Delta', true]]);
  });

  it('within ready, a drop before or after another card reorders the blocks (pickup order)', async () => {
    const delta = ref('board-a', 'Delta');
    const r = await drop(delta, target('board-a', 'ready', { index: 2, title: 'Gamma' }, 'before'));
    assert.ok(r.ok, r.message ?? '');
    const swapped = A_TASKS.replace('## Gamma\n**Status:** ready\n\nNext thing.\n\n## Delta\n**Status:** ready\n\nAfter that.\n\n', '## Delta\n**Status:** ready\n\nAfter that.\n\n## Gamma\n**Status:** ready\n\nNext thing.\n\n');
    assert.equal(read(agentA.tasksFile), swapped);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === 'board-a')?.tasks[2].title === 'Delta', 5000, 'the store to follow');
    const back = await drop(ref('board-a', 'Delta'), target('board-a', 'ready', { index: 3, title: 'Gamma' }, 'after'));
    assert.ok(back.ok, back.message ?? '');
    assert.equal(read(agentA.tasksFile), A_TASKS);
  });

  it('into another agent\'s lane reassigns: added to its queue, removed from the first file', async () => {
    const r = await drop(ref('board-a', 'Gamma'), target('board-b', 'ready'));
    assert.ok(r.ok, r.message ?? '');
    assert.equal(read(agentB.tasksFile), `${B_TASKS}\n## Gamma\n**Status:** ready\n\nNext thing.\n`);
    assert.equal(read(agentA.tasksFile), A_TASKS.replace('## Gamma\n**Status:** ready\n\nNext thing.\n\n', ''));
  });

  it('every drop records the communications protocol\'s event in the activity feed (task.completed for Done), by the maintainer through the dashboard', async () => {
    const feedFile = path.join(teamDir(a), '.cortex', 'activity.jsonl');
    const before = existsSync(feedFile) ? read(feedFile).length : 0;
    a.setPromptAnswers({ message: () => undefined, inputBox: () => 'All done.' });
    assert.ok((await drop(ref('board-a', 'Beta'), target('board-a', 'done'))).ok);
    await a.store.whenIdle();
    assert.ok((await drop(ref('board-a', 'Gamma'), target('board-a', 'in-progress'))).ok);
    await a.store.whenIdle();
    assert.ok((await drop(ref('board-a', 'Delta'), target('board-b', 'ready'))).ok);
    const events = read(feedFile).slice(before).trim().split('\n').map((l) => JSON.parse(l));
    assert.deepEqual(
      events.map((e) => [e.event_type, e.actor, e.subject, e.payload.via, e.payload.agent, e.payload.file]),
      [
        ['task.completed', 'maintainer', 'Beta', 'dashboard', 'board-a', 'agents/board-a/tasks.md'],
        ['task.claimed', 'maintainer', 'Gamma', 'dashboard', 'board-a', 'agents/board-a/tasks.md'],
        ['task.reassigned', 'maintainer', 'Delta', 'dashboard', 'board-b', 'agents/board-b/tasks.md'],
      ],
    );
    assert.deepEqual([events[0].payload.completed, events[0].payload.summary, events[0].timestamp], [STAMP, 'All done.', NOW.toISOString()]);
  });

  it('a done card dragged out is refused with an explanation and nothing is written; "Dispatch again" adds a new task', async () => {
    const shown: Array<{ text: string; items: readonly string[] }> = [];
    a.setPromptAnswers({ message: (_s, text, items) => (shown.push({ text, items }), undefined) });
    const refused = await drop(ref('board-a', 'Alpha'), target('board-a', 'ready'));
    assert.equal(refused.ok, false);
    await a.board.writer.followUp;
    assert.equal(read(agentA.tasksFile), A_TASKS);
    assert.match(shown[0].text, /"Alpha" is done, and done is final/);
    assert.deepEqual(shown[0].items, [DISPATCH_AGAIN]);

    const suggested: string[] = [];
    a.setPromptAnswers({ message: (_s, _t, items) => (items.includes(DISPATCH_AGAIN) ? DISPATCH_AGAIN : undefined), inputBox: (o) => (suggested.push(o.value ?? ''), o.value) });
    await drop(ref('board-a', 'Alpha'), target('board-b', 'in-progress'));
    await a.board.writer.followUp;
    assert.deepEqual(suggested, ['Alpha (again)']);
    assert.equal(read(agentA.tasksFile), A_TASKS, 'the done task stays as it was');
    assert.equal(read(agentB.tasksFile), `${B_TASKS}\n## Alpha (again)\n**Status:** ready\n\nFinished work.\n`);
  });

  it('never writes a tasks.md with unsaved changes in an editor: asks to save or revert first', async () => {
    const doc = await vscode.workspace.openTextDocument(agentA.tasksFile);
    // Beside the board, which stays visible (a hidden webview page is discarded).
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), 'typing… '));
    assert.ok(doc.isDirty);
    const r = await drop(ref('board-a', 'Gamma'), target('board-a', 'in-progress'));
    assert.equal(r.ok, false);
    assert.equal(read(agentA.tasksFile), A_TASKS);
    assert.ok(warnings().some((w) => /board-a\/tasks\.md has unsaved changes in an editor\. Save or revert them first/.test(w)), JSON.stringify(warnings()));
    // A reassign checks both files.
    const r2 = await drop(ref('board-b', 'Echo'), target('board-a', 'ready'));
    assert.equal(r2.ok, false);
    assert.equal(read(agentB.tasksFile), B_TASKS);
  });

  it('follows a change on disk: a task added above is found again by title and the right one moves', async () => {
    const stale = ref('board-a', 'Gamma'); // index 2 as the board showed it
    writeFromAnotherProcess(agentA.tasksFile, `## Zeta\n**Status:** ready\n\nNew on top.\n\n${A_TASKS}`);
    // Zeta is now the next task on disk: the board asks before starting Gamma ahead of it.
    a.setPromptAnswers({ message: (_s, _t, items) => (items.includes(OUT_OF_ORDER) ? OUT_OF_ORDER : undefined) });
    const r = await drop(stale, target('board-a', 'in-progress'));
    assert.ok(r.ok, r.message ?? '');
    assert.equal(read(agentA.tasksFile), `## Zeta\n**Status:** ready\n\nNew on top.\n\n${A_TASKS.replace('## Gamma\n**Status:** ready\n', `## Gamma\n**Status:** in-progress\n**Started:** ${STAMP}\n`)}`);
  });

  it('refuses when the task changed on disk (claimed by its agent, or gone) and writes nothing', async () => {
    const stale = ref('board-a', 'Gamma');
    const claimed = A_TASKS.replace('## Gamma\n**Status:** ready\n', '## Gamma\n**Status:** in-progress\n**Started:** 2026-03-28T12:33\n');
    writeFromAnotherProcess(agentA.tasksFile, claimed);
    a.setPromptAnswers({ message: () => undefined, inputBox: () => 'Finished early.' });
    const r = await drop(stale, target('board-a', 'done'));
    assert.equal(r.ok, false);
    assert.match(r.message ?? '', /"Gamma" is now in-progress/);
    assert.equal(read(agentA.tasksFile), claimed);

    await resetFiles();
    const gone = A_TASKS.replace('## Gamma\n**Status:** ready\n\nNext thing.\n\n', '');
    const stale2 = ref('board-a', 'Gamma');
    writeFromAnotherProcess(agentA.tasksFile, gone);
    const r2 = await drop(stale2, target('board-a', 'in-progress'));
    assert.equal(r2.ok, false);
    assert.match(r2.message ?? warnings().join(' '), /no longer/);
    assert.equal(read(agentA.tasksFile), gone);
  });

  it('writes nothing in Restricted Mode, however the drop arrives', async () => {
    a.setTrusted(false);
    const r = await drop(ref('board-a', 'Gamma'), target('board-a', 'in-progress'));
    assert.equal(r.ok, false);
    assert.equal(read(agentA.tasksFile), A_TASKS);
    assert.ok(warnings().some((w) => /Restricted Mode/.test(w)));
  });

  it('drops messages that are not the protocol (paths, unknown types) without writing', async () => {
    const before = read(agentA.tasksFile);
    a.board.receiveMessage({ type: 'drop', op: 1, card: { ...ref('board-a', 'Gamma'), path: agentA.tasksFile }, target: target('board-a', 'in-progress') });
    a.board.receiveMessage({ type: 'drop', op: 2, card: { ...ref('board-a', 'Gamma'), agent: '../board-a' }, target: target('board-a', 'in-progress') });
    a.board.receiveMessage({ type: 'writeFile', path: agentA.tasksFile, text: 'x' });
    // Operations run one at a time, in order: once one sent after these has its result,
    // any of them that had been taken for an operation would have written by now.
    a.setPromptAnswers({ message: () => undefined, quickPick: () => undefined });
    await send({ type: 'reassign', card: ref('board-a', 'Gamma') });
    assert.equal(read(agentA.tasksFile), before);
  });

  it('"Reassign to…" asks for the agent on the host side', async () => {
    a.setPromptAnswers({ message: () => undefined, quickPick: (items) => items.find((i) => i.label === 'Board B') });
    const r = await send({ type: 'reassign', card: ref('board-a', 'Delta') });
    assert.ok(r.ok, r.message ?? '');
    assert.equal(read(agentB.tasksFile), `${B_TASKS}\n## Delta\n**Status:** ready\n\nAfter that.\n`);
  });

  it('sends a card\'s detail with the body as a tree of harmless elements, and opens the task at its line', async () => {
    const xss = A_TASKS.replace('Next thing.', 'Next <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [docs](https://example.com).');
    writeFileSync(agentA.tasksFile, xss);
    a.store.notifyChanged(['agents/board-a/tasks.md']);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === 'board-a')?.tasks[2].body.includes('script'), 5000, 'the new body');
    const reply = new Promise<CardDetail | null>((resolve) => {
      const sub = a.board.onDidPostMessage((m: BoardHostMessage) => {
        if (m.type !== 'detail' || m.request !== 77) return;
        sub.dispose();
        resolve(m.detail);
      });
    });
    a.board.receiveMessage({ type: 'detail', request: 77, card: ref('board-a', 'Gamma') });
    const detail = await reply;
    assert.ok(detail);
    const tags: string[] = [];
    const walk = (ns: readonly MdNode[]) => ns.forEach((n) => typeof n !== 'string' && (tags.push(n.tag), walk(n.children)));
    walk(detail.body);
    assert.deepEqual(tags.sort(), ['a', 'p']);
    assert.ok(JSON.stringify(detail.body).includes('<script>alert(1)</script>'));
    assert.equal(detail.line, 17);

    a.board.receiveMessage({ type: 'openTask', card: ref('board-a', 'Gamma') });
    const editor = await waitFor(() => vscode.window.visibleTextEditors.find((e) => e.document.uri.fsPath === agentA.tasksFile), 10_000, 'tasks.md in an editor');
    assert.equal(editor.selection.active.line, 16);
  });
});
