import type * as vscode from 'vscode';
import { OfferRecord, ReportKind, isOfferRecord } from '../../core/reports/schedule';
import { formatStamp, parseStamp } from '../../base/time';

/**
 * What the reports remember, per team folder, in the extension's global state (shared
 * by every window, so several windows on one team agree): when the last Daily Review
 * was made, and on which day each report was last offered. One key per team and
 * purpose, so windows on different teams never overwrite each other's entries.
 */
export class ReportRecords {
  constructor(private readonly state: vscode.Memento) {}

  /** When the last review of this team was made (wall-clock minutes), `null` when none was. */
  lastReview(teamKey: string): number | null {
    const v = this.state.get<unknown>(lastReviewKey(teamKey));
    return typeof v === 'string' ? parseStamp(v) : null;
  }

  setLastReview(teamKey: string, minutes: number): Thenable<void> {
    return this.state.update(lastReviewKey(teamKey), formatStamp(minutes));
  }

  offered(kind: ReportKind, teamKey: string): OfferRecord | undefined {
    const v = this.state.get<unknown>(offerKey(kind, teamKey));
    return isOfferRecord(v) ? v : undefined;
  }

  setOffered(kind: ReportKind, teamKey: string, record: OfferRecord): Thenable<void> {
    return this.state.update(offerKey(kind, teamKey), record);
  }

  /** Forgets everything about this team (tests). */
  async clear(teamKey: string): Promise<void> {
    await this.state.update(lastReviewKey(teamKey), undefined);
    await this.state.update(offerKey('briefing', teamKey), undefined);
    await this.state.update(offerKey('review', teamKey), undefined);
  }
}

function lastReviewKey(teamKey: string): string {
  return `cortex.reports.lastReview:${teamKey}`;
}

function offerKey(kind: ReportKind, teamKey: string): string {
  return `cortex.reports.offered.${kind}:${teamKey}`;
}
