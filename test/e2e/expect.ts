// Waiting assertions for Playwright locators (playwright-core has no `expect`).
import type { Locator } from 'playwright-core';

/** Polls `probe` until it returns true; throws the last description on timeout. */
export async function eventually(probe: () => Promise<boolean>, describe: () => Promise<string> | string, timeoutMs = 15_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`after ${timeoutMs} ms: ${await describe()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
