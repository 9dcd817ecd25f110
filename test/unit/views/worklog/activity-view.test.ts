// The Activity tab's state, built from feed text the core writes (appendActivityText),
// with a line an agent broke in the middle.
import * as assert from 'node:assert/strict';
import { ActivityRecord, activityEvent, appendActivityText, parseActivity } from '../../../../src/core/actions/activity';
import { buildActivityView } from '../../../../src/views/worklog/activity-view';
import { ACTIVITY_SHOWN } from '../../../../src/views/worklog/common/messages';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 28, 9, minute));

function feed(records: ReadonlyArray<[ActivityRecord, 'mcp' | 'cli']>): string {
  return records.reduce((text, [r, via], i) => appendActivityText(text, activityEvent(r, at(i), via, null)), '');
}

describe('Activity view state (.cortex/activity.jsonl)', () => {
  it('no feed: nothing, and it says the file does not exist', () => {
    assert.deepEqual(buildActivityView(null), { exists: false, events: [], total: 0, problems: 0 });
  });

  it('newest first, with who, what, through which door, the file, and the one line of detail', () => {
    const text = feed([
      [{ type: 'task.claimed', actor: 'billing-dev', subject: 'Credit notes', file: 'agents/billing-dev/tasks.md', details: { agent: 'billing-dev' } }, 'mcp'],
      [{ type: 'message.sent', actor: 'billing-dev', subject: 'Schema question', file: 'MAILBOX.md', details: { id: 'MSG-007', to: 'team-lead' } }, 'cli'],
      [{ type: 'decision.recorded', actor: 'team-lead', subject: 'decision: integer cents', file: 'WORKLOG.md', details: { line: 12 } }, 'mcp'],
      [{ type: 'task.dispatched', actor: 'team-lead', subject: 'Refunds', file: 'agents/billing-dev/tasks.md', details: { agent: 'billing-dev' } }, 'mcp'],
      [{ type: 'task.completed', actor: 'billing-dev', subject: 'Credit notes', file: 'agents/billing-dev/tasks.md', details: { summary: ' Added credit notes. ' } }, 'mcp'],
    ]);
    const v = buildActivityView(parseActivity(text));
    assert.equal(v.exists, true);
    assert.equal(v.total, 5);
    assert.equal(v.problems, 0);
    assert.deepEqual(
      v.events.map((e) => [e.type, e.actor, e.subject, e.via, e.file, e.detail, e.timestamp]),
      [
        ['task.completed', 'billing-dev', 'Credit notes', 'mcp', 'agents/billing-dev/tasks.md', 'Added credit notes.', '2026-03-28T09:04:00.000Z'],
        ['task.dispatched', 'team-lead', 'Refunds', 'mcp', 'agents/billing-dev/tasks.md', 'to billing-dev', '2026-03-28T09:03:00.000Z'],
        ['decision.recorded', 'team-lead', 'integer cents', 'mcp', 'WORKLOG.md', '', '2026-03-28T09:02:00.000Z'],
        ['message.sent', 'billing-dev', 'Schema question', 'cli', 'MAILBOX.md', 'MSG-007 to team-lead', '2026-03-28T09:01:00.000Z'],
        ['task.claimed', 'billing-dev', 'Credit notes', 'mcp', 'agents/billing-dev/tasks.md', '', '2026-03-28T09:00:00.000Z'],
      ],
    );
    assert.ok(v.events.every((e) => /^act-[0-9a-z]{9}-[0-9a-f]{8}$/.test(e.id)));
  });

  it(`a long feed: the newest ${ACTIVITY_SHOWN} only, and the total`, () => {
    const records: Array<[ActivityRecord, 'mcp']> = [];
    for (let i = 0; i < ACTIVITY_SHOWN + 25; i++) records.push([{ type: 'agent.ticked', actor: 'billing-dev', subject: `tick ${i}`, file: 'agents/billing-dev/tasks.md' }, 'mcp']);
    const v = buildActivityView(parseActivity(feed(records)));
    assert.equal(v.total, ACTIVITY_SHOWN + 25);
    assert.equal(v.events.length, ACTIVITY_SHOWN);
    assert.equal(v.events[0].subject, `tick ${ACTIVITY_SHOWN + 24}`);
    assert.equal(v.events.at(-1)!.subject, 'tick 25');
  });

  it('a line cut short or not an event is counted as a problem; the other lines are shown', () => {
    const good = feed([[{ type: 'agent.ticked', actor: 'billing-dev', subject: 'last tick', file: 'agents/billing-dev/tasks.md' }, 'cli']]);
    const v = buildActivityView(parseActivity(`${good}{"event_id": "act-1", "event_ty\n{"hello": 1}\n`));
    assert.equal(v.total, 1);
    assert.equal(v.problems, 2);
    assert.equal(v.events[0].via, 'cli');
  });
});
