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
 * Listens for the host's messages on `target`: those `check` accepts reach
 * `onMessage`, anything else is dropped and reported to `onDropped`. Returns a
 * function that stops listening.
 */
export function listenToHost<T>(
  target: HostMessageTarget,
  check: (data: unknown) => Checked<T>,
  onMessage: (message: T) => void,
  onDropped: (reason: string) => void,
): () => void {
  const listener = (event: MessageEvent) => {
    const checked = check(event.data);
    if (!checked.ok) {
      onDropped(checked.error);
      return;
    }
    onMessage(checked.value);
  };
  target.addEventListener('message', listener as EventListener);
  return () => target.removeEventListener('message', listener as EventListener);
}
