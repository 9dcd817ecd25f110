import { LoadedEvents } from '../core/worklog/events';
import { table } from './status';

/** `cortex-team events` without --json: one line per entry, as people read it. */
export function eventsTable(loaded: LoadedEvents): string {
  if (!loaded.worklog) return 'No WORKLOG.md in the team folder.\n';
  const out: string[] = [];
  const session = loaded.charter ? `session ${loaded.sessionId ?? '(no id in ' + loaded.charter + ')'}` : 'no session charter';
  out.push(`${loaded.events.length} ${loaded.events.length === 1 ? 'entry' : 'entries'} in WORKLOG.md (${loaded.worklog.order}), ${session}`);
  if (loaded.events.length > 0) {
    out.push('');
    const rows = [['TIME', 'ACTOR', 'TYPE', 'SUBJECT']];
    for (const e of loaded.events) rows.push([e.timestamp, e.actor, e.event_type, e.subject.length > 70 ? e.subject.slice(0, 69) + '…' : e.subject]);
    out.push(table(rows));
  }
  return out.join('\n') + '\n';
}
