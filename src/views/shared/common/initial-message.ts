/**
 * The id of the JSON data block in a webview's HTML that holds the page's first message
 * from the host (src/views/shared/webview-html.ts writes it, webview/shared/host-bridge.ts
 * reads it), so the page paints before any message arrives.
 */
export const INITIAL_MESSAGE_ID = 'cortex-initial-message';
