import * as vscode from 'vscode';
import { dailyBriefing } from '../../core/reports/briefing';
import { HousekeepingPlan, dailyReview } from '../../core/reports/review';
import { planPrune, pruneSummary } from '../../core/ops/prune';
import { ReportKind } from '../../core/reports/schedule';
import { formatDate, formatStamp } from '../../base/time';
import { HOUSEKEEPING_COMMAND } from '../commands/repo-commands';
import { Services } from '../services';
import { DisposableBase } from '../../base/disposable';
import { ReportRecords } from './report-records';
import { ReportScheduler } from './report-scheduler';
import { REPORT_SETTINGS, reportSchedule } from './report-settings';
import { folderName } from '../team/team-locator';

export const REPORT_COMMANDS = {
  dailyBriefing: 'cortex.dailyBriefing',
  dailyReview: 'cortex.dailyReview',
} as const;

const TITLES: Readonly<Record<ReportKind, string>> = { briefing: 'Daily Briefing', review: 'Daily Review' };

/**
 * "Cortex: Daily Briefing" and "Cortex: Daily Review": the report of the team as it is
 * now, in an untitled markdown editor (saveable, nothing written to the team folder, so
 * Restricted Mode allows it) with its preview beside. The review records its time for
 * the team, so the next one covers what happened since. Also owns the scheduler that
 * offers both at their times.
 */
export class ReportCommands extends DisposableBase {
  readonly records: ReportRecords;
  readonly scheduler: ReportScheduler;

  constructor(private readonly controller: Services) {
    super();
    this.records = new ReportRecords(controller.context.globalState);
    const reg = (id: string, fn: () => unknown) => this.register(vscode.commands.registerCommand(id, fn));
    reg(REPORT_COMMANDS.dailyBriefing, () => this.open('briefing'));
    reg(REPORT_COMMANDS.dailyReview, () => this.open('review'));
    this.scheduler = this.register(
      new ReportScheduler({
        prompts: controller.prompts,
        records: this.records,
        log: controller.log,
        now: () => controller.clock.now(),
        onDidTick: controller.clock.onDidTick,
        onDidChangeTeam: controller.store.onDidChange,
        team: () => {
          const location = controller.store.location;
          return location && controller.store.team ? { key: location.uri.toString(), name: folderName(location.uri) } : undefined;
        },
        schedule: (kind) => reportSchedule(kind, controller.session.located?.config?.config),
        open: (kind) => this.open(kind),
        settingName: (kind) => `cortex.${REPORT_SETTINGS[kind]}`,
        turnOff: async (kind) => {
          await vscode.workspace.getConfiguration('cortex').update(REPORT_SETTINGS[kind], '', vscode.ConfigurationTarget.Global);
        },
        windowId: vscode.env.sessionId,
        claimDelayMs: 1500,
      }),
    );
  }

  /** Makes the report and shows it; returns the document (`undefined` when there is no team). */
  async open(kind: ReportKind): Promise<vscode.TextDocument | undefined> {
    try {
      const c = this.controller;
      const location = c.store.location;
      if (!location) {
        const select = 'Select Team Folder';
        if ((await c.prompts.info(`Cortex: no team folder is open, so there is no ${TITLES[kind]} to make.`, select)) === select) {
          await vscode.commands.executeCommand('cortex.selectTeamFolder');
        }
        return undefined;
      }
      await c.store.whenIdle();
      const team = c.store.team;
      if (!team) {
        await c.prompts.warn(`Cortex: the team folder could not be read${c.store.failure ? `: ${c.store.failure}` : ''}.`);
        return undefined;
      }
      const key = location.uri.toString();
      const now = c.clock.now();
      const name = folderName(location.uri);
      const input = { team, teamName: name, now, staleAfterMinutes: c.settings.current.staleAfterMinutes, lastReview: this.records.lastReview(key) };
      const housekeeping = kind === 'review' ? await this.housekeepingPlan(now) : null;
      const text = kind === 'briefing' ? dailyBriefing(input) : dailyReview(input, housekeeping);
      if (kind === 'review') await this.records.setLastReview(key, now);
      const document = await showReport(`${TITLES[kind]} ${name} ${formatDate(now)}`, text);
      if (housekeeping) this.offerHousekeeping(housekeeping);
      return document;
    } catch (e) {
      this.controller.log.error(`${TITLES[kind]}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      await this.controller.prompts.error(`Cortex: could not make the ${TITLES[kind]}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  }

  /** What Run Housekeeping would prune now; `null` when it cannot be told (logged). */
  private async housekeepingPlan(now: number): Promise<HousekeepingPlan | null> {
    const fs = this.controller.store.fs;
    if (!fs) return null;
    try {
      return await planPrune(fs, { days: this.controller.settings.current.housekeepingDays, now: formatStamp(now) });
    } catch (e) {
      this.controller.log.warn(`Daily Review: could not tell what housekeeping would prune: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
  }

  /**
   * The review is where the coordinator's day ends with housekeeping: when there is
   * something to prune (and the window may write), a notification offers Run
   * Housekeeping, which shows each diff before anything is written.
   */
  private offerHousekeeping(plan: HousekeepingPlan): void {
    if (plan.files.length === 0 || !this.controller.team.current.trusted) return;
    const run = 'Run Housekeeping…';
    const s = pruneSummary(plan);
    void this.controller.prompts.info(`Cortex: housekeeping would prune ${s.text} (done tasks older than ${plan.days} days, Session Log entries but the latest).`, run).then((choice) => {
      if (choice === run) void vscode.commands.executeCommand(HOUSEKEEPING_COMMAND);
    });
  }
}

/** A named untitled markdown document (its tab and Save dialog say what it is), with the preview beside. */
async function showReport(title: string, text: string): Promise<vscode.TextDocument> {
  const base = title.replace(/[\\/:*?"<>|#%\u0000-\u001f]+/g, '-').trim();
  const taken = new Set(vscode.workspace.textDocuments.filter((d) => !d.isClosed).map((d) => d.uri.toString()));
  let uri = vscode.Uri.from({ scheme: 'untitled', path: `${base}.md` });
  for (let n = 2; taken.has(uri.toString()); n++) uri = vscode.Uri.from({ scheme: 'untitled', path: `${base} (${n}).md` });
  let document = await vscode.workspace.openTextDocument(uri);
  if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
  const fill = new vscode.WorkspaceEdit();
  fill.insert(document.uri, new vscode.Position(0, 0), text);
  await vscode.workspace.applyEdit(fill);
  await vscode.window.showTextDocument(document, { preview: false });
  try {
    await vscode.commands.executeCommand('markdown.showPreviewToSide', document.uri);
  } catch {
    // No markdown preview (the built-in extension disabled): the editor alone will do.
  }
  return document;
}
