// Text from the team files as markdown that renders as that text (titles, cells) or as
// the agent's own markdown without raw HTML (summaries).
import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { cell, nameText, plainText, quoteBlock } from '../../../../src/core/reports/markdown-text';
import { middleEllipsis } from '../../../../src/base/one-line';

const md = new MarkdownIt({ html: true }); // html on: the escaping alone must keep HTML out

/** The text a line of markdown shows, as markdown-it renders it inline. */
function shown(markdown: string): string {
  return md
    .renderInline(markdown)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('Reports: markdown text', () => {
  it('plain text renders exactly as written, whatever markdown it holds', () => {
    for (const t of ['Fix `retry` | backoff', 'Add *rate* limits_now_', '<b>bold</b> & &amp; [link](x) ~~no~~', 'back\\slash', 'x > y < z']) {
      assert.equal(shown(plainText(t)), t);
    }
  });

  it('a title never turns into a list, a heading or a quote', () => {
    for (const t of ['1. first', '2) second', '- bullet', '+ plus', '# heading', '> quote', '===', '---']) {
      const html = md.render(plainText(t));
      assert.equal(html, `<p>${md.utils.escapeHtml(t)}</p>\n`, t);
    }
  });

  it('folds line breaks and tabs to one space', () => {
    assert.equal(plainText('two\nlines\tand  spaces '), 'two lines and spaces');
  });

  it('a cell escapes | and backticks, and is "-" when empty', () => {
    assert.equal(cell('a | `b`'), 'a \\| \\`b\\`');
    assert.equal(cell(''), '-');
    assert.equal(cell(null), '-');
  });

  it('a summary keeps its markdown in a quote, with raw HTML as text outside code', () => {
    const out = quoteBlock('Done: **bold**, `a<b`, <img src=x onerror=alert(1)>\n\n```\n<kept in fence>\n```', '  ');
    assert.deepEqual(out, ['  > Done: **bold**, `a<b`, &lt;img src=x onerror=alert(1)>', '  >', '  > ```', '  > <kept in fence>', '  > ```']);
    const html = md.render(`- item\n\n${out.join('\n')}\n`);
    assert.ok(!/<img/.test(html), html);
    assert.match(html, /<code>a&lt;b<\/code>/);
  });

  it('closes a fence the summary left open, so the rest of the report is not swallowed', () => {
    assert.deepEqual(quoteBlock('```js\ncode'), ['> ```js', '> code', '> ```']);
  });
});

describe('Reports: long names', () => {
  it('middleEllipsis keeps the start and the end; short names are untouched', () => {
    assert.equal(middleEllipsis('Senior Payments Reconciliation Lead', 60), 'Senior Payments Reconciliation Lead');
    const a = middleEllipsis('Senior Payments Reconciliation Engineer for the Europe Region', 28);
    const b = middleEllipsis('Senior Payments Reconciliation Engineer for the Africa Region', 28);
    assert.equal(a.length <= 28, true);
    assert.notEqual(a, b);
    assert.equal(a, 'Senior Payment…Europe Region');
    assert.equal(nameText('x'.repeat(500)).length, 60);
  });
});
