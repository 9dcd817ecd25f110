import { INITIAL_MESSAGE_ID } from '../../src/views/shared/common/initial-message';
import type { Checked } from '../../src/views/shared/common/validate';

/**
 * What every Cortex page shares on its line to the extension host: the VS Code API
 * (acquired once per page) and a listener that lets through only the messages the
 * view's own checker accepts. Each view keeps its typed actions and wraps
 * `listenToHost` with its checker.
 */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

/** The VS Code API of this page (it may be acquired only once). */
export function acquireApi(): VsCodeApi {
  return acquireVsCodeApi();
}

/** Where the host's messages arrive: the page's window. */
export type HostMessageTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Reports a dropped message on the console, naming the view. */
export function warnDropped(label: string): (reason: string) => void {
  return (reason) => console.warn(`${label}: dropped a message: ${reason}`);
}

/**
 * The host's first message, put in the page's HTML (src/views/shared/webview-html.ts),
 * parsed but not yet checked; `undefined` when the page has none or it is not JSON.
 */
export function readInitialMessage(doc: Pick<Document, 'getElementById'>): unknown {
  const text = doc.getElementById(INITIAL_MESSAGE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How a page listens to its host (see `listenToHost`). */
export interface ListenOptions {
  /** The host's first message, from the page's HTML (`readInitialMessage`): taken at once, before any other. */
  readonly initial?: unknown;
  /**
   * The host posts whole states with a version that grows (`HostChannel.postState`):
   * a `state` no newer than the last one let through is older than what the page
   * shows, and is dropped and reported.
   */
  readonly newestStates?: boolean;
}

/**
 * Listens for the host's messages on `target`: those `check` accepts reach
 * `onMessage`, anything else is dropped and reported to `onDropped`, and so is a
 * state older than the one shown (with `newestStates`). An `initial` message goes the
 * same way at once, before any other. Returns a function that stops listening.
 */
export function listenToHost<T>(
  target: HostMessageTarget,
  check: (data: unknown) => Checked<T>,
  onMessage: (message: T) => void,
  onDropped: (reason: string) => void,
  options: ListenOptions = {},
): () => void {
  const isNew = options.newestStates ? newestStates() : () => null;
  const receive = (data: unknown) => {
    const checked = check(data);
    if (!checked.ok) return onDropped(checked.error);
    const stale = isNew(checked.value);
    if (stale) return onDropped(stale);
    onMessage(checked.value);
  };
  const listener = (event: MessageEvent) => receive(event.data);
  if (options.initial !== undefined) receive(options.initial);
  target.addEventListener('message', listener as EventListener);
  return () => target.removeEventListener('message', listener as EventListener);
}

/**
 * The page's side of the host's state versions: for each checked message, why it is
 * dropped (a `state` whose version is not above the last one let through), or `null`.
 * Messages of other types pass.
 */
export function newestStates(): (message: unknown) => string | null {
  let shown = -1;
  return (message) => {
    const m = message as { type?: unknown; version?: unknown };
    if (m.type !== 'state' || typeof m.version !== 'number') return null;
    if (m.version <= shown) return `state ${m.version} arrived after ${shown}`;
    shown = m.version;
    return null;
  };
}
