/**
 * The HTML every Cortex webview starts from: an empty page that loads one bundled
 * script and its styles from the extension's `dist/` folder. Strict CSP: nothing
 * but the nonce'd script runs, styles, fonts and images only from the webview's own
 * resource origin, no inline script or style. Pure, so the CSP is unit-tested.
 */
export interface WebviewHtmlOptions {
  /** `webview.cspSource`. */
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUris: readonly string[];
  /** The document title. */
  readonly title: string;
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
    <div id="root" class="root"></div>
    <script nonce="${attr(o.nonce)}" src="${attr(o.scriptUri)}"></script>
  </body>
</html>`;
}

/** A fresh nonce: 32 characters from a cryptographic source. */
export function makeNonce(randomBytes: (n: number) => Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(32), (b) => alphabet[b % alphabet.length]).join('');
}

function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function text(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
