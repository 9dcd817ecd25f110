import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Prompts } from '../prompts';
import { errorMessage } from './agent-picks';

/**
 * A longer task body, written in an untitled markdown editor. The draft opens with
 * one comment line saying what it is for; the user writes below it and dispatches
 * with the send button in the editor's title bar, the "Dispatch" button of the
 * notification, or "Cortex: Dispatch This Draft". Cancel, or closing the draft,
 * writes nothing. When dispatching fails (a body line agents would misread, the title
 * taken meanwhile) the draft stays open with the reason, so nothing typed is lost.
 */
export const DISPATCH_DRAFT_COMMAND = 'cortex.dispatchDraft';
/** True while the active editor is a task draft (shows the send button). */
export const DRAFT_CONTEXT_KEY = 'cortex.draftEditorActive';

const HEADER = /^<!-- Cortex: .*-->[ \t]*$/;

export interface DraftRequest {
  readonly title: string;
  readonly agentName: string;
  readonly initialBody: string;
  /** Tries to dispatch with `body`: `undefined` when done, else what went wrong (the draft stays open). */
  dispatch(body: string): Promise<string | undefined>;
}

export type DraftResult = 'dispatched' | 'cancelled';

interface Session {
  document: vscode.TextDocument;
  readonly request: DraftRequest;
  readonly finish: (result: DraftResult) => void;
  done: boolean;
  busy: boolean;
}

export class BodyDrafts extends DisposableBase {
  private readonly sessions = new Set<Session>();

  constructor(private readonly prompts: Prompts) {
    super();
    this.register(vscode.commands.registerCommand(DISPATCH_DRAFT_COMMAND, () => this.dispatchActive()));
    this.register(vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()));
    this.register(vscode.workspace.onDidCloseTextDocument((doc) => this.onClosed(doc)));
  }

  /** Opens a draft for the body of `request.title`; resolves when it was dispatched or given up. */
  async edit(request: DraftRequest): Promise<DraftResult> {
    const header = `<!-- Cortex: the body of the task "${request.title.replace(/--+>?/g, '-')}" for ${request.agentName}. Write it below; the send button above dispatches it. This line is not part of the task. -->`;
    // A named untitled document, so its tab says what it is.
    let document = await vscode.workspace.openTextDocument(this.draftUri(request.title));
    if (document.languageId !== 'markdown') document = await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    const fill = new vscode.WorkspaceEdit();
    fill.insert(document.uri, new vscode.Position(0, 0), `${header}\n\n${request.initialBody}`);
    await vscode.workspace.applyEdit(fill);
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    const end = document.lineAt(document.lineCount - 1).range.end;
    editor.selection = new vscode.Selection(end, end);
    return new Promise<DraftResult>((resolve) => {
      const session: Session = {
        document,
        request,
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
      void this.nudge(session);
    });
  }

  /** Dispatches the draft in the active editor (or the only one open). */
  async dispatchActive(): Promise<void> {
    const active = vscode.window.activeTextEditor?.document;
    const session = [...this.sessions].find((s) => s.document === active) ?? (this.sessions.size === 1 ? [...this.sessions][0] : undefined);
    if (!session) {
      await this.prompts.info('Cortex: no task draft is open. Run "Cortex: Dispatch Task" and choose "Write in Editor" at the body step.');
      return;
    }
    await this.trigger(session);
  }

  private draftUri(title: string): vscode.Uri {
    const base = title.replace(/[\\/:*?"<>|#%\u0000-\u001f]+/g, '-').replace(/\s+/g, ' ').trim().slice(0, 60) || 'task';
    const taken = new Set(vscode.workspace.textDocuments.filter((d) => !d.isClosed).map((d) => d.uri.toString()));
    for (let n = 1; ; n++) {
      const uri = vscode.Uri.from({ scheme: 'untitled', path: `${base} (task body${n > 1 ? ` ${n}` : ''}).md` });
      if (!taken.has(uri.toString())) return uri;
    }
  }

  /** How many drafts wait to be dispatched (for tests). */
  get openDrafts(): number {
    return this.sessions.size;
  }

  private async nudge(session: Session, problem?: string): Promise<void> {
    const dispatch = 'Dispatch';
    const cancel = 'Cancel';
    const text = problem
      ? `Cortex: ${problem} Change the draft and press Dispatch again, or Cancel to write nothing.`
      : `Cortex: write the body of "${session.request.title}" for ${session.request.agentName} in the editor, then press Dispatch.`;
    const choice = problem ? await this.prompts.error(text, dispatch, cancel) : await this.prompts.info(text, dispatch, cancel);
    if (session.done) return;
    if (choice === dispatch) await this.trigger(session);
    else if (choice === cancel) {
      session.finish('cancelled');
      await closeWithoutSaving(session.document);
    }
    // Dismissed: the draft stays, with its send button.
  }

  private async trigger(session: Session): Promise<void> {
    if (session.busy || session.done) return;
    session.busy = true;
    let problem: string | undefined;
    try {
      problem = await session.request.dispatch(draftBody(session.document.getText()));
    } catch (e) {
      problem = errorMessage(e);
    } finally {
      session.busy = false;
    }
    if (session.done) return;
    if (problem !== undefined) {
      void this.nudge(session, problem);
      return;
    }
    session.finish('dispatched');
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

/** The body in a draft: without our comment line and the blank lines around it. */
export function draftBody(text: string): string {
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
