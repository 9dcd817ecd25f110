import * as vscode from 'vscode';

/**
 * Every question the extension asks the user goes through here, so that the
 * integration suite can answer them (the test API's `setPrompts`) and see what was
 * said (`messages`). Outside tests this is `vscode.window`, unchanged.
 */
export interface PromptAnswers {
  quickPick?(items: readonly vscode.QuickPickItem[], options: vscode.QuickPickOptions): vscode.QuickPickItem | undefined;
  openDialog?(options: vscode.OpenDialogOptions): vscode.Uri[] | undefined;
  /** The button chosen for an information, warning or error message (`undefined`: dismissed). */
  message?(severity: MessageSeverity, message: string, items: readonly string[]): string | undefined;
  /** The text entered in an input box (`undefined`: cancelled with Escape). */
  inputBox?(options: vscode.InputBoxOptions): string | undefined;
}

export type MessageSeverity = 'info' | 'warning' | 'error';

export interface ShownMessage {
  readonly severity: MessageSeverity;
  readonly message: string;
  readonly items: readonly string[];
}

export class Prompts {
  private answers: PromptAnswers | undefined;
  private readonly shown: ShownMessage[] = [];

  /** Test hook: answer prompts programmatically (`undefined` restores the real UI). */
  setAnswers(answers: PromptAnswers | undefined): void {
    this.answers = answers;
  }

  /** Messages shown so far (kept only while answers are set, for tests). */
  get messages(): readonly ShownMessage[] {
    return this.shown;
  }

  clearMessages(): void {
    this.shown.length = 0;
  }

  async pick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    if (this.answers?.quickPick) {
      const chosen = this.answers.quickPick(items, options);
      return items.find((i) => i === chosen || (chosen !== undefined && i.label === chosen.label));
    }
    return vscode.window.showQuickPick(items, options);
  }

  async openDialog(options: vscode.OpenDialogOptions): Promise<vscode.Uri[] | undefined> {
    if (this.answers?.openDialog) return this.answers.openDialog(options);
    return vscode.window.showOpenDialog(options);
  }

  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    if (this.answers?.inputBox) return this.answers.inputBox(options);
    return vscode.window.showInputBox(options);
  }

  info(message: string, ...items: string[]): Promise<string | undefined> {
    return this.show('info', message, items);
  }

  warn(message: string, ...items: string[]): Promise<string | undefined> {
    return this.show('warning', message, items);
  }

  error(message: string, ...items: string[]): Promise<string | undefined> {
    return this.show('error', message, items);
  }

  private async show(severity: MessageSeverity, message: string, items: string[]): Promise<string | undefined> {
    if (this.answers) {
      this.shown.push({ severity, message, items });
      return this.answers.message?.(severity, message, items);
    }
    if (severity === 'error') return vscode.window.showErrorMessage(message, ...items);
    if (severity === 'warning') return vscode.window.showWarningMessage(message, ...items);
    return vscode.window.showInformationMessage(message, ...items);
  }
}
