import { CortexInputError } from '../edit/errors';
import { appendWorklogEntry } from '../worklog/append';
import { ALL_EVENT_TYPES, EventType, isEventType } from '../worklog/event-type';
import { WORKLOG_FILE } from '../worklog/parse';
import { ActionContext, ActionResult, readClock, recordWrite } from './context';
import { teamEvents } from './events';

/**
 * A WORKLOG.md entry (the communications protocol's primary channel): its heading is
 * `<time> — <actor> — <type word>: <subject>`, placed where the file's order puts the
 * newest; a decision also gets a row in the decision index. See `appendWorklogEntry`.
 */
export interface LogInput {
  readonly actor: string;
  readonly type: string;
  readonly subject: string;
  readonly body?: string;
  /** A decision's line in the index (default: the subject). */
  readonly decision?: string;
}

export interface LogData {
  readonly file: string;
  readonly type: EventType;
  readonly heading: string;
  readonly timestamp: string;
  readonly line: number;
  readonly decisionRow: boolean;
}

export function checkEventType(type: string): EventType {
  const t = type.trim();
  if (!isEventType(t)) throw new CortexInputError(`"${type}" is not an event type; use one of ${ALL_EVENT_TYPES.join(', ')}.`);
  return t;
}

export async function logAction(ctx: ActionContext, input: LogInput): Promise<ActionResult<LogData>> {
  const type = checkEventType(input.type);
  if (input.decision !== undefined && type !== 'decision.recorded') {
    throw new CortexInputError(`A decision line goes with the type decision.recorded, not ${type}.`);
  }
  const { at } = readClock(ctx);
  const r = await appendWorklogEntry(ctx.fs, { type, actor: input.actor, subject: input.subject, body: input.body ?? '', at, decision: input.decision }, ctx.edit);
  const note = await recordWrite(ctx, teamEvents.worklogEntry(input.actor, type, input.subject, r), at);
  const row = r.decisionRow ? ' and a row in its decision index' : '';
  return {
    message: `Added "## ${r.heading}" to ${WORKLOG_FILE} (line ${r.line})${row}.${note}`,
    data: { file: WORKLOG_FILE, type, heading: r.heading, timestamp: r.timestamp, line: r.line, decisionRow: r.decisionRow },
  };
}
