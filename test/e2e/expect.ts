// Waiting assertions for Playwright locators (playwright-core has no `expect`).
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { waitFor } from '../harness/wait-for';

/** Polls `probe` until it returns true; throws the last description on timeout. */
export async function eventually(probe: () => Promise<boolean>, describe: () => Promise<string> | string, timeoutMs = 15_000): Promise<number> {
  const start = Date.now();
  await waitFor(() => probe().catch(() => false), timeoutMs, describe, 100);
  return Date.now() - start;
}

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText({ timeout: 1000 }).catch(() => '')).replace(/\s+/g, ' ').trim();
}

/** Waits until the locator's visible text matches; returns how long it took (ms). */
export function expectText(locator: Locator, pattern: RegExp | string, timeoutMs?: number): Promise<number> {
  const matches = (t: string): boolean => (typeof pattern === 'string' ? t.includes(pattern) : pattern.test(t));
  return eventually(
    async () => matches(await text(locator)),
    async () => `expected text ${String(pattern)} in ${locator.toString()}, got: "${(await text(locator)).slice(0, 400)}"`,
    timeoutMs,
  );
}

/** Waits until the locator matches exactly `count` elements. */
export function expectCount(locator: Locator, count: number, timeoutMs?: number): Promise<number> {
  return eventually(
    async () => (await locator.count()) === count,
    async () => `expected ${count} of ${locator.toString()}, found ${await locator.count()}`,
    timeoutMs,
  );
}

/**
 * Waits for the webview whose document holds `marker` (VS Code hosts each webview in an
 * `iframe.webview.ready` with the page in `#active-frame`) and returns that document.
 */
export async function findWebview(page: Page, marker: (frame: FrameLocator) => Locator, what: string, timeoutMs = 45_000): Promise<FrameLocator> {
  let found: FrameLocator | undefined;
  await eventually(
    async () => {
      const n = await page.locator('iframe.webview.ready').count();
      for (let i = 0; i < n; i++) {
        const frame = page.frameLocator('iframe.webview.ready').nth(i).frameLocator('#active-frame');
        if ((await marker(frame).count()) > 0) {
          found = frame;
          return true;
        }
      }
      return false;
    },
    () => `a webview with ${what}`,
    timeoutMs,
  );
  return found!;
}
