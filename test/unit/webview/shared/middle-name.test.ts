// A long name cut in the middle: the page keeps the whole name as its text (screen
// readers, find), splits it into a start that may shrink and an end that stays.
import * as assert from 'node:assert/strict';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { MiddleName } from '../../../../webview/shared/middle-name';
import { installDom, removeDom } from '../dom';

describe('MiddleName (a long name cut in the middle)', () => {
  before(() => installDom());
  after(() => removeDom());

  const draw = (name: string): HTMLElement => {
    const root = document.getElementById('root')!;
    act(() => render(h(MiddleName, { name, class: 'agent-name' }), root));
    return root.querySelector<HTMLElement>('.agent-name')!;
  };

  it('keeps the last characters apart from the start, the whole name as text and tooltip', () => {
    const base = 'Senior Payments Reconciliation Engineer for the European Region';
    const tails = [`${base.slice(0, 26)} A`, `${base.slice(0, 38)} B`, `${base.slice(0, 58)} C`].map((name) => {
      const el = draw(name);
      assert.equal(el.textContent, name);
      assert.equal(el.title, name);
      assert.ok(el.classList.contains('middle-name'));
      return el.querySelector('.middle-name-tail')!.textContent;
    });
    assert.equal(new Set(tails).size, 3, `the ends differ: ${JSON.stringify(tails)}`);
  });

  it('a short name is one piece', () => {
    const el = draw('Billing Dev');
    assert.equal(el.textContent, 'Billing Dev');
    assert.equal(el.querySelector('.middle-name-head'), null);
  });
});
