import { Splice, separatorBefore } from '../ops/shared';
import { columnIndex, escapeCell, formatRow } from '../parse/md-table';
import { Eol, bomLength } from '../text/text';
import { blankLineIfFollowed, breakIfUnterminated } from '../worklog/layout-edit';
import { MailboxLayout, MailboxMessage, inboxCounts } from './parse';

/**
 * Keeps the inbox snapshot's counts right after a change: for each recipient touched,
 * only the New and Open cells that are wrong are rewritten; a recipient with no row
 * gets one at the end of the table. With `create`, a mailbox with no `## Inbox` gets
 * one under its title.
 */
export function inboxSplices(layout: MailboxLayout, messages: readonly MailboxMessage[], recipients: readonly string[], eol: Eol, create: boolean): Splice[] {
  const { text, lines } = layout;
  const splices: Splice[] = [];
  const wanted = [...new Set(recipients.map((r) => r.trim()).filter((r) => r !== ''))];
  if (wanted.length === 0) return splices;
  const table = layout.inbox?.table ?? null;
  if (table) {
    const ti = columnIndex(table.header, 'to', 'agent', 'recipient');
    const ni = columnIndex(table.header, 'new');
    const oi = columnIndex(table.header, 'open');
    if (ti < 0) return splices;
    const added: string[][] = [];
    for (const to of wanted) {
      const c = inboxCounts(messages, to);
      const row = table.rows.find((r) => (r.cells[ti]?.text ?? '').toLowerCase() === to.toLowerCase());
      if (row) {
        for (const [i, value] of [[ni, c.newCount], [oi, c.openCount]] as const) {
          const cell = i >= 0 ? row.cells[i] : undefined;
          if (cell && cell.text !== String(value)) splices.push({ at: cell.start, remove: cell.end - cell.start, insert: String(value) });
        }
      } else {
        added.push(table.header.map((_, i) => (i === ti ? to : i === ni ? String(c.newCount) : i === oi ? String(c.openCount) : '')));
      }
    }
    if (added.length > 0) {
      const last = lines[table.endLine - 1];
      splices.push({ at: last.next, insert: breakIfUnterminated(text, last.next, eol) + added.map((r) => formatRow(r) + eol).join('') });
    }
    return splices;
  }
  const rows = wanted.map((to) => {
    const c = inboxCounts(messages, to);
    return formatRow([escapeCell(to), String(c.newCount), String(c.openCount)]);
  });
  const tableText = ['| To | New | Open |', '|---|---|---|', ...rows].join(eol) + eol;
  if (layout.inbox) {
    const at = lines[layout.inbox.heading].next;
    return [{ at, insert: breakIfUnterminated(text, at, eol) + tableText }];
  }
  if (!create) return splices;
  const block = `## Inbox${eol}${tableText}`;
  if (layout.title !== null) {
    const at = lines[layout.title].next;
    return [{ at, insert: breakIfUnterminated(text, at, eol) + separatorBefore(text, at, eol) + block + blankLineIfFollowed(text, at, eol) }];
  }
  const at = bomLength(text);
  return [{ at, insert: block + blankLineIfFollowed(text, at, eol) }];
}
