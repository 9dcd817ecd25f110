import { InsightsHostMessage, InsightsState } from '../../src/views/insights/common/messages';

/** The page's copy of the host's latest state; components subscribe to it. */
export class InsightsClient {
  private current: InsightsState | undefined;
  private version = -1;
  private readonly listeners = new Set<() => void>();

  get state(): InsightsState | undefined {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  receive(message: InsightsHostMessage): void {
    // Whole states, in order: an older one arriving late is ignored.
    if (message.version <= this.version) return;
    this.version = message.version;
    this.current = message.state;
    for (const l of this.listeners) l();
  }
}
