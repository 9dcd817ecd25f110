import { MAILBOX_FILE } from '../mailbox/parse';
import { fullSubject } from '../worklog/append';
import { EventType } from '../worklog/event-type';
import { WORKLOG_FILE } from '../worklog/parse';
import { ActivityRecord } from './activity';

/**
 * The activity events of the team's writes, defined once: the agents' operations (the
 * CLI verbs and the MCP tools) and the dashboard's writes (through its one writer)
 * record the same event for the same change. Each returns the record; the door adds
 * the time, the session and `via`.
 *
 * The communications protocol's own types where it names the event (`task.claimed`,
 * `task.completed`, `escalation.requested`…); moving a card to In progress is a claim on
 * the agent's behalf and to Done a completion, so they carry those types with the person
 * as actor and the agent in `payload.agent`.
 */
export const teamEvents = {
  taskMoved(actor: string, agent: string, file: string, title: string, to: 'in-progress' | 'done', stamp: string, position: number, summary?: string): ActivityRecord {
    return to === 'done'
      ? { type: 'task.completed', actor, subject: title, file, details: { agent, position, completed: stamp, ...(summary ? { summary: summary.trim() } : {}) } }
      : { type: 'task.claimed', actor, subject: title, file, details: { agent, position, started: stamp } };
  },

  taskDispatched(actor: string, agent: string, file: string, title: string, position: number, extra: Readonly<Record<string, unknown>> = {}): ActivityRecord {
    return { type: 'task.dispatched', actor, subject: title, file, details: { agent, position, ...extra } };
  },

  taskReordered(actor: string, agent: string, file: string, title: string, from: number, to: number): ActivityRecord {
    return { type: 'task.reordered', actor, subject: title, file, details: { agent, from, to } };
  },

  /** `agent` is the agent that now has the task (what pickup waits on), `from` the one it left. */
  taskReassigned(actor: string, from: string, agent: string, file: string, title: string, position: number): ActivityRecord {
    return { type: 'task.reassigned', actor, subject: title, file, details: { agent, from, position } };
  },

  /** A person's review of a done task: `accepted`, or `sent back` with the Rework task it added. */
  taskReviewed(actor: string, agent: string, file: string, title: string, verdict: 'accepted' | 'sent back', rework?: string): ActivityRecord {
    return { type: 'task.reviewed', actor, subject: title, file, details: { agent, verdict, ...(rework ? { rework } : {}) } };
  },

  taskEdited(actor: string, agent: string, file: string, title: string, position: number): ActivityRecord {
    return { type: 'task.edited', actor, subject: title, file, details: { agent, position } };
  },

  /** A ready task taken out of the queue into the agent's `cancelled.md`. */
  taskCancelled(actor: string, agent: string, file: string, title: string, archive: string): ActivityRecord {
    return { type: 'task.cancelled', actor, subject: title, file, details: { agent, archive }, links: [{ kind: 'file', target: archive }] };
  },

  /** An in-progress task of an agent that is down, put back to ready. */
  taskUnclaimed(actor: string, agent: string, file: string, title: string, position: number): ActivityRecord {
    return { type: 'task.unclaimed', actor, subject: title, file, details: { agent, position } };
  },

  /** A dashboard action taken back (its own event stays in the feed; this one says it was undone). */
  undone(actor: string, label: string, files: readonly string[]): ActivityRecord | undefined {
    if (files.length === 0) return undefined;
    return { type: 'action.undone', actor, subject: `undid ${label}`, file: files[0], details: { files: [...files] }, links: files.slice(1).map((f) => ({ kind: 'file' as const, target: f })) };
  },

  agentRegistered(actor: string, slug: string, notePath: string, name: string, extra: Readonly<Record<string, unknown>> = {}): ActivityRecord {
    return { type: 'agent.registered', actor, subject: name, file: notePath, details: { agent: slug, ...extra } };
  },

  protocolGenerated(actor: string, agent: string, notePath: string, runtime: string, project: string, written: readonly string[]): ActivityRecord | undefined {
    if (written.length === 0) return undefined;
    return { type: 'protocol.generated', actor, subject: `${runtime} protocol for ${agent}`, file: notePath, details: { agent, runtime, project, files: [...written] } };
  },

  /** `/leave`: the agent's Cortex part taken out of its project folder. */
  /** `madeInactive`: the agent note's `status: active` became `inactive` (the plugin's /leave). */
  protocolRemoved(actor: string, agent: string, notePath: string, project: string, changed: readonly string[], madeInactive = false): ActivityRecord | undefined {
    if (changed.length === 0) return undefined;
    return { type: 'protocol.removed', actor, subject: `Cortex setup removed for ${agent}`, file: notePath, details: { agent, project, files: [...changed], ...(madeInactive ? { status: 'inactive' } : {}) } };
  },

  projectCreated(actor: string, slug: string, path: string, name: string): ActivityRecord {
    return { type: 'project.created', actor, subject: name, file: path, details: { project: slug } };
  },

  teamCreated(actor: string, chief: string | null, files: readonly string[]): ActivityRecord {
    return { type: 'team.created', actor, subject: 'team folder created', file: files[0], details: { chief, files: [...files] } };
  },

  /** A WORKLOG entry keeps its own type (`decision.recorded`, `handoff.posted`…). */
  worklogEntry(actor: string, type: EventType, subject: string, written: { readonly heading: string; readonly line: number; readonly decisionRow: boolean }): ActivityRecord {
    return { type, actor: actor.trim(), subject: fullSubject(type, subject.trim()), file: WORKLOG_FILE, details: { heading: written.heading, line: written.line, decisionRow: written.decisionRow } };
  },

  worklogStatusUpdated(actor: string, rows: number): ActivityRecord {
    return { type: 'worklog.status.updated', actor, subject: `status block: ${rows} row${rows === 1 ? '' : 's'}`, file: WORKLOG_FILE, details: { rows } };
  },

  messageSent(actor: string, to: string, subject: string, written: { readonly id: string; readonly line: number }, extra: Readonly<Record<string, unknown>> = {}): ActivityRecord {
    return {
      type: 'message.sent',
      actor: actor.trim(),
      subject: subject.trim(),
      file: MAILBOX_FILE,
      details: { id: written.id, to: to.trim(), line: written.line, ...extra },
      links: [{ kind: 'message', target: written.id }],
    };
  },

  messageUpdated(actor: string, id: string, from: string, to: string): ActivityRecord {
    return { type: 'message.updated', actor: actor.trim() || 'cortex-team', subject: `${id} ${from || 'no status'} → ${to}`, file: MAILBOX_FILE, details: { id, from, to }, links: [{ kind: 'message', target: id }] };
  },

  /** An overdue message escalated into WORKLOG.md (the protocol's own type). */
  escalated(actor: string, id: string, subject: string, priority: string, entry: { readonly heading: string; readonly line: number } | null): ActivityRecord {
    return {
      type: 'escalation.requested',
      actor: actor.trim(),
      subject: `${id} overdue: ${subject}`,
      file: WORKLOG_FILE,
      details: { id, priority, heading: entry?.heading ?? null, line: entry?.line ?? null },
      links: [{ kind: 'file', target: MAILBOX_FILE }, { kind: 'message', target: id }],
    };
  },

  pruned(actor: string, files: ReadonlyArray<{ readonly path: string; readonly kind: string; readonly items: readonly unknown[] }>): ActivityRecord | undefined {
    if (files.length === 0) return undefined;
    const tasks = files.filter((f) => f.kind === 'tasks').reduce((n, f) => n + f.items.length, 0);
    const logs = files.filter((f) => f.kind !== 'tasks').reduce((n, f) => n + f.items.length, 0);
    return {
      type: 'team.pruned',
      actor,
      subject: `pruned ${tasks} done task${tasks === 1 ? '' : 's'} and ${logs} session log entr${logs === 1 ? 'y' : 'ies'}`,
      file: files[0].path,
      details: { files: files.map((f) => f.path), tasks, logEntries: logs },
      links: files.slice(1).map((f) => ({ kind: 'file' as const, target: f.path })),
    };
  },

  /** A thread started from a template (seed 002); `file` is threads.json (team-relative when in the team folder), `task` the task it scheduled. */
  threadStarted(actor: string, file: string, thread: string, template: string, task: { readonly agent: string; readonly file: string; readonly title: string; readonly id: string | null }): ActivityRecord {
    return {
      type: 'thread.started',
      actor,
      subject: `${thread}: ${template}`,
      file,
      details: { thread, template, agent: task.agent, task: task.title, scheduleTaskId: task.id },
      links: [{ kind: 'file', target: task.file }],
    };
  },

  threadAgentAdded(actor: string, file: string, thread: string, agent: string, previous: string): ActivityRecord {
    return { type: 'thread.agent.added', actor, subject: `${thread}: added ${agent}`, file, details: { thread, agent, previous } };
  },

  threadCancelled(actor: string, file: string, thread: string, previous: string): ActivityRecord {
    return { type: 'thread.cancelled', actor, subject: `${thread}: cancelled`, file, details: { thread, previous } };
  },

  /**
   * A write that had answered (the MCP server answers before its settle window ends)
   * was removed by another program's stale whole-file write and applied again, on
   * that program's text, `times` times.
   */
  writeReapplied(actor: string, file: string, what: string, times: number): ActivityRecord {
    return { type: 'write.reapplied', actor, subject: `${what}: applied again after a stale rewrite of ${file}`, file, details: { what, times } };
  },

  /** A write that had answered is not in its file at the end of its settle window (the message says why). */
  writeUnconfirmed(actor: string, file: string, what: string, message: string): ActivityRecord {
    return { type: 'write.unconfirmed', actor, subject: `${what}: written, but not in ${file} now`, file, details: { what, message } };
  },

  /** Seed 003's agent_cancel, from the dashboard. */
  backgroundCancelled(actor: string, file: string, agent: string, role: string | null): ActivityRecord {
    return { type: 'background.cancelled', actor, subject: `${role ?? 'background agent'} ${agent}: cancelled`, file, details: { agent, role } };
  },
};
