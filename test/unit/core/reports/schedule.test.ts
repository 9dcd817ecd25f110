// When the Daily Briefing and Daily Review are offered: the time from the settings or
// ~/.cortex/config.yaml, once per day at or after it, on a fixed clock.
import * as assert from 'node:assert/strict';
import { isOfferDue, offerRecord, parseTimeOfDay, resolveSchedule } from '../../../../src/core/reports/schedule';
import { parseStamp } from '../../../../src/base/time';

const at = (stamp: string) => parseStamp(stamp)!;
const NINE = { minuteOfDay: 9 * 60 };

describe('Reports: schedule', () => {
  it('reads times of day HH:MM (or H:MM) and refuses anything else', () => {
    assert.equal(parseTimeOfDay('09:00'), 540);
    assert.equal(parseTimeOfDay(' 9:05 '), 545);
    assert.equal(parseTimeOfDay('23:59'), 1439);
    assert.equal(parseTimeOfDay('00:00'), 0);
    for (const bad of ['24:00', '9', '9am', '09:60', '09:5', '', '-1:00', '09:00:00']) assert.equal(parseTimeOfDay(bad), null, bad);
  });

  it('settings win over the config file; an empty setting turns the report off', () => {
    assert.deepEqual(resolveSchedule('08:30', '09:00', 's'), { minuteOfDay: 510, source: 'setting', time: '08:30', problem: null });
    assert.deepEqual(resolveSchedule(undefined, '9:00', 's'), { minuteOfDay: 540, source: 'config', time: '09:00', problem: null });
    assert.deepEqual(resolveSchedule('', '09:00', 's'), { minuteOfDay: null, source: 'setting', time: null, problem: null });
    assert.deepEqual(resolveSchedule(' Off ', '09:00', 's'), { minuteOfDay: null, source: 'setting', time: null, problem: null });
    assert.deepEqual(resolveSchedule(undefined, undefined, 's'), { minuteOfDay: null, source: 'none', time: null, problem: null });
    // Nothing set: the protocol's default when the caller gives one; the setting and the file still win, and off stays off.
    assert.deepEqual(resolveSchedule(undefined, undefined, 's', '18:00'), { minuteOfDay: 1080, source: 'default', time: '18:00', problem: null });
    assert.deepEqual(resolveSchedule(undefined, '17:30', 's', '18:00'), { minuteOfDay: 1050, source: 'config', time: '17:30', problem: null });
    assert.deepEqual(resolveSchedule('off', undefined, 's', '18:00'), { minuteOfDay: null, source: 'setting', time: null, problem: null });
    assert.equal(resolveSchedule('9am', undefined, 's', '09:00').source, 'default');
  });

  it('an invalid setting is ignored with a message naming it (the config file still counts)', () => {
    const r = resolveSchedule('9am', '18:00', 'cortex.dailyReviewTime');
    assert.equal(r.minuteOfDay, 18 * 60);
    assert.equal(r.source, 'config');
    assert.equal(r.problem, 'cortex.dailyReviewTime should be a time of day HH:MM (or empty or "off" for off), not "9am"; ignoring it.');
    assert.equal(resolveSchedule(42, undefined, 's').minuteOfDay, null);
    assert.match(resolveSchedule(42, undefined, 's').problem!, /not "42"/);
  });

  it('is not due before the time, due at and after it', () => {
    assert.equal(isOfferDue(at('2026-03-28T08:59'), NINE, undefined), false);
    assert.equal(isOfferDue(at('2026-03-28T09:00'), NINE, undefined), true);
    assert.equal(isOfferDue(at('2026-03-28T17:30'), NINE, undefined), true, 'a window opened later that day still offers it');
  });

  it('is offered once a day: not again the same day, again the next day after the time', () => {
    const shown = offerRecord(at('2026-03-28T09:00'), 'window-a');
    assert.deepEqual(shown, { date: '2026-03-28', by: 'window-a' });
    assert.equal(isOfferDue(at('2026-03-28T09:01'), NINE, shown), false);
    assert.equal(isOfferDue(at('2026-03-28T23:59'), NINE, shown), false);
    assert.equal(isOfferDue(at('2026-03-29T00:00'), NINE, shown), false, 'the day rolled over, but it is not 09:00 yet');
    assert.equal(isOfferDue(at('2026-03-29T09:00'), NINE, shown), true);
  });

  it('a record from an earlier day (the machine was off for days) does not stop today\'s offer', () => {
    assert.equal(isOfferDue(at('2026-04-02T10:00'), NINE, { date: '2026-03-28', by: 'x' }), true);
  });

  it('is never due when not scheduled', () => {
    assert.equal(isOfferDue(at('2026-03-28T12:00'), { minuteOfDay: null }, undefined), false);
  });
});
