// The VS Code API as a webview page sees it, for component tests: messages the page
// posts are kept in order, and getState/setState keep one value (as VS Code does).
import { VsCodeApi } from '../../../webview/shared/host-bridge';

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
