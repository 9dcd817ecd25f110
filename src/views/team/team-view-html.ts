/**
 * The Team view's HTML: the shared webview page (src/views/shared/webview-html.ts)
 * loading the Team view's bundle, with the view's state at the time in a JSON data
 * block (never run) that the page paints from at once. Strict CSP: nothing but the
 * nonce'd script runs, styles and fonts only from the webview's own resource origin,
 * no inline script or style. Pure, so the CSP is unit-tested.
 */
import { webviewHtml } from '../shared/webview-html';
import type { HostMessage } from './common/messages';

export { contentSecurityPolicy, makeNonce } from '../shared/webview-html';

export interface TeamViewHtmlOptions {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUris: readonly string[];
  /** The page's first state message, painted before the page says `ready`. */
  readonly initialMessage?: HostMessage;
}

export function teamViewHtml(o: TeamViewHtmlOptions): string {
  return webviewHtml({ ...o, title: 'Cortex Team' });
}
