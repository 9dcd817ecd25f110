import * as assert from 'assert';
import { SearchDoc, taskDocs } from '../../../../src/core/search/documents';
import { excerpt, searchDocs } from '../../../../src/core/search/rank';
import { team } from './search-fixture';

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

  it('an excerpt keeps to the line and marks what it cut', () => {
    const long = `${'a'.repeat(200)} needle ${'b'.repeat(200)}`;
    const e = excerpt(long, long.indexOf('needle'));
    assert.ok(e.startsWith('…') && e.endsWith('…') && e.includes('needle'));
    assert.strictEqual(excerpt('first\nsecond needle\nthird', 13), 'second needle');
  });
});
