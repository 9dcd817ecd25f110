import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { INITIAL_MESSAGE_ID } from '../../../../src/views/shared/common/initial-message';
import { jsonForScript } from '../../../../src/views/shared/webview-html';
import { contentSecurityPolicy, makeNonce, teamViewHtml } from '../../../../src/views/team/team-view-html';
import { readInitialMessage } from '../../../../webview/shared/host-bridge';

describe('Team view HTML', () => {
  const nonce = makeNonce((n) => randomBytes(n));
  const html = teamViewHtml({
    cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
    nonce,
    scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/team.js',
    styleUris: ['https://file+.vscode-resource.vscode-cdn.net/ext/dist/codicon.css', 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/team.css'],
  });

  it('has a strict content security policy', () => {
    const csp = contentSecurityPolicy('https://x', 'abc');
    assert.match(csp, /^default-src 'none'; /);
    assert.match(csp, /script-src 'nonce-abc'(;|$)/);
    assert.match(csp, /style-src https:\/\/x(;|$)/);
    assert.match(csp, /font-src https:\/\/x(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.ok(html.includes(`content="${contentSecurityPolicy('https://file+.vscode-resource.vscode-cdn.net', nonce)}"`));
  });

  it('loads one nonce\'d script and only linked styles: no inline script or style', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.ok(scripts[0][1].includes(`nonce="${nonce}"`));
    assert.ok(scripts[0][1].includes('src="https://file+.vscode-resource.vscode-cdn.net/ext/dist/team.js"'));
    assert.equal(scripts[0][2].trim(), '', 'the script tag has no inline code');
    assert.doesNotMatch(html, /<style\b/);
    assert.doesNotMatch(html, /\sstyle=/);
    assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline event handlers');
    assert.equal([...html.matchAll(/<link rel="stylesheet"/g)].length, 2);
  });

  it('makes a fresh 32-character nonce each time', () => {
    const a = makeNonce((n) => randomBytes(n));
    const b = makeNonce((n) => randomBytes(n));
    assert.match(a, /^[A-Za-z0-9]{32}$/);
    assert.notEqual(a, b);
  });

  it('escapes what it puts in attributes', () => {
    const h = teamViewHtml({ cspSource: 'x', nonce: 'n', scriptUri: 'a"><script>alert(1)</script>', styleUris: [] });
    assert.doesNotMatch(h, /<script>alert/);
  });
});

describe('Team view HTML: the first state in the page', () => {
  const hostile = '</script><script>alert(1)</script> <!-- \u2028\u2029 & é 🦊';
  const message = { type: 'state', version: 1, state: { title: hostile, list: [1, 'two', null] } };
  const html = teamViewHtml({ cspSource: 'x', nonce: 'n0nce', scriptUri: 'https://x/team.js', styleUris: [], initialMessage: message as never });

  it('holds it in a JSON data block that no text can close, and no other script', () => {
    const blocks = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(blocks.length, 2, 'the data block and the nonce\'d script, nothing from the text');
    assert.match(blocks[0][1], /type="application\/json"/);
    assert.doesNotMatch(blocks[0][2], /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(blocks[0][2]), message);
    assert.ok(blocks[1][1].includes('nonce="n0nce"'));
    assert.equal(jsonForScript('</script>'), '"\\u003c/script\\u003e"');
  });

  it('is what the page reads back, before its script runs, exactly as sent', () => {
    const dom = new JSDOM(html); // scripts do not run in JSDOM by default: only the parse matters
    assert.equal(dom.window.document.querySelectorAll('script').length, 2);
    assert.deepEqual(readInitialMessage(dom.window.document), message);
  });

  it('is absent when the view gives none, and unreadable JSON counts as none', () => {
    assert.doesNotMatch(teamViewHtml({ cspSource: 'x', nonce: 'n', scriptUri: 'https://x/team.js', styleUris: [] }), /application\/json/);
    const broken = new JSDOM(`<script type="application/json" id="${INITIAL_MESSAGE_ID}">{"type":</script>`);
    assert.equal(readInitialMessage(broken.window.document), undefined);
    assert.equal(readInitialMessage(new JSDOM('').window.document), undefined);
  });
});
