// The Team view's parts as the e2e tests find them (by role and name, as a screen reader
// would), and the checks several suites make of them.
import * as assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';

/** A name as a regular expression matching it literally. */
export const literally = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function agentList(view: FrameLocator): Locator {
  return view.getByRole('list', { name: 'Agents' });
}

export function agentRow(view: FrameLocator, name: string): Locator {
  return agentList(view).getByRole('listitem').filter({ hasText: name });
}

export function needsYou(view: FrameLocator): Locator {
  return view.getByRole('list', { name: /^Needs you/ });
}

/** Every Needs you row stays inside the list's width, however long the names, tools and paths. */
export async function rowsFit(view: FrameLocator): Promise<void> {
  const rows = needsYou(view).getByRole('listitem');
  for (let i = 0; i < (await rows.count()); i++) {
    const over = await rows.nth(i).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > box.right + 1 && c.getClientRects().length > 0).map((c) => `${c.tagName}.${(c as HTMLElement).className}`);
    });
    assert.deepEqual(over, [], `Needs you row ${i} overflows`);
  }
}

/** Whether the keyboard focus is on this element. */
export const focused = (el: Locator): Promise<boolean> => el.evaluate((e) => e === e.ownerDocument.activeElement);
