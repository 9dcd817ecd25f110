import * as vscode from 'vscode';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { readTextFile } from '../../core/edit/edit-file';
import { CortexInputError } from '../../core/edit/errors';
import { agentLiveness } from '../../core/team/liveness';
import { ComposedMessage, composeMessage } from '../../core/mailbox/compose';
import { MAILBOX_FILE, parseMailbox } from '../../core/mailbox/parse';
import { StatusChanged, setMessageStatus } from '../../core/mailbox/set-status';
import { isFinalStatus, nextStatuses } from '../../core/mailbox/statuses';
import { DEFAULT_PRIORITY, ESCALATING, MESSAGE_TYPES, MESSAGE_TYPE_HINTS, PRIORITIES, PRIORITY_NAMES, responseTimeText } from '../../core/mailbox/urgency';
import { Team } from '../../core/team/model';
import { AppendedEntry, appendWorklogEntry, entryTemplate } from '../../core/worklog/append';
import { EventType, isEventType } from '../../core/worklog/event-type';
import { WORKLOG_FILE, parseWorklog } from '../../core/worklog/parse';
import { currentStatusBlock, proposeStatusTable, updateStatusBlock, updateStatusBlockText } from '../../core/worklog/status-block';
import { Services } from '../services';
import { DisposableBase } from '../../base/disposable';
import { InputFeedback } from '../ui/quick-input';
import { UnsavedChangesError } from '../writes/team-writer';
import { errorMessage, loadedTeam } from './agent-picks';
import { writeFailureMessage } from '../writes/write-failure';
import { DraftRequest, EditorDrafts } from './editor-drafts';

/**
 * The WORKLOG and MAILBOX commands (the Worklog panel's buttons run them too). Every
 * write goes through the writer (Restricted Mode and unsaved editors refuse with the
 * reason; the store re-reads both files); every question through the prompts layer
 * (so tests answer them).
 */
export const WORKLOG_COMMANDS = {
  append: 'cortex.appendWorklogEntry',
  updateStatus: 'cortex.updateWorklogStatus',
  compose: 'cortex.composeMessage',
  setMessageStatus: 'cortex.setMessageStatus',
} as const;

export const MAINTAINER = 'maintainer';

const KINDS: ReadonlyArray<{ type: EventType; label: string; icon: string; detail: string }> = [
  { type: 'handoff.posted', label: 'Handoff', icon: 'arrow-swap', detail: 'Ownership moves to another agent (template: To, Done, Changed files, Next)' },
  { type: 'decision.recorded', label: 'Decision', icon: 'law', detail: 'A decision is final; also adds a row to the decision index' },
  { type: 'task.claimed', label: 'Claimed', icon: 'play', detail: 'Work on a task begins' },
  { type: 'task.completed', label: 'Completed', icon: 'check', detail: 'Work on a task is finished' },
  { type: 'proposal.created', label: 'Proposal', icon: 'lightbulb', detail: 'An approach or design is proposed' },
  { type: 'proposal.amended', label: 'Proposal amended', icon: 'edit', detail: 'A proposal is revised after feedback' },
  { type: 'objection.raised', label: 'Objection', icon: 'comment-discussion', detail: 'A counter-recommendation' },
  { type: 'escalation.requested', label: 'Escalation', icon: 'warning', detail: 'Agents cannot agree; a maintainer must decide' },
  { type: 'note.posted', label: 'Note', icon: 'note', detail: 'Anything else' },
];

const EDITOR_BUTTON = { id: 'editor', icon: 'go-to-file', tooltip: 'Write in Editor: a longer text in a markdown draft' } as const;

type Pick = vscode.QuickPickItem & { value: string };

export class WorklogCommands extends DisposableBase {
  private readonly previews: StatusPreviews;

  /** `drafts`: the editor drafts a longer entry or message is written in. */
  constructor(
    private readonly c: Services,
    private readonly drafts: EditorDrafts,
  ) {
    super();
    this.previews = this.register(new StatusPreviews());
    const reg = (id: string, fn: (...args: unknown[]) => unknown) => this.register(vscode.commands.registerCommand(id, fn));
    reg(WORKLOG_COMMANDS.append, (type) => this.append(typeof type === 'string' && isEventType(type) ? type : undefined));
    reg(WORKLOG_COMMANDS.updateStatus, () => this.updateStatus());
    reg(WORKLOG_COMMANDS.compose, (to) => this.compose(typeof to === 'string' ? to : undefined));
    reg(WORKLOG_COMMANDS.setMessageStatus, (id, status) => this.setStatus(typeof id === 'string' ? id : undefined, typeof status === 'string' ? status : undefined));
  }

  // ---- Append Worklog Entry ----------------------------------------------------------

  append(preset?: EventType): Promise<AppendedEntry | undefined> {
    return this.guarded('Append Worklog Entry', 'append to the worklog', async () => {
      const team = await loadedTeam(this.c);
      if (!team) return undefined;
      const title = 'Cortex: Append Worklog Entry';
      const total = 4;
      let type = preset;
      if (!type) {
        const kinds = KINDS.map((k) => ({ label: `$(${k.icon}) ${k.label}`, detail: k.detail, value: k.type }));
        const picked = await this.c.prompts.pickStep<Pick>({ title, step: 1, totalSteps: total, items: kinds, placeholder: 'What kind of entry' });
        if (picked.kind !== 'accept') return undefined;
        type = picked.value.value as EventType;
      }
      const actor = await this.pickPerson(team, `${title}: who writes it`, 2, total, 'The actor: an agent, or you as the maintainer');
      if (!actor) return undefined;
      const subject = await this.c.prompts.inputStep({
        title,
        step: 3,
        totalSteps: total,
        placeholder: type === 'decision.recorded' ? 'The decision in one line (also its row in the decision index)' : 'Subject, e.g. "draft invoices"',
        prompt: 'One line: the heading reads "<time> — <actor> — <type>: <subject>".',
        check: (v) => oneLine(v, 'a subject'),
      });
      if (subject.kind !== 'accept') return undefined;
      const body = await this.c.prompts.inputStep({
        title,
        step: 4,
        totalSteps: total,
        buttons: [EDITOR_BUTTON],
        placeholder: 'Body (optional; Enter appends; the editor button opens a draft with a template)',
        prompt: 'Changed files, results, reasoning. Enter appends the entry.',
      });
      const kind = type;
      const write = async (text: string) => {
        const event = (w: { heading: string; line: number; decisionRow: boolean }) => teamEvents.worklogEntry(actor, kind, subject.value, w);
        const r = await this.c.writer.write({ what: 'append to the worklog', paths: [WORKLOG_FILE], event }, (fs, edit) =>
          appendWorklogEntry(fs, { type: kind, actor, subject: subject.value.trim(), body: text, at: this.c.clock.date() }, edit),
        );
        if (!r) return undefined;
        void this.c.prompts.info(`Cortex: appended "${r.heading}" to ${WORKLOG_FILE}${r.decisionRow ? ' and a row to its decision index' : ''}.`);
        return r;
      };
      if (body.kind === 'button') {
        const draft = { name: `${subject.value.trim()} (worklog entry)`, purpose: `the worklog entry "${KINDS.find((k) => k.type === kind)?.label ?? kind}: ${subject.value.trim()}"`, action: 'Append Entry' };
        return this.draft({ ...draft, initialText: entryTemplate(type) + body.value }, write);
      }
      return body.kind === 'accept' ? write(body.value) : undefined;
    });
  }

  // ---- Update Worklog Status ---------------------------------------------------------

  updateStatus(): Promise<boolean | undefined> {
    return this.guarded('Update Worklog Status', 'update the worklog status', async () => {
      const team = await loadedTeam(this.c);
      const fs = this.c.store.fs;
      if (!team || !fs) return undefined;
      const text = (await readTextFile(fs, WORKLOG_FILE)) ?? '';
      const expected = currentStatusBlock(text);
      const table = proposeStatusTable(parseWorklog(text).status, this.agentLines(team));
      const after = updateStatusBlockText(text, table, expected);
      if (after === text) {
        await this.c.prompts.info('Cortex: the pinned status block already says what the team files say; nothing to write.');
        return false;
      }
      await this.previews.show(text, after);
      const write = 'Write Status Block';
      const answer = await this.c.prompts.info(`Cortex: update the pinned status block of ${WORKLOG_FILE} as the preview shows (${table.rows.length} rows)? Only the table changes.`, write);
      await this.previews.close();
      if (answer !== write) return undefined;
      const event = (wrote: boolean) => (wrote ? teamEvents.worklogStatusUpdated(DASHBOARD_ACTOR, table.rows.length) : undefined);
      const changed = await this.c.writer.write({ what: 'update the worklog status', paths: [WORKLOG_FILE], event }, (teamFs) => updateStatusBlock(teamFs, table, expected));
      if (changed === undefined) return undefined;
      void this.c.prompts.info(`Cortex: the pinned status block of ${WORKLOG_FILE} is up to date.`);
      return changed;
    });
  }

  /** Each agent's state from liveness, and its in-progress task (else the next ready one) when it has one. */
  private agentLines(team: Team) {
    const now = this.c.clock.now();
    const stale = this.c.settings.current.staleAfterMinutes;
    return team.agents.map((a) => {
      const l = agentLiveness(a, now, stale, this.c.settings.current.heartbeatMinutes);
      const state = l === 'alive' ? 'active' : l === 'down' ? (a.lastTick ? `no tick since ${a.lastTick}` : 'never ticked') : l;
      const working = a.tasks.find((t) => t.status === 'in-progress');
      const next = a.tasks.find((t) => t.status === 'ready');
      return { agent: a.slug, state, workingOn: working ? working.title : next ? `next: ${next.title}` : null };
    });
  }

  // ---- Compose Message / message status ----------------------------------------------

  compose(presetTo?: string): Promise<ComposedMessage | undefined> {
    return this.guarded('Compose Message', 'write to the mailbox', async () => {
      const team = await loadedTeam(this.c);
      if (!team) return undefined;
      const title = 'Cortex: Compose Message';
      const total = 6;
      const from = await this.pickPerson(team, `${title}: from`, 1, total, 'Who sends it');
      if (!from) return undefined;
      const to = presetTo ?? (await this.pickPerson(team, `${title}: to`, 2, total, 'Who it is for'));
      if (!to) return undefined;
      const type = await this.c.prompts.pickStep<Pick>({
        title: `${title}: type`,
        step: 3,
        totalSteps: total,
        items: MESSAGE_TYPES.map((t) => ({ label: t, description: MESSAGE_TYPE_HINTS[t], value: t })),
        placeholder: 'What kind of message',
      });
      if (type.kind !== 'accept') return undefined;
      const priority = await this.c.prompts.pickStep<Pick>({
        title: `${title}: priority`,
        step: 4,
        totalSteps: total,
        // The usual one first, so Enter takes it.
        items: [DEFAULT_PRIORITY, ...PRIORITIES.filter((p) => p !== DEFAULT_PRIORITY)].map((p) => ({
          label: p,
          description: `${PRIORITY_NAMES[p]} · respond within ${responseTimeText(p)}`,
          detail: ESCALATING.includes(p) ? 'Still new after that: overdue, and escalated to WORKLOG.md' : 'Still new after that: marked overdue',
          value: p,
        })),
        placeholder: 'How soon it needs a response',
      });
      if (priority.kind !== 'accept') return undefined;
      const subject = await this.c.prompts.inputStep({ title, step: 5, totalSteps: total, placeholder: 'Subject', prompt: 'One line: "## MSG-NNNN — <subject>".', check: (v) => oneLine(v, 'a subject') });
      if (subject.kind !== 'accept') return undefined;
      const body = await this.c.prompts.inputStep({ title, step: 6, totalSteps: total, buttons: [EDITOR_BUTTON], placeholder: 'The message (Enter sends; the editor button opens a draft)', prompt: 'Decisions and handoffs belong in the worklog; the mailbox is for questions and requests.' });
      const send = async (text: string) => {
        const event = (m: ComposedMessage) => teamEvents.messageSent(from, to, subject.value, m, { type: m.type, priority: m.priority });
        const r = await this.c.writer.write({ what: 'write to the mailbox', paths: [MAILBOX_FILE], event }, (fs, edit) =>
          composeMessage(fs, { from, to, subject: subject.value.trim(), body: text, at: this.c.clock.date(), type: type.value.value, priority: priority.value.value }, edit),
        );
        if (!r) return undefined;
        void this.c.prompts.info(`Cortex: ${r.id} (${r.priority} ${r.type}) to ${to} is in ${MAILBOX_FILE} (status new, respond by ${r.respondBy}).`);
        return r;
      };
      if (body.kind === 'button') {
        const draft = { name: `${subject.value.trim()} (message to ${to})`, purpose: `the message to ${to}`, action: 'Send Message' };
        return this.draft({ ...draft, initialText: body.value }, send);
      }
      return body.kind === 'accept' ? send(body.value) : undefined;
    });
  }

  setStatus(id?: string, status?: string, expected?: string): Promise<StatusChanged | undefined> {
    return this.guarded('Set Message Status', 'change a message status', async () => {
      const fs = this.c.store.fs;
      if (!(await loadedTeam(this.c)) || !fs) return undefined;
      const text = await readTextFile(fs, MAILBOX_FILE);
      if (text === undefined) {
        await this.c.prompts.info(`Cortex: there is no ${MAILBOX_FILE} in the team folder yet; "Cortex: Compose Message" starts one.`);
        return undefined;
      }
      const messages = parseMailbox(text).messages;
      let message = id === undefined ? undefined : messages.find((m) => m.id === id.toUpperCase());
      if (id !== undefined && !message) {
        await this.c.prompts.warn(`Cortex: there is no ${id} in ${MAILBOX_FILE}.`);
        return undefined;
      }
      if (!message) {
        const open = messages.filter((m) => !isFinalStatus(m.status));
        if (open.length === 0) {
          await this.c.prompts.info('Cortex: every message is closed or in a final status.');
          return undefined;
        }
        const picked = await this.c.prompts.pickStep<Pick>({
          title: 'Cortex: Set Message Status',
          step: 1,
          totalSteps: 2,
          items: open.map((m) => ({ label: `${m.id} — ${m.subject}`, description: m.status, detail: `${m.from} → ${m.to}, ${m.sent}`, value: m.id })),
          placeholder: 'The message',
          matchOnDetail: true,
        });
        if (picked.kind !== 'accept') return undefined;
        message = messages.find((m) => m.id === picked.value.value)!;
      }
      let to = status;
      if (to === undefined) {
        const picked = await this.c.prompts.pickStep<Pick>({ title: `Cortex: Set Status of ${message.id}`, step: 2, totalSteps: 2, items: nextStatuses(message.status).map((s) => ({ label: s, value: s })), placeholder: `Now ${message.status || 'without a status'}` });
        if (picked.kind !== 'accept') return undefined;
        to = picked.value.value;
      }
      try {
        const target = to;
        const was = message.status;
        const event = (r: StatusChanged) => (r.from === r.to ? undefined : teamEvents.messageUpdated(DASHBOARD_ACTOR, r.id, r.from, r.to));
        return await this.c.writer.write({ what: 'change a message status', paths: [MAILBOX_FILE], event }, (teamFs, edit) => setMessageStatus(teamFs, { id: message.id, status: target, expected: expected ?? was }, edit));
      } catch (e) {
        await this.c.prompts.error(writeFailureMessage(e, `${message.id} was left as it is.`));
        return undefined;
      }
    });
  }

  // ---- helpers -----------------------------------------------------------------------

  private async pickPerson(team: Team, title: string, step: number, total: number, placeholder: string): Promise<string | undefined> {
    const items: Pick[] = [...team.agents.map((a) => ({ label: a.slug, description: a.name !== a.slug ? a.name : undefined, detail: a.role ?? undefined, value: a.slug })), { label: MAINTAINER, description: 'the person running the team', value: MAINTAINER }];
    const picked = await this.c.prompts.pickStep<Pick>({ title, step, totalSteps: total, items, placeholder, matchOnDescription: true });
    return picked.kind === 'accept' ? picked.value.value : undefined;
  }

  /**
   * A longer text written in an editor draft (see `EditorDrafts`); `use` writes it once
   * the person sends it. Text the file format refuses (a "##" heading, an open code
   * fence) keeps the draft open with the reason, so nothing typed is lost; Cancel or
   * closing the draft writes nothing.
   */
  private async draft<T>(request: Omit<DraftRequest, 'send'>, use: (text: string) => Promise<T>): Promise<T | undefined> {
    let written: T | undefined;
    const result = await this.drafts.edit({
      ...request,
      send: async (text) => {
        try {
          written = await use(text);
          return undefined;
        } catch (e) {
          if (!(e instanceof CortexInputError || e instanceof UnsavedChangesError)) throw e;
          return `Nothing was written: ${e.message}`;
        }
      },
    });
    if (result === 'cancelled') void this.c.prompts.info(`Cortex: the draft of ${request.purpose} was closed; nothing was written.`);
    return written;
  }

  /** Restricted Mode refuses with the reason; bad input is shown, never thrown. */
  private async guarded<T>(name: string, what: string, run: () => Promise<T | undefined>): Promise<T | undefined> {
    try {
      return (await this.c.writer.whenTrusted(what, run)) ?? undefined;
    } catch (e) {
      this.c.log.error(`${name} failed: ${errorMessage(e)}`);
      await this.c.prompts.error(writeFailureMessage(e, `${name}: nothing was written.`));
      return undefined;
    }
  }
}

function oneLine(v: string, what: string): InputFeedback {
  return v.trim() === '' ? { error: `Enter ${what}.` } : {};
}

/** The status block preview: the file now and as it would be, side by side. */
class StatusPreviews extends DisposableBase implements vscode.TextDocumentContentProvider {
  static readonly scheme = 'cortex-worklog';
  private readonly texts = new Map<string, string>();
  private n = 0;

  constructor() {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(StatusPreviews.scheme, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  async show(before: string, after: string): Promise<void> {
    const id = ++this.n;
    const put = (p: string, t: string) => {
      const uri = vscode.Uri.from({ scheme: StatusPreviews.scheme, path: p });
      this.texts.set(uri.toString(), t);
      return uri;
    };
    await vscode.commands.executeCommand('vscode.diff', put(`/${id}/current/WORKLOG.md`, before), put(`/${id}/proposed/WORKLOG.md`, after), 'WORKLOG.md (status block): current ↔ proposed', { preview: false, preserveFocus: true });
  }

  async close(): Promise<void> {
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === StatusPreviews.scheme);
    if (tabs.length) await vscode.window.tabGroups.close(tabs, true).then(undefined, () => undefined);
    this.texts.clear();
  }
}

