// Switching the colour theme inside one running workbench, so an e2e file can take its
// light, dark and high-contrast screenshots without starting code-server again.
import type { Page } from 'playwright-core';
import { highContrastTheme } from '../harness/settings';

/**
 * Picks "Default High Contrast" (the dark one) in the theme picker and waits for the
 * workbench to wear it. The picker is opened by its exact title (the palette's first
 * match can be "Browse Color Themes in Marketplace"), and the row is clicked once the
 * picker lists the installed themes. Focus first goes to the title bar: a key pressed
 * while a webview has focus can get lost.
 */
export async function switchToHighContrast(page: Page): Promise<void> {
  await page.locator('.part.titlebar').click({ position: { x: 200, y: 10 } });
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.fill('>Preferences: Color Theme');
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  await rows.filter({ has: page.getByText('Preferences: Color Theme', { exact: true }) }).first().click({ timeout: 10_000 });
  await rows.filter({ hasText: /Dark Modern|Light Modern/ }).first().waitFor({ timeout: 10_000 });
  await input.pressSequentially(highContrastTheme);
  const hc = rows.filter({ hasText: highContrastTheme }).filter({ hasNotText: 'Light' }).first();
  await hc.waitFor({ timeout: 10_000 });
  await hc.click();
  await page.locator('.monaco-workbench.hc-black').waitFor({ timeout: 30_000 });
}
