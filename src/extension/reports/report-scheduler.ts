import type * as vscode from 'vscode';
import { ReportKind, ReportSchedule, chooseOffer, isOfferDue, offerRecord } from '../../core/reports/schedule';
import { DisposableBase } from '../../base/disposable';
import type { Prompts } from '../ui/prompts';
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
const OPEN: Readonly<Record<ReportKind, string>> = { briefing: 'Open Daily Briefing', review: 'Open Daily Review' };
const TURN_OFF = 'Turn Off';

/**
 * Offers the Daily Briefing and the Daily Review at their times, once a day per team,
 * however many windows are open: checks when the minute changes and when a team
 * loads. To offer, a window writes its claim for today into the shared record, waits
 * for other windows' claims to arrive, and offers only when its own claim is the one
 * that stayed (the last writer wins, so exactly one window does).
 */
export class ReportScheduler extends DisposableBase {
  /** Offers being claimed now ("kind team"): no second claim for one while it lasts. */
  private readonly claiming = new Set<string>();
  /** Checks that have not decided yet (see `settled`). */
  private readonly deciding = new Set<Promise<unknown>>();
  private readonly reported = new Set<string>();

  constructor(private readonly deps: SchedulerDeps) {
    super();
    this.register(deps.onDidTick(() => void this.check()));
    this.register(deps.onDidChangeTeam(() => void this.check()));
  }

  /**
   * Looks whether a report is due now and offers at most one (see `chooseOffer`: a report
   * passed over is recorded as offered today, so no window offers it later that day);
   * resolves when the offer it made was answered or dismissed.
   */
  async check(): Promise<void> {
    const team = this.deps.team();
    if (!team) return;
    const now = this.deps.now();
    const due = (['briefing', 'review'] as const).map((kind) => ({ kind, schedule: this.schedule(kind), last: this.deps.records.offered(kind, team.key) }));
    const { offer, passOver } = chooseOffer(now, due);
    for (const kind of passOver) {
      if (!this.claiming.has(`${kind} ${team.key}`)) await this.deps.records.setOffered(kind, team.key, offerRecord(now, `${this.deps.windowId}/passed-over`));
    }
    if (offer) await this.checkOne(offer, team);
  }

  /** The report's schedule; a setting that is no time of day is named in the log once. */
  private schedule(kind: ReportKind): ReportSchedule {
    const schedule = this.deps.schedule(kind);
    if (schedule.problem && !this.reported.has(schedule.problem)) {
      this.reported.add(schedule.problem);
      this.deps.log.warn(schedule.problem);
    }
    return schedule;
  }

  /**
   * Resolves once every check begun so far (by the clock, a team change or `check()`)
   * has decided: it offered (the notification is shown, perhaps not yet answered) or
   * found nothing due. Lets a test say "nothing was offered" without waiting a while.
   */
  async settled(): Promise<void> {
    while (this.deciding.size > 0) await Promise.allSettled([...this.deciding]);
  }

  private async checkOne(kind: ReportKind, team: { key: string; name: string }): Promise<void> {
    const decision = this.decide(kind, team);
    this.deciding.add(decision);
    let offer: { answer: Promise<string | undefined> } | undefined;
    try {
      offer = await decision;
    } finally {
      this.deciding.delete(decision);
    }
    // The answer is awaited outside the claim: an offer nobody answers (it sits in the
    // notification centre) must not hold up the next day's.
    if (offer) await this.answered(kind, await offer.answer);
  }

  /** Claims and makes the offer when it is due; the offer's answer still to come. */
  private async decide(kind: ReportKind, team: { key: string; name: string }): Promise<{ answer: Promise<string | undefined> } | undefined> {
    const schedule = this.schedule(kind);
    const id = `${kind} ${team.key}`;
    if (this.claiming.has(id)) return undefined;
    const now = this.deps.now();
    if (!isOfferDue(now, schedule, this.deps.records.offered(kind, team.key))) return undefined;
    this.claiming.add(id);
    try {
      const claim = offerRecord(now, `${this.deps.windowId}/${Math.random().toString(36).slice(2, 10)}`);
      await this.deps.records.setOffered(kind, team.key, claim);
      await new Promise((resolve) => setTimeout(resolve, this.deps.claimDelayMs));
      if (this.isDisposed) return undefined;
      const after = this.deps.records.offered(kind, team.key);
      if (after?.by !== claim.by) return undefined; // another window offers it
      const from =
        schedule.source === 'default' ? `the protocol's default; ${this.deps.settingName(kind)} changes it` : `set in ${schedule.source === 'setting' ? this.deps.settingName(kind) : '~/.cortex/config.yaml'}`;
      return { answer: this.deps.prompts.info(`Cortex: time for the ${TITLES[kind]} of ${team.name} (${schedule.time}, ${from}).`, OPEN[kind], TURN_OFF) };
    } finally {
      this.claiming.delete(id);
    }
  }

  private async answered(kind: ReportKind, choice: string | undefined): Promise<void> {
    if (this.isDisposed) return;
    if (choice === OPEN[kind]) await this.deps.open(kind);
    else if (choice === TURN_OFF) {
      await this.deps.turnOff(kind);
      await this.deps.prompts.info(`Cortex: the ${TITLES[kind]} is no longer offered. Set ${this.deps.settingName(kind)} to a time (HH:MM) to offer it again.`);
    }
  }
}
