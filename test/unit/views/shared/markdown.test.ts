import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { isAllowedLink, renderMarkdown } from '../../../../src/views/shared/markdown';
import { MdNode, checkBoardHostMessage } from '../../../../src/views/board/common/messages';
import { contentSecurityPolicy, makeNonce, webviewHtml } from '../../../../src/views/shared/webview-html';

/** Every element of a tree, depth first. */
function elements(nodes: readonly MdNode[]): Array<Exclude<MdNode, string>> {
  const out: Array<Exclude<MdNode, string>> = [];
  const walk = (ns: readonly MdNode[]) => {
    for (const n of ns) {
      if (typeof n === 'string') continue;
      out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

function text(nodes: readonly MdNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : text(n.children))).join('');
}

describe('Task board markdown (safe rendering on the host)', () => {
  it('renders the usual markdown into known elements', () => {
    const r = renderMarkdown('# Title\n\nSome **bold** and *em* and `code`.\n\n- one\n- two\n\n3. three\n4. four\n\n> quote\n\n```\nx < y\n```\n\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    const tags = elements(r.nodes).map((e) => e.tag);
    for (const t of ['h1', 'p', 'strong', 'em', 'code', 'ul', 'li', 'ol', 'blockquote', 'pre', 'hr', 'table', 'th', 'td']) assert.ok(tags.includes(t as never), `has ${t}`);
    assert.equal(elements(r.nodes).find((e) => e.tag === 'ol')!.start, 3);
    assert.equal(elements(r.nodes).find((e) => e.tag === 'pre')!.children[0] && text([elements(r.nodes).find((e) => e.tag === 'pre')!]), 'x < y');
  });

  it('keeps raw HTML as text: <script>, onerror= and the like never become elements', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '<a href="javascript:alert(1)">x</a>',
      '<svg onload=alert(1)>',
      '<style>body{display:none}</style>',
    ];
    for (const p of payloads) {
      const r = renderMarkdown(`${p}\n\ninline ${p} here`);
      assert.ok(text(r.nodes).includes(p), `"${p}" is shown as text`);
      assert.deepEqual(elements(r.nodes).map((e) => e.tag).filter((t) => t !== 'p'), [], `no element from "${p}"`);
      assert.deepEqual(r.links, []);
    }
  });

  it('makes links of http, https and file addresses only; javascript:, data: and others stay text', () => {
    const r = renderMarkdown('[a](https://example.com/x) [b](http://example.com) [c](file:///home/me/notes.md) <https://auto.example> https://bare.example');
    assert.deepEqual(r.links, ['https://example.com/x', 'http://example.com', 'file:///home/me/notes.md', 'https://auto.example', 'https://bare.example']);
    const anchors = elements(r.nodes).filter((e) => e.tag === 'a');
    assert.deepEqual(anchors.map((a) => a.link), [0, 1, 2, 3, 4]);
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'jav&#x61;script:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox', 'command:workbench.action.quit', 'vscode://x', '../relative.md', '//evil.example']) {
      const b = renderMarkdown(`[click](${bad}) ![img](${bad})`);
      assert.deepEqual(b.links, [], `${bad} is no link`);
      assert.equal(elements(b.nodes).filter((e) => e.tag === 'a').length, 0);
    }
    assert.ok(isAllowedLink('HTTPS://X'));
    assert.ok(!isAllowedLink('javascript:x'));
  });

  it('shows images as links named by their description (nothing is loaded)', () => {
    const r = renderMarkdown('![the chart](https://example.com/chart.png) ![local](nope.png)');
    const a = elements(r.nodes).filter((e) => e.tag === 'a');
    assert.equal(a.length, 1);
    assert.equal(text(a), 'image: the chart');
    assert.ok(text(r.nodes).includes('![local](nope.png)'), 'an image with an address that is not allowed stays text');
  });

  it('numbers links across the body and the summary', () => {
    const links: string[] = [];
    renderMarkdown('[a](https://a.example)', links);
    const s = renderMarkdown('[b](https://b.example)', links);
    assert.deepEqual(links, ['https://a.example', 'https://b.example']);
    assert.equal(elements(s.nodes).find((e) => e.tag === 'a')!.link, 1);
  });

  it('produces trees the page accepts', () => {
    const r = renderMarkdown('# T\n\n- [x](https://x.example)\n\n1. a\n\n<b>html</b>\n\n```js\nalert(1)\n```');
    const detail = { agent: 'a', agentName: 'A', index: 0, title: 'T', status: 'ready', started: null, completed: null, line: 1, fields: [['Priority', 'high']], body: r.nodes, summary: null, source: null, review: null, reworkOf: null, unclaimable: false };
    assert.ok(checkBoardHostMessage({ type: 'detail', request: 1, detail }).ok);
  });
});

describe('Task board page HTML', () => {
  it('is the shared strict-CSP page with the board\'s bundle and title', () => {
    const nonce = makeNonce((n) => randomBytes(n));
    const html = webviewHtml({ cspSource: 'https://x.test', nonce, scriptUri: 'https://x.test/dist/board.js', styleUris: ['https://x.test/dist/codicon.css', 'https://x.test/dist/board.css'], title: 'Cortex <Task> Board' });
    assert.ok(html.includes(`content="${contentSecurityPolicy('https://x.test', nonce)}"`));
    assert.match(contentSecurityPolicy('https://x.test', nonce), /^default-src 'none'; script-src 'nonce-[A-Za-z0-9]{32}'; style-src https:\/\/x\.test; font-src https:\/\/x\.test; img-src https:\/\/x\.test$/);
    assert.equal([...html.matchAll(/<script\b/g)].length, 1);
    assert.doesNotMatch(html, /<style\b|\sstyle=|unsafe-inline|unsafe-eval/);
    assert.ok(html.includes('<title>Cortex &lt;Task&gt; Board</title>'));
  });
});
