import * as assert from 'assert';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { Agent, Task, Team } from '../../../../src/core/model';
import { SearchDoc, artifactDocs, mailboxDocs, taskDocs, worklogDocs } from '../../../../src/core/search/documents';
import { excerpt, searchDocs } from '../../../../src/core/search/rank';
import { parseWorklog } from '../../../../src/core/worklog/parse';

function task(title: string, extra: Partial<Task> = {}): Task {
  return { title, status: 'ready', started: null, completed: null, summary: null, body: '', fields: {}, line: 1, id: null, ...extra };
}

function agent(slug: string, name: string, tasks: Task[]): Agent {
  return { slug, name, status: 'active', project: null, joined: null, role: null, capabilities: [], projects: [], sessionLog: [], parent: null, level: null, notePath: null, tasksPath: `agents/${slug}/tasks.md`, tasks, lastTick: null, lastTickLine: null };
}

const team: Team = {
  agents: [
    agent('billing-dev', 'Billing Dev', [
      task('Add Stripe webhook endpoint', { status: 'done', completed: '2026-11-24T10:00', summary: 'Signature check with the webhook secret.', body: 'Create POST /webhooks/stripe.' }),
      task('Retry failed invoice emails', { body: 'Use the webhook queue for retries.' }),
      task('Invoice numbering', { body: 'Numbers at finalisation.' }),
    ]),
    agent('docs-writer', 'Docs Writer', [task('Document the webhooks', { status: 'in-progress', started: '2026-11-24T09:00' })]),
  ],
  projects: [],
  templates: { agent: null, project: null },
  diagnostics: [],
};

const titles = (docs: readonly SearchDoc[], q: string) => searchDocs(docs, q).map((h) => h.doc.title);

describe('Search Team: ranking', () => {
  const docs = taskDocs(team);

  it('every word must appear somewhere, in any case', () => {
    assert.deepStrictEqual(titles(docs, 'INVOICE emails'), ['Retry failed invoice emails']);
    assert.deepStrictEqual(titles(docs, 'invoice nothing-like-this'), []);
    assert.deepStrictEqual(titles(docs, '   '), []);
  });

  it('a title match outranks a summary match, which outranks a body match; the phrase in the title first', () => {
    assert.deepStrictEqual(titles(docs, 'webhook'), ['Add Stripe webhook endpoint', 'Document the webhooks', 'Retry failed invoice emails']);
    assert.deepStrictEqual(titles(docs, 'stripe webhook'), ['Add Stripe webhook endpoint']);
  });

  it('a word at the start of a word counts more than inside one; ties go to the most recent', () => {
    const two: SearchDoc[] = [
      { kind: 'task', title: 'Unbilled', where: '', fields: [{ name: 'title', text: 'Unbilled' }], time: 10, target: { kind: 'task', agent: 'a', index: 0, title: 'Unbilled', status: 'ready' } },
      { kind: 'task', title: 'Bill runs', where: '', fields: [{ name: 'title', text: 'Bill runs' }], time: 5, target: { kind: 'task', agent: 'a', index: 1, title: 'Bill runs', status: 'ready' } },
      { kind: 'task', title: 'Billing', where: '', fields: [{ name: 'title', text: 'Billing' }], time: 9, target: { kind: 'task', agent: 'a', index: 2, title: 'Billing', status: 'ready' } },
    ];
    assert.deepStrictEqual(titles(two, 'bill'), ['Billing', 'Bill runs', 'Unbilled']);
  });

  it('the agent\'s name finds its tasks; a snippet shows where a word was found in the text', () => {
    assert.deepStrictEqual(titles(docs, 'docs writer'), ['Document the webhooks']);
    const hit = searchDocs(docs, 'finalisation')[0];
    assert.strictEqual(hit.snippet, 'Numbers at finalisation.');
    assert.deepStrictEqual(hit.doc.target, { kind: 'task', agent: 'billing-dev', index: 2, title: 'Invoice numbering', status: 'ready' });
    assert.strictEqual(hit.doc.where, 'Billing Dev · ready');
  });

  it('the worklog, the mailbox and thread artifacts are searched too, each opening where it lives', () => {
    const worklog = parseWorklog('# Worklog\n\n## 2026-11-24T10:40 — billing-dev — handoff: draft invoices\nThe webhook is live.\n');
    const mailbox = parseMailbox('# Mailbox\n\n## MSG-0003 — credit note PDF layout\n| Field | Value |\n|---|---|\n| From | docs-writer |\n| To | billing-dev |\n| Sent | 2026-11-24T17:05 |\n| Status | new |\n\nCould the credit note reuse the webhook template?\n');
    const all = [...docs, ...worklogDocs(worklog), ...mailboxDocs(mailbox), ...artifactDocs([{ thread: 'thr-42', template: 'coder-review', status: 'running', text: '# Plan\n\nWire the webhook.\n' }])];
    const hits = searchDocs(all, 'webhook');
    assert.deepStrictEqual(new Set(hits.map((h) => h.doc.kind)), new Set(['task', 'worklog', 'message', 'artifact']));
    assert.deepStrictEqual(hits.find((h) => h.doc.kind === 'message')!.doc.target, { kind: 'message', id: 'MSG-0003' });
    assert.deepStrictEqual(hits.find((h) => h.doc.kind === 'artifact')!.doc.target, { kind: 'artifact', thread: 'thr-42' });
    assert.strictEqual(hits.find((h) => h.doc.kind === 'worklog')!.doc.target.kind, 'worklog');
    assert.strictEqual(hits.find((h) => h.doc.kind === 'artifact')!.snippet, 'Wire the webhook.');
    assert.strictEqual(hits.find((h) => h.doc.kind === 'artifact')!.doc.where, 'Thread · coder-review · running');
  });

  it("a thread with no template is an auto thread, seed 002's name for it", () => {
    const [doc] = artifactDocs([{ thread: 'thr-43', template: null, status: 'completed', text: 'Done.\n' }]);
    assert.strictEqual(doc.where, 'Thread · auto thread · completed');
  });

  it('an excerpt keeps to the line and marks what it cut', () => {
    const long = `${'a'.repeat(200)} needle ${'b'.repeat(200)}`;
    const e = excerpt(long, long.indexOf('needle'));
    assert.ok(e.startsWith('…') && e.endsWith('…') && e.includes('needle'));
    assert.strictEqual(excerpt('first\nsecond needle\nthird', 13), 'second needle');
  });
});
