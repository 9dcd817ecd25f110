// The scheduler that offers the Daily Briefing and Review, without the editor: a fixed
// clock, a record shared by two schedulers (two windows on one team), prompts that
// answer at once.
import * as assert from 'node:assert/strict';
import { OfferRecord, ReportKind, ReportSchedule, resolveSchedule } from '../../../../src/core/reports/schedule';
import { parseStamp } from '../../../../src/base/time';
import { ReportScheduler, SchedulerDeps } from '../../../../src/extension/reports/report-scheduler';

type Listener = (value: unknown) => void;

class Emitter {
  private readonly listeners: Listener[] = [];
  readonly event = (listener: Listener) => {
    this.listeners.push(listener);
    return { dispose: () => this.listeners.splice(this.listeners.indexOf(listener), 1) };
  };
  fire(): void {
    for (const l of [...this.listeners]) l(undefined);
  }
}

/** The global state every window shares. */
class SharedRecords {
  readonly map = new Map<string, OfferRecord>();
  offered(kind: ReportKind, team: string): OfferRecord | undefined {
    return this.map.get(`${kind} ${team}`);
  }
  async setOffered(kind: ReportKind, team: string, record: OfferRecord): Promise<void> {
    this.map.set(`${kind} ${team}`, record);
  }
}

interface Window {
  readonly scheduler: ReportScheduler;
  readonly tick: Emitter;
  readonly offers: string[];
  readonly opened: ReportKind[];
  readonly warnings: string[];
  readonly turnedOff: ReportKind[];
}

function openWindow(
  id: string,
  records: SharedRecords,
  clock: { now: number },
  /** `answer`: the button to choose (`'never'`: the offer is never answered, as one left in the notification centre). */
  options: { answer?: string; schedules?: Partial<Record<ReportKind, ReportSchedule>>; loaded?: boolean } = {},
): Window {
  const tick = new Emitter();
  const w = { tick, offers: [] as string[], opened: [] as ReportKind[], warnings: [] as string[], turnedOff: [] as ReportKind[] };
  const deps: SchedulerDeps = {
    prompts: {
      info: (message: string, ...items: string[]) => {
        w.offers.push(message);
        if (options.answer === 'never') return new Promise<string | undefined>(() => undefined);
        return Promise.resolve(options.answer === undefined ? undefined : items.find((i) => i.startsWith(options.answer!)));
      },
    },
    records,
    log: { warn: (message: string) => void w.warnings.push(message) },
    now: () => clock.now,
    onDidTick: tick.event,
    onDidChangeTeam: new Emitter().event,
    team: () => (options.loaded === false ? undefined : { key: 'file:///team', name: 'team' }),
    schedule: (kind) => options.schedules?.[kind] ?? resolveSchedule(undefined, undefined, kind),
    open: async (kind) => void w.opened.push(kind),
    settingName: (kind) => `cortex.${kind}Time`,
    turnOff: async (kind) => void w.turnedOff.push(kind),
    windowId: id,
    claimDelayMs: 5,
  };
  return { ...w, scheduler: new ReportScheduler(deps) };
}

const at = (stamp: string) => parseStamp(stamp)!;
const NINE = resolveSchedule('09:00', undefined, 'cortex.dailyBriefingTime');

describe('Reports: the scheduler', () => {
  it('two windows on one team: the briefing is offered once, by one of them', async () => {
    const records = new SharedRecords();
    const clock = { now: at('2026-03-28T09:00') };
    const a = openWindow('a', records, clock, { schedules: { briefing: NINE } });
    const b = openWindow('b', records, clock, { schedules: { briefing: NINE } });
    await Promise.all([a.scheduler.check(), b.scheduler.check()]);
    assert.equal(a.offers.length + b.offers.length, 1, [...a.offers, ...b.offers].join(' / '));
    assert.match([...a.offers, ...b.offers][0], /^Cortex: time for the Daily Briefing of team \(09:00, set in cortex\.briefingTime\)\.$/);
    clock.now = at('2026-03-28T12:00');
    await Promise.all([a.scheduler.check(), b.scheduler.check()]);
    assert.equal(a.offers.length + b.offers.length, 1, 'not again that day');
  });

  it('checks when the minute changes, and opens the report when asked', async () => {
    const records = new SharedRecords();
    const clock = { now: at('2026-03-28T08:59') };
    const w = openWindow('a', records, clock, { answer: 'Open', schedules: { review: resolveSchedule(undefined, '18:00', 'r') } });
    w.tick.fire();
    await w.scheduler.settled();
    assert.deepEqual(w.offers, []);
    clock.now = at('2026-03-28T18:00');
    w.tick.fire();
    await w.scheduler.settled();
    assert.equal(w.offers.length, 1);
    assert.match(w.offers[0], /Daily Review of team \(18:00, set in ~\/\.cortex\/config\.yaml\)/);
    await w.scheduler.check(); // resolves once the answer was handled
    assert.deepEqual(w.opened, ['review']);
  });

  it('nothing configured: the protocol\'s 18:00 review is offered, and says where the time came from', async () => {
    const records = new SharedRecords();
    const clock = { now: at('2026-03-28T17:59') };
    const w = openWindow('a', records, clock, { schedules: { review: resolveSchedule(undefined, undefined, 'cortex.dailyReviewTime', '18:00') } });
    await w.scheduler.check();
    assert.deepEqual(w.offers, []);
    clock.now = at('2026-03-28T18:00');
    await w.scheduler.check();
    assert.deepEqual(w.offers, ["Cortex: time for the Daily Review of team (18:00, the protocol's default; cortex.reviewTime changes it)."]);
  });

  it('an offer nobody answers does not hold up the next day\'s', async () => {
    const records = new SharedRecords();
    const clock = { now: at('2026-03-28T09:00') };
    const w = openWindow('a', records, clock, { answer: 'never', schedules: { briefing: NINE } });
    w.tick.fire();
    await w.scheduler.settled();
    assert.equal(w.offers.length, 1, 'offered on the first day (and left in the notification centre)');
    clock.now = at('2026-03-29T09:00');
    w.tick.fire();
    await w.scheduler.settled();
    assert.equal(w.offers.length, 2, 'offered again the next day');
    assert.equal(records.offered('briefing', 'file:///team')?.date, '2026-03-29');
  });

  it('"Turn Off" turns the schedule off and says how to turn it on again', async () => {
    const w = openWindow('a', new SharedRecords(), { now: at('2026-03-28T10:00') }, { answer: 'Turn Off', schedules: { briefing: NINE } });
    await w.scheduler.check();
    assert.deepEqual(w.turnedOff, ['briefing']);
    assert.match(w.offers[1], /no longer offered\. Set cortex\.briefingTime to a time/);
  });

  it('offers nothing while no team is loaded, or when nothing is scheduled', async () => {
    const records = new SharedRecords();
    const clock = { now: at('2026-03-28T23:00') };
    const none = openWindow('a', records, clock, { loaded: false, schedules: { briefing: NINE } });
    const off = openWindow('b', records, clock);
    await Promise.all([none.scheduler.check(), off.scheduler.check()]);
    assert.deepEqual([...none.offers, ...off.offers], []);
    assert.equal(records.map.size, 0, 'nothing recorded either');
  });

  it('names an invalid setting in the log once, and uses the config file\'s time', async () => {
    const bad = resolveSchedule('9am', '09:30', 'cortex.dailyBriefingTime');
    const clock = { now: at('2026-03-28T09:10') };
    const w = openWindow('a', new SharedRecords(), clock, { schedules: { briefing: bad } });
    await w.scheduler.check();
    await w.scheduler.check();
    assert.deepEqual(w.warnings, ['cortex.dailyBriefingTime should be a time of day HH:MM (or empty or "off" for off), not "9am"; ignoring it.']);
    assert.deepEqual(w.offers, [], 'not before 09:30');
    clock.now = at('2026-03-28T09:30');
    await w.scheduler.check();
    assert.equal(w.offers.length, 1);
  });
});

describe('Reports: at most one daily toast', () => {
  const SIX = resolveSchedule('18:00', undefined, 'cortex.dailyReviewTime');

  it('a first window opened after both times offers only the review, and the briefing is not offered later that day', async () => {
    const records = new SharedRecords();
    const clock = { now: at('2026-03-28T19:00') };
    const a = openWindow('a', records, clock, { schedules: { briefing: NINE, review: SIX } });
    await a.scheduler.check();
    assert.equal(a.offers.length, 1, a.offers.join(' / '));
    assert.match(a.offers[0], /Daily Review/);
    const b = openWindow('b', records, clock, { schedules: { briefing: NINE, review: SIX } });
    clock.now = at('2026-03-28T20:00');
    await Promise.all([a.scheduler.check(), b.scheduler.check()]);
    assert.equal(a.offers.length + b.offers.length, 1, 'nothing more that day');
    clock.now = at('2026-03-29T09:00');
    await a.scheduler.check();
    assert.match(a.offers[1], /Daily Briefing/, 'the next day the briefing is offered at its time');
  });

  it('none for a report whose time has not come today', async () => {
    const records = new SharedRecords();
    const clock = { now: at('2026-03-28T10:00') };
    const w = openWindow('a', records, clock, { schedules: { briefing: NINE, review: SIX } });
    await w.scheduler.check();
    assert.equal(w.offers.length, 1);
    assert.match(w.offers[0], /Daily Briefing/);
    assert.equal(records.offered('review', 'file:///team'), undefined, 'the review is not passed over before its time');
    clock.now = at('2026-03-28T17:59');
    await w.scheduler.check();
    assert.equal(w.offers.length, 1, 'not before 18:00');
    clock.now = at('2026-03-28T18:00');
    await w.scheduler.check();
    assert.match(w.offers[1], /Daily Review/);
  });
});
