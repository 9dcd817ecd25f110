// The VS Code API as a webview page sees it, for component tests: messages the page
// posts are kept in order, and getState/setState keep one value (as VS Code does).
import { HostMessageTarget, VsCodeApi } from '../../../webview/shared/host-bridge';

export class RecordingApi implements VsCodeApi {
  readonly posted: unknown[] = [];
  private state: unknown;

  constructor(initialState?: unknown) {
    this.state = initialState;
  }

  postMessage(message: unknown): void {
    this.posted.push(message);
  }

  getState(): unknown {
    return this.state;
  }

  setState(state: unknown): void {
    this.state = state;
  }

  /** Messages of one type. */
  ofType(type: string): Array<Record<string, unknown>> {
    return this.posted.filter((m) => (m as { type?: string }).type === type) as Array<Record<string, unknown>>;
  }
}

/** The page's window as `listenToHost` sees it, without a DOM: the host's messages are delivered by `post`. */
export class HostWindow implements HostMessageTarget {
  private readonly listeners = new Set<EventListener>();

  addEventListener(_type: string, listener: EventListenerOrEventListenerObject): void {
    this.listeners.add(listener as EventListener);
  }

  removeEventListener(_type: string, listener: EventListenerOrEventListenerObject): void {
    this.listeners.delete(listener as EventListener);
  }

  /** A message from the host, as the page's window receives it. */
  post(data: unknown): void {
    for (const l of this.listeners) l({ data } as MessageEvent);
  }

  get listening(): number {
    return this.listeners.size;
  }
}
