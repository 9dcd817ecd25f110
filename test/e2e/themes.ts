// Switching the colour theme inside one running workbench, so an e2e file can take its
// light, dark and high-contrast screenshots without starting code-server again.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { eventually } from './expect';
import type { Workbench } from './fixture';

/** The class the workbench wears and the class each webview's body wears, by theme. */
const THEME_CLASSES: Readonly<Record<string, { workbench: string; webview: string }>> = {
  [lightTheme]: { workbench: 'vs', webview: 'vscode-light' },
  [darkTheme]: { workbench: 'vs-dark', webview: 'vscode-dark' },
  [highContrastTheme]: { workbench: 'hc-black', webview: 'vscode-high-contrast' },
};

/**
 * Sets `workbench.colorTheme` in the workspace settings (`.vscode/settings.json` of the
 * folder the window has open, which the workbench watches: it does not watch the user
 * settings file of code-server) and waits until the workbench and every webview on
 * screen wear the theme. No palette: a key pressed while a webview has the focus goes
 * to the webview, and a picker that lists the marketplace first changes what Enter takes.
 */
export async function setColorTheme(wb: Workbench, theme: string): Promise<void> {
  const classes = THEME_CLASSES[theme];
  if (!classes) throw new Error(`no classes known for the theme "${theme}"`);
  const file = wb.teamFile('.vscode/settings.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const settings = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...settings, 'workbench.colorTheme': theme }, null, 2));
  await wearsTheme(wb.page, classes);
}

async function wearsTheme(page: Page, classes: { workbench: string; webview: string }): Promise<void> {
  const workbenchClasses = async () => ((await page.locator('.monaco-workbench').getAttribute('class')) ?? '').split(/\s+/);
  const webviews = page.frameLocator('iframe.webview.ready');
  const webviewClasses = async () => {
    const n = await page.locator('iframe.webview.ready').count();
    const out: string[][] = [];
    for (let i = 0; i < n; i++) {
      out.push(((await webviews.nth(i).frameLocator('#active-frame').locator('body').getAttribute('class', { timeout: 5000 }).catch(() => '')) ?? '').split(/\s+/));
    }
    return out;
  };
  await eventually(
    async () => (await workbenchClasses()).includes(classes.workbench) && (await webviewClasses()).every((c) => c.includes(classes.webview)),
    async () => `the workbench in ${classes.workbench} and every webview in ${classes.webview}; the workbench: ${(await workbenchClasses()).join(' ')}; the webviews: ${JSON.stringify(await webviewClasses())}`,
    30_000,
  );
}
