import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { neutralise } from '../../../../webview/shared/neutralise';
import { installDom, removeDom } from '../dom';

describe('webview pages: control and bidi-override characters shown neutralised', () => {
  before(() => installDom());
  after(() => removeDom());

  it('escapes them in text, keeps line breaks, tabs and everything else', () => {
    assert.equal(neutralise('Invoice \u202Efdp.exe\u202C done'), 'Invoice \\u202Efdp.exe\\u202C done');
    assert.equal(neutralise('a\u0007b\u001B[31mred\u2066x\u2069'), 'a\\u0007b\\u001B[31mred\\u2066x\\u2069');
    assert.equal(neutralise('Zoë 🚀 مرحبا\nline\ttab'), 'Zoë 🚀 مرحبا\nline\ttab');
  });

  it('every text node and title/aria-label of a rendered page, whatever the component', () => {
    const root = document.createElement('div');
    const title = 'Fix \u202Egnp.exe';
    render(h('div', { title, 'aria-label': title }, h('span', null, title), ' and ', h('b', null, 'bell\u0007')), root);
    const div = root.firstElementChild!;
    assert.equal(div.textContent, 'Fix \\u202Egnp.exe and bell\\u0007');
    assert.equal(div.getAttribute('title'), 'Fix \\u202Egnp.exe');
    assert.equal(div.getAttribute('aria-label'), 'Fix \\u202Egnp.exe');
    // An update is neutralised too.
    render(h('div', null, h('span', null, 'now \u2067x')), root);
    assert.equal(root.textContent, 'now \\u2067x');
  });
});
