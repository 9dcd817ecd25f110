import * as vscode from 'vscode';
import { Owner } from '../shared/sources';
import { InsightsDeps, InsightsPanel } from './insights-panel';

export const OPEN_INSIGHTS_COMMAND = 'cortex.openInsights';

/** The Team Insights panel, and "Cortex: Open Team Insights". */
export function registerInsights(owner: Owner, deps: InsightsDeps): InsightsPanel {
  const insights = owner.add(new InsightsPanel(deps));
  owner.add(vscode.commands.registerCommand(OPEN_INSIGHTS_COMMAND, () => insights.open()));
  return insights;
}
