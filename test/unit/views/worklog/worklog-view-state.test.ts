import * as assert from 'assert';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { readFileSync } from 'fs';
import * as path from 'path';
import { parseWorklog } from '../../../../src/core/worklog/parse';
import { checkWorklogHostMessage } from '../../../../src/views/worklog/common/messages';
import { buildWorklogViewState } from '../../../../src/views/worklog/worklog-view-state';

const ROOT = path.resolve(__dirname, '../../../../..');
const example = (file: string) => readFileSync(path.join(ROOT, 'examples/team', file), 'utf8');

/** What the panel counts as "could not be read as the format says". */
describe('worklog view state: unreadable parts', () => {
  const message = (id: string, to: string) => `## ${id} — subject\n| Field | Value |\n|---|---|\n| From | ada |\n| To | ${to} |\n| Sent | 2026-03-27T09:05 |\n| Status | new |\n\nBody.\n\n`;
  const view = (text: string) => buildWorklogViewState({ hasTeam: true, trusted: true, worklog: null, mailbox: parseMailbox(text), now: 0 }).mailbox;

  it('an Inbox snapshot an agent left stale is a note (in Problems), not an unreadable part', () => {
    const stale = `# Mailbox\n\n## Inbox\n| To | New | Open |\n|---|---|---|\n| bob | 1 | 1 |\n\n${message('MSG-0002', 'bob')}${message('MSG-0001', 'bob')}`;
    assert.ok(parseMailbox(stale).diagnostics.some((d) => d.severity === 'info' && /snapshot says 1 new for bob/.test(d.message)));
    assert.equal(view(stale).problems, 0);
    assert.deepEqual(view(stale).inbox, [{ to: 'bob', newCount: 2, openCount: 0 }], 'the Inbox as the messages say');
  });

  it('the Inbox lists a recipient the snapshot does not have yet', () => {
    const text = `# Mailbox\n\n## Inbox\n| To | New | Open |\n|---|---|---|\n| bob | 1 | 0 |\n\n${message('MSG-0002', 'carol')}${message('MSG-0001', 'bob')}`;
    assert.deepEqual(view(text).inbox, [
      { to: 'bob', newCount: 1, openCount: 0 },
      { to: 'carol', newCount: 1, openCount: 0 },
    ]);
  });

  it('a message without its table is counted', () => {
    assert.equal(view(`# Mailbox\n\n## MSG-0001 — no table\n\nJust text.\n`).problems > 0, true);
  });
});

describe('worklog view state: the page accepts it', () => {
  it('a state built from the example team passes the page\'s full check of every field (and a stray field does not)', () => {
    const state = buildWorklogViewState({
      hasTeam: true,
      team: { name: 'team', path: '/t' },
      trusted: true,
      worklog: parseWorklog(example('WORKLOG.md')),
      mailbox: parseMailbox(example('MAILBOX.md')),
      now: 0,
      charter: { file: '001-charter.md', text: '# Charter\n' },
    });
    assert.ok(state.worklog.entries.length > 0 && state.mailbox.messages.length > 0);
    assert.deepEqual(checkWorklogHostMessage({ type: 'state', version: 1, state }), { ok: true, value: { type: 'state', version: 1, state } });
    const stray = { ...state, mailbox: { ...state.mailbox, messages: [{ ...state.mailbox.messages[0], extra: 1 }] } };
    assert.equal(checkWorklogHostMessage({ type: 'state', version: 1, state: stray }).ok, false);
  });
});
