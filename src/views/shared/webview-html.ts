/**
 * The HTML every Cortex webview starts from: an empty page that loads one bundled
 * script and its styles from the extension's `dist/` folder. Strict CSP: nothing
 * but the nonce'd script runs, styles, fonts and images only from the webview's own
 * resource origin, no inline script or style. Pure, so the CSP is unit-tested.
 *
 * A view may put its first message to the page in the HTML (`initialMessage`): a JSON
 * data block (`<script type="application/json">`, never run, so the CSP stays as it is)
 * that the page reads synchronously before its first render, so it paints without
 * waiting for a message from the host. The page checks it like any other message.
 */
import { INITIAL_MESSAGE_ID } from './common/initial-message';

export interface WebviewHtmlOptions {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUris: readonly string[];
  /** The document title. */
  readonly title: string;
  /** The page's first message from the host, read by `readInitialMessage` (webview/shared/host-bridge.ts). */
  readonly initialMessage?: unknown;
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource}`,
  ].join('; ');
}

export function webviewHtml(o: WebviewHtmlOptions): string {
  const styles = o.styleUris.map((u) => `<link rel="stylesheet" href="${attr(u)}">`).join('\n    ');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(o.cspSource, o.nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${styles}
    <title>${text(o.title)}</title>
  </head>
  <body>
    <div id="root" class="root"></div>${o.initialMessage === undefined ? '' : `
    <script type="application/json" id="${INITIAL_MESSAGE_ID}">${jsonForScript(o.initialMessage)}</script>`}
    <script nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
  </body>
</html>`;
}

/** A fresh nonce: 32 characters from a cryptographic source. */
export function makeNonce(randomBytes: (n: number) => Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(32), (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * JSON that cannot end its script element or start a comment in it (`<` `>` `&` as
 * `\u` escapes, which JSON.parse reads back unchanged), with U+2028 and U+2029 escaped
 * too (line terminators to older JavaScript parsers).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function text(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
