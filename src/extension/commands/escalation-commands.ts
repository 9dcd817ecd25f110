import * as vscode from 'vscode';
import { formatStamp } from '../../base/time';
import { DisposableBase } from '../../base/disposable';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { readTextFile } from '../../core/edit/edit-file';
import { EscalatedMessage, OverdueMessage, escalateOverdue, messagesToEscalate } from '../../core/mailbox/escalate';
import { MAILBOX_FILE, parseMailbox } from '../../core/mailbox/parse';
import { WORKLOG_FILE } from '../../core/worklog/parse';
import { ESCALATE_MESSAGES_COMMAND, OPEN_WORKLOG_COMMAND } from './command-ids';
import { TeamChange, TeamSnapshot } from '../team/live-team';
import { Services } from '../services';
import { errorMessage } from './agent-picks';
import { duration } from '../../base/words';

/**
 * Escalation of overdue P0/P1 messages (seed 001: "expired or unresolved P0 messages
 * escalate to WORKLOG.md"; see core/mailbox/urgency.ts for when one is overdue). The
 * dashboard offers it, a person decides: when MAILBOX.md (or the clock) makes a message
 * due, one notification per message and team folder offers **Escalate** (the same as
 * the Worklog panel's button on the message and "Cortex: Escalate Overdue Messages");
 * the write goes through the one writer and records `escalation.requested`.
 * `cortex-team message escalate` does the same from a terminal or an agent.
 */
export class EscalationCommands extends DisposableBase {
  /** Messages already offered, by team folder and id: each is offered once per window. */
  private readonly offered = new Set<string>();
  private checking: Promise<void> | undefined;
  private again = false;

  constructor(private readonly c: Services) {
    super();
    this.register(vscode.commands.registerCommand(ESCALATE_MESSAGES_COMMAND, (id) => this.escalate(typeof id === 'string' ? id : undefined)));
    this.register(c.team.onDidChange((e) => concernsOffers(e) && this.schedule(e.snapshot)));
  }

  /** Resolves when no check for overdue messages is running (tests). */
  async settled(): Promise<void> {
    while (this.checking) await this.checking;
  }

  /** Escalates `id`, or (without it) every message due, after a confirmation. */
  escalate(id?: string): Promise<EscalatedMessage[] | undefined> {
    return this.guarded(async () => {
      const fs = this.c.store.fs;
      if (!fs) return undefined;
      const due = await this.due();
      let ids: string[];
      if (id !== undefined) {
        ids = [id.trim().toUpperCase()];
      } else {
        if (due.length === 0) {
          await this.c.prompts.info('Cortex: no P0 or P1 message is overdue; nothing to escalate.');
          return [];
        }
        const go = `Escalate ${due.length === 1 ? due[0].message.id : `${due.length} Messages`}`;
        const answer = await this.c.prompts.warn(`Cortex: ${describe(due)} Escalate to ${WORKLOG_FILE}?`, go);
        if (answer !== go) return undefined;
        ids = due.map((d) => d.message.id);
      }
      const event = (done: EscalatedMessage[]) => done.map((d) => teamEvents.escalated(DASHBOARD_ACTOR, d.id, d.subject, d.priority, d.entry));
      const done = await this.c.writer.write({ what: 'escalate overdue messages', paths: [WORKLOG_FILE, MAILBOX_FILE], event }, (teamFs, edit) =>
        escalateOverdue(teamFs, { actor: DASHBOARD_ACTOR, ids, at: this.c.clock.date() }, edit),
      );
      if (!done) return undefined;
      for (const d of done) this.c.log.info(`Escalated ${d.id} (${d.priority} to ${d.to}) to ${WORKLOG_FILE}${d.entry ? `, line ${d.entry.line}` : ' (its entry was there)'}`);
      const open = 'Open Worklog';
      void this.c.prompts.info(`Cortex: escalated ${done.map((d) => d.id).join(', ')} to ${WORKLOG_FILE} (escalation.requested) and marked ${done.length === 1 ? 'it' : 'them'} in ${MAILBOX_FILE}.`, open).then((c) => {
        if (c === open) void vscode.commands.executeCommand(OPEN_WORKLOG_COMMAND);
      });
      return done;
    });
  }

  private schedule(s: TeamSnapshot): void {
    if (this.checking) {
      this.again = true;
      return;
    }
    this.checking = (async () => {
      try {
        let snapshot = s;
        do {
          this.again = false;
          await this.offer(snapshot);
          snapshot = this.c.team.current;
        } while (this.again && !this.isDisposed);
      } catch (e) {
        this.c.log.warn(`Escalation check failed: ${errorMessage(e)}`);
      } finally {
        this.checking = undefined;
      }
    })();
  }

  /** One notification for the messages that became due and were not offered yet. */
  private async offer(s: TeamSnapshot): Promise<void> {
    if (!s.trusted || !s.fs || !s.location) return;
    const key = s.location.uri.toString();
    const fresh = (await this.due(s.now)).filter((d) => !this.offered.has(`${key}#${d.message.id}`));
    if (fresh.length === 0) return;
    for (const d of fresh) this.offered.add(`${key}#${d.message.id}`);
    const escalate = fresh.length === 1 ? 'Escalate' : 'Escalate All';
    const open = 'Open Mailbox';
    void this.c.prompts.warn(`Cortex: ${describe(fresh)} Escalate to ${WORKLOG_FILE}?`, escalate, open).then(async (choice) => {
      if (choice === escalate) for (const d of fresh) await this.escalate(d.message.id);
      else if (choice === open) await vscode.commands.executeCommand(OPEN_WORKLOG_COMMAND, 'mailbox');
    });
  }

  private async due(now = this.c.clock.now()): Promise<OverdueMessage[]> {
    const fs = this.c.store.fs;
    const text = fs ? await readTextFile(fs, MAILBOX_FILE) : undefined;
    return text === undefined ? [] : messagesToEscalate(parseMailbox(text), now);
  }

  private async guarded<T>(run: () => Promise<T | undefined>): Promise<T | undefined> {
    try {
      return (await this.c.writer.whenTrusted('escalate overdue messages', run)) ?? undefined;
    } catch (e) {
      this.c.log.error(`Escalate Overdue Messages failed: ${errorMessage(e)}`);
      await this.c.prompts.error(`Cortex: nothing was escalated. ${errorMessage(e)}`);
      return undefined;
    }
  }
}

/** "MSG-0003 (P0 question to billing-dev) is overdue by 2 h 5 min: no response since 14:05." */
function describe(due: readonly OverdueMessage[]): string {
  const one = (d: OverdueMessage) => `${d.message.id} (${d.urgency.priority}${d.urgency.type ? ` ${d.urgency.type}` : ''} to ${d.message.to || 'nobody'}, "${d.message.subject}")`;
  if (due.length === 1) {
    const d = due[0];
    const since = d.urgency.dueAt === null ? '' : `; a response was due at ${formatStamp(d.urgency.dueAt).replace('T', ' ')}`;
    return `${one(d)} is overdue by ${duration(d.urgency.overdueBy)}: still new${since}.`;
  }
  return `${due.length} messages are overdue with no response: ${due.map(one).join(', ')}.`;
}

/** What can make a message due: MAILBOX.md re-read, another folder, trust, the clock. */
function concernsOffers(e: TeamChange): boolean {
  if (e.reason === 'location' || e.reason === 'trust' || e.reason === 'clock') return true;
  if (e.reason !== 'team' && e.reason !== 'files') return false;
  return !e.paths || e.paths.includes(MAILBOX_FILE);
}
