import type * as vscode from 'vscode';
import { ReportKind, ReportSchedule, isOfferDue, offerRecord } from '../../core/reports/schedule';
import { DisposableBase } from '../../base/disposable';
import type { Prompts } from '../prompts';
import type { ReportRecords } from './report-records';

/**
 * What the scheduler needs, passed in so that it runs without the editor in unit tests
 * (two schedulers sharing one record play two windows).
 */
export interface SchedulerDeps {
  readonly prompts: Pick<Prompts, 'info'>;
  readonly records: Pick<ReportRecords, 'offered' | 'setOffered'>;
  readonly log: Pick<vscode.LogOutputChannel, 'warn'>;
  /** "Now" in wall-clock minutes (the controller's injectable clock). */
  now(): number;
  /** Fires when the minute changes (the clock's own timer: no extra polling). */
  readonly onDidTick: vscode.Event<unknown>;
  /** Fires when the team (or its folder) changes. */
  readonly onDidChangeTeam: vscode.Event<unknown>;
  /** The loaded team's key (its folder URI) and display name; `undefined` when none is loaded. */
  team(): { readonly key: string; readonly name: string } | undefined;
  schedule(kind: ReportKind): ReportSchedule;
  open(kind: ReportKind): Promise<unknown>;
  /** The setting that schedules the report ("cortex.dailyBriefingTime"). */
  settingName(kind: ReportKind): string;
  /** Turns the report's schedule off (the setting set to empty). */
  turnOff(kind: ReportKind): Promise<void>;
  /** Unique to this window: whose claim on today's offer is in the record. */
  readonly windowId: string;
  /** How long to wait after claiming before offering, for other windows' claims to arrive. */
  readonly claimDelayMs: number;
}

const TITLES: Readonly<Record<ReportKind, string>> = { briefing: 'Daily Briefing', review: 'Daily Review' };

/**
 * Offers the Daily Briefing and the Daily Review at their times, once a day per team,
 * however many windows are open: checks when the minute changes and when a team
 * loads. To offer, a window writes its claim for today into the shared record, waits
 * for other windows' claims to arrive, and offers only when its own claim is the one
 * that stayed (the last writer wins, so exactly one window does).
 */
export class ReportScheduler extends DisposableBase {
  private readonly pending = new Set<string>();
  private readonly reported = new Set<string>();

  constructor(private readonly deps: SchedulerDeps) {
    super();
    this.register(deps.onDidTick(() => void this.check()));
    this.register(deps.onDidChangeTeam(() => void this.check()));
  }

  /** Looks whether a report is due now; resolves when any offer it made was answered or dismissed. */
  async check(): Promise<void> {
    const team = this.deps.team();
    if (!team) return;
    await Promise.all((['briefing', 'review'] as const).map((kind) => this.checkOne(kind, team)));
  }

  private async checkOne(kind: ReportKind, team: { key: string; name: string }): Promise<void> {
    const schedule = this.deps.schedule(kind);
    if (schedule.problem && !this.reported.has(schedule.problem)) {
      this.reported.add(schedule.problem);
      this.deps.log.warn(schedule.problem);
    }
    const id = `${kind} ${team.key}`;
    if (this.pending.has(id)) return;
    const now = this.deps.now();
    if (!isOfferDue(now, schedule, this.deps.records.offered(kind, team.key))) return;
    this.pending.add(id);
    try {
      const claim = offerRecord(now, `${this.deps.windowId}/${Math.random().toString(36).slice(2, 10)}`);
      await this.deps.records.setOffered(kind, team.key, claim);
      await new Promise((resolve) => setTimeout(resolve, this.deps.claimDelayMs));
      if (this.isDisposed) return;
      const after = this.deps.records.offered(kind, team.key);
      if (after?.by !== claim.by) return; // another window offers it
      await this.offer(kind, team.name, schedule);
    } finally {
      this.pending.delete(id);
    }
  }

  private async offer(kind: ReportKind, teamName: string, schedule: ReportSchedule): Promise<void> {
    const open = `Open ${TITLES[kind]}`;
    const off = 'Turn Off';
    const from = schedule.source === 'setting' ? this.deps.settingName(kind) : '~/.cortex/config.yaml';
    const choice = await this.deps.prompts.info(`Cortex: time for the ${TITLES[kind]} of ${teamName} (${schedule.time}, set in ${from}).`, open, off);
    if (choice === open) await this.deps.open(kind);
    else if (choice === off) {
      await this.deps.turnOff(kind);
      await this.deps.prompts.info(`Cortex: the ${TITLES[kind]} is no longer offered. Set ${this.deps.settingName(kind)} to a time (HH:MM) to offer it again.`);
    }
  }
}
