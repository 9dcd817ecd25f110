// Reviewing work inside a real extension host, with a real git repository as the
// agent's project: a stand-in agent (a separate process that writes files, commits
// with git and rewrites its tasks.md whole, as a real agent does) works on a task; the
// board shows what the task changed, Review Changes opens the multi-file diff editor
// on exactly those files, Accept and Send Back write what they say, an undo after the
// agent touched the task is refused. Everything is checked on the bytes on disk.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { BoardHostMessage, ChangeDetail, ChangeSummary } from '../../../src/views/board/common/messages';
import { TestAgent, addAgent, api, closeEverything, read, removeAgents, removeTempFolders, teamDir, tempFolder, waitFor } from './commands-helpers';
import { writeFromAnotherProcess } from './cortex-helpers';
import { TaskRef } from '../../../src/base/task-ref';

/** The extension's clock in this suite: the stamps it writes. */
const NOW = new Date(2026, 2, 28, 12, 34);
const STAMP = '2026-03-28T12:34';

const WORKING = `## Add webhook
**Status:** in-progress
**Started:** 2026-03-28T11:00

Receive Stripe events.

## Fix retries
**Status:** done
**Started:** 2026-03-28T09:00
**Completed:** 2026-03-28T10:00

Retry failed emails.

### Summary
Retries back off.

## Later
**Status:** ready

Something for later.

<!-- cortex:last-tick 2026-03-28T12:30 -->
`;

/** What the stand-in agent leaves: the webhook task done, with its Summary. */
const DONE = WORKING.replace(
  '## Add webhook\n**Status:** in-progress\n**Started:** 2026-03-28T11:00\n\nReceive Stripe events.\n',
  '## Add webhook\n**Status:** done\n**Started:** 2026-03-28T11:00\n**Completed:** 2026-03-28T12:00\n\nReceive Stripe events.\n\n### Summary\nThe endpoint verifies signatures.\n',
);

const PLAIN_TASKS = `## Write notes
**Status:** done
**Started:** 2026-03-28T08:00
**Completed:** 2026-03-28T08:30

Notes.
`;

interface AgentStep {
  /** Files to write in the project (path relative to it → content). */
  readonly files?: Record<string, string>;
  /** A commit of everything written, at this local wall-clock time. */
  readonly commit?: { readonly message: string; readonly at: string };
  /** tasks.md rewritten whole. */
  readonly tasks?: string;
}

/**
 * The stand-in agent: one separate Node process that, step by step, writes project
 * files, commits them with git (author and committer time set, in the machine's zone)
 * and rewrites its tasks.md whole, taking no lock.
 */
function standInAgent(project: string, tasksFile: string, steps: readonly AgentStep[]): void {
  const script = `
    const fs = require('fs'), path = require('path'), { execFileSync } = require('child_process');
    const [project, tasksFile, steps] = [process.argv[1], process.argv[2], JSON.parse(process.argv[3])];
    const git = (args, env) => execFileSync('git', args, { cwd: project, env: { ...process.env, ...env }, stdio: 'pipe' });
    for (const s of steps) {
      for (const [p, text] of Object.entries(s.files || {})) {
        fs.mkdirSync(path.dirname(path.join(project, p)), { recursive: true });
        fs.writeFileSync(path.join(project, p), text);
      }
      if (s.commit) {
        git(['add', '-A']);
        git(['commit', '-q', '-m', s.commit.message], { GIT_AUTHOR_DATE: s.commit.at, GIT_COMMITTER_DATE: s.commit.at });
      }
      if (s.tasks !== undefined) fs.writeFileSync(tasksFile, s.tasks);
    }`;
  execFileSync(process.execPath, ['-e', script, project, tasksFile, JSON.stringify(steps)], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 30_000 });
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' });
}

describe('Reviewing work (extension host, a real git repository)', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let agent: TestAgent;
  let project: string;
  let op = 500;
  let request = 500;
  let worked = false;

  before(async function () {
    this.timeout(120_000);
    a = await api();
    a.setNow(() => NOW);
    project = tempFolder('review-project-');
    git(project, ['init', '-q']);
    git(project, ['config', 'user.name', 'Stand-in Agent']);
    git(project, ['config', 'user.email', 'agent@example.com']);
    git(project, ['config', 'commit.gpgsign', 'false']);
    agent = await addAgent(a, { slug: 'review-a', name: 'Review A', tasks: WORKING, project });
    await addAgent(a, { slug: 'review-b', name: 'Review B', tasks: PLAIN_TASKS }); // its project is a plain folder
    // History before the tasks: the project as the agent found it.
    standInAgent(project, agent.tasksFile, [
      { files: { 'README.md': '# Shop\n', 'src/mail.ts': 'export const retries = 1;\n' }, commit: { message: 'Start the shop', at: '2026-03-27T08:00:00' } },
    ]);
    await vscode.commands.executeCommand('cortex.openBoard');
    await waitFor(() => a.board.isReady, 60_000, 'the board page to say ready');
  });

  after(async () => {
    a.setPromptAnswers(undefined);
    a.setNow(undefined);
    await closeEverything();
    await removeAgents(a, ['review-a', 'review-b']);
    removeTempFolders();
  });

  /** The stand-in agent's session (once): a commit by time for "Fix retries", commits naming "Add webhook", then it marks that done. */
  async function agentWorks(): Promise<void> {
    if (!worked) {
      standInAgent(project, agent.tasksFile, [
        { files: { 'src/mail.ts': 'export const retries = 5;\nexport const backoff = 2;\n' }, commit: { message: 'Back off between retries', at: '2026-03-28T09:30:00' } },
        { files: { 'src/webhook.ts': 'export function verify() {\n  return true;\n}\n' }, commit: { message: 'Add the webhook endpoint\n\nCortex-Task: review-a/Add webhook', at: '2026-03-28T11:20:00' } },
        { files: { 'README.md': '# Shop\n\nWebhooks: POST /stripe.\n' }, commit: { message: 'Document the webhook\n\nCortex-Task: review-a/Add webhook', at: '2026-03-28T11:45:00' } },
        { tasks: DONE },
      ]);
      worked = true;
    }
    await setTasks(DONE);
  }

  /** Puts tasks.md back to `text` (as the agent would) and waits until the store shows it. */
  async function setTasks(text: string): Promise<void> {
    if (read(agent.tasksFile) !== text) writeFromAnotherProcess(agent.tasksFile, text);
    a.store.notifyChanged(['agents/review-a/tasks.md']);
    await waitFor(() => {
      const t = a.store.team?.agents.find((x) => x.slug === 'review-a')?.tasks;
      return t && t.length === text.split('\n## ').length && t[0].status === (text.includes('## Add webhook\n**Status:** done') ? 'done' : 'in-progress');
    }, 10_000, 'review-a as written');
    await a.store.whenIdle();
  }

  beforeEach(async () => {
    a.setPromptAnswers({ message: () => undefined });
    await vscode.commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
    // The board in front, as a person sees it when they act on a card: a diff a test opened
    // in its group hides it, and a hidden board's page is discarded (it posts nothing).
    await vscode.commands.executeCommand('cortex.openBoard');
    await waitFor(() => a.board.isReady, 60_000, 'the board page to say ready');
  });

  function ref(slug: string, title: string): TaskRef {
    const tasks = a.store.team!.agents.find((x) => x.slug === slug)!.tasks;
    const index = tasks.findIndex((t) => t.title === title);
    assert.ok(index >= 0, `${title} in ${slug}`);
    return { agent: slug, index, title, status: tasks[index].status };
  }

  /** Sends a write as the page would and waits for its result. */
  function send(message: Record<string, unknown>): Promise<{ ok: boolean; message: string | null }> {
    const id = ++op;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no result for ${String(message.type)} within 30 s`)), 30_000);
      const sub = a.board.onDidFinishOperation((r) => {
        if (r.op !== id) return;
        sub.dispose();
        clearTimeout(timer);
        resolve(r);
      });
      a.board.receiveMessage({ ...message, op: id });
    });
  }

  /** The first message the board posts that `pick` accepts, after `trigger`. */
  function posted<T>(trigger: () => void, pick: (m: BoardHostMessage) => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the board did not post the message within 30 s')), 30_000);
      const sub = a.board.onDidPostMessage((m) => {
        const v = pick(m);
        if (v === undefined) return;
        sub.dispose();
        clearTimeout(timer);
        resolve(v);
      });
      trigger();
    });
  }

  /** The activity feed's events appended since `from` characters (what the dashboard recorded). */
  function feedSince(from: number): Array<{ event_type: string; actor: string; subject: string; payload: Record<string, unknown> }> {
    const text = read(feedFile());
    return text.slice(from).trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }
  const feedFile = () => path.join(teamDir(a), '.cortex', 'activity.jsonl');
  const feedLength = () => (existsSync(feedFile()) ? read(feedFile()).length : 0);

  function changeDetail(card: TaskRef): Promise<ChangeDetail | null> {
    const id = ++request;
    return posted(
      () => a.board.receiveMessage({ type: 'changeDetail', request: id, card }),
      (m) => (m.type === 'changeDetail' && m.request === id ? m.detail : undefined),
    );
  }

  it("a stand-in agent's commits show on its task: those naming it, else those made while it ran; a folder without git says so", async () => {
    await agentWorks();
    const webhook = ref('review-a', 'Add webhook');
    // Summaries come as git answers, in one or more posts.
    const seen = new Map<string, ChangeSummary>();
    const sub = a.board.onDidPostMessage((m) => {
      if (m.type === 'changes') for (const e of m.entries) seen.set(e.key.split('\n')[1], e.summary);
    });
    try {
      const visible = { type: 'visible', cards: [webhook, ref('review-a', 'Fix retries'), ref('review-b', 'Write notes')] };
      // The board page open on screen says which of its cards are visible too (the example
      // team's, whose projects have changes of their own), each time it renders, which
      // replaces this list: say it again now and then until these three summaries came.
      let polls = 0;
      await waitFor(
        () => {
          if (polls++ % 20 === 0) a.board.receiveMessage(visible);
          return ['Add webhook', 'Fix retries', 'Write notes'].every((title) => seen.has(title));
        },
        30_000,
        'the three summaries',
      );
    } finally {
      sub.dispose();
    }
    const byTitle = seen;
    assert.deepEqual(byTitle.get('Add webhook'), { kind: 'changes', files: 2, added: 5, removed: 0, commits: 2, uncommitted: false, via: 'reference' });
    assert.deepEqual(byTitle.get('Fix retries'), { kind: 'changes', files: 1, added: 2, removed: 1, commits: 1, uncommitted: false, via: 'time' });
    assert.deepEqual(byTitle.get('Write notes'), { kind: 'noRepository' });

    const detail = await changeDetail(webhook);
    assert.ok(detail);
    assert.deepEqual(detail.files.map((f) => [f.path, f.status, f.added, f.removed]), [
      ['README.md', 'modified', 2, 0],
      ['src/webhook.ts', 'added', 3, 0],
    ]);
    assert.deepEqual(detail.commits.map((c) => c.subject), ['Document the webhook', 'Add the webhook endpoint']);
    // From the parent of the task's first commit (the commit of "Fix retries") to its last.
    const base = git(project, ['log', '--format=%H', '--reverse']).trim().split('\n')[1];
    assert.equal(detail.range, `${base.slice(0, 8)}..${git(project, ['rev-parse', 'HEAD']).trim().slice(0, 8)}`);
    const none = await changeDetail(ref('review-b', 'Write notes'));
    assert.match(none?.note ?? '', /is not a git repository/);
  });

  it('a task in progress shows its commits and the uncommitted work in the working tree', async () => {
    await agentWorks();
    await setTasks(WORKING);
    writeFileSync(path.join(project, 'src/webhook.ts'), 'export function verify() {\n  return false;\n}\n');
    try {
      const detail = await changeDetail(ref('review-a', 'Add webhook'));
      assert.ok(detail);
      assert.deepEqual(detail.summary, { kind: 'changes', files: 2, added: 5, removed: 0, commits: 2, uncommitted: true, via: 'reference' });
      assert.match(detail.range ?? '', /\.\.working tree$/);
    } finally {
      git(project, ['checkout', '--', 'src/webhook.ts']);
    }
  });

  it('Review Changes opens the multi-file diff editor on exactly the files the task changed, each side at its commit', async () => {
    await agentWorks();
    const card = ref('review-a', 'Add webhook');
    a.board.receiveMessage({ type: 'reviewChanges', card });
    const opened = await waitFor(() => (a.review.diffs.lastOpened?.ref.title === 'Add webhook' ? a.review.diffs.lastOpened : undefined), 20_000, 'the review diff');
    assert.equal(opened.title, 'Review: Add webhook (Review A)');
    assert.deepEqual(opened.resources.map(([file]) => path.relative(project, file.fsPath).split(path.sep).join('/')), ['README.md', 'src/webhook.ts']);
    const [readme, webhook] = opened.resources;
    assert.equal(webhook[1], undefined, 'an added file has no left side');
    assert.equal((await vscode.workspace.openTextDocument(readme[1]!)).getText(), '# Shop\n', 'the left side is the file before the task');
    assert.equal((await vscode.workspace.openTextDocument(readme[2]!)).getText(), '# Shop\n\nWebhooks: POST /stripe.\n', "the right side is the task's last commit");
    assert.equal((await vscode.workspace.openTextDocument(webhook[2]!)).getText(), 'export function verify() {\n  return true;\n}\n');
    const labels = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => `${t.label} [${t.input?.constructor.name}]`);
    const tab = await waitFor(() => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === `${opened.title} (2 files)`), 10_000, 'the diff tab').catch((e) => {
      throw new Error(`${String(e)}; tabs: ${labels().join(', ')}`);
    });
    assert.ok(tab.isActive);
    await waitFor(() => a.review.diffs.activeReview?.ref.title === 'Add webhook', 10_000, 'the diff to be the active review (Accept and Send Back in its title bar)');
  });

  it('Accept writes one Reviewed line after Completed; the card and the to-review count follow; undo takes it out again', async () => {
    await agentWorks();
    const before = a.review.statusBar.shown.text;
    const feedBefore = feedLength();
    const r = await send({ type: 'accept', card: ref('review-a', 'Add webhook') });
    assert.ok(r.ok, r.message ?? '');
    const accepted = DONE.replace('**Completed:** 2026-03-28T12:00\n\nReceive', `**Completed:** 2026-03-28T12:00\n**Reviewed:** ${STAMP} accepted\n\nReceive`);
    assert.equal(read(agent.tasksFile), accepted);
    await waitFor(() => a.board.lastSnapshot?.cards('review-a').find((c) => c.title === 'Add webhook')?.review === 'accepted', 10_000, 'the card to show the review');
    await waitFor(() => a.review.statusBar.shown.text !== before, 10_000, 'the to-review count to go down');
    assert.match(a.review.statusBar.shown.text, /\d+ to review/);
    assert.equal(Number(/(\d+) to review/.exec(a.review.statusBar.shown.text)![1]), Number(/(\d+) to review/.exec(before)![1]) - 1);

    // A second Accept (a stale page, the diff's title bar) changes nothing and records no undo.
    const again = await send({ type: 'accept', card: ref('review-a', 'Add webhook') });
    assert.ok(again.ok, again.message ?? '');
    assert.match(again.message ?? '', /^"Add webhook" was already accepted on .*; nothing changed\.$/);
    assert.equal(read(agent.tasksFile), accepted);

    const undone = await send({ type: 'undo' });
    assert.ok(undone.ok, undone.message ?? '');
    assert.equal(read(agent.tasksFile), DONE, 'the bytes as they were');
    // Both are in the activity feed, by the maintainer through the dashboard; the undo does not erase the review's event.
    assert.deepEqual(
      feedSince(feedBefore).map((e) => [e.event_type, e.actor, e.subject, e.payload.via, e.payload.agent ?? null, e.payload.verdict ?? null, e.payload.file]),
      [
        ['task.reviewed', 'maintainer', 'Add webhook', 'dashboard', 'review-a', 'accepted', 'agents/review-a/tasks.md'],
        ['action.undone', 'maintainer', 'undid the acceptance of "Add webhook"', 'dashboard', null, null, 'agents/review-a/tasks.md'],
      ],
    );
  });

  it('Accept from the review diff\'s title bar reviews the task the diff shows', async () => {
    await agentWorks();
    a.board.receiveMessage({ type: 'reviewChanges', card: ref('review-a', 'Add webhook') });
    await waitFor(() => a.review.diffs.activeReview?.ref.title === 'Add webhook', 20_000, 'the review diff to be active').catch((e) => {
      const active = vscode.window.tabGroups.activeTabGroup.activeTab?.label;
      throw new Error(`${String(e)}; active tab: ${active}; tabs: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => `${t.label}${t.isActive ? '*' : ''}`).join(', ')}; last opened: ${a.review.diffs.lastOpened?.title}; messages: ${JSON.stringify(a.shownMessages)}`);
    });
    await vscode.commands.executeCommand('cortex.acceptReviewedTask');
    assert.match(read(agent.tasksFile), new RegExp(`\\*\\*Completed:\\*\\* 2026-03-28T12:00\\n\\*\\*Reviewed:\\*\\* ${STAMP} accepted\\n`));
  });

  it('Send Back writes "sent back" and a Rework task quoting the comment at the end of the queue; the task stays done', async () => {
    await agentWorks();
    const feedBefore = feedLength();
    const r = await send({ type: 'sendBack', card: ref('review-a', 'Add webhook'), comment: 'Verify the signature for real.\n\nLog the failures.' });
    assert.ok(r.ok, r.message ?? '');
    assert.deepEqual(
      feedSince(feedBefore).map((e) => [e.event_type, e.subject, e.payload.verdict, e.payload.rework]),
      [['task.reviewed', 'Add webhook', 'sent back', 'Rework: Add webhook']],
    );
    const reviewed = DONE.replace('**Completed:** 2026-03-28T12:00\n\nReceive', `**Completed:** 2026-03-28T12:00\n**Reviewed:** ${STAMP} sent back\n\nReceive`);
    const rework = [
      '## Rework: Add webhook',
      '**Status:** ready',
      '**Rework of:** Add webhook',
      '',
      `Sent back in review: "Add webhook" (done 2026-03-28T12:00, task 1 in agents/review-a/tasks.md) needs more work.`,
      '',
      '> Verify the signature for real.',
      '>',
      '> Log the failures.',
      '',
      'The original task stays done. Do the rework here, and say in the Summary what changed.',
      '',
    ].join('\n');
    const written = read(agent.tasksFile);
    assert.ok(written.startsWith(reviewed.slice(0, reviewed.indexOf('<!-- cortex:last-tick'))), written);
    assert.ok(written.includes(rework), written);
    assert.ok(written.includes('<!-- cortex:last-tick 2026-03-28T12:30 -->'), 'the heartbeat is kept');
    const cards = await waitFor(() => {
      const c = a.board.lastSnapshot?.cards('review-a');
      return c?.some((x) => x.title === 'Rework: Add webhook') ? c : undefined;
    }, 10_000, 'the rework card on the board');
    assert.deepEqual(cards.map((c) => [c.title, c.status, c.review]), [
      ['Add webhook', 'done', 'sent back'],
      ['Fix retries', 'done', null],
      ['Later', 'ready', null],
      ['Rework: Add webhook', 'ready', null],
    ]);
  });

  it('undo after the agent changed the task is refused with a sentence, and the agent\'s file is left as it wrote it', async () => {
    await agentWorks();
    const r = await send({ type: 'accept', card: ref('review-a', 'Fix retries') });
    assert.ok(r.ok, r.message ?? '');
    // The agent rewrites its file whole, adding to the task's Summary meanwhile.
    const theirs = read(agent.tasksFile).replace('Retries back off.\n', 'Retries back off, up to five times.\n');
    writeFromAnotherProcess(agent.tasksFile, theirs);
    a.store.notifyChanged(['agents/review-a/tasks.md']);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === 'review-a')?.tasks[1].summary?.includes('five times'), 10_000, 'the agent\'s edit in the store');
    const undone = await send({ type: 'undo' });
    assert.equal(undone.ok, false);
    assert.match(undone.message ?? '', /^Cannot undo the acceptance of "Fix retries": /);
    assert.equal(read(agent.tasksFile), theirs, 'nothing written');
    assert.ok(a.shownMessages.some((m) => m.severity === 'warning' && m.message.startsWith('Cortex: Cannot undo the acceptance of "Fix retries"')), JSON.stringify(a.shownMessages));
  });

  it('Search Team finds the task by its summary and opens its card on the board', async () => {
    await agentWorks();
    const hits = await a.review.search.search('verifies signatures');
    assert.equal(hits[0]?.doc.kind, 'task');
    assert.equal(hits[0].doc.title, 'Add webhook');
    const shown = posted(() => a.review.search.openTarget(hits[0].doc.target), (m) => (m.type === 'showCard' ? m : undefined));
    assert.deepEqual(await shown, { type: 'showCard', agent: 'review-a', index: 0, title: 'Add webhook' });
  });
});
