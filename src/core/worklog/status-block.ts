import { EditOptions, editFile } from '../edit/edit-file';
import { CortexInputError } from '../edit/errors';
import { TeamFs } from '../fs/team-fs';
import { separatorBefore } from '../ops/shared';
import { columnIndex, formatRow } from '../parse/md-table';
import { Eol, bomLength, detectEol } from '../text/text';
import { blankLineIfFollowed, breakIfUnterminated } from './layout-edit';
import { WORKLOG_FILE, WorklogStatus, layoutWorklog, trimmedBlock } from './parse';

/**
 * The pinned status block is the one part of WORKLOG.md that is updated in place, and
 * only by its own command: the table's lines are replaced, nothing else in the file
 * (a note under the heading, the entries) is touched. The caller shows the proposal
 * first and passes the block as it was then: if an agent changed it since, nothing is
 * written.
 */
export interface StatusTable {
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<readonly string[]>;
}

export const DEFAULT_STATUS_COLUMNS = ['Agent', 'State', 'Working on'];

/** What an agent's row says now: its state (from liveness) and, when known, what it works on. */
export interface AgentStatusLine {
  readonly agent: string;
  readonly state: string;
  /** `null`: keep what the row says. */
  readonly workingOn: string | null;
}

/**
 * The table with each agent's state (and work, when given) brought up to date: rows
 * of agents the block already lists keep their place and other cells, rows the team
 * does not know are kept as they are, new agents are added at the end.
 */
export function proposeStatusTable(current: WorklogStatus | null, agents: readonly AgentStatusLine[]): StatusTable {
  const columns = current && current.columns.length > 0 ? [...current.columns] : [...DEFAULT_STATUS_COLUMNS];
  const ai = Math.max(0, columnIndex(columns, 'agent', 'who', 'name'));
  const si = columnIndex(columns, 'state', 'status');
  const wi = columnIndex(columns, 'working on', 'task', 'current task', 'doing', 'focus', 'notes');
  const rows = (current?.rows ?? []).map((r) => [...r.cells]);
  for (const a of agents) {
    let row = rows.find((r) => r[ai]?.trim() === a.agent);
    if (!row) {
      row = columns.map(() => '');
      row[ai] = a.agent;
      rows.push(row);
    }
    if (si >= 0) row[si] = a.state;
    if (wi >= 0 && a.workingOn !== null) row[wi] = a.workingOn;
  }
  return { columns, rows };
}

export function formatStatusTable(table: StatusTable, eol: Eol): string {
  const width = table.columns.length;
  const lines = [formatRow(table.columns), `|${table.columns.map(() => '---').join('|')}|`];
  for (const r of table.rows) lines.push(formatRow(Array.from({ length: width }, (_, i) => r[i] ?? '')));
  return lines.join(eol);
}

/** The status block's content as it is now (`null`: no block), to hand back to `updateStatusBlockText`. */
export function currentStatusBlock(text: string): string | null {
  const l = layoutWorklog(text);
  return l.status ? trimmedBlock(text, l.lines, l.status.heading + 1, l.status.end) : null;
}

/** The text with the status table replaced (or the block created under the title). */
export function updateStatusBlockText(text: string, table: StatusTable, expected: string | null): string {
  if (table.columns.length === 0) throw new CortexInputError('The status table needs at least one column.');
  const l = layoutWorklog(text);
  const now = l.status ? trimmedBlock(text, l.lines, l.status.heading + 1, l.status.end) : null;
  if (now !== expected) {
    throw new CortexInputError('The status block in WORKLOG.md changed since the proposal was made; nothing was written. Look at it again and retry.');
  }
  const eol = detectEol(text);
  const formatted = formatStatusTable(table, eol);
  if (l.status?.table) {
    const t = l.status.table;
    const from = l.lines[t.headerLine].start;
    const to = l.lines[t.endLine - 1].end;
    return text.slice(0, from) + formatted + text.slice(to);
  }
  if (l.status) {
    const at = l.lines[l.status.heading].next;
    return text.slice(0, at) + breakIfUnterminated(text, at, eol) + formatted + eol + text.slice(at);
  }
  const block = `## Status${eol}${formatted}${eol}`;
  if (text.slice(bomLength(text)).trim() === '') return `${text.slice(0, bomLength(text))}# Worklog${eol}${eol}${block}`;
  // Pinned means at the top: under the `# ` title, else before everything.
  const at = l.title !== null ? l.lines[l.title].next : bomLength(text);
  const before = l.title !== null ? breakIfUnterminated(text, at, eol) + separatorBefore(text, at, eol) : '';
  return text.slice(0, at) + before + block + blankLineIfFollowed(text, at, eol) + text.slice(at);
}

export async function updateStatusBlock(fs: TeamFs, table: StatusTable, expected: string | null, opts: EditOptions = {}, path = WORKLOG_FILE): Promise<boolean> {
  const r = await editFile(fs, path, (text) => updateStatusBlockText(text, table, expected), { ...opts, ifMissing: 'create' });
  return r.changed;
}
