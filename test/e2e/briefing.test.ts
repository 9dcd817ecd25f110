// End to end: the Daily Briefing through the real UI of code-server with the packaged
// VSIX. The briefing is scheduled for 00:00 in the settings, so the window offers it as
// soon as the team loads; "Open Daily Briefing" on the notification opens the report in
// a markdown editor with its preview beside. Screenshots of the preview in the light
// the dark and the high-contrast theme (one workbench start) go to test-results/e2e/briefing-*.png.
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { runCommand } from '../harness/workbench';
import { expectText } from './expect';
import { setColorTheme } from './themes';
import { cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';

function toast(page: Page, text: RegExp): Locator {
  return page.locator('.notifications-toasts .notification-toast').filter({ hasText: text });
}

/** The markdown preview's document (the only webview open: the Cortex side bar stays closed). */
function preview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame');
}

/**
 * Runs a command from the palette and waits for the palette to close. Focus first goes
 * to the title bar: a key pressed while the preview's webview has focus can get lost.
 */
async function command(page: Page, title: string): Promise<void> {
  await page.locator('.part.titlebar').click({ position: { x: 200, y: 10 } });
  await runCommand(page, title);
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
}

function shot(page: Page, name: string): Promise<void> {
  return screenshot(page, `briefing-${name}`);
}

after(() => cleanUpScratch());

describe('Daily Briefing (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;

  before(async function () {
    this.timeout(180_000);
    wb = await startWorkbench({ name: 'briefing', theme: lightTheme, settings: { 'cortex.dailyBriefingTime': '00:00', 'workbench.sideBar.location': 'left' } });
  });
  after(async () => wb?.close());

  it('offers the briefing at its time and opens it, with the markdown preview beside', async () => {
    const offer = toast(wb.page, /time for the Daily Briefing/);
    await offer.waitFor({ state: 'visible', timeout: 60_000 });
    await offer.getByRole('button', { name: 'Open Daily Briefing' }).click();
    await expectText(wb.page.locator('.part.editor .tabs-container'), /Daily Briefing .*\.md/, 15_000);
    const page = preview(wb.page);
    await expectText(page.locator('h1'), /Daily Briefing: team/, 30_000);
    await expectText(page.locator('body'), /Dashboard Dev \(dashboard-dev\) is down/, 5000);
    await expectText(page.locator('table').first(), /Billing Dev \(billing-dev\)/, 5000);
  });

  it('looks right in the light theme', async () => {
    // The preview's group maximized, without the side bar: the report as people read it.
    if (await wb.page.locator('.part.sidebar').isVisible()) await command(wb.page, 'View: Close Primary Side Bar');
    await command(wb.page, 'View: Toggle Maximize Editor Group');
    await expectText(preview(wb.page).locator('h1'), /Daily Briefing/, 10_000);
    await shot(wb.page, 'light');
  });

  it('looks right in the dark theme', async () => {
    await setColorTheme(wb, darkTheme);
    await expectText(preview(wb.page).locator('h1'), /Daily Briefing/, 10_000);
    await shot(wb.page, 'dark');
  });

  it('looks right in the high-contrast theme', async () => {
    await setColorTheme(wb, highContrastTheme);
    await expectText(preview(wb.page).locator('h1'), /Daily Briefing/, 10_000);
    await shot(wb.page, 'high-contrast');
  });
});
