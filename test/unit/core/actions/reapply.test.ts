import * as assert from 'assert';
import { ActionContext } from '../../../../src/core/actions/context';
import { claimAction, completeAction, dispatchAction, tickAction } from '../../../../src/core/actions/tasks';
import { logAction } from '../../../../src/core/actions/worklog';
import { sendMessageAction, updateMessageAction } from '../../../../src/core/actions/messages';
import { ACTIVITY_FILE, recordActivity } from '../../../../src/core/actions/activity';
import { MemoryTeamFs } from '../../../../src/core/fs/memory-fs';
import { TeamFs } from '../../../../src/core/fs/team-fs';
import { parseMailbox } from '../../../../src/core/mailbox/parse';
import { parseTaskFile } from '../../../../src/core/parse/tasks';
import { parseWorklog } from '../../../../src/core/worklog/parse';
import { localDateOf } from '../../../../src/base/time';
import { VirtualClock, hooked } from '../edit/fs-hooks';

/**
 * Every agent operation (the MCP tools' and CLI verbs') against an agent that read the
 * file before the operation wrote it and writes its own edit, made on that old text,
 * right after: the operation is put back on the agent's text, the agent's edit stays,
 * and nothing is doubled.
 */
const F = 'agents/ada/tasks.md';
const NOW = '2026-03-28T11:42';
const TICK = '<!-- cortex:last-tick 2026-03-28T10:00 -->';
const QUEUE = `## First
**Status:** ready

Do it.

## Second
**Status:** ready

${TICK}
`;
const WORKLOG = '# Worklog\n\n## 2026-03-28T09:00 — bob — note: started\nHello.\n';
const MAILBOX =
  '# Mailbox\n\n## MSG-0001 — hello\n| Field | Value |\n|---|---|\n| From | bob |\n| To | ada |\n| Sent | 2026-03-27T09:00 |\n| Status | new |\n';

/** The team, and a file system on which `agentEdit` lands on `path` (made from the text before our write) right after our first write of it. */
function team(path: string, agentEdit: (before: string) => string, files: Record<string, string> = {}): { fs: MemoryTeamFs; racing: TeamFs; ctx: ActionContext } {
  const fs = new MemoryTeamFs({ [F]: QUEUE, 'agents/ada/ada.md': '# Ada\n', 'agents/bob/bob.md': '# Bob\n', 'agents/bob/tasks.md': '', ...files });
  let before: string | undefined;
  let landed = false;
  const racing = hooked(fs, {
    readFile: async (args, call) => {
      if (args[0] === path && before === undefined) before = fs.get(path) ?? '';
      return call();
    },
    rename: async (args, call) => {
      await call();
      if (args[1] === path && !landed) {
        landed = true;
        fs.put(path, agentEdit(before ?? ''));
      }
    },
  });
  const ctx: ActionContext = { fs: racing, clock: () => localDateOf(NOW)!, via: 'mcp', edit: { clock: new VirtualClock(), settleMs: 200 } };
  return { fs, racing, ctx };
}

const tasks = (fs: MemoryTeamFs, path = F) => parseTaskFile(fs.get(path)!, path).tasks.map((t) => `${t.title}:${t.status}`);
/** The agent adds a task of its own (before the tick), on the text it read. */
const agentAdds = (title: string) => (before: string) => before.replace(`\n${TICK}`, `\n## ${title}\n**Status:** ready\n\n${TICK}`);

describe('agent operations against a stale whole-file rewrite', () => {
  it('claim: put back on the agent\'s text', async () => {
    const { fs, ctx } = team(F, agentAdds('Agent own'));
    const r = await claimAction(ctx, { agent: 'ada' });
    assert.strictEqual(r.data.task.title, 'First');
    assert.deepStrictEqual(tasks(fs), ['First:in-progress', 'Second:ready', 'Agent own:ready']);
    assert.ok(fs.get(F)!.includes(`**Started:** ${NOW}`));
  });

  it('claim: not put back when the agent claimed another task meanwhile (one at a time), and says so', async () => {
    const { fs, ctx } = team(F, (before) => before.replace('## Second\n**Status:** ready\n', '## Second\n**Status:** in-progress\n**Started:** 2026-03-28T11:41\n'));
    await assert.rejects(claimAction(ctx, { agent: 'ada' }), (e: Error) => e.name === 'CortexUnconfirmedError' && /was written, but .*complete it before claiming another/.test(e.message));
    assert.deepStrictEqual(tasks(fs), ['First:ready', 'Second:in-progress']);
  });

  it('complete: put back, with its summary once', async () => {
    const claimed = QUEUE.replace('## First\n**Status:** ready\n', '## First\n**Status:** in-progress\n**Started:** 2026-03-28T11:00\n');
    const { fs, ctx } = team(F, agentAdds('Agent own'), { [F]: claimed });
    await completeAction(ctx, { agent: 'ada', summary: 'Done it.' });
    assert.deepStrictEqual(tasks(fs), ['First:done', 'Second:ready', 'Agent own:ready']);
    assert.strictEqual(fs.get(F)!.split('### Summary').length, 2);
  });

  it('tick: put back when the stale text has the old tick; held when the agent ticked later itself', async () => {
    const one = team(F, agentAdds('Agent own'));
    await tickAction(one.ctx, { agent: 'ada' });
    assert.deepStrictEqual(tasks(one.fs), ['First:ready', 'Second:ready', 'Agent own:ready']);
    assert.ok(one.fs.get(F)!.endsWith(`<!-- cortex:last-tick ${NOW} -->\n`));

    const later = '<!-- cortex:last-tick 2026-03-28T11:50 -->';
    const two = team(F, (before) => before.replace(TICK, later));
    await tickAction(two.ctx, { agent: 'ada' });
    assert.ok(two.fs.get(F)!.endsWith(`${later}\n`), 'the agent\'s later tick stays');
  });

  it('dispatch: put back once, with its id', async () => {
    const { fs, ctx } = team(F, agentAdds('Agent own'));
    await dispatchAction(ctx, { agent: 'ada', title: 'Ours', actor: 'chief' });
    assert.deepStrictEqual(tasks(fs), ['First:ready', 'Second:ready', 'Agent own:ready', 'Ours:ready']);
  });

  it('worklog entry: put back once, the agent\'s entry kept', async () => {
    const agentEntry = (before: string) => before.replace('## 2026-03-28T09:00', '## 2026-03-28T11:41 — bob — note: mine\nMine.\n\n## 2026-03-28T09:00');
    const { fs, ctx } = team('WORKLOG.md', agentEntry, { 'WORKLOG.md': WORKLOG });
    await logAction(ctx, { actor: 'ada', type: 'note.posted', subject: 'ours', body: 'Ours.' });
    const headings = parseWorklog(fs.get('WORKLOG.md')!).entries.map((e) => e.heading);
    assert.deepStrictEqual(headings, [`${NOW} — ada — ours`, '2026-03-28T11:41 — bob — note: mine', '2026-03-28T09:00 — bob — note: started']);
  });

  it('message: put back under the next free number when the agent took ours', async () => {
    const agentMessage = (before: string) =>
      before.replace('## MSG-0001', '## MSG-0002 — theirs\n| Field | Value |\n|---|---|\n| From | bob |\n| To | chief |\n| Sent | 2026-03-28T11:41 |\n| Status | new |\n\n## MSG-0001');
    const { fs, ctx } = team('MAILBOX.md', agentMessage, { 'MAILBOX.md': MAILBOX });
    const r = await sendMessageAction(ctx, { from: 'ada', to: 'bob', subject: 'ours' });
    const messages = parseMailbox(fs.get('MAILBOX.md')!).messages.map((m) => `${m.id} ${m.subject}`).sort();
    assert.deepStrictEqual(messages, ['MSG-0001 hello', 'MSG-0002 theirs', 'MSG-0003 ours']);
    assert.strictEqual(r.data.id, 'MSG-0003');
  });

  it('message status: put back when the stale text has the old status; held when the agent moved it further', async () => {
    const agentSubject = (before: string) => before.replace('— hello', '— hello again');
    const one = team('MAILBOX.md', agentSubject, { 'MAILBOX.md': MAILBOX });
    await updateMessageAction(one.ctx, { id: 'MSG-0001', status: 'acknowledged', actor: 'ada' });
    const [m] = parseMailbox(one.fs.get('MAILBOX.md')!).messages;
    assert.deepStrictEqual([m.subject, m.status], ['hello again', 'acknowledged']);

    const further = (before: string) => before.replace('| Status | new |', '| Status | actioned |');
    const two = team('MAILBOX.md', further, { 'MAILBOX.md': MAILBOX });
    await updateMessageAction(two.ctx, { id: 'MSG-0001', status: 'acknowledged', actor: 'ada' });
    assert.strictEqual(parseMailbox(two.fs.get('MAILBOX.md')!).messages[0].status, 'actioned');
  });

  it('activity event: put back once', async () => {
    const { fs, racing } = team(ACTIVITY_FILE, (before) => before, { [ACTIVITY_FILE]: '{"event_id":"act-old"}\n' });
    const e = await recordActivity(racing, { type: 'note.posted', actor: 'ada', subject: 'x', file: 'WORKLOG.md' }, localDateOf(NOW)!, 'mcp', { clock: new VirtualClock() });
    const lines = fs.get(ACTIVITY_FILE)!.trim().split('\n');
    assert.deepStrictEqual([lines.length, lines.filter((l) => l.includes(e.event_id)).length], [2, 1]);
  });
});
