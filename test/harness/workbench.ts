// Driving the VS Code web workbench with Playwright: waiting for it, opening a view
// container from the activity bar, reaching into a webview view's document.
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** Loads the workbench and waits until the activity bar is up. */
export async function openWorkbench(page: Page, url: string, timeoutMs = 90_000): Promise<void> {
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  await page.locator('.part.activitybar').waitFor({ state: 'visible', timeout: timeoutMs });
}

/** The activity-bar entry of a view container, by its title ("Cortex"). */
export function activityBarItem(page: Page, title: string): Locator {
  return page
    .locator(`.part.activitybar [aria-label="${title}"], .part.activitybar [aria-label^="${title} ("]`)
    .first();
}

/** Opens a view container from the activity bar (does not toggle it closed when already open). */
export async function openViewContainer(page: Page, title: string, timeoutMs = 30_000): Promise<void> {
  const item = activityBarItem(page, title);
  await item.waitFor({ state: 'visible', timeout: timeoutMs });
  const sidebarTitle = page.locator('.part.sidebar .composite.title h2');
  const open = async (): Promise<boolean> =>
    (await page.locator('.part.sidebar').isVisible()) &&
    // "CORTEX" for one view, "CORTEX: TEAM" when the container shows a single view's title
    ((await sidebarTitle.textContent({ timeout: 1000 }).catch(() => '')) ?? '').trim().toLowerCase().split(':')[0] ===
      title.toLowerCase();
  if (!(await open())) await item.click();
  await page.locator('.part.sidebar').waitFor({ state: 'visible', timeout: timeoutMs });
}

/**
 * The document inside a webview: VS Code hosts each webview in an iframe
 * (`iframe.webview.ready`) whose page holds the extension's content in `#active-frame`.
 * `index` picks among several visible webviews.
 */
export function webviewFrame(page: Page, index = 0): FrameLocator {
  return page.frameLocator('iframe.webview.ready').nth(index).frameLocator('#active-frame');
}

/**
 * Runs a command through the command palette (F1), by its title; returns the moment
 * Enter was pressed (Date.now()). The keyboard focus first leaves any webview: a key
 * pressed inside a webview's frame is the page's, and F1 could open nothing.
 */
export async function runCommand(page: Page, title: string): Promise<number> {
  await focusWorkbench(page);
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor({ state: 'visible' });
  // When the user's action happened (what bench:vscode times from).
  const enterAt = Date.now();
  await page.keyboard.press('Enter');
  return enterAt;
}

/** Moves the keyboard focus out of a webview's frame, back to the workbench's own document. */
export async function focusWorkbench(page: Page): Promise<void> {
  await page.evaluate(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.tagName === 'IFRAME') active.blur();
  });
}

/** Drags the sash right of the primary side bar so the side bar is `width` px wide. */
export async function resizeSidebar(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box) return;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width, y, { steps: 8 });
  await page.mouse.up();
}

/** Moves the pointer off the workbench chrome so no hover or tooltip shows in a screenshot. */
export async function parkPointer(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 1400, height: 900 };
  await page.mouse.move(size.width - 200, size.height / 2);
  // The workbench's hovers close once the pointer has left them: wait for that, not a while.
  await page.locator('.monaco-hover:visible, .workbench-hover-container:visible').first().waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Folds the side bar's Threads view when it is open, so the Team view above gets the side bar's height. */
export async function foldThreadsView(page: Page): Promise<void> {
  const threads = page.locator('.part.sidebar .pane-header[aria-expanded="true"]', { hasText: /^Threads/i });
  if ((await threads.count()) > 0) await threads.first().click();
}
