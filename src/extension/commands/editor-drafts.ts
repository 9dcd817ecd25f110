import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Prompts } from '../ui/prompts';
import { errorMessage } from './agent-picks';

/**
 * A longer text (a task body, a worklog entry, a message), written in a named untitled
 * markdown editor, as Git's commit message editor works. The draft opens with one
 * comment line saying what it is for; the user writes below it and sends it with the
 * send button in the editor's title bar, Ctrl+Enter (Cmd+Enter), or "Cortex: Send This
 * Draft". While it is open a notification says so, with Cancel; it closes with the
 * draft, whether it was sent, cancelled or its tab closed. When sending fails (text the
 * file format refuses, a title taken meanwhile) the draft stays open and the
 * notification gives the reason, so nothing typed is lost.
 */
export const SEND_DRAFT_COMMAND = 'cortex.sendDraft';
/** True while the active editor is a Cortex draft (shows the send button). */
export const DRAFT_CONTEXT_KEY = 'cortex.draftEditorActive';

const HEADER = /^<!-- Cortex: .*-->[ \t]*$/;

export interface DraftRequest {
  /** The tab's name, before ".md" ("Fix login (task body)"). */
  readonly name: string;
  /** What the text is, for the comment line and the notification ('the body of the task "X" for Ada'). */
  readonly purpose: string;
  /** What sending does, for the notification ("Dispatch", "Append Entry"). */
  readonly action: string;
  readonly initialText: string;
  /** Tries to use the text: `undefined` when done, else what went wrong (the draft stays open). */
  send(text: string): Promise<string | undefined>;
}

export type DraftResult = 'sent' | 'cancelled';

interface Session {
  document: vscode.TextDocument;
  readonly request: DraftRequest;
  readonly finish: (result: DraftResult) => void;
  /** Changes the notification's text. */
  say: (message: string) => void;
  done: boolean;
  busy: boolean;
}

export class EditorDrafts extends DisposableBase {
  private readonly sessions = new Set<Session>();

  constructor(private readonly prompts: Prompts) {
    super();
    this.register(vscode.commands.registerCommand(SEND_DRAFT_COMMAND, () => this.sendActive()));
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()));
    this.register(vscode.workspace.onDidCloseTextDocument((doc) => this.onClosed(doc)));
  }

  /** Opens a draft; resolves when it was sent or given up (Cancel, or its tab closed). */
  async edit(request: DraftRequest): Promise<DraftResult> {
    const header = `<!-- Cortex: ${request.purpose.replace(/--+>?/g, '-')}. Write it below; the send button above (or Ctrl+Enter) sends it. This line is not part of it. -->`;
    // A named untitled document, so its tab says what it is.
    let document = await vscode.workspace.openTextDocument(this.draftUri(request.name));
    if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    const fill = new vscode.WorkspaceEdit();
    fill.insert(document.uri, new vscode.Position(0, 0), `${header}\n\n${request.initialText}`);
    await vscode.workspace.applyEdit(fill);
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    const end = document.lineAt(document.lineCount - 1).range.end;
    editor.selection = new vscode.Selection(end, end);
    const intro = `Write ${request.purpose} in the editor, then send it (${request.action}): the send button in its title bar, or Ctrl+Enter. Cancel or closing the draft writes nothing.`;
    return this.prompts.waiting(intro, (say, cancelled) => {
      return new Promise<DraftResult>((resolve) => {
        const session: Session = {
          document,
          request,
          say,
          done: false,
          busy: false,
          finish: (result) => {
            if (session.done) return;
            session.done = true;
            this.sessions.delete(session);
            this.updateContext();
            resolve(result);
          },
        };
        this.sessions.add(session);
        this.updateContext();
        void cancelled.then(async () => {
          if (session.done) return;
          session.finish('cancelled');
          await closeWithoutSaving(session.document);
        });
      });
    });
  }

  /** Sends the draft in the active editor (or the only one open). */
  async sendActive(): Promise<void> {
    const active = vscode.window.activeTextEditor?.document;
    const session = [...this.sessions].find((s) => s.document === active) ?? (this.sessions.size === 1 ? [...this.sessions][0] : undefined);
    if (!session) {
      await this.prompts.info('Cortex: no draft is open. "Write in Editor" in Dispatch Task, Append Worklog Entry or Compose Message opens one.');
      return;
    }
    await this.send(session);
  }

  /** How many drafts are open (for tests). */
  get openDrafts(): number {
    return this.sessions.size;
  }

  private draftUri(name: string): vscode.Uri {
    const base = name.replace(/[\\/:*?"<>|#%\u0000-\u001f]+/g, '-').replace(/\s+/g, ' ').trim().slice(0, 80) || 'draft';
    const taken = new Set(vscode.workspace.textDocuments.filter((d) => !d.isClosed).map((d) => d.uri.toString()));
    for (let n = 1; ; n++) {
      const uri = vscode.Uri.from({ scheme: 'untitled', path: `${base}${n > 1 ? ` ${n}` : ''}.md` });
      if (!taken.has(uri.toString())) return uri;
    }
  }

  private async send(session: Session): Promise<void> {
    if (session.busy || session.done) return;
    session.busy = true;
    let problem: string | undefined;
    try {
      problem = await session.request.send(draftText(session.document.getText()));
    } catch (e) {
      problem = errorMessage(e);
    } finally {
      session.busy = false;
    }
    if (session.done) return;
    if (problem !== undefined) {
      session.say(`${problem} Change the draft and send it again, or Cancel to write nothing.`);
      return;
    }
    session.finish('sent');
    await closeWithoutSaving(session.document);
  }

  private onClosed(doc: vscode.TextDocument): void {
    const session = [...this.sessions].find((s) => s.document === doc);
    if (!session) return;
    // Changing an untitled document's language closes and reopens it under the same
    // URI: follow it rather than giving up.
    setTimeout(() => {
      const again = vscode.workspace.textDocuments.find((d) => d.uri.toString() === doc.uri.toString() && !d.isClosed);
      if (again) session.document = again;
      else session.finish('cancelled');
    }, 50);
  }

  private updateContext(): void {
    const active = vscode.window.activeTextEditor?.document;
    const on = !!active && [...this.sessions].some((s) => s.document === active);
    void vscode.commands.executeCommand('setContext', DRAFT_CONTEXT_KEY, on);
  }
}

/** The text of a draft: without our comment line and the blank lines around it. */
export function draftText(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 0 && HEADER.test(lines[0])) lines.shift();
  return lines.join('\n').replace(/^\s*\n/, '').trimEnd();
}

async function closeWithoutSaving(document: vscode.TextDocument): Promise<void> {
  if (document.isClosed) return;
  try {
    await vscode.window.showTextDocument(document, { preview: false, preserveFocus: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  } catch {
    // Already gone.
  }
}
