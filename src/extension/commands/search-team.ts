import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { readTextFile } from '../../core/edit/edit-file';
import { MAILBOX_FILE, parseMailbox } from '../../core/mailbox/parse';
import { Team } from '../../core/team/model';
import { ArtifactText, SearchDoc, SearchKind, SearchTarget, artifactDocs, mailboxDocs, taskDocs, worklogDocs } from '../../core/search/documents';
import { SearchHit, searchDocs } from '../../core/search/rank';
import { artifactLocation } from '../../core/threads/records';
import { WORKLOG_FILE, parseWorklog } from '../../core/worklog/parse';
import { SEARCH_TEAM_COMMAND } from './command-ids';
import { LiveTeam } from '../team/live-team';
import { Prompts } from '../ui/prompts';
import { ThreadsStore } from '../team/threads-store';

/** Where each kind of result opens (wired by the composition root to the board, the worklog panel and the threads panel). */
export interface SearchOpeners {
  task(target: Extract<SearchTarget, { kind: 'task' }>): void;
  worklog(id: string): void;
  message(id: string): void;
  artifact(thread: string): void;
}

export interface SearchTeamDeps {
  readonly team: Pick<LiveTeam, 'current' | 'onDidChange'>;
  readonly threads: Pick<ThreadsStore, 'records' | 'paths' | 'readText'>;
  readonly log: vscode.LogOutputChannel;
  readonly prompts: Pick<Prompts, 'info'>;
}

const ICONS: Readonly<Record<SearchKind, string>> = { task: 'tasklist', worklog: 'history', message: 'mail', artifact: 'file-text' };

interface Item extends vscode.QuickPickItem {
  readonly target: SearchTarget;
}

/**
 * "Cortex: Search Team": one Quick Pick over every task (title, description, summary,
 * all agents), the worklog's entries, the mailbox's messages and the threads'
 * artifacts, ranked as you type (core/search). Enter opens the result where it lives:
 * a card's details on the board, the entry in the worklog's timeline, the message in
 * the mailbox, the thread with its artifact.
 */
export class SearchTeam extends DisposableBase {
  /** Task documents, kept while the team is the same object. */
  private tasksOf: { team: Team; docs: SearchDoc[] } | undefined;
  /** What the last search showed (tests read it). */
  lastResults: readonly SearchHit[] = [];

  constructor(
    private readonly c: SearchTeamDeps,
    private readonly open: SearchOpeners,
  ) {
    super();
    this.register(vscode.commands.registerCommand(SEARCH_TEAM_COMMAND, (query?: unknown) => this.run(typeof query === 'string' ? query : undefined)));
  }

  /** Every document, read now: tasks from the live team; the worklog, mailbox and artifacts from their files. */
  async documents(): Promise<SearchDoc[]> {
    const snapshot = this.c.team.current;
    const team = snapshot.team;
    let tasks: SearchDoc[] = [];
    if (team) {
      if (this.tasksOf?.team !== team) this.tasksOf = { team, docs: taskDocs(team) };
      tasks = this.tasksOf.docs;
    }
    const fs = snapshot.fs;
    const read = async (p: string) => (fs ? await readTextFile(fs, p).catch(() => undefined) : undefined);
    const [worklog, mailbox, artifacts] = await Promise.all([read(WORKLOG_FILE), read(MAILBOX_FILE), this.artifacts()]);
    return [
      ...tasks,
      ...(worklog === undefined ? [] : worklogDocs(parseWorklog(worklog))),
      ...(mailbox === undefined ? [] : mailboxDocs(parseMailbox(mailbox))),
      ...artifactDocs(artifacts),
    ];
  }

  /** The search a Quick Pick runs for `query` (also the test API's). */
  async search(query: string): Promise<readonly SearchHit[]> {
    this.lastResults = searchDocs(await this.documents(), query);
    return this.lastResults;
  }

  /** Opens a result where it lives. */
  openTarget(target: SearchTarget): void {
    switch (target.kind) {
      case 'task':
        return this.open.task(target);
      case 'worklog':
        return this.open.worklog(target.id);
      case 'message':
        return this.open.message(target.id);
      case 'artifact':
        return this.open.artifact(target.thread);
    }
  }

  private async artifacts(): Promise<ArtifactText[]> {
    const root = this.c.threads.paths?.root;
    if (!root) return [];
    const out: ArtifactText[] = [];
    for (const r of this.c.threads.records) {
      const at = artifactLocation(r, root);
      if (!at) continue;
      const text = await this.c.threads.readText(at).catch(() => undefined);
      if (text) out.push({ thread: r.id, template: r.templateName, status: r.status, text });
    }
    return out;
  }

  private async run(initial: string | undefined): Promise<void> {
    const pick = vscode.window.createQuickPick<Item>();
    pick.title = 'Search Team';
    pick.placeholder = 'Search tasks, worklog entries, mailbox messages and thread artifacts';
    // Our ranking decides; every result stays listed whatever the box's own matching says.
    pick.matchOnDescription = false;
    pick.matchOnDetail = false;
    pick.busy = true;
    let docs: SearchDoc[] = [];
    const show = (value: string) => {
      const hits = searchDocs(docs, value);
      this.lastResults = hits;
      pick.items = hits.map((h) => ({
        label: `$(${ICONS[h.doc.kind]}) ${h.doc.title}`,
        description: h.doc.where,
        detail: h.snippet ?? undefined,
        alwaysShow: true,
        target: h.doc.target,
      }));
    };
    const subs = [
      pick.onDidChangeValue(show),
      pick.onDidAccept(() => {
        const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
        pick.hide();
        if (chosen) this.openTarget(chosen.target);
      }),
      pick.onDidHide(() => {
        subs.forEach((d) => d.dispose());
        pick.dispose();
      }),
    ];
    if (initial) pick.value = initial;
    pick.show();
    try {
      docs = await this.documents();
    } catch (e) {
      this.c.log.warn(`Search Team: ${String(e)}`);
    }
    pick.busy = false;
    show(pick.value);
    if (docs.length === 0) void this.c.prompts.info('Cortex: there is nothing to search yet: no team folder, worklog, mailbox or thread is loaded.');
  }
}
