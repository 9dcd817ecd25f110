import type { NeedsYouItem } from '../../extension/sessions/session-model';
import { answerOptions, diffView } from '../shared/permission-view';
import type { NeedsYouRow } from './common/needs-you';

export interface NeedsYouFacts {
  /** Epoch ms on the extension's clock. */
  readonly now: number;
  nameOf(slug: string): string;
  hasTerminal(slug: string): boolean;
  hasSession(slug: string): boolean;
}

/** The Needs you list as the Team view's page shows it. Pure. */
export function needsYouRows(items: readonly NeedsYouItem[], f: NeedsYouFacts): NeedsYouRow[] {
  return items.map((item) => {
    const at = item.kind === 'permission' ? item.receivedAt : item.since;
    const common = {
      id: item.id,
      agent: item.agentSlug,
      agentName: f.nameOf(item.agentSlug),
      tool: item.tool ?? null,
      minutes: minutesSince(at, f.now),
      hasTerminal: f.hasTerminal(item.agentSlug),
      hasSession: f.hasSession(item.agentSlug),
    };
    return item.kind === 'permission'
      ? { ...common, kind: 'permission', text: item.argumentsText, diffs: item.diffs.map(diffView), options: answerOptions(item.options) }
      : { ...common, kind: 'terminal', text: item.message ?? '', diffs: [], options: [] };
  });
}

/** Whole minutes since `at`; the clock reads whole minutes, so an instant later in the same minute is 0. `null`: unknown, or ahead of the clock. */
function minutesSince(at: number, now: number): number | null {
  if (at <= 0 || at >= now + 60_000) return null;
  return Math.max(0, Math.floor((now - at) / 60_000));
}
