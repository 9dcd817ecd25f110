import { DisposableBase } from '../../base/disposable';
import { oneLine } from '../../base/one-line';
import { BackgroundAgent, completedSince } from '../../core/agents/background-agents';
import { Prompts } from './prompts';
import { ThreadsStore } from '../team/threads-store';

/**
 * Seed 003's completion notification: a background agent spawned with `notify` that
 * ends (done, failed, cancelled, timeout) while the dashboard watches its record says
 * so once, with the start of its result. Agents that had ended before the first read
 * are not announced.
 */
export class BackgroundNotifier extends DisposableBase {
  private last: readonly BackgroundAgent[] | undefined;

  constructor(
    private readonly store: ThreadsStore,
    private readonly prompts: Pick<Prompts, 'info' | 'warn'>,
  ) {
    super();
    this.register(store.onDidChange(() => this.check()));
  }

  private check(): void {
    const now = this.store.background;
    const before = this.last;
    this.last = now;
    if (!before) return;
    for (const a of completedSince(before, now)) void this.tell(a);
  }

  private tell(a: BackgroundAgent): Promise<unknown> {
    const who = `${a.role ?? 'agent'} ${a.id}${a.level !== null ? ` (level ${a.level})` : ''}`;
    const result = a.result ? `: ${oneLine(a.result, 200)}` : '.';
    const message = `Cortex: background ${who} ${a.status === 'done' ? 'finished' : `ended ${a.status}`}${result}`;
    return a.status === 'done' ? this.prompts.info(message) : this.prompts.warn(message);
  }
}
