import * as vscode from 'vscode';
import { DEFAULT_CONFIG } from '../../core/team/model';
import { ReportKind, ReportSchedule, resolveSchedule } from '../../core/reports/schedule';

/**
 * The scheduled times: `cortex.dailyBriefingTime` / `cortex.dailyReviewTime` when set
 * in any scope (empty: off), else `daily_briefing` / `daily_review` from
 * ~/.cortex/config.yaml when that file exists, else the protocol's 09:00 and 18:00.
 */
export const REPORT_SETTINGS: Readonly<Record<ReportKind, string>> = {
  briefing: 'dailyBriefingTime',
  review: 'dailyReviewTime',
};

export interface ConfigTimes {
  readonly dailyBriefing: string;
  readonly dailyReview: string;
}

export function reportSchedule(kind: ReportKind, config: ConfigTimes | undefined): ReportSchedule {
  const name = REPORT_SETTINGS[kind];
  const inspected = vscode.workspace.getConfiguration('cortex').inspect<unknown>(name);
  const explicit = inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
  const fromFile = config ? (kind === 'briefing' ? config.dailyBriefing : config.dailyReview) : undefined;
  const fallback = kind === 'briefing' ? DEFAULT_CONFIG.dailyBriefing : DEFAULT_CONFIG.dailyReview;
  return resolveSchedule(explicit, fromFile, `cortex.${name}`, fallback);
}
