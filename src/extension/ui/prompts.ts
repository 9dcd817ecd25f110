import * as vscode from 'vscode';
import { InputFeedback, InputStepRequest, PickStepRequest, StepOutcome, plainLabel, showInputStep, showPickStep } from './quick-input';

/**
 * Every question the extension asks the user goes through here, so that the
 * integration suite can answer them (the test API's `setPrompts`) and see what was
 * said (`messages`). Outside tests this is `vscode.window`, unchanged.
 */
export interface PromptAnswers {
  quickPick?(items: readonly vscode.QuickPickItem[], options: vscode.QuickPickOptions): vscode.QuickPickItem | undefined;
  openDialog?(options: vscode.OpenDialogOptions): vscode.Uri[] | undefined;
  /** The button chosen for an information, warning or error message (`undefined`: dismissed). */
  message?(severity: MessageSeverity, message: string, items: readonly string[]): string | undefined | Promise<string | undefined>;
  /** The text entered in an input box (`undefined`: cancelled with Escape). */
  inputBox?(options: vscode.InputBoxOptions): string | undefined;
  /**
   * A step of a multi-step input: the text typed (checked as the box checks typed
   * text; when it is refused the step is asked again, `attempt` counting), a step
   * button, Back, or `undefined` (Escape).
   */
  inputStep?(request: InputStepRequest, attempt: number): StepAnswer | Promise<StepAnswer>;
  /** A multi-step QuickPick: the item (or its label without icons), a step button, Back, or `undefined` (Escape). */
  pickStep?(request: PickStepRequest<vscode.QuickPickItem>): StepAnswer | vscode.QuickPickItem | Promise<StepAnswer | vscode.QuickPickItem>;
}

/** A test's answer at a QuickInput step. */
export type StepAnswer = string | { readonly back: true } | { readonly button: string; readonly value?: string } | undefined;

/** A QuickInput step as it was shown to a test (one entry per answer). */
export interface ShownStep {
  readonly kind: 'input' | 'pick';
  readonly title: string;
  readonly step: number | undefined;
  readonly totalSteps: number | undefined;
  readonly canGoBack: boolean;
  /** Inputs: the text given and what the check said about it. */
  readonly value?: string;
  readonly feedback?: InputFeedback;
  /** Picks: the items' labels. */
  readonly items?: readonly string[];
}

/** A test that keeps typing refused text has given up, as a person would: the step is cancelled. */
const MAX_STEP_ATTEMPTS = 10;

/** `waiting`: a notification that stays up while something the person does elsewhere is awaited (see `Prompts.waiting`). */
export type MessageSeverity = 'info' | 'warning' | 'error' | 'waiting';

export interface ShownMessage {
  readonly severity: MessageSeverity;
  readonly message: string;
  readonly items: readonly string[];
}

export class Prompts {
  private answers: PromptAnswers | undefined;
  private readonly shown: ShownMessage[] = [];
  private readonly shownSteps: ShownStep[] = [];
  private waits = 0;

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
    this.shownSteps.length = 0;
  }

  /** QuickInput steps answered so far (kept only while answers are set, for tests). */
  get steps(): readonly ShownStep[] {
    return this.shownSteps;
  }

  /** One step of a multi-step input box (see `showInputStep`). */
  async inputStep(request: InputStepRequest): Promise<StepOutcome<string>> {
    const answer = this.answers?.inputStep;
    if (!answer) return showInputStep(request);
    const shown = { kind: 'input' as const, title: request.title, step: request.step, totalSteps: request.totalSteps, canGoBack: !!request.canGoBack };
    for (let attempt = 1; attempt <= MAX_STEP_ATTEMPTS; attempt++) {
      const a = await answer(request, attempt);
      if (typeof a !== 'string') {
        this.shownSteps.push(shown);
        return stepOutcome(a, request.value ?? '');
      }
      const feedback = request.check ? await request.check(a) : {};
      this.shownSteps.push({ ...shown, value: a, feedback });
      if (!feedback.error) return { kind: 'accept', value: a };
    }
    return { kind: 'cancel' };
  }

  /** One step of a multi-step QuickPick (see `showPickStep`). */
  async pickStep<T extends vscode.QuickPickItem>(request: PickStepRequest<T>): Promise<StepOutcome<T>> {
    const answer = this.answers?.pickStep;
    if (!answer) return showPickStep(request);
    const items = request.items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator);
    this.shownSteps.push({ kind: 'pick', title: request.title, step: request.step, totalSteps: request.totalSteps, canGoBack: !!request.canGoBack, items: items.map((i) => i.label) });
    const a = await answer(request as PickStepRequest<vscode.QuickPickItem>);
    if (typeof a === 'string' || (typeof a === 'object' && 'label' in a)) {
      const item = items.find((i) => (typeof a === 'string' ? plainLabel(i.label) === a || i.label === a : i === a || i.label === a.label));
      if (!item) throw new Error(`${request.title}: no item "${typeof a === 'string' ? a : a.label}" among ${items.map((i) => plainLabel(i.label)).join(', ')}`);
      return { kind: 'accept', value: item };
    }
    return stepOutcome(a, '');
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

  /**
   * A modal question with one action besides Cancel (the action's label, or `undefined`
   * when cancelled): for a step that needs a yes before anything is written. Tests answer
   * it as a warning message with that one item.
   */
  async confirm(message: string, action: string): Promise<string | undefined> {
    if (this.answers) return this.show('warning', message, [action]);
    return vscode.window.showWarningMessage(message, { modal: true }, action);
  }

  /**
   * A notification that stays up while `work` runs and closes when it settles, with a
   * Cancel button (`cancelled` resolves): for waiting on something the person does
   * elsewhere, such as a draft in an editor. Its text changes with `say`. (A message's
   * buttons would leave it up after the work ended: the API cannot close a message.)
   */
  async waiting<T>(message: string, work: (say: (message: string) => void, cancelled: Promise<void>) => Promise<T>): Promise<T> {
    this.waits++;
    try {
      return await this.showWaiting(message, work);
    } finally {
      this.waits--;
    }
  }

  /** "Waiting" notifications up now. */
  get waitingNotices(): number {
    return this.waits;
  }

  private showWaiting<T>(message: string, work: (say: (message: string) => void, cancelled: Promise<void>) => Promise<T>): Promise<T> {
    const answers = this.answers;
    if (answers) {
      let cancel!: () => void;
      const cancelled = new Promise<void>((resolve) => (cancel = resolve));
      const say = (text: string) => {
        this.shown.push({ severity: 'waiting', message: text, items: ['Cancel'] });
        void Promise.resolve(answers.message?.('waiting', text, ['Cancel'])).then((a) => a === 'Cancel' && cancel());
      };
      say(message);
      return work(say, cancelled);
    }
    return Promise.resolve(
      vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Cortex', cancellable: true }, (progress, token) => {
        progress.report({ message });
        const cancelled = new Promise<void>((resolve) => token.onCancellationRequested(() => resolve()));
        return work((text) => progress.report({ message: text }), cancelled);
      }),
    );
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

function stepOutcome(answer: Exclude<StepAnswer, string>, value: string): StepOutcome<never> {
  if (answer === undefined) return { kind: 'cancel' };
  if ('back' in answer) return { kind: 'back' };
  return { kind: 'button', id: answer.button, value: answer.value ?? value };
}
