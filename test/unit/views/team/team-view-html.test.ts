import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { contentSecurityPolicy, makeNonce, teamViewHtml } from '../../../../src/views/team/team-view-html';

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
