import * as assert from 'assert';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { artifactDocs, mailboxDocs, taskDocs, worklogDocs } from '../../../../src/core/search/documents';
import { searchDocs } from '../../../../src/core/search/rank';
import { parseWorklog } from '../../../../src/core/worklog/parse';
import { team } from './search-fixture';

describe('Search Team: what is searched (tasks, worklog, mailbox, thread artifacts)', () => {
  const docs = taskDocs(team);

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
});
