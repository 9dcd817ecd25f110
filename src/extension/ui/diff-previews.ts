import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';

/**
 * Read-only documents for the diff preview of a protocol file: the file as it is now
 * and as it would be written, side by side in `vscode.diff`. Each preview gets fresh
 * URIs, so an earlier preview's text is never shown again by mistake.
 */
export const PREVIEW_SCHEME = 'cortex-protocol';

export class ProtocolPreviews extends DisposableBase implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private counter = 0;

  /** `scheme`: one per owner (a scheme has one provider); housekeeping has its own. */
  constructor(private readonly scheme: string = PREVIEW_SCHEME) {
    super();
    this.register(vscode.workspace.registerTextDocumentContentProvider(scheme, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  /** Opens a diff of `before` (`undefined`: no file yet) against `after`, named after the file. */
  async show(fileName: string, before: string | undefined, after: string, label: string): Promise<void> {
    const id = ++this.counter;
    const left = this.put(`/${id}/current/${fileName}`, before ?? '');
    const right = this.put(`/${id}/proposed/${fileName}`, after);
    const title = `${fileName} (${label}): ${before === undefined ? 'new file' : 'current ↔ proposed'}`;
    await vscode.commands.executeCommand('vscode.diff', left, right, title, { preview: false, preserveFocus: true });
  }

  /** Closes every preview tab and forgets the texts. */
  async closeAll(): Promise<void> {
    const tabs: vscode.Tab[] = [];
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        const input = tab.input;
        if (input instanceof vscode.TabInputTextDiff && (input.modified.scheme === this.scheme || input.original.scheme === this.scheme)) tabs.push(tab);
        else if (input instanceof vscode.TabInputText && input.uri.scheme === this.scheme) tabs.push(tab);
      }
    }
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
    this.texts.clear();
  }

  /** Preview tabs open now (for tests). */
  openTabs(): vscode.Tab[] {
    return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === this.scheme);
  }

  private put(path: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path });
    this.texts.set(uri.toString(), text);
    return uri;
  }
}
