import { InsightsHostMessage, InsightsState } from '../../src/views/insights/common/messages';

/** The page's copy of the host's latest state; components subscribe to it. */
export class InsightsClient {
  private current: InsightsState | undefined;
  private readonly listeners = new Set<() => void>();

  get state(): InsightsState | undefined {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A whole state (one older than the last was dropped on arrival, by `listenToHost`). */
  receive(message: InsightsHostMessage): void {
    this.current = message.state;
    for (const l of this.listeners) l();
  }
}
