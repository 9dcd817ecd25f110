/**
 * The Team view's HTML: the shared webview page (src/views/shared/webview-html.ts)
 * loading the Team view's bundle. Strict CSP: nothing but the nonce'd script runs,
 * styles and fonts only from the webview's own resource origin, no inline script or
 * style. Pure, so the CSP is unit-tested.
 */
import { webviewHtml } from '../shared/webview-html';

export { contentSecurityPolicy, makeNonce } from '../shared/webview-html';

export interface TeamViewHtmlOptions {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUris: readonly string[];
}

export function teamViewHtml(o: TeamViewHtmlOptions): string {
  return webviewHtml({ ...o, title: 'Cortex Team' });
}
