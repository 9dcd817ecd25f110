import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import { makeNonce, webviewHtml } from './webview-html';

/** What tells one editor-area page from another. */
export interface PanelPage {
  readonly viewType: string;
  /** The editor tab's title. */
  readonly tabTitle: string;
  /** The document title inside the page. */
  readonly pageTitle: string;
  /** The page's bundles in dist/: `<bundle>.js` and `<bundle>.css`. */
  readonly bundle: string;
  /** Ctrl+F inside the page. */
  readonly findWidget: boolean;
  /** The Cortex icon on the editor tab. */
  readonly icon: boolean;
  /** Whether a panel restored on top of an open one disposes that one (else it is only let go). */
  readonly disposeReplaced: boolean;
}

/** The view's part of the lifecycle. */
export interface PanelHostEvents {
  /** A message from the page, not yet checked: the view validates it. */
  receive(data: unknown): void;
  /** A new or restored panel now shows the page (which has not said `ready` yet). */
  attached?(panel: vscode.WebviewPanel): void;
  /** The panel went hidden: its page is discarded and the one that comes back says `ready` again. */
  hidden?(): void;
  /** The panel was let go (closed, replaced, or the host disposed). */
  released?(): void;
}

/**
 * One editor-area webview panel per window, as every Cortex panel has it: created
 * or brought to the front on `open`, restored after a reload (a panel serializer),
 * loaded with the strict-CSP page of `webviewHtml` from dist/, its messages passed
 * to the view, which is told whenever the page is discarded (its HostChannel then
 * waits for the next `ready`). The view keeps its protocol, its state and what it posts.
 */
export class PanelHost implements vscode.Disposable {
  private current: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  private readonly serializer: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly page: PanelPage,
    private readonly events: PanelHostEvents,
  ) {
    this.serializer = vscode.window.registerWebviewPanelSerializer(page.viewType, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel) => this.attach(panel),
    });
  }

  /** The panel shown now, if any. */
  get panel(): vscode.WebviewPanel | undefined {
    return this.current;
  }

  get isOpen(): boolean {
    return this.current !== undefined;
  }

  /** Brings the panel to the front, or creates it. */
  open(): void {
    if (this.current) {
      this.current.reveal(undefined, false);
      return;
    }
    this.attach(vscode.window.createWebviewPanel(this.page.viewType, this.page.tabTitle, vscode.ViewColumn.Active, this.options()));
  }

  dispose(): void {
    this.release(true);
    this.serializer.dispose();
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableCommandUris: false,
      ...(this.page.findWidget ? { enableFindWidget: true } : {}),
      localResourceRoots: [this.dist()],
    };
  }

  private dist(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, 'dist');
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.release(this.page.disposeReplaced);
    this.current = panel;
    const dist = this.dist();
    const webview = panel.webview;
    webview.options = this.options();
    if (this.page.icon) panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'cortex.svg');
    const asUri = (file: string) => webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    webview.html = webviewHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce((n) => randomBytes(n)),
      scriptUri: asUri(`${this.page.bundle}.js`),
      styleUris: [asUri('codicon.css'), asUri(`${this.page.bundle}.css`)],
      title: this.page.pageTitle,
    });
    this.panelDisposables.push(
      webview.onDidReceiveMessage((data: unknown) => this.events.receive(data)),
      // Without retainContextWhenHidden the page is discarded while hidden; the new
      // one says `ready` again (and restores its own UI state) when it comes back.
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.events.hidden?.();
      }),
      panel.onDidDispose(() => {
        if (this.current === panel) this.release(false);
      }),
    );
    this.events.attached?.(panel);
  }

  private release(dispose: boolean): void {
    const panel = this.current;
    this.panelDisposables.splice(0).forEach((d) => d.dispose());
    this.current = undefined;
    this.events.released?.();
    if (dispose) panel?.dispose();
  }
}
