import * as assert from 'assert';
import { inferEventType, subjectWithoutType } from '../../../../src/core/worklog/event-type';

describe('event types', () => {
  const cases: Array<[string, string, string]> = [
    ['handoff: x', '', 'handoff.posted'],
    ['Hand-off - x', '', 'handoff.posted'],
    ['claimed: x', '', 'task.claimed'],
    ['Completed: x', '', 'task.completed'],
    ['proposal: x', '', 'proposal.created'],
    ['Proposal amended: x', '', 'proposal.amended'],
    ['Counter-recommendation: x', '', 'objection.raised'],
    ['objection: x', '', 'objection.raised'],
    ['Decision: x', '', 'decision.recorded'],
    ['escalation: x', '', 'escalation.requested'],
    ['morning briefing', '', 'note.posted'],
    ['notes: handoff later', '', 'note.posted'],
    ['invoice numbering', '**Decision:** numbers at finalisation', 'decision.recorded'],
    ['list view', '\n**Handoff:** to dashboard-dev', 'handoff.posted'],
  ];
  for (const [subject, body, type] of cases) {
    it(`"${subject}" ${body ? `with "${body.trim()}" ` : ''}→ ${type}`, () => assert.strictEqual(inferEventType(subject, body), type));
  }
  it('drops the type word for display', () => {
    assert.strictEqual(subjectWithoutType('handoff: draft invoices'), 'draft invoices');
    assert.strictEqual(subjectWithoutType('notes: x'), 'notes: x');
  });
});
